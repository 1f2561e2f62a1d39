import { Document, NodeIO } from '@gltf-transform/core';
import { EXTMeshoptCompression, KHRDracoMeshCompression } from '@gltf-transform/extensions';
import { type Ecef, ecef } from '@sightline/geo';
import { MeshoptEncoder } from 'meshoptimizer';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { type TriangleMesh, readTilesetMesh } from './tileset-mesh.js';
import { SITE, at } from './testing/synthetic-scene.js';

/** glTF primitive modes (gltf-transform's `Primitive.Mode` is typed as a record of any key). */
const MODE = { POINTS: 0, TRIANGLES: 4, TRIANGLE_STRIP: 5, TRIANGLE_FAN: 6 } as const;

const draco3d = createRequire(import.meta.url)('draco3dgltf') as { createEncoderModule(): Promise<unknown> };

/** Two triangles in glTF's y-up axes: a 4 × 2 m rectangle standing 3 m up, and a small one beside it. */
const SHAPE = [0, 0, 0, 4, 0, 0, 4, 3, 0, 0, 0, 0, 4, 3, 0, 0, 3, 2];

interface GlbOptions {
  positions?: number[];
  translation?: [number, number, number];
  mode?: (typeof MODE)[keyof typeof MODE];
  compression?: 'draco' | 'meshopt';
}

function shapeDocument(options: GlbOptions = {}): Document {
  const positions = options.positions ?? SHAPE;
  const document = new Document();
  const buffer = document.createBuffer();
  const primitive = document
    .createPrimitive()
    .setMode(options.mode ?? MODE.TRIANGLES)
    .setAttribute(
      'POSITION',
      document.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setIndices(
      document
        .createAccessor()
        .setType('SCALAR')
        .setArray(Uint16Array.from({ length: positions.length / 3 }, (_, i) => i))
        .setBuffer(buffer),
    );
  const node = document.createNode().setMesh(document.createMesh().addPrimitive(primitive));
  if (options.translation) node.setTranslation(options.translation);
  document.createScene().addChild(node);
  return document;
}

async function glb(options: GlbOptions = {}): Promise<Uint8Array> {
  const document = shapeDocument(options);
  const io = new NodeIO();
  if (options.compression === 'draco') {
    document.createExtension(KHRDracoMeshCompression).setRequired(true);
    io.registerExtensions([KHRDracoMeshCompression]).registerDependencies({
      'draco3d.encoder': await draco3d.createEncoderModule(),
    });
  } else if (options.compression === 'meshopt') {
    await MeshoptEncoder.ready;
    document
      .createExtension(EXTMeshoptCompression)
      .setRequired(true)
      .setEncoderOptions({ method: EXTMeshoptCompression.EncoderMethod.FILTER });
    io.registerExtensions([EXTMeshoptCompression]).registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
  }
  return io.writeBinary(document);
}

/** A b3dm around a glb, its feature table padded so that the glb starts on an 8-byte boundary. */
function b3dm(body: Uint8Array, featureTable: object): Uint8Array {
  let json = JSON.stringify(featureTable);
  while ((28 + json.length) % 8 !== 0) json += ' ';
  const header = new DataView(new ArrayBuffer(28));
  const total = 28 + json.length + body.length;
  [0x6d643362, 1, total, json.length, 0, 0, 0].forEach((value, i) => header.setUint32(i * 4, value, true));
  const bytes = new Uint8Array(total);
  bytes.set(new Uint8Array(header.buffer), 0);
  bytes.set(new TextEncoder().encode(json), 28);
  bytes.set(body, 28 + json.length);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  parts.reduce((offset, part) => (bytes.set(part, offset), offset + part.length), 0);
  return bytes;
}

function uint32s(...values: number[]): Uint8Array {
  const view = new DataView(new ArrayBuffer(values.length * 4));
  values.forEach((value, i) => view.setUint32(i * 4, value, true));
  return new Uint8Array(view.buffer);
}

/** A glb with its JSON chunk edited (the binary chunk kept as it is). */
function withGlbJson(glb: Uint8Array, edit: (json: Record<string, unknown>) => void): Uint8Array {
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const length = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length))) as Record<string, unknown>;
  edit(json);
  let text = JSON.stringify(json);
  while (text.length % 4 !== 0) text += ' ';
  const rest = glb.subarray(20 + length);
  const chunk = new TextEncoder().encode(text);
  return concat(uint32s(0x46546c67, 2, 20 + chunk.length + rest.length, chunk.length, 0x4e4f534a), chunk, rest);
}

