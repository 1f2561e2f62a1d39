import { CAMERA_PARAM_IMPORT_MAX_BYTES, inspectionCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { readUploadedFile } from '../../platform/http/uploaded-file.js';
import type { InspectionService } from './inspection.service.js';

const tags = ['inspection'];
/** Every inspection call needs the team's inspection function package (SPEC section 3). */
const feature = 'inspection' as const;

export function registerInspectionRoutes(router: Router, deps: { inspections: InspectionService }): void {
  const { inspections } = deps;

  router.user({
    call: inspectionCalls.create,
    summary: 'Create an inspection of a project, with its image groups',
    tags,
    permission: 'inspection:create',
    feature,
    handler: ({ auth, body }) => inspections.create(auth, body),
  });
  router.user({
    call: inspectionCalls.update,
    summary: "Edit an inspection's name, description, previous inspection and date",
    tags,
    permission: 'inspection:edit',
    feature,
    handler: ({ auth, body }) => inspections.update(auth, body),
  });
  router.user({
    call: inspectionCalls.list,
    summary: "A page of a project's inspections, latest inspection date first",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => inspections.list(auth, query),
  });
  router.user({
    call: inspectionCalls.get,
    summary: 'An inspection with its image groups',
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => inspections.get(auth, query.id),
  });
  router.user({
    call: inspectionCalls.info,
    summary: "An inspection's detail header: the inspection, its groups, its project's name and its states",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => inspections.info(auth, query.id),
  });
  router.user({
    call: inspectionCalls.remove,
    summary: 'Delete an inspection to the recycle bin (restorable there)',
    tags,
    permission: 'inspection:delete',
    feature,
    handler: ({ auth, query }) => inspections.remove(auth, query.id),
  });
  router.user({
    call: inspectionCalls.previousCandidates,
    summary: 'Inspections of the project that may be chosen as the previous inspection (of inspection `id`)',
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => inspections.previousCandidates(auth, query),
  });
  router.user({
    call: inspectionCalls.isRecycled,
    summary: 'Whether the inspection is in the recycle bin, itself or with its project',
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, params }) => inspections.isRecycled(auth, params.id),
  });
  router.user({
    call: inspectionCalls.addImageGroup,
    summary: 'Add an image group (name unique in the inspection, camera from the list, photo distance in metres)',
    tags,
    permission: 'inspection:edit',
    feature,
    handler: ({ auth, body }) => inspections.addImageGroup(auth, body),
  });
  router.user({
    call: inspectionCalls.updateImageGroup,
    summary: 'Edit an image group',
    tags,
    permission: 'inspection:edit',
    feature,
    handler: ({ auth, params, body }) => inspections.updateImageGroup(auth, params.id, body),
  });
  router.user({
    call: inspectionCalls.removeImageGroup,
    summary: 'Delete an image group that holds no images',
    tags,
    permission: 'inspection:edit',
    feature,
    handler: ({ auth, params }) => inspections.removeImageGroup(auth, params.id),
  });
  router.user({
    call: inspectionCalls.imageGroupTree,
    summary: "The inspection's image groups, each with its image categories",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, query }) => inspections.imageGroupTree(auth, query.inspectionId),
  });
  router.user({
    call: inspectionCalls.cameraParams,
    summary: "The team's camera parameters",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth }) => inspections.cameraParams(auth),
  });
  router.user({
    call: inspectionCalls.importCameraParams,
    summary:
      'Import camera parameters (multipart part `file`): JSON [{model, sensorWidthMm, sensorHeightMm, focalLengthMm, imageWidthPx, imageHeightPx}] or CSV with that header; a listed model takes the new values',
    tags,
    permission: 'inspection:edit',
    feature,
    handler: async ({ auth, request }) =>
      inspections.importCameraParams(auth, await readUploadedFile(request, CAMERA_PARAM_IMPORT_MAX_BYTES)),
  });
}
