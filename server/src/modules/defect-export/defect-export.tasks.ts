/**
 * The export's thumbnails as worker-thread work (platform/cpu): ten thousand crops are seconds of CPU that must not
 * hold the API's event loop. One task per photo: the part of its screen-size preview that its defects' crops cover
 * is decoded once into raw pixels and every crop cut from them, as decoding is what costs (a 2048-pixel JPEG takes
 * tens of milliseconds, a crop of raw pixels well under one). A readable crop (a report's key defect) is cut from the
 * original instead, decoded for that crop alone.
 */
import sharp, { type Channels } from 'sharp';
import { cropScaleOutline, type PixelRect } from '@sightline/imagery';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';

/** A thumbnail's long side in pixels, unless the caller asks for another. */
export const THUMBNAIL_PX = 96;
/** Context kept around the defect's box, as a share of its size, and at least this many of the photo's pixels. */
const CROP_MARGIN = 0.25;
const CROP_MARGIN_MIN_PX = 48;
const OUTLINE_RGB = [0xff, 0x3b, 0x30] as const;
/** An original up to 400 megapixels (the ingest's limit) can be a crop's source. */
const SOURCE_PIXELS_MAX = 400_000_000;
/** Thumbnails encoded at once: sharp encodes on libuv's thread pool, so several in flight keep every core busy. */
const ENCODING_AT_ONCE = 8;

export interface ThumbnailDefect {
  id: number;
  /** The drawn shape in the photo's pixels. */
  points: Array<[number, number]>;
  closed: boolean;
}

export interface PhotoThumbnailsInput {
  /**
   * The picture the crops are cut from: the photo's screen-size preview, decoded once for all its crops; or its
   * original when a crop must be readable (a report's key defect), decoded for each crop down to the crop's lowest
   * row, so that only the crop's pixels are held, whatever the photo's size.
   */
  source: { key: string; kind: 'preview' | 'original' };
  /**
   * The photo's size in pixels as stored, before its EXIF orientation (null when unknown: the source's own). The
   * defects are drawn on the upright photo; the source is the same upright picture at its own scale.
   */
  photoSize: { width: number; height: number } | null;
  defects: ThumbnailDefect[];
  /** The crops' long side at most, in pixels (a crop smaller than that in the source keeps its own size). */
  longSidePx: number;
}

export interface Thumbnail {
  id: number;
  jpeg: Uint8Array;
  width: number;
  height: number;
}

interface Crop {
  defect: ThumbnailDefect;
  /** The defect's shape in the source's pixels. */
  points: Array<readonly [number, number]>;
  rect: PixelRect;
}

/** The defect's box with its margin, in the source's pixels (`scale` of the photo's), within the source. */
function cropOf(defect: ThumbnailDefect, scale: number, size: { width: number; height: number }): Crop | null {
  const points = defect.points.map(([u, v]) => [u * scale, v * scale] as const);
  const us = points.map(([u]) => u);
  const vs = points.map(([, v]) => v);
  const [minU, maxU, minV, maxV] = [Math.min(...us), Math.max(...us), Math.min(...vs), Math.max(...vs)];
  const margin = Math.max(CROP_MARGIN * Math.max(maxU - minU, maxV - minV), CROP_MARGIN_MIN_PX * scale);
  const left = Math.max(0, Math.floor(minU - margin));
  const top = Math.max(0, Math.floor(minV - margin));
  const right = Math.min(size.width, Math.ceil(maxU + margin));
  const bottom = Math.min(size.height, Math.ceil(maxV + margin));
  if (right - left < 1 || bottom - top < 1) return null;
  return { defect, points, rect: { left, top, width: right - left, height: bottom - top } };
}

/**
 * The source's pixels per pixel of the upright photo. A photo that EXIF turns a quarter is stored on its side: the
 * upright width is then the stored height, which the source's own shape (upright) tells.
 */
function scaleOf(upright: { width: number; height: number }, photo: PhotoThumbnailsInput['photoSize']): number {
  if (!photo) return 1;
  const turned = upright.width > upright.height !== photo.width > photo.height;
  return upright.width / (turned ? photo.height : photo.width);
}

