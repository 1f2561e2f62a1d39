import { inspectionImageEditCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { createImageEditService } from './inspection-image-edit.service.js';

const tags = ['inspection'];
const feature = 'inspection' as const;

export function registerImageEditRoutes(router: Router, edits: ReturnType<typeof createImageEditService>): void {
  router.user({
    call: inspectionImageEditCalls.update,
    summary: "Set a photo's screening status (0 not screened, 1 screened, 2 doubtful) or favourite flag",
    tags,
    permission: 'image:screen',
    feature,
    handler: ({ auth, body }) => edits.update(auth, body),
  });
  router.user({
    call: inspectionImageEditCalls.inspect,
    summary: 'Set the screening status of photos of one inspection (all or none)',
    tags,
    permission: 'image:screen',
    feature,
    handler: ({ auth, body }) => edits.inspect(auth, body),
  });
  router.user({
    call: inspectionImageEditCalls.updateImg,
    summary: 'Rename a photo (unique in its inspection), or change its category or image group',
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => edits.updateImg(auth, body),
  });
  router.user({
    call: inspectionImageEditCalls.updateImages,
    summary: 'Change the category or image group of photos of one inspection (all or none)',
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => edits.updateImages(auth, body),
  });
  router.user({
    call: inspectionImageEditCalls.removeByFile,
    summary: 'Delete a photo by its file id (the id of the upload that brought it)',
    tags,
    permission: 'image:upload',
    feature,
    handler: async ({ auth, params }) => {
      await edits.removeByFile(auth, params.fileId);
      return null;
    },
  });
}
