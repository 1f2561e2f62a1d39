/**
 * The full-resolution viewer's tile pyramid of a photo as a worker-thread task (platform/cpu): sharp cuts the
 * upright photo into Deep Zoom levels of JPEG tiles in a temporary folder, and the tiles are then packed into one
 * blob (see `inspection-image-pyramid.ts` for the layout and why one blob).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { PYRAMID_OVERLAP, PYRAMID_TILE_SIZE, pyramidLevels, tileCount, type PyramidGeometry } from '@sightline/imagery';

export interface PyramidInput {
  originalKey: string;
  packKey: string;
}

export type PyramidResult =
  | { ok: true; geometry: PyramidGeometry; packBytes: number; indexOffset: number }
  | { ok: false; errorKey: 'INSPECTION_IMAGE_DECODE_ERROR' };

/** The full-size level's width and height, as sharp wrote them in the `.dzi` descriptor. */
function readDziSize(dzi: string): { width: number; height: number } {
  const width = Number(/Width="(\d+)"/.exec(dzi)?.[1]);
  const height = Number(/Height="(\d+)"/.exec(dzi)?.[1]);
  if (!Number.isSafeInteger(width) || !Number.isSafeInteger(height)) throw new Error('sharp wrote no pyramid size');
  return { width, height };
}

/**
 * Writes every tile of every level into `packPath` in the pack's order, then the index of offsets (one 64-bit
 * little-endian offset per tile and one for the end of the last); returns the pack's length and the index's start.
 */
async function writePack(
  tilesDir: string,
  geometry: PyramidGeometry,
  packPath: string,
  signal: AbortSignal,
): Promise<{ packBytes: number; indexOffset: number }> {
  const offsets = Buffer.alloc((tileCount(geometry) + 1) * 8);
  const pack = await fs.promises.open(packPath, 'w');
  let offset = 0;
  let ordinal = 0;
  try {
    for (const level of pyramidLevels(geometry)) {
      signal.throwIfAborted();
      for (let y = 0; y < level.rows; y += 1) {
        for (let x = 0; x < level.columns; x += 1) {
          // A tile missing here means sharp's layout differs from ours: fail rather than serve the wrong tile.
          const tile = await fs.promises.readFile(path.join(tilesDir, String(level.level), `${x}_${y}.jpeg`));
          offsets.writeBigUInt64LE(BigInt(offset), ordinal * 8);
          await pack.write(tile, 0, tile.length, offset);
          offset += tile.length;
          ordinal += 1;
        }
      }
    }
    offsets.writeBigUInt64LE(BigInt(offset), ordinal * 8);
    await pack.write(offsets, 0, offsets.length, offset);
  } finally {
    await pack.close();
  }
  return { packBytes: offset + offsets.length, indexOffset: offset };
}

let threadStore: BlobStore | undefined;

export const makePyramidTask = defineCpuTask(
  'inspection.make-pyramid',
  async (input: PyramidInput, context): Promise<PyramidResult> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    const bytes = await store.read(input.originalKey);
    context.signal.throwIfAborted();
    const workDir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'sightline-pyramid-'));
    try {
      let geometry: PyramidGeometry;
      try {
        // Upright by its EXIF orientation and in sRGB, as the preview is, so that switching from it lines up.
        await sharp(bytes, { failOn: 'truncated', limitInputPixels: 400_000_000 })
          .rotate()
          .toColourspace('srgb')
          .jpeg({ quality: 85 })
          .tile({ size: PYRAMID_TILE_SIZE, overlap: PYRAMID_OVERLAP, layout: 'dz', container: 'fs' })
          .toFile(path.join(workDir, 'pyramid.dz'));
        const size = readDziSize(await fs.promises.readFile(path.join(workDir, 'pyramid.dzi'), 'utf8'));
        geometry = { ...size, tileSize: PYRAMID_TILE_SIZE, overlap: PYRAMID_OVERLAP };
      } catch {
        return { ok: false, errorKey: 'INSPECTION_IMAGE_DECODE_ERROR' };
      }
      context.signal.throwIfAborted();
      const packPath = path.join(workDir, 'pyramid.pack');
      const { packBytes, indexOffset } = await writePack(
        path.join(workDir, 'pyramid_files'),
        geometry,
        packPath,
        context.signal,
      );
      await store.put(input.packKey, fs.createReadStream(packPath));
      return { ok: true, geometry, packBytes, indexOffset };
    } finally {
      await fs.promises.rm(workDir, { recursive: true, force: true });
    }
  },
);
