/** Image decoding and validation (sharp). Every failure becomes a VisionError. */
import { readFile, stat } from 'node:fs/promises';
import sharp, { type Metadata } from 'sharp';
import { VisionError } from './errors.js';
import type { ImageInput, RgbImage } from './types.js';

/** Largest image accepted, in pixels (45 MP drone photos fit with room to spare). */
export const MAX_PIXELS = 120_000_000;
/** Largest encoded file accepted, bytes. */
export const MAX_BYTES = 200 * 1024 * 1024;

sharp.cache(false);

export function isRgbImage(v: unknown): v is RgbImage {
  const r = v as Partial<RgbImage> | null;
  return (
    !!r &&
    typeof r === 'object' &&
    r.data instanceof Uint8Array &&
    typeof r.width === 'number' &&
    typeof r.height === 'number' &&
    !(v instanceof Uint8Array)
  );
}

/** Decode any supported input into 8-bit RGB (EXIF orientation applied). */
export async function loadRgb(input: ImageInput | null | undefined, maxPixels = MAX_PIXELS): Promise<RgbImage> {
  if (input === null || input === undefined || (typeof input === 'string' && input.trim() === '')) {
    throw new VisionError('DISEASE_IMAGE_URL_NULL', 'no image given', 'image_missing');
  }
  if (isRgbImage(input)) {
    const { width, height, data } = input;
    if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
      throw new VisionError('AI_SERVER_EXCEPTION', `image has zero size (${width}x${height})`, 'image_zero_size');
    }
    if (width * height > maxPixels) {
      throw new VisionError('AI_SERVER_EXCEPTION', `image too large: ${width}x${height}`, 'image_too_large');
    }
    if (data.length !== width * height * 3) {
      throw new VisionError('AI_SERVER_EXCEPTION', 'raw image buffer has the wrong length', 'image_undecodable');
    }
    return input;
  }
  let bytes: Uint8Array;
  if (typeof input === 'string') {
    try {
      const st = await stat(input);
      if (st.size > MAX_BYTES)
        throw new VisionError('AI_SERVER_EXCEPTION', `file too large: ${st.size} bytes`, 'image_too_large');
      bytes = await readFile(input);
    } catch (e) {
      if (e instanceof VisionError) throw e;
      throw new VisionError('DISEASE_IMAGE_URL_NULL', `image not found: ${input}`, 'image_missing', { cause: e });
    }
  } else {
    bytes = input;
  }
  if (bytes.length === 0) throw new VisionError('DISEASE_IMAGE_URL_NULL', 'image is empty (0 bytes)', 'image_empty');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (e) {
    throw new VisionError(
      'AI_SERVER_EXCEPTION',
      `image cannot be decoded: ${(e as Error).message}`,
      'image_undecodable',
      { cause: e },
    );
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w <= 0 || h <= 0) throw new VisionError('AI_SERVER_EXCEPTION', 'image has zero size', 'image_zero_size');
  if (w * h > maxPixels) {
    throw new VisionError(
      'AI_SERVER_EXCEPTION',
      `image too large: ${w}x${h} exceeds ${maxPixels} pixels`,
      'image_too_large',
    );
  }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: 'truncated' })
      .rotate()
      .removeAlpha()
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels === 3) {
      return {
        width: info.width,
        height: info.height,
        data: new Uint8Array(data.buffer, data.byteOffset, data.length),
      };
    }
    // grey or other layouts: expand to RGB
    const n = info.width * info.height;
    const out = new Uint8Array(n * 3);
    const c = info.channels;
    for (let i = 0; i < n; i++) {
      const v = data[i * c] ?? 0;
      out[i * 3] = v;
      out[i * 3 + 1] = c >= 3 ? (data[i * c + 1] ?? v) : v;
      out[i * 3 + 2] = c >= 3 ? (data[i * c + 2] ?? v) : v;
    }
    return { width: info.width, height: info.height, data: out };
  } catch (e) {
    throw new VisionError(
      'AI_SERVER_EXCEPTION',
      `image cannot be decoded: ${(e as Error).message}`,
      'image_undecodable',
      { cause: e },
    );
  }
}

/** Read a label mask (any image) as a boolean-like Uint8Array (1 where value > 127). */
export async function loadMask(file: string): Promise<{ width: number; height: number; data: Uint8Array }> {
  const { data, info } = await sharp(file).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(info.width * info.height);
  const c = info.channels;
  for (let i = 0; i < out.length; i++) out[i] = (data[i * c] ?? 0) > 127 ? 1 : 0;
  return { width: info.width, height: info.height, data: out };
}

/** Luma (BT.601) of an RGB image as 8-bit. */
export function toGray(img: RgbImage): Uint8Array {
  const n = img.width * img.height;
  const g = new Uint8Array(n);
  const d = img.data;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    g[i] = (77 * d[j]! + 150 * d[j + 1]! + 29 * d[j + 2]! + 128) >> 8;
  }
  return g;
}

/** Crop a region out of a one-channel 8-bit image (copy). */
export function cropGray(gray: Uint8Array, width: number, x: number, y: number, w: number, h: number): Uint8Array {
  const out = new Uint8Array(w * h);
  for (let r = 0; r < h; r++) out.set(gray.subarray((y + r) * width + x, (y + r) * width + x + w), r * w);
  return out;
}
