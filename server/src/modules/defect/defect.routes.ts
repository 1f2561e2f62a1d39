import { defectCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { DefectService } from './defect.service.js';

const tags = ['defect'];
/** Defects are marked on the drone inspection's photos: the team's inspection function package (SPEC section 3). */
const feature = 'inspection' as const;

export function registerDefectRoutes(router: Router, deps: { defects: DefectService }): void {
  const { defects } = deps;
  const calls = defectCalls;

  router.user({
    call: calls.create,
    summary:
      'Mark a defect on a photo: a polyline (crack) or a polygon or rectangle (area) in pixels, measured from the photo camera and placed on the model',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => defects.create(auth, body),
  });
  router.user({
    call: calls.update,
    summary:
      'Edit a defect: type, level, description, fields, component, shape (measured again) and the sizes typed over the computed ones',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => defects.update(auth, body),
  });
  router.user({
    call: calls.get,
    summary: 'One defect',
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, params }) => defects.get(auth, params.id),
  });
  router.user({
    call: calls.remove,
    summary: 'Delete a defect',
    tags,
    permission: 'defect:edit',
    feature,
    handler: async ({ auth, params }) => {
      await defects.remove(auth, [params.id]);
      return null;
    },
  });
  router.user({
    call: calls.removeMany,
    summary: 'Delete up to 1000 defects',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => defects.remove(auth, body.ids),
  });
  router.user({
    call: calls.page,
    summary:
      "A page of an inspection's defects, newest first, by photo, type, level, component, star and source; the damage filter range hides defects outside it and says how many",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => defects.page(auth, body),
  });
  router.user({
    call: calls.details,
    summary: "A defect with its type's name and colour and its component's name",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, params }) => defects.details(auth, params.id),
  });
  router.user({
    call: calls.list,
    summary: "An inspection's defects with the page's filters, unpaged (at most 10,000)",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => defects.list(auth, body),
  });
  router.user({
    call: calls.ofImage,
    summary: 'Every defect drawn on a photo',
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => defects.ofImages(auth, [body.imageId]),
  });
  router.user({
    call: calls.ofImages,
    summary: 'Every defect drawn on these photos',
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => defects.ofImages(auth, body.imageIds),
  });
  router.user({
    call: calls.updateMany,
    summary: 'Change the type, level or description of up to 1000 defects',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => defects.updateMany(auth, body),
  });
  router.user({
    call: calls.star,
    summary: 'Star defects',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => defects.setStar(auth, body.ids, true),
  });
  router.user({
    call: calls.unstar,
    summary: 'Remove the star of defects',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => defects.setStar(auth, body.ids, false),
  });
}
