/**
 * Finding a target on one photo as worker-thread work (platform/cpu): decoding a 20-megapixel photo and searching
 * it are seconds of CPU that must never hold the API's event loop. The search itself is packages/vision's.
 */
import sharp from 'sharp';
import {
  type GrayImage,
  type PixelRect,
  type TargetFix,
  clampRect,
  locateArucoTarget,
  locateCircle,
  locatePatch,
} from '@sightline/vision';
import type { ArucoDictionaryName } from '@sightline/shared';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';

/** The baseline photo's rectangle that a round's search looks for (read from the baseline photo's original). */
interface Template {
  templateKey: string;
  templateRect: PixelRect;
}

/**
 * What to look for: a marker by its id; a dark disc, on a round's photo first found by its card's look (the baseline's
 * region) so that no other dark shape of the wide window is taken for it; or the baseline photo's patch.
 */
export type TargetSearch =
  | { kind: 'aruco'; dictionary: ArucoDictionaryName; markerId: number }
  | ({ kind: 'circle' } & (Template | { templateKey?: undefined }))
  | ({ kind: 'patch' } & Template);

export interface LocateTargetInput {
  originalKey: string;
  search: TargetSearch;
  /** Where to look on the photo; the whole photo when null. */
  window: PixelRect | null;
}

export type LocateTargetResult = { ok: true; fix: TargetFix | null } | { ok: false };

const EMPTY: GrayImage = { data: new Uint8Array(0), width: 0, height: 0 };

/** Bytes sharp cannot read as an image: the photo cannot be searched (its identification goes on without it). */
class PhotoUnreadable extends Error {
  constructor(cause: unknown) {
    super('the photo cannot be decoded', { cause });
    this.name = 'PhotoUnreadable';
  }
}

/**
 * The photo's pixels inside `rect` (the whole photo when null) as grey, turned upright by its EXIF orientation (as
 * the viewer and the editor show it), with the part of the photo they cover; null when `rect` misses the photo.
 * Only the rectangle is converted: libvips decodes a JPEG no further down than the rectangle's last row, so a
 * round's window costs a fraction of the whole photo (docs/benchmarks.md).
 */
export async function decodeGray(
  bytes: Buffer,
  rect: PixelRect | null,
): Promise<{ image: GrayImage; area: PixelRect } | null> {
  try {
    return await decodeRegion(bytes, rect);
  } catch (error) {
    throw new PhotoUnreadable(error);
  }
}

async function decodeRegion(bytes: Buffer, rect: PixelRect | null) {
  const meta = await sharp(bytes).metadata();
  const upright = (meta.orientation ?? 1) >= 5;
  const size = { width: (upright ? meta.height : meta.width) ?? 0, height: (upright ? meta.width : meta.height) ?? 0 };
  const area = rect ? clampRect(size, rect) : { x: 0, y: 0, ...size };
  if (!area || area.width === 0 || area.height === 0) return null;
  let pipeline = sharp(bytes, { limitInputPixels: 120_000_000 }).rotate();
  if (rect) pipeline = pipeline.extract({ left: area.x, top: area.y, width: area.width, height: area.height });
  const { data, info } = await pipeline.greyscale().raw().toBuffer({ resolveWithObject: true });
  const image = {
    data: new Uint8Array(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
  return { image, area };
}

/**
 * Finds the target in the photo's bytes, decoding only the window; `template` gives the baseline's rectangle a patch
 * or a disc's card is matched with. Exported for the bench.
 */
export async function locateInPhoto(
  bytes: Buffer,
  search: TargetSearch,
  window: PixelRect | null,
  template: () => Promise<GrayImage>,
): Promise<TargetFix | null> {
  const decoded = await decodeGray(bytes, window);
  if (!decoded) return null;
  const { image, area } = decoded;
  const shift = (fix: TargetFix | null) => (fix ? { ...fix, x: fix.x + area.x, y: fix.y + area.y } : fix);
  switch (search.kind) {
    case 'aruco':
      return shift(await locateArucoTarget(image, { dictionary: search.dictionary, markerId: search.markerId }));
    case 'circle': {
      if (search.templateKey === undefined) {
        return shift(await locateCircle(image, { window: { x: 0, y: 0, width: image.width, height: image.height } }));
      }
      const card = await template();
      const found = await locatePatch(image, { template: card });
      if (!found) return null;
      const box = { x: found.x - card.width / 2, y: found.y - card.height / 2, width: card.width, height: card.height };
      return shift(await locateCircle(image, { window: box }));
    }
    case 'patch':
      return shift(await locatePatch(image, { template: await template() }));
  }
}

let threadStore: BlobStore | undefined;

/** The target's centre on the photo, null when it is not there; `ok: false` when the photo cannot be read. */
export const locateTargetTask = defineCpuTask(
  'monitor-target.locate',
  async (input: LocateTargetInput, context): Promise<LocateTargetResult> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    const read = async (key: string) => ((await store.stat(key)) ? store.read(key) : null);
    const bytes = await read(input.originalKey);
    if (!bytes) return { ok: false };
    const { search } = input;
    const template = async () => {
      if (search.kind === 'aruco' || search.templateKey === undefined) throw new Error('the search has no template');
      const baseline = search.templateKey === input.originalKey ? bytes : await read(search.templateKey);
      return (baseline && (await decodeGray(baseline, search.templateRect))?.image) ?? EMPTY;
    };
    try {
      return { ok: true, fix: await locateInPhoto(bytes, search, input.window, template) };
    } catch (error) {
      if (error instanceof PhotoUnreadable) return { ok: false };
      throw error;
    }
  },
);
