import { z } from 'zod';
import {
  inspectionImageFileIdParamsSchema,
  inspectionImageInspectBodySchema,
  inspectionImagesChangedSchema,
  inspectionImagesUpdateBodySchema,
  inspectionImageUpdateBodySchema,
  inspectionImageUpdateImgBodySchema,
} from '../schemas/inspection-image-edit.js';
import { inspectionImageSchema } from '../schemas/inspection-image.js';
import { defineCall } from './define.js';

/** Changes to photos already in an inspection (SPEC section 7, "Inspections and images"). */
export const inspectionImageEditCalls = {
  update: defineCall({
    method: 'PUT',
    path: '/inspection-image',
    body: inspectionImageUpdateBodySchema,
    response: inspectionImageSchema,
  }),
  inspect: defineCall({
    method: 'POST',
    path: '/inspection-image/inspect-img',
    body: inspectionImageInspectBodySchema,
    response: inspectionImagesChangedSchema,
  }),
  updateImg: defineCall({
    method: 'POST',
    path: '/inspection-image/update/img',
    body: inspectionImageUpdateImgBodySchema,
    response: inspectionImageSchema,
  }),
  updateImages: defineCall({
    method: 'POST',
    path: '/inspection-image/update/images',
    body: inspectionImagesUpdateBodySchema,
    response: inspectionImagesChangedSchema,
  }),
  removeByFile: defineCall({
    method: 'DELETE',
    path: '/inspection-image/file/{fileId}',
    params: inspectionImageFileIdParamsSchema,
    response: z.null(),
  }),
};