/** The smallest rectangle holding every crop. */
function unionOf(crops: readonly Crop[]): PixelRect {
  const left = Math.min(...crops.map(({ rect }) => rect.left));
  const top = Math.min(...crops.map(({ rect }) => rect.top));
  const right = Math.max(...crops.map(({ rect }) => rect.left + rect.width));
  const bottom = Math.max(...crops.map(({ rect }) => rect.top + rect.height));
  return { left, top, width: right - left, height: bottom - top };
}

/** `crop` cut from `pixels` (the source's `region`), scaled to fit `longSidePx` and outlined. */
async function encodeCrop(
  pixels: { data: Buffer; region: PixelRect; info: { width: number; height: number; channels: Channels } },
  crop: Crop,
  longSidePx: number,
): Promise<Thumbnail> {
  const { data, region, info } = pixels;
  const { width, height } = crop.rect;
  const fit = Math.min(1, longSidePx / Math.max(width, height));
  const [outWidth, outHeight] = [Math.max(1, Math.round(width * fit)), Math.max(1, Math.round(height * fit))];
  const shift = ([u, v]: readonly [number, number]) => [u - region.left, v - region.top] as const;
  // Cut, scaled and outlined in memory (packages/imagery says why); sharp only encodes the result.
  const thumbnail = cropScaleOutline(
    { data, width: info.width, height: info.height, channels: info.channels },
    { left: crop.rect.left - region.left, top: crop.rect.top - region.top, width, height },
    outWidth,
    outHeight,
    { points: crop.points.map(shift), closed: crop.defect.closed, rgb: OUTLINE_RGB, widthPx: 2 },
  );
  const jpeg = await sharp(thumbnail.data, { raw: { width: outWidth, height: outHeight, channels: info.channels } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { id: crop.defect.id, jpeg, width: outWidth, height: outHeight };
}

let threadStore: BlobStore | undefined;

/** The photo's defects' thumbnails; none when its source is missing or cannot be decoded. */
export const photoThumbnailsTask = defineCpuTask(
  'defect-export.photo-thumbnails',
  async (input: PhotoThumbnailsInput, context): Promise<Thumbnail[]> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    if (!(await store.stat(input.source.key))) return [];
    const source = await store.read(input.source.key);
    // The preview was turned upright when made; the original is turned here, as its defects were drawn upright.
    const picture = () => sharp(source, { limitInputPixels: SOURCE_PIXELS_MAX }).autoOrient();
    let crops: Crop[];
    try {
      const { autoOrient: upright } = await picture().metadata();
      const scale = scaleOf(upright, input.photoSize);
      crops = input.defects.flatMap((defect) => cropOf(defect, scale, upright) ?? []);
    } catch {
      return [];
    }
    const decode = async (region: PixelRect) => {
      const { data, info } = await picture()
        .extract(region)
        .toColourspace('srgb')
        .removeAlpha()
        .raw({ depth: 'uchar' })
        .toBuffer({ resolveWithObject: true });
      return { data, region, info: { width: info.width, height: info.height, channels: info.channels as Channels } };
    };
    // A preview is small: decoded once, the part all its crops cover. An original is decoded for each crop.
    let shared: Awaited<ReturnType<typeof decode>> | undefined;
    try {
      if (input.source.kind === 'preview' && crops.length > 0) shared = await decode(unionOf(crops));
    } catch {
      return [];
    }
    const thumbnails: Thumbnail[] = [];
    for (let first = 0; first < crops.length; first += ENCODING_AT_ONCE) {
      context.signal.throwIfAborted();
      const batch = crops.slice(first, first + ENCODING_AT_ONCE);
      const made = await Promise.all(
        batch.map(async (crop) => {
          const pixels = shared ?? (await decode(crop.rect).catch(() => null));
          return pixels && encodeCrop(pixels, crop, input.longSidePx);
        }),
      );
      for (const thumbnail of made) if (thumbnail) thumbnails.push(thumbnail);
    }
    return thumbnails;
  },
);
