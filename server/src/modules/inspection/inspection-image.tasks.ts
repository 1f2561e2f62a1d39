/**
 * A photo's CPU-heavy ingest as a worker-thread task (platform/cpu): EXIF/XMP and pose (packages/imagery), and the
 * thumbnail and screen-size preview (sharp), made from the camera's embedded preview when it has a good enough one
 * and from the original otherwise, written to the blob store beside the original.
 */
import sharp, { type Sharp } from 'sharp';
import {
  INSPECTION_IMAGE_PREVIEW_MIN_PX,
  INSPECTION_IMAGE_PREVIEW_PX,
  INSPECTION_IMAGE_THUMBNAIL_PX,
  type ErrorKey,
  type WithoutPoseReasonCode,
} from '@sightline/shared';
import {
  findEmbeddedPreview,
  previewLongSide,
  readPhotoMetadata,
  uprightSize,
  type EmbeddedPreview,
  type PhotoMetadata,
  type PhotoPose,
} from '@sightline/imagery';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';

export interface PhotoIngestInput {
  originalKey: string;
  thumbnailKey: string;
  previewKey: string;
}

export type PhotoIngestResult =
  | { ok: false; errorKey: ErrorKey; metadata: PhotoMetadata | null }
  | {
      ok: true;
      metadata: PhotoMetadata;
      pose: PhotoPose | null;
      withoutPose: { reason: WithoutPoseReasonCode; properties: string[] } | null;
    };

const PREVIEW_BOUNDS = { minimum: INSPECTION_IMAGE_PREVIEW_MIN_PX, maximum: INSPECTION_IMAGE_PREVIEW_PX };
/** `failOn: 'truncated'` refuses an image whose compressed data was cut short instead of drawing grey where it ends. */
const DECODE_OPTIONS = { failOn: 'truncated', limitInputPixels: 400_000_000 } as const;

interface Derivatives {
  preview: Buffer;
  thumbnail: Buffer;
}

/** sharp's steps for each EXIF orientation, the ones its own auto-orientation takes (checked in the ingest test). */
const ORIENTATION_STEPS: Partial<Record<number, { angle: number; flip?: boolean; flop?: boolean }>> = {
  2: { angle: 0, flop: true },
  3: { angle: 180 },
  4: { angle: 0, flip: true },
  5: { angle: 90, flip: true },
  6: { angle: 90 },
  7: { angle: 90, flop: true },
  8: { angle: 270 },
};

function orient(image: Sharp, orientation: number): Sharp {
  const steps = ORIENTATION_STEPS[orientation];
  return steps
    ? image
        .rotate(steps.angle)
        .flip(steps.flip ?? false)
        .flop(steps.flop ?? false)
    : image;
}

/** The preview encoded from `image` (already turned upright), and the thumbnail made from that preview. */
async function encode(image: Sharp, side: number): Promise<Derivatives> {
  const preview = await image
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    // Huffman tables fitted to the preview would save it about 5 % of its bytes for 10 % more of the ingest's CPU.
    .jpeg({ quality: 85, mozjpeg: false, optimiseCoding: false })
    .toBuffer();
  return { preview, thumbnail: await thumbnailOf(sharp(preview)) };
}

const thumbnailOf = (image: Sharp) =>
  image
    .resize(INSPECTION_IMAGE_THUMBNAIL_PX, INSPECTION_IMAGE_THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();

/**
 * From the camera's own preview (packages/imagery, embedded-preview.ts), which spares decoding the original: on the
 * bench's 20-megapixel photos the ingest costs a sixth of the CPU a photo from a 1920 px preview that it costs from
 * the original (docs/benchmarks.md, photo ingest).
 * The preview follows the same size rule as one made from the original, applied to the embedded image. One that
 * rule keeps at its own size, upright and in sRGB, is stored as the camera wrote it; the thumbnail's decoding then
 * checks that it decodes whole. Throws when it does not: the caller then decodes the original.
 */
async function fromEmbedded(embedded: EmbeddedPreview): Promise<Derivatives> {
  const bytes = Buffer.from(embedded.bytes.buffer, embedded.bytes.byteOffset, embedded.bytes.byteLength);
  const [width, height] = uprightSize(embedded.width, embedded.height, embedded.uprightOrientation);
  const side = previewLongSide(width, height, PREVIEW_BOUNDS);
  const { space } = await sharp(bytes).metadata();
  if (side === Math.max(width, height) && embedded.uprightOrientation === 1 && space === 'srgb') {
    return { preview: bytes, thumbnail: await thumbnailOf(sharp(bytes, DECODE_OPTIONS)) };
  }
  return encode(orient(sharp(bytes, DECODE_OPTIONS), embedded.uprightOrientation), side);
}

/**
 * From the original, decoded once (its long side from `previewLongSide`, which sharp decodes at a reduced JPEG scale;
 * turned upright by its EXIF orientation).
 */
function fromOriginal(bytes: Buffer, size: { width: number; height: number } | null): Promise<Derivatives> {
  const side = size ? previewLongSide(size.width, size.height, PREVIEW_BOUNDS) : INSPECTION_IMAGE_PREVIEW_PX;
  return encode(sharp(bytes, DECODE_OPTIONS).rotate(), side);
}

/** The preview and thumbnail from the camera's embedded preview when one can stand for the photo, else the original. */
async function derivatives(bytes: Buffer, metadata: PhotoMetadata): Promise<Derivatives> {
  const { width, height, orientation } = metadata;
  const size = width && height ? { width, height } : null;
  const embedded =
    size && metadata.contentType === 'image/jpeg'
      ? await findEmbeddedPreview(bytes, { ...size, orientation }, PREVIEW_BOUNDS.minimum)
      : null;
  if (embedded) {
    try {
      return await fromEmbedded(embedded);
    } catch {
      // An embedded preview that does not decode says nothing about the original, which gets its own chance.
    }
  }
  return fromOriginal(bytes, size);
}

let threadStore: BlobStore | undefined;

export const ingestPhotoTask = defineCpuTask(
  'inspection.ingest-photo',
  async (input: PhotoIngestInput, context): Promise<PhotoIngestResult> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    const bytes = await store.read(input.originalKey);
    context.signal.throwIfAborted();
    const reading = await readPhotoMetadata(bytes);
    if (reading.kind === 'refused') return { ok: false, errorKey: 'FILE_TYPE_ERROR', metadata: null };
    let made: Derivatives;
    try {
      made = await derivatives(bytes, reading.metadata);
    } catch {
      return { ok: false, errorKey: 'INSPECTION_IMAGE_DECODE_ERROR', metadata: reading.metadata };
    }
    context.signal.throwIfAborted();
    await store.put(input.previewKey, made.preview);
    await store.put(input.thumbnailKey, made.thumbnail);
    const { pose } = reading;
    return {
      ok: true,
      metadata: reading.metadata,
      pose: pose.ok ? pose.pose : null,
      withoutPose: pose.ok ? null : { reason: pose.reason, properties: pose.properties },
    };
  },
);
