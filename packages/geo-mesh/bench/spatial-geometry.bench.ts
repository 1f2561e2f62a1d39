/**
 * Spatial geometry benchmark (issue 12): automatic binding of 10,000 photos to 2,000 markers (goal under 1 s), and
 * rays per second through our API against a mesh of over a million triangles next to three-mesh-bvh's own
 * `raycastFirst` on the same rays in the same run (goal 0.9 of it). Issue 13: locating and sizing 10,000 defects
 * drawn on the photos, as the defect service does for each (every vertex and the shape's centre cast on the mesh,
 * the sizes from the vertices' ranges, the centre's hit as longitude, latitude and height). The mesh: relief 500 m across, 1,002,528
 * triangles, at a real site in ECEF as the tileset reader makes it. Printed, not asserted.
 *
 *   npx tsx packages/geo-mesh/bench/spatial-geometry.bench.ts
 */
import {
  type EcefRay,
  type PhotoPose,
  defectSize,
  ecefToWgs84,
  enu,
  enuFrame,
  enuToEcef,
  enuToWgs84,
  photoCamera,
  pixelIntrinsics,
  pixelToRay,
  shapeCentre,
  wgs84,
} from '@sightline/geo';
import { performance } from 'node:perf_hooks';
import { DoubleSide, Ray } from 'three';
import { type TriangleMesh, bindPhotosToMarkers, buildMeshIndex } from '../src/index.js';

const SITE = enuFrame(wgs84(114.05, 22.54, 30));
const SIDE_M = 500;
/** 708 × 708 cells of two triangles: just over a million. */
const CELLS = 708;
const PHOTOS = 10_000;
const MARKERS = 2_000;
const RAYS = 200_000;
const DEFECTS = 10_000;
const ROUNDS = 5;

/** Rolling relief, tens of metres high: rays meet it at every angle. */
const relief = (e: number, n: number) => 12 * Math.sin(e / 37) * Math.cos(n / 53) + 4 * Math.sin((e + n) / 9);

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}
const next = random(2026);
const between = (low: number, high: number) => low + next() * (high - low);

function reliefMesh(): TriangleMesh {
  const origin = SITE.originEcef;
  const side = CELLS + 1;
  const positions = new Float32Array(side * side * 3);
  for (let row = 0; row < side; row++) {
    for (let column = 0; column < side; column++) {
      const e = (column / CELLS - 0.5) * SIDE_M;
      const n = (row / CELLS - 0.5) * SIDE_M;
      const point = enuToEcef(enu(e, n, relief(e, n)), SITE);
      positions.set([point.x - origin.x, point.y - origin.y, point.z - origin.z], (row * side + column) * 3);
    }
  }
  const indices = new Uint32Array(CELLS * CELLS * 6);
  for (let row = 0; row < CELLS; row++) {
    for (let column = 0; column < CELLS; column++) {
      const a = row * side + column;
      indices.set([a, a + 1, a + side + 1, a, a + side + 1, a + side], (row * CELLS + column) * 6);
    }
  }
  return { origin, positions, indices };
}

const CAMERA = { kind: 'sensor', sensorWidthMm: 13.2, sensorHeightMm: 8.8, focalLengthMm: 8.8 } as const;
const PHOTO_SIZE = { width: 5472, height: 3648 };

/** A pose as the photo table holds it: degrees, metres above the ellipsoid, DJI gimbal angles. */
function poseAt(e: number, n: number, u: number, yaw: number, pitch: number): PhotoPose {
  const where = enuToWgs84(enu(e, n, u), SITE);
  return { longitude: where.lon, latitude: where.lat, altitude: where.height, yaw, pitch, roll: 0 };
}

/**
 * Wall and CPU milliseconds of `work`. The machine is shared: the CPU time is this process's own, the wall time
 * also holds the waits for a core.
 */
