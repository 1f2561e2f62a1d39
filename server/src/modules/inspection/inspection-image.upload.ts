import { LIMITS, INSPECTION_IMAGE_UPLOAD_PATH, inspectionImageUploadMetadataSchema } from '@sightline/shared';
import { detectImageContentType } from '@sightline/imagery';
import type { UploadKind } from '../../platform/uploads/resumable-uploads.js';
import type { InspectionImageService } from './inspection-image.service.js';

/** The photo upload kind, which names the folder its uploads wait in. */
export const IMAGE_UPLOAD_KIND = 'inspection-image';

/**
 * One tus upload per photo: Upload-Metadata carries `inspectionId`, `imageGroupId`, `category` and `filename`.
 * Rights, the group, the name and the team's quota are checked at creation, before any byte is stored; the first
 * bytes decide the content (JPEG, PNG, TIFF), never the name. A completed photo goes to the blob store and its
 * ingest job is queued.
 */
export function inspectionImageUploadKind(images: InspectionImageService): UploadKind {
  return {
    name: IMAGE_UPLOAD_KIND,
    path: INSPECTION_IMAGE_UPLOAD_PATH,
    summary: 'Resumable photo upload into an inspection (tus 1.0)',
    tags: ['inspection'],
    permission: 'image:upload',
    feature: 'inspection',
    metadata: inspectionImageUploadMetadataSchema,
    sizeLimit: { bytes: LIMITS.singleFileBytes, error: 'FILE_TOO_LARGE' },
    uploadIdFor: () => images.newUploadId(),
    refuseContent: (head) => (detectImageContentType(head) ? null : 'FILE_TYPE_ERROR'),
    begin: (auth, upload) => images.beginUpload(auth, upload),
    async authorize(auth, uploadId) {
      await images.authorizeUpload(auth, uploadId);
    },
    cancel: (auth, uploadId) => images.cancelUpload(auth, uploadId),
    complete: (auth, upload) => images.completeUpload(auth, upload),
    touch: (uploadId) => images.touchUpload(uploadId),
  };
}
