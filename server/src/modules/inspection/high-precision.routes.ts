import { POSE_EXPORT_MAX_BYTES, POINT_CLOUD_XML_MAX_BYTES, modelImageCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { readXmlForm } from './high-precision.multipart.js';
import type { HighPrecisionService } from './high-precision.service.js';

const tags = ['inspection'];
/** SPEC section 3's "high-precision conversion" function package gates every call. */
const feature = 'high_precision' as const;

export function registerHighPrecisionRoutes(router: Router, deps: { highPrecision: HighPrecisionService }): void {
  const { highPrecision } = deps;

  router.user({
    call: modelImageCalls.find,
    summary: "The inspection's high-precision import with its computation state and progress (null without one)",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => highPrecision.find(auth, query.inspectionId),
  });
  router.user({
    call: modelImageCalls.init,
    summary:
      'Import a pose export (multipart: `imageNames` JSON array of the folder’s images, then `file`, a Metashape cameras XML or BlocksExchange) matched to the images by name',
    tags,
    permission: 'image:upload',
    feature,
    handler: async ({ auth, query, request }) =>
      highPrecision.init(auth, query, await readXmlForm(request, POSE_EXPORT_MAX_BYTES)),
  });
  router.user({
    call: modelImageCalls.upload,
    summary: "The folder's photos are uploaded: queue the computation of their poses",
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => highPrecision.start(auth, body.inspectionId),
  });
  router.user({
    call: modelImageCalls.cancel,
    summary: 'Cancel a queued or running computation (through canceling, back to pending)',
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => highPrecision.cancel(auth, body.inspectionId),
  });
  router.user({
    call: modelImageCalls.remove,
    summary: 'Delete the import: its poses are taken back and each photo gets its newest other pose',
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, params }) => highPrecision.remove(auth, params.id),
  });
  router.user({
    call: modelImageCalls.pcdFind,
    summary: "The project's point cloud (null without one)",
    tags,
    permission: 'project:view',
    feature,
    handler: ({ auth, query }) => highPrecision.findPointCloud(auth, query.projectId),
  });
  router.user({
    call: modelImageCalls.pcdInit,
    summary: "A point cloud's .xml (multipart `file`, ContextCapture ModelMetadata); its .pcd then goes over tus",
    tags,
    permission: 'image:upload',
    feature,
    handler: async ({ auth, query, request }) =>
      highPrecision.initPointCloud(auth, query.projectId, await readXmlForm(request, POINT_CLOUD_XML_MAX_BYTES)),
  });
  router.user({
    call: modelImageCalls.pcdRemove,
    summary: 'Delete the point cloud (its .pcd, .xml and counted storage)',
    tags,
    permission: 'image:upload',
    feature,
    handler: async ({ auth, params }) => {
      await highPrecision.removePointCloud(auth, params.id);
      return null;
    },
  });
}
