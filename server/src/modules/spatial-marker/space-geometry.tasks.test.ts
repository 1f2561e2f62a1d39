/**
 * The model geometry task through the real CPU pool and the real blob store: a tileset stored as an extracted model
 * version is, read in a worker thread, and the three questions answered with figures worked out by hand.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type FrustumCamera, enu, enuFrame, enuToEcef, enuToWgs84, wgs84 } from '@sightline/geo';
import { loadConfig } from '../../platform/config.js';
import { type CpuPool, createCpuPool } from '../../platform/cpu/cpu-pool.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { type GeometryPhoto, modelGeometryTask } from './space-geometry.tasks.js';

const SITE = enuFrame(wgs84(114.05, 22.54, 30));
const at = (e: number, n: number, u: number) => enuToEcef(enu(e, n, u), SITE);
/** fx = fy = 4000 px on a 4000 × 3000 photo. */
const SENSOR: FrustumCamera = { kind: 'sensor', sensorWidthMm: 10, sensorHeightMm: 7.5, focalLengthMm: 10 };

function photoAt(id: number, position: [number, number, number], yaw: number, pitch: number): GeometryPhoto {
  const where = enuToWgs84(enu(...position), SITE);
  return {
    id,
    pose: { longitude: where.lon, latitude: where.lat, altitude: where.height, yaw, pitch, roll: 0 },
    camera: SENSOR,
    size: { width: 4000, height: 3000 },
    orientation: null,
  };
}

/**
 * A tileset of one glTF: the ground square ±100 m around the site. Its tile transform is the site's east-north-up
 * frame; glTF is y-up, so ground point (e, n) is glTF (e, 0, -n). The buffer is a data: URI inside the .gltf.
 */
function groundTileset(): Record<string, string> {
  const corners = [
    [-100, -100],
    [100, -100],
    [100, 100],
    [-100, 100],
  ];
  const vertices = [0, 1, 2, 0, 2, 3].flatMap((i) => [corners[i]![0]!, 0, -corners[i]![1]!]);
  const bytes = Buffer.from(new Float32Array(vertices).buffer);
  const gltf = {
    asset: { version: '2.0' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0 }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 } }] }],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 6, type: 'VEC3', min: [-100, 0, -100], max: [100, 0, 100] },
    ],
    bufferViews: [{ buffer: 0, byteLength: bytes.length }],
    buffers: [{ byteLength: bytes.length, uri: `data:application/octet-stream;base64,${bytes.toString('base64')}` }],
  };
  const { east, north, up, originEcef } = SITE;
  const tileset = {
    asset: { version: '1.1' },
    geometricError: 10,
    root: {
      transform: [...east, 0, ...north, 0, ...up, 0, originEcef.x, originEcef.y, originEcef.z, 1],
      geometricError: 0,
      boundingVolume: { box: [0, 0, 0, 100, 0, 0, 0, 100, 0, 0, 0, 1] },
      content: { uri: 'tiles/ground.gltf' },
    },
  };
  return { 'tileset.json': JSON.stringify(tileset), 'tiles/ground.gltf': JSON.stringify(gltf) };
}