/** A b3dm of 3D Tiles' legacy layouts: `[batchLength, batchTableByteLength]` or three words before the glb. */
function legacyB3dm(body: Uint8Array, words: number[]): Uint8Array {
  return concat(uint32s(0x6d643362, 1, 12 + words.length * 4 + body.length, ...words), body);
}

function cmpt(...tiles: Uint8Array[]): Uint8Array {
  const total = 16 + tiles.reduce((sum, tile) => sum + tile.length, 0);
  return concat(uint32s(0x74706d63, 1, total, tiles.length), ...tiles);
}

/** The site's east-north-up frame as a tile transform (column-major): east, north, up, then the origin. */
const SITE_TRANSFORM = [
  ...SITE.east,
  0,
  ...SITE.north,
  0,
  ...SITE.up,
  0,
  SITE.originEcef.x,
  SITE.originEcef.y,
  SITE.originEcef.z,
  1,
];
const translation = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

function readerOf(files: Record<string, Uint8Array | object>) {
  const read: string[] = [];
  return {
    read: async (path: string) => {
      read.push(path);
      const file = files[path];
      if (!file) return null;
      return file instanceof Uint8Array ? file : new TextEncoder().encode(JSON.stringify(file));
    },
    paths: read,
  };
}

const tileset = (root: object, version = '1.1') => ({ asset: { version }, geometricError: 10, root });

function vertices(mesh: TriangleMesh): Ecef[] {
  return Array.from(mesh.indices, (index) =>
    ecef(
      mesh.origin.x + mesh.positions[index * 3]!,
      mesh.origin.y + mesh.positions[index * 3 + 1]!,
      mesh.origin.z + mesh.positions[index * 3 + 2]!,
    ),
  );
}

const gap = (a: Ecef, b: Ecef) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);

function expectVertices(mesh: TriangleMesh, expected: Ecef[]): void {
  const actual = vertices(mesh);
  expect(actual).toHaveLength(expected.length);
  actual.forEach((point, i) => {
    const target = expected[i]!;
    expect(gap(point, target)).toBeLessThan(1e-3);
  });
}

/** The same triangles in any order, each with its corners in any rotation (as compressors reorder them). */
function expectSameTriangles(mesh: TriangleMesh, expected: Ecef[], toleranceM: number): void {
  const actual = vertices(mesh);
  expect(actual).toHaveLength(expected.length);
  const unmatched = Array.from({ length: actual.length / 3 }, (_, i) => actual.slice(i * 3, i * 3 + 3));
  for (let i = 0; i < expected.length; i += 3) {
    const corners = expected.slice(i, i + 3);
    const found = unmatched.findIndex((triangle) =>
      [0, 1, 2].some((turn) => corners.every((corner, k) => gap(corner, triangle[(k + turn) % 3]!) < toleranceM)),
    );
    expect(found, `triangle ${i / 3}`).toBeGreaterThanOrEqual(0);
    unmatched.splice(found, 1);
  }
}

/** SHAPE's vertices placed by hand: glTF (x, y, z) is (x, -z, y) in the tile's z-up axes, then the site's ENU. */
function shapeAtSite(offset: [number, number, number] = [0, 0, 0]): Ecef[] {
  const points: Ecef[] = [];
  for (let i = 0; i < SHAPE.length; i += 3) {
    points.push(at(SHAPE[i]! + offset[0], -SHAPE[i + 2]! + offset[1], SHAPE[i + 1]! + offset[2]));
  }
  return points;
}

