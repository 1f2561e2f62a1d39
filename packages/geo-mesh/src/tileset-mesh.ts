/**
 * A 3D Tiles tileset (1.0 or 1.1) read into one triangle mesh in ECEF at its finest level of detail.
 *
 * REPLACE refinement keeps the leaves; a content that cannot be read (`read` gives null, e.g. a tile left out of an
 * upload) is replaced by its nearest ancestor's, so the surface keeps no hole and no two levels overlap. ADD
 * refinement keeps every level. External tilesets (a content that is a tileset.json) are followed with the tile's
 * transform. Implicit tiling (1.1 `implicitTiling`) is not read: it is refused with a clear error.
 *
 * Vertices are stored as float32 offsets from a float64 `origin`: float32 ECEF coordinates (about 6.4e6 m) keep only
 * about 0.5 m, offsets within a few kilometres keep better than a millimetre.
 */
import { type Ecef, ecef } from '@sightline/geo';
import { Matrix4, Vector3 } from 'three';
import type { TrianglePiece } from './gltf-triangles.js';
import { type UpAxis, contentTriangles } from './tile-content.js';

export interface TriangleMesh {
  readonly origin: Ecef;
  /** x, y, z per vertex, in metres from `origin` along ECEF's axes. */
  readonly positions: Float32Array;
  /** Three vertex indices per triangle. */
  readonly indices: Uint32Array;
}

/** Reads a file by its path relative to the tileset's folder (forward slashes); null when it does not exist. */
export type TilesetFileReader = (relativePath: string) => Promise<Uint8Array | null>;

interface TileJson {
  transform?: number[];
  refine?: string;
  content?: { uri?: string; url?: string };
  contents?: Array<{ uri?: string; url?: string }>;
  children?: TileJson[];
  implicitTiling?: unknown;
}

interface TilesetJson {
  asset?: { version?: string; gltfUpAxis?: string };
  root?: TileJson;
}

/** Triangles found under a tile, and whether every content they were to come from could be read. */
interface TileGeometry {
  pieces: TrianglePiece[];
  complete: boolean;
}

/** The tileset's triangles at their finest level present, in ECEF. */
export async function readTilesetMesh(input: { tilesetUrl: string; read: TilesetFileReader }): Promise<TriangleMesh> {
  const geometry = await externalTileset(input.tilesetUrl, new Matrix4(), input.read);
  if (!geometry) throw new Error(`the tileset ${input.tilesetUrl} cannot be read`);
  const mesh = assemble(geometry.pieces);
  if (mesh.indices.length === 0) throw new Error(`the tileset ${input.tilesetUrl} holds no triangles`);
  return mesh;
}

/** Resolves `uri` against the file `base` (both relative to the tileset's folder); absolute URLs are refused. */
function resolvePath(base: string, uri: string): string {
  const root = 'http://tileset.invalid/';
  const resolved = new URL(uri, new URL(base, root));
  if (resolved.origin !== new URL(root).origin) throw new Error(`the tileset refers to an outside file: ${uri}`);
  return decodeURIComponent(resolved.pathname.slice(1));
}

async function externalTileset(path: string, parent: Matrix4, read: TilesetFileReader): Promise<TileGeometry | null> {
  const bytes = await read(path);
  if (!bytes) return null;
  const tileset = JSON.parse(new TextDecoder().decode(bytes)) as TilesetJson;
  if (!tileset.root) throw new Error(`${path} is not a 3D Tiles tileset: it has no root tile`);
  const upAxis = (['X', 'Y', 'Z'] as const).find((axis) => axis === tileset.asset?.gltfUpAxis) ?? 'Y';
  return tileGeometry(tileset.root, parent, 'REPLACE', { path, upAxis, read });
}

interface TilesetFile {
  path: string;
  upAxis: UpAxis;
  read: TilesetFileReader;
}

async function tileGeometry(
  tile: TileJson,
  parent: Matrix4,
  parentRefine: string,
  file: TilesetFile,
): Promise<TileGeometry> {
  if (tile.implicitTiling) {
    throw new Error(`${file.path}: implicit tiling (3D Tiles 1.1 implicitTiling) is not supported`);
  }
  const transform = tile.transform ? parent.clone().multiply(new Matrix4().fromArray(tile.transform)) : parent;
  const refine = (tile.refine ?? parentRefine).toUpperCase();
  const children: TileGeometry[] = [];
  for (const child of tile.children ?? []) children.push(await tileGeometry(child, transform, refine, file));
  const childPieces = children.flatMap((child) => child.pieces);
  const childrenComplete = children.every((child) => child.complete);
  const uris = (tile.contents ?? (tile.content ? [tile.content] : [])).flatMap((content) => {
    const uri = content.uri ?? content.url;
    return uri ? [uri] : [];
  });

  if (refine === 'ADD') {
    const own = await contentsGeometry(uris, transform, file);
    return { pieces: [...own.pieces, ...childPieces], complete: own.complete && childrenComplete };
  }
  if (children.length > 0 && childrenComplete) return { pieces: childPieces, complete: true };
  if (uris.length === 0) return { pieces: childPieces, complete: children.length === 0 };
  const own = await contentsGeometry(uris, transform, file);
  // Neither this tile nor its children are whole: the children's parts are still the finest surface there is.
  return own.complete ? own : { pieces: childPieces.length > 0 ? childPieces : own.pieces, complete: false };
}

async function contentsGeometry(uris: readonly string[], transform: Matrix4, file: TilesetFile): Promise<TileGeometry> {
  const geometry: TileGeometry = { pieces: [], complete: true };
  for (const uri of uris) {
    const path = resolvePath(file.path, uri);
    if (/\.json$/i.test(path)) {
      const external = await externalTileset(path, transform, file.read);
      geometry.pieces.push(...(external?.pieces ?? []));
      geometry.complete &&= external?.complete ?? false;
      continue;
    }
    const bytes = await file.read(path);
    if (!bytes) {
      geometry.complete = false;
      continue;
    }
    const resource = (relative: string) => file.read(resolvePath(path, relative));
    geometry.pieces.push(...(await contentTriangles(bytes, { tile: transform, upAxis: file.upAxis, resource })));
  }
  return geometry;
}

/** One mesh around the first vertex: offsets are computed in float64 and only then stored as float32. */
function assemble(pieces: readonly TrianglePiece[]): TriangleMesh {
  const vertexCount = pieces.reduce((sum, piece) => sum + piece.positions.length / 3, 0);
  const indexCount = pieces.reduce((sum, piece) => sum + piece.indices.length, 0);
  const positions = new Float32Array(vertexCount * 3);
  const indices = new Uint32Array(indexCount);
  const point = new Vector3();
  const matrix = new Matrix4();
  let origin: Vector3 | null = null;
  let vertexOffset = 0;
  let indexOffset = 0;
  for (const piece of pieces) {
    matrix.fromArray(piece.matrix);
    for (let i = 0; i < piece.positions.length; i += 3) {
      point.fromArray(piece.positions, i).applyMatrix4(matrix);
      origin ??= point.clone();
      point.sub(origin).toArray(positions, vertexOffset * 3 + i);
    }
    for (let i = 0; i < piece.indices.length; i++) indices[indexOffset + i] = piece.indices[i]! + vertexOffset;
    vertexOffset += piece.positions.length / 3;
    indexOffset += piece.indices.length;
  }
  return { origin: origin ? ecef(origin.x, origin.y, origin.z) : ecef(0, 0, 0), positions, indices };
}
