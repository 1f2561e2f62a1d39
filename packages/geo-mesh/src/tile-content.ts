/**
 * A 3D Tiles content's triangles in the tile's frame (z-up): b3dm (with its feature table's RTC_CENTER), cmpt of
 * b3dm, and glTF 2.0 (.glb, .gltf) as 3D Tiles 1.1 has it. glTF is y-up; 3D Tiles turns it to z-up before the tile
 * transform, after the RTC centre (CesiumJS's order: transform · RTC · y-up-to-z-up · node). Points (pnts) and
 * instanced models (i3dm) add no surface a ray should stop at and are skipped.
 */
import { Matrix4 } from 'three';
import { type TrianglePiece, readGltfTriangles } from './gltf-triangles.js';

export type UpAxis = 'X' | 'Y' | 'Z';

const TO_Z_UP: Record<UpAxis, Matrix4> = {
  // Column-major, as glTF and three store them: y -> z, z -> -y.
  Y: new Matrix4().fromArray([1, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1]),
  // x -> z, z -> -x (CesiumJS's Axis.X_UP_TO_Z_UP of old tilesets' `gltfUpAxis`).
  X: new Matrix4().fromArray([0, 0, 1, 0, 0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 0, 1]),
  Z: new Matrix4(),
};

const MAGIC_B3DM = 'b3dm';
const MAGIC_CMPT = 'cmpt';
const SKIPPED_FORMATS = new Set(['pnts', 'i3dm']);
/** A b3dm length field this large is really the glTF magic: the header is one of the two legacy layouts. */
const LEGACY_HEADER_THRESHOLD = 570425344;

function magicOf(bytes: Uint8Array, at = 0): string {
  return String.fromCharCode(...bytes.subarray(at, at + 4));
}

interface ContentFrame {
  /** The tile's computed transform (column-major). */
  tile: Matrix4;
  upAxis: UpAxis;
  /** Reads a .gltf's external buffer by its URI relative to the content. */
  resource: (uri: string) => Promise<Uint8Array | null>;
}

/** The content's triangles, each with the matrix from its own coordinates to the tileset's (ECEF for most). */
export async function contentTriangles(bytes: Uint8Array, frame: ContentFrame): Promise<TrianglePiece[]> {
  const magic = magicOf(bytes);
  if (magic === MAGIC_B3DM) return batchedModelTriangles(bytes, frame);
  if (magic === MAGIC_CMPT) return compositeTriangles(bytes, frame);
  if (SKIPPED_FORMATS.has(magic)) return [];
  return gltfTriangles(bytes, frame, null);
}

async function gltfTriangles(
  bytes: Uint8Array,
  frame: ContentFrame,
  featureRtc: readonly number[] | null,
): Promise<TrianglePiece[]> {
  const { pieces, rtcCenter } = await readGltfTriangles(bytes, frame.resource);
  const center = featureRtc ?? rtcCenter;
  const base = frame.tile.clone();
  if (center) base.multiply(new Matrix4().makeTranslation(center[0]!, center[1]!, center[2]!));
  base.multiply(TO_Z_UP[frame.upAxis]);
  return pieces.map((piece) => ({
    ...piece,
    matrix: base.clone().multiply(new Matrix4().fromArray(piece.matrix)).toArray(),
  }));
}

async function batchedModelTriangles(bytes: Uint8Array, frame: ContentFrame): Promise<TrianglePiece[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let headerLength = 28;
  let featureJsonLength = view.getUint32(12, true);
  let featureBinaryLength = view.getUint32(16, true);
  let batchJsonLength = view.getUint32(20, true);
  let batchBinaryLength = view.getUint32(24, true);
  if (batchJsonLength >= LEGACY_HEADER_THRESHOLD) {
    // [batchLength, batchTableByteLength]: 20 bytes, no feature table.
    headerLength = 20;
    batchJsonLength = featureBinaryLength;
    batchBinaryLength = 0;
    featureJsonLength = 0;
    featureBinaryLength = 0;
  } else if (batchBinaryLength >= LEGACY_HEADER_THRESHOLD) {
    // [batchLength, batchTableJsonByteLength, batchTableBinaryByteLength]: 24 bytes, no feature table.
    headerLength = 24;
    batchJsonLength = featureJsonLength;
    batchBinaryLength = featureBinaryLength;
    featureJsonLength = 0;
    featureBinaryLength = 0;
  }
  const featureBinaryStart = headerLength + featureJsonLength;
  const featureTable =
    featureJsonLength > 0
      ? (JSON.parse(new TextDecoder().decode(bytes.subarray(headerLength, featureBinaryStart)).trim()) as {
          RTC_CENTER?: number[] | { byteOffset: number };
        })
      : {};
  const rtc = featureTable.RTC_CENTER;
  const center = Array.isArray(rtc)
    ? rtc
    : rtc
      ? [0, 1, 2].map((i) => view.getFloat32(featureBinaryStart + rtc.byteOffset + i * 4, true))
      : null;
  const gltfStart = featureBinaryStart + featureBinaryLength + batchJsonLength + batchBinaryLength;
  return gltfTriangles(bytes.subarray(gltfStart, view.getUint32(8, true)), frame, center);
}

async function compositeTriangles(bytes: Uint8Array, frame: ContentFrame): Promise<TrianglePiece[]> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tileCount = view.getUint32(12, true);
  const pieces: TrianglePiece[] = [];
  let offset = 16;
  for (let i = 0; i < tileCount; i++) {
    const length = view.getUint32(offset + 8, true);
    pieces.push(...(await contentTriangles(bytes.subarray(offset, offset + length), frame)));
    offset += length;
  }
  return pieces;
}
