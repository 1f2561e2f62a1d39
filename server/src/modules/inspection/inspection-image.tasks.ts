/**
 * A photo's CPU-heavy ingest as a worker-thread task (platform/cpu): EXIF/XMP and pose (packages/imagery), and the
 * thumbnail and screen-size preview (sharp), written to the blob store beside the original.
 */
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import {
  INSPECTION_IMAGE_PREVIEW_MIN_PX,
  INSPECTION_IMAGE_PREVIEW_PX,
  INSPECTION_IMAGE_THUMBNAIL_PX,
  type ErrorKey,
  type WithoutPoseReasonCode,
} from '@sightline/shared';
import { previewLongSide, readPhotoMetadata, type PhotoMetadata, type PhotoPose } from '@sightline/imagery';
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

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The preview (its long side from `previewLongSide`, turned upright by its EXIF orientation) and the thumbnail made
 * from it, so the photo is decoded once, at the scale the preview needs. `failOn: 'truncated'` refuses a photo whose
 * compressed data was cut short instead of drawing grey where it ends.
 */
async function derivatives(
  bytes: Buffer,
  size: { width: number; height: number } | null,
): Promise<{ preview: Buffer; thumbnail: Buffer }> {
  const side = size
    ? previewLongSide(size.width, size.height, {
        minimum: INSPECTION_IMAGE_PREVIEW_MIN_PX,
        maximum: INSPECTION_IMAGE_PREVIEW_PX,
      })
    : INSPECTION_IMAGE_PREVIEW_PX;
  const preview = await sharp(bytes, { failOn: 'truncated', limitInputPixels: 400_000_000 })
    .rotate()
    .resize(side, side, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    // Huffman tables fitted to the preview would save it about 5 % of its bytes for 10 % more of the ingest's CPU.
    .jpeg({ quality: 85, mozjpeg: false, optimiseCoding: false })
    .toBuffer();
  const thumbnail = await sharp(preview)
    .resize(INSPECTION_IMAGE_THUMBNAIL_PX, INSPECTION_IMAGE_THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();
  return { preview, thumbnail };
}

let threadStore: BlobStore | undefined;

export const ingestPhotoTask = defineCpuTask(
  'inspection.ingest-photo',
  async (input: PhotoIngestInput, context): Promise<PhotoIngestResult> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    const bytes = await readAll(store.get(input.originalKey));
    context.signal.throwIfAborted();
    const reading = await readPhotoMetadata(bytes);
    if (reading.kind === 'refused') return { ok: false, errorKey: 'FILE_TYPE_ERROR', metadata: null };
    let made: { preview: Buffer; thumbnail: Buffer };
    try {
      const { width, height } = reading.metadata;
      made = await derivatives(bytes, width && height ? { width, height } : null);
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
