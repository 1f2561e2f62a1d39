/**
 * The CesiumJS 3D Tiles samples of the shared fixtures, read by `readTilesetMesh` and checked against a reading of
 * their bytes done here by hand: b3dm and GLB headers, accessors, the y-up rule and the root transform.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { missingFixtureMessage, readFixture } from '@sightline/imagery/test-fixtures';
import { readTilesetMesh } from './tileset-mesh.js';

const SAMPLES = '3dtiles-samples';
const DRAGON = [SAMPLES, '1.0', 'TilesetWithDiscreteLOD'];
const PLANES = [SAMPLES, '1.1', 'MultipleContents'];
const IMPLICIT = [SAMPLES, '1.1', 'SparseImplicitQuadtree'];

const present = readFixture(...DRAGON, 'tileset.json') !== null;
if (!present) console.warn(missingFixtureMessage(...DRAGON, 'tileset.json'));

function readerIn(folder: string[], leaveOut: string[] = []) {
  return async (path: string) => (leaveOut.includes(path) ? null : readFixture(...folder, ...path.split('/')));
}

interface GltfJson {
  nodes: Array<{ mesh?: number; matrix?: number[]; translation?: number[]; rotation?: number[]; scale?: number[] }>;
  meshes: Array<{ primitives: Array<{ attributes: { POSITION: number }; indices: number; mode?: number }> }>;
  accessors: Array<{ bufferView: number; byteOffset?: number; componentType: number; count: number }>;
  bufferViews: Array<{ byteOffset?: number; byteStride?: number }>;
}

/** A GLB's JSON and binary chunks. */
function splitGlb(glb: Buffer): { json: GltfJson; bin: Buffer } {
  expect(glb.toString('ascii', 0, 4)).toBe('glTF');
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.toString('utf8', 20, 20 + jsonLength)) as GltfJson;
  const binStart = 20 + jsonLength;
  return { json, bin: glb.subarray(binStart + 8, binStart + 8 + glb.readUInt32LE(binStart)) };
}

/** A b3dm's GLB, past its 28-byte header and its feature and batch tables. */
function b3dmBody(b3dm: Buffer): Buffer {
  expect(b3dm.toString('ascii', 0, 4)).toBe('b3dm');
  const tables = [12, 16, 20, 24].reduce((sum, at) => sum + b3dm.readUInt32LE(at), 0);
  const featureTable = JSON.parse(b3dm.toString('utf8', 28, 28 + b3dm.readUInt32LE(12))) as object;
  // No RTC_CENTER here, or the hand reading below would have to add it.
  expect(featureTable).not.toHaveProperty('RTC_CENTER');
  return b3dm.subarray(28 + tables);
}

/** Triangles and, over the vertices they use, the bounding box in ECEF placed by `place`. */
function trianglesAndBox(glb: Buffer, place: (x: number, y: number, z: number) => number[]) {
  const { json, bin } = splitGlb(glb);
  // Only a node without its own transform is read here.
  for (const node of json.nodes) expect(node.matrix ?? node.translation ?? node.rotation ?? node.scale).toBeUndefined();
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  let triangles = 0;
  const start = (accessor: GltfJson['accessors'][number]) =>
    (json.bufferViews[accessor.bufferView]!.byteOffset ?? 0) + (accessor.byteOffset ?? 0);
  for (const primitive of json.meshes.flatMap((mesh) => mesh.primitives)) {
    if ((primitive.mode ?? 4) !== 4) continue;
    const indices = json.accessors[primitive.indices]!;
    const positions = json.accessors[primitive.attributes.POSITION]!;
    expect(positions.componentType).toBe(5126);
    const stride = json.bufferViews[positions.bufferView]!.byteStride ?? 12;
    triangles += indices.count / 3;
    for (let i = 0; i < indices.count; i++) {
      const vertex =
        indices.componentType === 5123
          ? bin.readUInt16LE(start(indices) + i * 2)
          : bin.readUInt32LE(start(indices) + i * 4);
      const at = start(positions) + vertex * stride;
      const point = place(bin.readFloatLE(at), bin.readFloatLE(at + 4), bin.readFloatLE(at + 8));
      point.forEach((value, k) => {
        min[k] = Math.min(min[k]!, value);
        max[k] = Math.max(max[k]!, value);
      });
    }
  }
  return { triangles, min, max };
}

describe.skipIf(!present)('the discrete-LOD dragon (3D Tiles 1.0, b3dm, REPLACE, its finest level missing)', () => {
  // In beforeAll, not here: a skipped describe's body still runs, and without the fixtures there is nothing to read.
  let m: number[] = [];
  beforeAll(() => {
    const tileset = JSON.parse(readFixture(...DRAGON, 'tileset.json')!.toString('utf8')) as {
      root: { transform: number[] };
    };
    m = tileset.root.transform;
  });
  /** glTF y-up (x, y, z) is (x, -z, y) in the tile's axes, then the root transform (column-major). */
  const place = (x: number, y: number, z: number) =>
    [0, 1, 2].map((row) => m[row]! * x + m[4 + row]! * -z + m[8 + row]! * y + m[12 + row]!);

  it('dragon_high is absent, so the medium level stands in for it: same triangles and bounding box', async () => {
    expect(readFixture(...DRAGON, 'dragon_high.b3dm')).toBeNull();
    const expected = trianglesAndBox(b3dmBody(readFixture(...DRAGON, 'dragon_medium.b3dm')!), place);
    const low = trianglesAndBox(b3dmBody(readFixture(...DRAGON, 'dragon_low.b3dm')!), place);
    expect(expected.triangles).not.toBe(low.triangles);

    const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', read: readerIn(DRAGON) });
    expect(mesh.indices.length / 3).toBe(expected.triangles);
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    const origin = [mesh.origin.x, mesh.origin.y, mesh.origin.z];
    for (const index of mesh.indices) {
      for (let k = 0; k < 3; k++) {
        const value = origin[k]! + mesh.positions[index * 3 + k]!;
        min[k] = Math.min(min[k]!, value);
        max[k] = Math.max(max[k]!, value);
      }
    }
    // The dragon is about 1.4 km long (the root transform scales by 100): a millimetre is float32's reach there.
    for (let k = 0; k < 3; k++) {
      expect(Math.abs(min[k]! - expected.min[k]!)).toBeLessThan(1e-3);
      expect(Math.abs(max[k]! - expected.max[k]!)).toBeLessThan(1e-3);
    }
  });

  it('with the medium level missing too, the low one stands in', async () => {
    const low = trianglesAndBox(b3dmBody(readFixture(...DRAGON, 'dragon_low.b3dm')!), place);
    const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', read: readerIn(DRAGON, ['dragon_medium.b3dm']) });
    expect(mesh.indices.length / 3).toBe(low.triangles);
  });
});

describe.skipIf(!present)('3D Tiles 1.1 samples', () => {
  it('MultipleContents: the triangles of planeTriangles.glb, none of planePoints.glb', async () => {
    const { triangles } = trianglesAndBox(readFixture(...PLANES, 'planeTriangles.glb')!, (x, y, z) => [x, y, z]);
    expect(triangles).toBeGreaterThan(0);
    const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', read: readerIn(PLANES) });
    expect(mesh.indices.length / 3).toBe(triangles);
  });

  it('SparseImplicitQuadtree: implicit tiling is refused with a clear error', async () => {
    await expect(readTilesetMesh({ tilesetUrl: 'tileset.json', read: readerIn(IMPLICIT) })).rejects.toThrow(
      /implicit tiling .* is not supported/,
    );
  });
});
