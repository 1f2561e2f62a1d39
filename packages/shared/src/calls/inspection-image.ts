import { z } from 'zod';
import {
  inspectionImageBatchDeleteBodySchema,
  inspectionImageDetailSchema,
  inspectionImageFindPageBodySchema,
  inspectionImagePageSchema,
  inspectionImageWithoutPoseBodySchema,
} from '../schemas/inspection-image.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

/**
 * An inspection's photos (SPEC section 7, "Inspections and images"). Photos arrive over tus
 * (INSPECTION_IMAGE_UPLOAD_PATH) and their bytes are served by file routes; these are the enveloped calls.
 */
export const inspectionImageCalls = {
  findPage: defineCall({
    method: 'POST',
    path: '/inspection-image/findPage',
    body: inspectionImageFindPageBodySchema,
    response: inspectionImagePageSchema,
  }),
  /** "Images without pose" (SPEC section 2): photos whose processing ended without a pose, with the reason. */
  withoutPosePage: defineCall({
    method: 'POST',
    path: '/inspection-image/page/img',
    body: inspectionImageWithoutPoseBodySchema,
    response: inspectionImagePageSchema,
  }),
  get: defineCall({
    method: 'GET',
    path: '/inspection-image/{id}',
    params: idParams,
    response: inspectionImageDetailSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/inspection-image/{id}',
    params: idParams,
    response: z.null(),
  }),
  removeBatch: defineCall({
    method: 'DELETE',
    path: '/inspection-image/batch',
    body: inspectionImageBatchDeleteBodySchema,
    response: z.object({ deleted: z.number().int() }),
  }),
};