describe('the model geometry task in a CPU thread', () => {
  let dataDir: string;
  let pool: CpuPool;
  let store: BlobStore;
  const folder = 'models/p1/v1/';
  const model = { key: folder, tilesetKey: `${folder}tileset.json` };

  async function storeTileset(): Promise<void> {
    for (const [name, text] of Object.entries(groundTileset())) await store.put(`${folder}${name}`, Buffer.from(text));
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(inject('workDir'), 'space-geometry-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
    store = createConfiguredBlobStore(config);
    await storeTileset();
    // One thread, so that its copy of the model is the one every question meets.
    pool = createCpuPool({ entry: new URL('../../cpu-thread.ts', import.meta.url), config, maxThreads: 1 });
  });
  afterAll(async () => {
    await pool?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const nadir = photoAt(1, [0, 0, 50], 0, -90);
  const skyward = photoAt(2, [0, 0, 50], 0, 30);
  const noCamera: GeometryPhoto = { ...photoAt(3, [5, 0, 50], 0, -90), camera: { ...SENSOR, focalLengthMm: 0 } };

  it('how far the optical axis runs: 50 m for a nadir photo 50 m up, none for one pitched up', async () => {
    const down = await pool.run(modelGeometryTask, { model, query: { kind: 'axis', photo: nadir } });
    expect(down.kind === 'axis' && down.distanceM).toBeCloseTo(50, 2);
    expect(await pool.run(modelGeometryTask, { model, query: { kind: 'axis', photo: skyward } })).toEqual({
      kind: 'axis',
      distanceM: null,
    });
  });

  it('the photos that see a point: the nadir photo, at its image centre, 50 m away', async () => {
    const answer = await pool.run(modelGeometryTask, {
      model,
      query: { kind: 'seeing', photos: [skyward, nadir, noCamera], point: at(0, 0, 0) },
    });
    expect(answer.kind).toBe('seeing');
    if (answer.kind !== 'seeing') return;
    expect(answer.photos).toHaveLength(1);
    const [sight] = answer.photos;
    expect(sight!.photoId).toBe(1);
    expect(sight!.u).toBeCloseTo(2000, 0);
    expect(sight!.v).toBeCloseTo(1500, 0);
    expect(sight!.distanceM).toBeCloseTo(50, 2);
  });

  it('counts pixels on the photo as shown: a photo EXIF turns a quarter asks and answers in its upright frame', async () => {
    // Orientation 6 shows the stored pixel (x, y) of the 4000 × 3000 photo at (3000 − y, x).
    const turned: GeometryPhoto = { ...nadir, id: 4, orientation: 6 };
    const stored = await pool.run(modelGeometryTask, {
      model,
      query: { kind: 'locate', photo: nadir, pixels: [[3000, 1500]] },
    });
    const shown = await pool.run(modelGeometryTask, {
      model,
      query: { kind: 'locate', photo: turned, pixels: [[1500, 3000]] },
    });
    if (stored.kind !== 'locate' || shown.kind !== 'locate') throw new Error('not a locate answer');
    const [storedHit] = stored.hits;
    const [shownHit] = shown.hits;
    // 1000 px right of the centre at 4000 px focal length, 50 m up: 12.5 m east of the nadir point.
    expect(storedHit!.point.x).toBeCloseTo(at(12.5, 0, 0).x, 3);
    expect(shownHit!.point.x).toBeCloseTo(storedHit!.point.x, 6);
    expect(shownHit!.point.y).toBeCloseTo(storedHit!.point.y, 6);
    expect(shownHit!.point.z).toBeCloseTo(storedHit!.point.z, 6);
    const seeing = await pool.run(modelGeometryTask, {
      model,
      query: { kind: 'seeing', photos: [turned], point: at(12.5, 0, 0) },
    });
    if (seeing.kind !== 'seeing') throw new Error('not a seeing answer');
    expect(seeing.photos[0]!.u).toBeCloseTo(1500, 1);
    expect(seeing.photos[0]!.v).toBeCloseTo(3000, 1);
  });

  it('automatic binding: the marker 30 cm from the nadir hit binds at 50 cm; the other photos are unbound', async () => {
    const answer = await pool.run(modelGeometryTask, {
      model,
      query: {
        kind: 'bind',
        photos: [nadir, skyward, noCamera],
        markers: [
          { id: 7, position: at(0.3, 0, 0) },
          { id: 8, position: at(5, 0, 0) },
        ],
        distanceM: 0.5,
      },
    });
    expect(answer.kind).toBe('bind');
    if (answer.kind !== 'bind') return;
    expect(answer.bindings.map(({ photoId, markerId }) => [photoId, markerId])).toEqual([[1, 7]]);
    expect(answer.bindings[0]!.distanceM).toBeCloseTo(0.3, 3);
    expect(answer.unboundCount).toBe(2);
  });

  it('keeps the model per thread by version; a version that cannot be read fails and is read again next time', async () => {
    await store.deleteFolder(folder);
    const cached = await pool.run(modelGeometryTask, { model, query: { kind: 'axis', photo: nadir } });
    expect(cached.kind === 'axis' && cached.distanceM).toBeCloseTo(50, 2);

    const next = { key: 'models/p1/v2/', tilesetKey: `${folder}tileset.json` };
    await expect(pool.run(modelGeometryTask, { model: next, query: { kind: 'axis', photo: nadir } })).rejects.toThrow(
      'cannot be read',
    );
    await storeTileset();
    const reread = await pool.run(modelGeometryTask, { model: next, query: { kind: 'axis', photo: nadir } });
    expect(reread.kind === 'axis' && reread.distanceM).toBeCloseTo(50, 2);
  });
});