describe('a synthetic 3D Tiles 1.1 tileset of glb contents', () => {
  it('turns y-up glTF to z-up and applies tile transforms down the tree and the glTF node transform', async () => {
    const files = {
      'tileset.json': tileset({
        transform: SITE_TRANSFORM,
        refine: 'REPLACE',
        children: [
          { content: { uri: 'a.glb' } },
          // 100 m east of the site, and its glb's node raised 2 m up (glTF y) and 3 m south (glTF +z).
          { transform: translation(100, 0, 0), content: { uri: 'tiles/b.glb' } },
        ],
      }),
      'a.glb': await glb(),
      'tiles/b.glb': await glb({ translation: [0, 2, 3] }),
    };
    const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(files) });
    expect(mesh.indices.length / 3).toBe(4);
    expectVertices(mesh, [...shapeAtSite(), ...shapeAtSite([100, -3, 2])]);
  });

  it('reads Draco- and meshopt-compressed contents (within their quantisation)', async () => {
    for (const compression of ['draco', 'meshopt'] as const) {
      const files = {
        'tileset.json': tileset({ transform: SITE_TRANSFORM, content: { uri: 'c.glb' } }),
        'c.glb': await glb({ compression }),
      };
      const bytes = new TextDecoder().decode(files['c.glb']);
      expect(bytes).toContain(compression === 'draco' ? 'KHR_draco_mesh_compression' : 'EXT_meshopt_compression');
      const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(files) });
      // 14-bit Draco positions over 4 m are 0.25 mm apart.
      expectSameTriangles(mesh, shapeAtSite(), 1e-3);
    }
  });

  it('takes the triangles of strips and fans, and leaves points out', async () => {
    const strip = [0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 1, 0, 0, 2, 0];
    const files = {
      'tileset.json': tileset({
        transform: SITE_TRANSFORM,
        contents: [{ uri: 'strip.glb' }, { uri: 'fan.glb' }, { uri: 'points.glb' }],
      }),
      'strip.glb': await glb({ positions: strip, mode: MODE.TRIANGLE_STRIP }),
      'fan.glb': await glb({ positions: strip, mode: MODE.TRIANGLE_FAN }),
      'points.glb': await glb({ positions: strip, mode: MODE.POINTS }),
    };
    const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(files) });
    // Five vertices make three triangles in a strip and three in a fan; a fan's triangles all share the first.
    expect(mesh.indices.length / 3).toBe(6);
    const fan = vertices(mesh).slice(9);
    for (let i = 0; i < 9; i += 3) expect(fan[i]).toEqual(vertices(mesh)[9]);
  });
});

describe('a 3D Tiles 1.0 tileset of b3dm contents', () => {
  it("adds the feature table's RTC_CENTER before the tile transform, and follows an external tileset", async () => {
    // The centre is in the tile's frame: with the site's frame as the transform, 10 m east and 5 m up.
    const files = {
      'tileset.json': tileset(
        {
          transform: SITE_TRANSFORM,
          refine: 'ADD',
          content: { uri: 'rtc.b3dm' },
          children: [{ content: { uri: 'more/tileset.json' } }],
        },
        '1.0',
      ),
      'rtc.b3dm': b3dm(await glb(), { BATCH_LENGTH: 0, RTC_CENTER: [10, 0, 5] }),
      // The external tileset's tiles resolve against its own folder and stack its root transform on the tile's.
      'more/tileset.json': tileset({ transform: translation(0, 50, 0), content: { url: 'part.b3dm' } }, '1.0'),
      'more/part.b3dm': b3dm(await glb(), { BATCH_LENGTH: 0 }),
    };
    const reader = readerOf(files);
    const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', read: reader.read });
    expectVertices(mesh, [...shapeAtSite([10, 0, 5]), ...shapeAtSite([0, 50, 0])]);
    expect(reader.paths).toContain('more/part.b3dm');
  });
});

