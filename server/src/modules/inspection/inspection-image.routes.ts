import { z } from 'zod';
import { INSPECTION_IMAGE_VARIANTS, idParam, inspectionImageCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { InspectionImageService } from './inspection-image.service.js';

const tags = ['inspection'];
/** Every photo call needs the team's inspection function package (SPEC section 3). */
const feature = 'inspection' as const;

/** A tile of a photo's pyramid, as OpenSeadragon names Deep Zoom tiles: `<level>/<column>_<row>.jpeg`. */
const tileParamsSchema = z.object({
  inspectionId: idParam,
  imageId: idParam,
  level: z.coerce
    .number({ error: 'invalidValue' })
    .int({ error: 'invalidValue' })
    .min(0)
    .max(32, { error: 'invalidValue' }),
  tile: z.string().regex(/^\d{1,6}_\d{1,6}\.jpeg$/, { error: 'invalidValue' }),
});

const fileParamsSchema = z.object({
  inspectionId: idParam,
  imageId: idParam,
  variant: z.enum(INSPECTION_IMAGE_VARIANTS),
});

export function registerInspectionImageRoutes(router: Router, deps: { images: InspectionImageService }): void {
  const { images } = deps;

  router.user({
    call: inspectionImageCalls.findPage,
    summary: "A page of an inspection's photos, in upload order, filtered by group, category, pose and screening",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => images.findPage(auth, body),
  });
  router.user({
    call: inspectionImageCalls.withoutPosePage,
    summary: "A page of an inspection's images without pose (and failed photos), each with its reason",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, body }) => images.findPage(auth, { ...body, hasPose: false }),
  });
  router.user({
    call: inspectionImageCalls.get,
    summary: 'A photo with its pose and EXIF/XMP metadata',
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, params }) => images.get(auth, params.id),
  });
  router.user({
    call: inspectionImageCalls.remove,
    summary: 'Delete a photo: its thumbnails, its bytes and its counted storage',
    tags,
    permission: 'image:upload',
    feature,
    handler: async ({ auth, params }) => {
      await images.remove(auth, [params.id]);
      return null;
    },
  });
  router.user({
    call: inspectionImageCalls.removeBatch,
    summary: 'Delete photos (all or none)',
    tags,
    permission: 'image:upload',
    feature,
    handler: ({ auth, body }) => images.remove(auth, body.ids),
  });
  router.file({
    url: '/api/inspection-image/files/:inspectionId/:imageId/:variant',
    summary: "A photo's thumbnail, screen-size preview or original",
    tags,
    permission: 'inspection:view',
    feature,
    params: fileParamsSchema,
    handler: ({ auth, params }) => images.imageFile(auth, params),
  });

  router.user({
    call: inspectionImageCalls.pyramid,
    summary: "The state of a photo's full-resolution tile pyramid (none, making, ready or failed)",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, params }) => images.pyramid(auth, params.id),
  });

  router.user({
    call: inspectionImageCalls.openPyramid,
    summary: "The viewer opens a photo: its tile pyramid is made once, in the background; answers the pyramid's state",
    tags,
    permission: 'inspection:view',
    feature,
    handler: ({ auth, params }) => images.openPyramid(auth, params.id),
  });

  router.file({
    url: '/api/inspection-image/tiles/:inspectionId/:imageId/:level/:tile',
    summary: "A tile of a photo's pyramid (Deep Zoom); a signed link to the photo's folder opens its tiles only",
    tags,
    permission: 'inspection:view',
    feature,
    params: tileParamsSchema,
    handler: ({ auth, params }) => images.pyramidTile(auth, params),
  });
}
