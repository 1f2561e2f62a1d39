/**
 * Finding a target on one photo as worker-thread work (platform/cpu): decoding a 20-megapixel photo and searching
 * it are seconds of CPU that must never hold the API's event loop. The search itself is packages/vision's.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  type GrayImage,
  type PixelRect,
  type TargetFix,
  clampRect,
  cropGray,
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

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The photo as grey pixels, turned upright by its EXIF orientation (as the viewer and the editor show it). */
export async function decodeGray(bytes: Buffer): Promise<GrayImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 120_000_000 })
    .rotate()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** Finds the target on a decoded photo (the bench runs this on its own photos). */
export async function locateOnPhoto(
  photo: GrayImage,
  search: TargetSearch,
  window: PixelRect | null,
  template: () => Promise<GrayImage>,
): Promise<TargetFix | null> {
  const area = window ? clampRect(photo, window) : null;
  if (window && !area) return null;
  // Searching a copy of the window keeps OpenCV's buffers small on a 20-megapixel photo.
  const image = area ? cropGray(photo, area) : photo;
  const shift = (fix: TargetFix | null) => (fix && area ? { ...fix, x: fix.x + area.x, y: fix.y + area.y } : fix);
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
    const read = async (key: string) => {
      if (!(await store.stat(key))) return null;
      try {
        return await decodeGray(await readAll(store.get(key)));
      } catch {
        return null;
      }
    };
    const photo = await read(input.originalKey);
    if (!photo) return { ok: false };
    context.signal.throwIfAborted();
    const { search } = input;
    const template = async () => {
      if (search.kind === 'aruco' || search.templateKey === undefined) throw new Error('the search has no template');
      const baseline = search.templateKey === input.originalKey ? photo : await read(search.templateKey);
      return baseline ? cropGray(baseline, search.templateRect) : { data: new Uint8Array(0), width: 0, height: 0 };
    };
    return { ok: true, fix: await locateOnPhoto(photo, search, input.window, template) };
  },
);