describe('other content encodings', () => {
  it('a .gltf with its buffer in a file beside it, resolved against the content', async () => {
    const { json, resources } = await new NodeIO().writeJSON(shapeDocument(), { basename: 'shape' });
    expect(Object.keys(resources)).toEqual(['shape.bin']);
    const files = {
      'tileset.json': tileset({ transform: SITE_TRANSFORM, content: { uri: 'models/shape.gltf' } }),
      'models/shape.gltf': json,
      'models/shape.bin': resources['shape.bin']!,
    };
    expectVertices(await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(files) }), shapeAtSite());
  });

  it("glTF's CESIUM_RTC centre (ECEF) is added after the y-up turn", async () => {
    const center = SITE.originEcef;
    const content = withGlbJson(await glb(), (json) => {
      json.extensions = { CESIUM_RTC: { center: [center.x, center.y, center.z] } };
      json.extensionsUsed = ['CESIUM_RTC'];
      json.extensionsRequired = ['CESIUM_RTC'];
    });
    const files = { 'tileset.json': tileset({ content: { uri: 'rtc.glb' } }, '1.0'), 'rtc.glb': content };
    const expected: Ecef[] = [];
    for (let i = 0; i < SHAPE.length; i += 3) {
      expected.push(ecef(center.x + SHAPE[i]!, center.y - SHAPE[i + 2]!, center.z + SHAPE[i + 1]!));
    }
    expectVertices(await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(files) }), expected);
  });

  it('a cmpt of b3dm, and b3dm with either legacy header', async () => {
    const body = await glb();
    const files = {
      'tileset.json': tileset(
        {
          transform: SITE_TRANSFORM,
          contents: [{ uri: 'both.cmpt' }, { uri: 'legacy-20.b3dm' }, { uri: 'legacy-24.b3dm' }],
        },
        '1.0',
      ),
      'both.cmpt': cmpt(b3dm(body, { BATCH_LENGTH: 0 }), b3dm(body, { BATCH_LENGTH: 0, RTC_CENTER: [0, 0, 7] })),
      'legacy-20.b3dm': legacyB3dm(body, [0, 0]),
      'legacy-24.b3dm': legacyB3dm(body, [0, 0, 0]),
    };
    const mesh = await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(files) });
    expectVertices(mesh, [...shapeAtSite(), ...shapeAtSite([0, 0, 7]), ...shapeAtSite(), ...shapeAtSite()]);
  });

  it("an old tileset's gltfUpAxis Z leaves glTF's axes as they are", async () => {
    const files = {
      'tileset.json': {
        asset: { version: '1.0', gltfUpAxis: 'Z' },
        root: { transform: SITE_TRANSFORM, content: { uri: 'z.glb' } },
      },
      'z.glb': await glb(),
    };
    const expected: Ecef[] = [];
    for (let i = 0; i < SHAPE.length; i += 3) expected.push(at(SHAPE[i]!, SHAPE[i + 1]!, SHAPE[i + 2]!));
    expectVertices(await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(files) }), expected);
  });
});

describe('levels of detail', () => {
  // Contents told apart by their triangle counts: low 1, left 2, right 3, right's child 4.
  const triangles = (count: number) =>
    glb({ positions: Array.from({ length: count }, (_, i) => [i, 0, 0, i + 1, 0, 0, i, 1, 0]).flat() });
  const files = async () => ({
    'tileset.json': tileset({
      transform: SITE_TRANSFORM,
      refine: 'REPLACE',
      content: { uri: 'low.glb' },
      children: [
        { content: { uri: 'left.glb' } },
        { content: { uri: 'right.glb' }, children: [{ content: { uri: 'right-high.glb' } }] },
      ],
    }),
    'low.glb': await triangles(1),
    'left.glb': await triangles(2),
    'right.glb': await triangles(3),
    'right-high.glb': await triangles(4),
  });
  const count = async (contents: Record<string, Uint8Array | object>) =>
    (await readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(contents) })).indices.length / 3;

  it('with REPLACE refinement only the leaves are kept', async () => {
    expect(await count(await files())).toBe(2 + 4);
  });

  it("a missing leaf is replaced by its parent's content, a missing parent by the grandparent's", async () => {
    const { 'right-high.glb': _high, ...withoutHigh } = await files();
    expect(await count(withoutHigh)).toBe(2 + 3);
    const { 'right.glb': _right, ...withoutRight } = withoutHigh;
    expect(await count(withoutRight)).toBe(1);
  });

  it('with ADD refinement every level is kept', async () => {
    const all = await files();
    const tree = (all['tileset.json'] as { root: { refine: string } }).root;
    expect(await count({ ...all, 'tileset.json': tileset({ ...tree, refine: 'ADD' }) })).toBe(1 + 2 + 3 + 4);
  });
});

describe('tilesets that cannot be read', () => {
  it('says so when the tileset is missing, has no triangles, uses implicit tiling or points outside', async () => {
    await expect(readTilesetMesh({ tilesetUrl: 'tileset.json', read: async () => null })).rejects.toThrow(
      'cannot be read',
    );
    const points = {
      'tileset.json': tileset({ content: { uri: 'p.glb' } }),
      'p.glb': await glb({ mode: MODE.POINTS }),
    };
    await expect(readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(points) })).rejects.toThrow('no triangles');
    const implicit = { 'tileset.json': tileset({ content: { uri: 'c/{level}.glb' }, implicitTiling: {} }) };
    await expect(readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(implicit) })).rejects.toThrow(
      'implicit tiling',
    );
    const outside = { 'tileset.json': tileset({ content: { uri: 'https://example.com/a.glb' } }) };
    await expect(readTilesetMesh({ tilesetUrl: 'tileset.json', ...readerOf(outside) })).rejects.toThrow('outside');
  });
});
