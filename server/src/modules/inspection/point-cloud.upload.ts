import { LIMITS, POINT_CLOUD_UPLOAD_PATH, pointCloudUploadMetadataSchema } from '@sightline/shared';
import { readPcdHeader } from '@sightline/imagery';
import type { UploadKind } from '../../platform/uploads/resumable-uploads.js';
import type { HighPrecisionService } from './high-precision.service.js';

/** The point-cloud upload kind, which names the folder its uploads wait in. */
export const POINT_CLOUD_UPLOAD_KIND = 'point-cloud';

/**
 * One tus upload per .pcd: Upload-Metadata names the point cloud whose .xml `pcdInit` stored, and the file name.
 * The declared size is held to LIMITS.pointCloudMaxBytes and the team's quota before a byte is stored; the header
 * decides the content (a PCD header), never the name.
 */
export function pointCloudUploadKind(highPrecision: HighPrecisionService): UploadKind {
  return {
    name: POINT_CLOUD_UPLOAD_KIND,
    path: POINT_CLOUD_UPLOAD_PATH,
    summary: 'Resumable point-cloud (.pcd) upload, after its .xml (tus 1.0)',
    tags: ['inspection'],
    permission: 'image:upload',
    feature: 'high_precision',
    metadata: pointCloudUploadMetadataSchema,
    sizeLimit: { bytes: LIMITS.pointCloudMaxBytes, error: 'POINT_CLOUD_TOO_LARGE' },
    uploadIdFor: () => highPrecision.newUploadId(),
    refuseContent: (head) => (readPcdHeader(head) ? null : 'POINT_CLOUD_NOT_PCD'),
    begin: (auth, upload) => highPrecision.beginPointCloudUpload(auth, upload),
    authorize: (auth, uploadId) => highPrecision.authorizePointCloudUpload(auth, uploadId),
    cancel: (auth, uploadId) => highPrecision.cancelPointCloudUpload(auth, uploadId),
    complete: (auth, upload) => highPrecision.completePointCloudUpload(auth, upload),
    touch: (uploadId) => highPrecision.touchPointCloudUpload(uploadId),
  };
}