function timed<T>(work: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const wall = performance.now();
  const value = work();
  const used = process.cpuUsage(cpu);
  return { value, wallMs: performance.now() - wall, cpuMs: (used.user + used.system) / 1000 };
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
const both = (runs: Array<{ wallMs: number; cpuMs: number }>) =>
  `median ${median(runs.map((run) => run.wallMs)).toFixed(0)} ms wall, ` +
  `${median(runs.map((run) => run.cpuMs)).toFixed(0)} ms CPU`;

const made = timed(reliefMesh);
const mesh = made.value;
console.log(`mesh: ${(mesh.indices.length / 3).toLocaleString('en')} triangles made in ${made.wallMs.toFixed(0)} ms`);
const built = timed(() => buildMeshIndex(mesh));
const index = built.value;
console.log(
  `BVH (three-mesh-bvh, default options): built in ${built.wallMs.toFixed(0)} ms wall, ${built.cpuMs.toFixed(0)} ms CPU`,
);

// (a) Automatic binding: cameras 20-80 m above the relief looking 30-90° down, markers on the surface.
const inner = SIDE_M / 2 - 60;
const poses = Array.from({ length: PHOTOS }, () => {
  const e = between(-inner, inner);
  const n = between(-inner, inner);
  return poseAt(e, n, relief(e, n) + between(20, 80), between(0, 360), between(-90, -30));
});
const markers = Array.from({ length: MARKERS }, (_, i) => {
  const e = between(-inner, inner);
  const n = between(-inner, inner);
  return { id: i + 1, position: enuToEcef(enu(e, n, relief(e, n)), SITE) };
});
for (const distanceM of [0.1, 2]) {
  const runs = Array.from({ length: ROUNDS }, () =>
    timed(() => {
      const photos = poses.map((pose, i) => ({ id: i + 1, camera: photoCamera(pose, CAMERA, PHOTO_SIZE) }));
      return bindPhotosToMarkers({ photos, markers, index, distanceM }).bindings;
    }),
  );
  const bindings = runs[0]!.value;
  console.log(
    `auto-bind ${PHOTOS.toLocaleString('en')} photos to ${MARKERS.toLocaleString('en')} markers within ` +
      `${distanceM * 100} cm (cameras from poses included): ${both(runs)} over ${ROUNDS} runs; ` +
      `${bindings.length} bindings, ${new Set(bindings.map((binding) => binding.photoId)).size} photos bound ` +
      `(goal: under 1000 ms)`,
  );
}

// (b) Rays per second: the same rays through our API (ECEF in, ECEF out) and through the library directly.
const rays: EcefRay[] = Array.from({ length: RAYS }, () => {
  const e = between(-inner, inner);
  const n = between(-inner, inner);
  const origin = enuToEcef(enu(e, n, relief(e, n) + between(10, 100)), SITE);
  const tip = enuToEcef(enu(e + between(-1, 1), n + between(-1, 1), relief(e, n) - between(0.3, 1)), SITE);
  const d = [tip.x - origin.x, tip.y - origin.y, tip.z - origin.z];
  const length = Math.hypot(d[0]!, d[1]!, d[2]!);
  return { origin, direction: [d[0]! / length, d[1]! / length, d[2]! / length] as const };
});
const localRays = rays.map(({ origin, direction }) => {
  const ray = new Ray();
  ray.origin.set(origin.x - mesh.origin.x, origin.y - mesh.origin.y, origin.z - mesh.origin.z);
  ray.direction.set(...direction);
  return ray;
});

function throughApi(): number {
  let hits = 0;
  for (const ray of rays) if (index.firstHit(ray)) hits++;
  return hits;
}
function throughLibrary(): number {
  let hits = 0;
  for (const ray of localRays) if (index.bvh.raycastFirst(ray, DoubleSide)) hits++;
  return hits;
}

// Alternated rounds after a warm-up of each, so that both meet the same JIT state and machine load.
throughApi();
throughLibrary();
const api: Array<{ wallMs: number; cpuMs: number; value: number }> = [];
const library: Array<{ wallMs: number; cpuMs: number; value: number }> = [];
for (let round = 0; round < ROUNDS; round++) {
  api.push(timed(throughApi));
  library.push(timed(throughLibrary));
}
const rate = (runs: Array<{ wallMs: number; cpuMs: number }>, clock: 'wallMs' | 'cpuMs') =>
  RAYS / (median(runs.map((run) => run[clock])) / 1000);
const rates = (runs: Array<{ wallMs: number; cpuMs: number; value: number }>) =>
  `${Math.round(rate(runs, 'cpuMs')).toLocaleString('en')} rays/s of CPU ` +
  `(${Math.round(rate(runs, 'wallMs')).toLocaleString('en')} by the wall clock; ${runs[0]!.value} hits)`;
console.log(
  `rays against ${(mesh.indices.length / 3).toLocaleString('en')} triangles, ${RAYS.toLocaleString('en')} rays, ` +
    `median of ${ROUNDS} alternated rounds:`,
);
console.log(`  our API (MeshIndex.firstHit, ECEF in and out): ${rates(api)}`);
console.log(`  three-mesh-bvh raycastFirst (local rays, DoubleSide): ${rates(library)}`);
console.log(
  `  ratio: ${(rate(api, 'cpuMs') / rate(library, 'cpuMs')).toFixed(2)} by CPU time, ` +
    `${(rate(api, 'wallMs') / rate(library, 'wallMs')).toFixed(2)} by the wall clock (goal: at least 0.9)`,
);

// (c) Locating and sizing defects drawn on the photos: a crack of three to six vertices or a four-cornered area
// each, somewhere in the middle of its photo.
const intrinsics = pixelIntrinsics(CAMERA, PHOTO_SIZE);
const drawn = Array.from({ length: DEFECTS }, (_, i) => {
  const pose = poses[i % poses.length]!;
  const [u0, v0] = [between(0.3, 0.7) * PHOTO_SIZE.width, between(0.3, 0.7) * PHOTO_SIZE.height];
  const crack = i % 2 === 0;
  const points: Array<[number, number]> = crack
    ? Array.from({ length: 3 + (i % 4) }, (_, k) => [u0 + k * between(20, 60), v0 + between(-15, 15)])
    : [
        [u0, v0],
        [u0 + between(40, 200), v0],
        [u0 + between(40, 200), v0 + between(40, 200)],
        [u0, v0 + between(40, 200)],
      ];
  return { pose, shape: { kind: crack ? ('polyline' as const) : ('polygon' as const), points } };
});
function locateAll(): number {
  let located = 0;
  for (const { pose, shape } of drawn) {
    const camera = photoCamera(pose, CAMERA, PHOTO_SIZE);
    const pixels = [...shape.points, shapeCentre(shape)];
    const hits = pixels.map(([u, v]) => index.firstHit(pixelToRay(camera!, u, v)));
    const vertexHits = hits.slice(0, -1);
    const surface = vertexHits.every((hit) => hit !== null)
      ? { kind: 'ranges' as const, rangesM: vertexHits.map((hit) => hit!.distanceM) }
      : { kind: 'plane' as const, distanceM: 30 };
    defectSize({ intrinsics, shape, surface, drawnWidthPx: 3 });
    const centre = hits.at(-1);
    if (centre) {
      ecefToWgs84(centre.point);
      located++;
    }
  }
  return located;
}
locateAll();
const locating = Array.from({ length: ROUNDS }, () => timed(locateAll));
console.log(
  `locate and size ${DEFECTS.toLocaleString('en')} defects (${drawn.reduce((sum, d) => sum + d.shape.points.length + 1, 0).toLocaleString('en')} rays) ` +
    `on ${(mesh.indices.length / 3).toLocaleString('en')} triangles: ${both(locating)} over ${ROUNDS} runs; ` +
    `${locating[0]!.value.toLocaleString('en')} located`,
);
