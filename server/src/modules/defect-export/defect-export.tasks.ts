/**
 * The export's thumbnails as worker-thread work (platform/cpu): ten thousand crops are seconds of CPU that must not
 * hold the API's event loop. One task per photo: its screen-size preview is decoded once into raw pixels and every
 * defect of that photo cut from them, as decoding is what costs (a 2048-pixel JPEG takes tens of milliseconds, a
 * crop of raw pixels well under one).
 */
import sharp, { type Channels, type OutputInfo } from 'sharp';
import { cropScaleOutline } from '@sightline/imagery';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';

/** A thumbnail's long side in pixels, unless the caller asks for another. */
export const THUMBNAIL_PX = 96;
/** Context kept around the defect's box, as a share of its size, and at least this many of the photo's pixels. */
const CROP_MARGIN = 0.25;
const CROP_MARGIN_MIN_PX = 48;
const OUTLINE_RGB = [0xff, 0x3b, 0x30] as const;
/** Thumbnails encoded at once: sharp encodes on libuv's thread pool, so several in flight keep every core busy. */
const ENCODING_AT_ONCE = 8;

export interface ThumbnailDefect {
  id: number;
  /** The drawn shape in the photo's pixels. */
  points: Array<[number, number]>;
  closed: boolean;
}

export interface PhotoThumbnailsInput {
  previewKey: string;
  /** The photo's width in pixels, which the defects are drawn in; the preview is the same picture, scaled down. */
  photoWidth: number | null;
  defects: ThumbnailDefect[];
  /** The crops' long side at most, in pixels (a crop smaller than that in the preview keeps its own size). */
  longSidePx: number;
}

export interface Thumbnail {
  id: number;
  jpeg: Uint8Array;
  width: number;
  height: number;
}

async function cropOne(
  pixels: Buffer,
  info: { width: number; height: number; channels: Channels },
  defect: ThumbnailDefect,
  scale: number,
  longSidePx: number,
): Promise<Thumbnail | null> {
  const points = defect.points.map(([u, v]) => [u * scale, v * scale] as const);
  const us = points.map(([u]) => u);
  const vs = points.map(([, v]) => v);
  const [minU, maxU, minV, maxV] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  const margin = Math.max(CROP_MARGIN * Math.max(maxU - minU, maxV - minV), CROP_MARGIN_MIN_PX * scale);
  const left = Math.max(0, Math.floor(minU - margin));
  const top = Math.max(0, Math.floor(minV - margin));
  const right = Math.min(info.width, Math.ceil(maxU + margin));
  const bottom = Math.min(info.height, Math.ceil(maxV + margin));
  if (right - left < 1 || bottom - top < 1) return null;
  const width = right - left;
  const height = bottom - top;
  const fit = Math.min(1, longSidePx / Math.max(width, height));
  const [outWidth, outHeight] = [Math.max(1, Math.round(width * fit)), Math.max(1, Math.round(height * fit))];
  // Cut, scaled and outlined in memory (packages/imagery says why); sharp only encodes the result.
  const thumbnail = cropScaleOutline(
    { data: pixels, width: info.width, height: info.height, channels: info.channels },
    { left, top, width, height },
    outWidth,
    outHeight,
    { points, closed: defect.closed, rgb: OUTLINE_RGB, widthPx: 2 },
  );
  const jpeg = await sharp(thumbnail.data, { raw: { width: outWidth, height: outHeight, channels: info.channels } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { id: defect.id, jpeg, width: outWidth, height: outHeight };
}

let threadStore: BlobStore | undefined;

/** The photo's defects' thumbnails; none when its preview is missing or cannot be decoded. */
export const photoThumbnailsTask = defineCpuTask(
  'defect-export.photo-thumbnails',
  async (input: PhotoThumbnailsInput, context): Promise<Thumbnail[]> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    if (!(await store.stat(input.previewKey))) return [];
    const preview = await store.read(input.previewKey);
    let decoded: { data: Buffer; info: OutputInfo };
    try {
      decoded = await sharp(preview).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    } catch {
      return [];
    }
    const { data, info } = decoded;
    const raw = { width: info.width, height: info.height, channels: info.channels as Channels };
    const scale = info.width / (input.photoWidth ?? info.width);
    const thumbnails: Thumbnail[] = [];
    for (let first = 0; first < input.defects.length; first += ENCODING_AT_ONCE) {
      context.signal.throwIfAborted();
      const batch = input.defects.slice(first, first + ENCODING_AT_ONCE);
      for (const made of await Promise.all(batch.map((defect) => cropOne(data, raw, defect, scale, input.longSidePx))))
        if (made) thumbnails.push(made);
    }
    return thumbnails;
  },
);
