import { MODEL_UPLOAD_METADATA, MODEL_UPLOAD_PATH, modelUploadMetadataSchema } from '@sightline/shared';
import type { UploadKind } from '../../platform/uploads/resumable-uploads.js';
import { isUploadId, newUploadId } from './model-files.js';
import type { ProjectModelService } from './project-model.service.js';

/** The model's upload kind, which names the folder its uploads are kept in. */
export const MODEL_UPLOAD_KIND = 'project-model';

/**
 * The resumable model upload: the tus creation's Upload-Metadata carries `projectId`, `filename` and
 * optionally `uploadId` from initModel. Quota and the one-uploader lock are checked when the upload is
 * created, before any byte is stored; the zip is checked when its last byte arrives.
 */
export function projectModelUploadKind(models: ProjectModelService): UploadKind {
  return {
    name: MODEL_UPLOAD_KIND,
    path: MODEL_UPLOAD_PATH,
    summary: 'Resumable model upload (tus 1.0)',
    tags: ['project-model'],
    permission: 'project:model:upload',
    metadata: modelUploadMetadataSchema,
    uploadIdFor: (metadata) => {
      const declared = metadata[MODEL_UPLOAD_METADATA.uploadId];
      return declared && isUploadId(declared) ? declared : newUploadId();
    },
    async begin(auth, upload) {
      // The platform has checked the metadata against `modelUploadMetadataSchema`.
      const projectId = Number(upload.metadata[MODEL_UPLOAD_METADATA.projectId]);
      await models.beginUpload(auth, {
        projectId,
        fileName: upload.metadata[MODEL_UPLOAD_METADATA.fileName] ?? upload.metadata.name ?? '',
        sizeBytes: upload.size,
        uploadId: upload.id,
        declared: upload.metadata[MODEL_UPLOAD_METADATA.uploadId] !== undefined,
        created: true,
      });
    },
    async authorize(auth, uploadId) {
      await models.authorizeUpload(auth, uploadId);
    },
    cancel: (auth, uploadId) => models.cancelUpload(auth, uploadId),
    async complete(auth, upload) {
      await models.completeUpload(auth, upload.id);
    },
    touch: (uploadId) => models.touchUpload(uploadId),
  };
}
