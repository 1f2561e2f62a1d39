import { type Ecef, type PhotoCamera, ecef, ecefToEnu, opticalAxisRay } from '@sightline/geo';
import { describe, expect, it } from 'vitest';
import { bindPhotosToMarkers } from './marker-binding.js';
import { buildMeshIndex } from './mesh-index.js';
import { SITE, at, cameraAt, ground, meshOf, quad } from './testing/synthetic-scene.js';

const index = buildMeshIndex(meshOf(ground(100)));

describe('binding photos to the markers near where their axis meets the model', () => {
  // Nadir photos 50 m up: their axes meet the ground straight below them.
  const photos = [
    { id: 2, camera: cameraAt([10, 0, 50], 0, -90) },
    { id: 1, camera: cameraAt([0, 0, 50], 0, -90) },
    // Pitched up: its axis meets nothing.
    { id: 3, camera: cameraAt([0, 0, 50], 0, 30) },
  ];
  const markers = [
    { id: 13, position: at(10, 0, 0.45) },
    { id: 11, position: at(0.3, 0, 0) },
    { id: 12, position: at(0, -0.6, 0) },
    { id: 14, position: at(5, 0, 0) },
  ];

  it('within 50 cm: each photo takes the marker under it, ordered by photo then marker', () => {
    const { bindings } = bindPhotosToMarkers({ photos, markers, index, distanceM: 0.5 });
    expect(bindings.map(({ photoId, markerId }) => [photoId, markerId])).toEqual([
      [1, 11],
      [2, 13],
    ]);
    expect(bindings[0]!.distanceM).toBeCloseTo(0.3, 3);
    // A marker above the surface counts by its distance in space.
    expect(bindings[1]!.distanceM).toBeCloseTo(0.45, 3);
  });

  it('within 1 m the photo over the origin also takes the marker 60 cm south; within 10 cm nothing binds', () => {
    const wide = bindPhotosToMarkers({ photos, markers, index, distanceM: 1 });
    expect(wide.bindings.map(({ photoId, markerId }) => [photoId, markerId])).toEqual([
      [1, 11],
      [1, 12],
      [2, 13],
    ]);
    expect(bindPhotosToMarkers({ photos, markers, index, distanceM: 0.1 }).bindings).toEqual([]);
  });

  it('refuses a distance that is not positive', () => {
    expect(() => bindPhotosToMarkers({ photos, markers, index, distanceM: 0 })).toThrow(RangeError);
  });
});

/**
 * Where a camera's axis meets the site's level plane within `half` metres east and north of the site, worked out
 * without the mesh: null when it does not.
 */
function axisOnGround(camera: PhotoCamera, half = 100): Ecef | null {
  const { origin, direction } = opticalAxisRay(camera);
  const height = ecefToEnu(origin, SITE).u;
  const { up } = SITE;
  const descent = -(up[0] * direction[0] + up[1] * direction[1] + up[2] * direction[2]);
  if (descent <= 0) return null;
  const t = height / descent;
  const point = ecef(origin.x + t * direction[0], origin.y + t * direction[1], origin.z + t * direction[2]);
  const { e, n } = ecefToEnu(point, SITE);
  return Math.abs(e) < half && Math.abs(n) < half ? point : null;
}

/** A small deterministic generator, so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

describe('against every photo-marker pair checked one by one', () => {
  it('binds exactly the pairs a brute-force search finds, with the same distances', () => {
    const next = random(12);
    const photos = Array.from({ length: 300 }, (_, i) => ({
      id: i + 1,
      camera: cameraAt([next() * 160 - 80, next() * 160 - 80, 20 + next() * 40], next() * 360, -20 - next() * 70),
    }));
    // Markers dense enough that a 2 m radius catches several, some off the surface.
    const markers = Array.from({ length: 4000 }, (_, i) => ({
      id: i + 1,
      position: at(next() * 200 - 100, next() * 200 - 100, next() * 3 - 1),
    }));
    const distanceM = 2;
    const expected = photos.flatMap(({ id, camera }) => {
      const hit = axisOnGround(camera);
      if (!hit) return [];
      return markers.flatMap((marker) => {
        const d = Math.hypot(marker.position.x - hit.x, marker.position.y - hit.y, marker.position.z - hit.z);
        return d <= distanceM ? [{ photoId: id, markerId: marker.id, distanceM: d }] : [];
      });
    });
    const { bindings } = bindPhotosToMarkers({ photos, markers, index, distanceM });
    expect(expected.length).toBeGreaterThan(100);
    expect(bindings.map(({ photoId, markerId }) => `${photoId}-${markerId}`)).toEqual(
      expected.map(({ photoId, markerId }) => `${photoId}-${markerId}`),
    );
    bindings.forEach((binding, i) => expect(binding.distanceM).toBeCloseTo(expected[i]!.distanceM, 3));
  });
});

describe('markers spread over more than 2^17 binding distances', () => {
  it('still binds by the exact distance when the grid has to use larger cubes', () => {
    // Two 20 m squares 20 km apart with a 10 cm distance: 200,000 cubes of 10 cm would not number exactly.
    const far = buildMeshIndex(
      meshOf([...ground(10), ...quad([19990, -10, 0], [20010, -10, 0], [20010, 10, 0], [19990, 10, 0])]),
    );
    const photos = [
      { id: 1, camera: cameraAt([0, 0, 5], 0, -90) },
      { id: 2, camera: cameraAt([20000, 0, 5], 0, -90) },
    ];
    const offset = (point: Ecef, metresEast: number) =>
      ecef(
        point.x + SITE.east[0] * metresEast,
        point.y + SITE.east[1] * metresEast,
        point.z + SITE.east[2] * metresEast,
      );
    const hits = photos.map(({ camera }) => axisOnGround(camera, 30000)!);
    const markers = [
      { id: 1, position: offset(hits[0]!, 0.05) },
      { id: 2, position: offset(hits[0]!, 0.12) },
      { id: 3, position: offset(hits[1]!, -0.08) },
      { id: 4, position: offset(hits[1]!, 0.11) },
    ];
    const { bindings } = bindPhotosToMarkers({ photos, markers, index: far, distanceM: 0.1 });
    expect(bindings.map(({ photoId, markerId }) => [photoId, markerId])).toEqual([
      [1, 1],
      [2, 3],
    ]);
    expect(bindings[1]!.distanceM).toBeCloseTo(0.08, 3);
  });
});
