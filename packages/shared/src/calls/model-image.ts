import { z } from 'zod';
import {
  highPrecisionImportSchema,
  highPrecisionInitQuerySchema,
  highPrecisionInspectionBodySchema,
  highPrecisionInspectionQuerySchema,
  pointCloudInitQuerySchema,
  pointCloudProjectQuerySchema,
  pointCloudSchema,
} from '../schemas/model-image.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

/**
 * The high-precision transform (SPEC section 7, `/model-image/*`): find, init (the pose export XML), upload (start
 * the computation once the folder's photos are in), cancel, delete; and the point cloud (.pcd over tus at
 * POINT_CLOUD_UPLOAD_PATH, with its .xml sent first by `pcdInit`).
 */
export const modelImageCalls = {
  find: defineCall({
    method: 'GET',
    path: '/model-image/find',
    query: highPrecisionInspectionQuerySchema,
    response: highPrecisionImportSchema.nullable(),
  }),
  /** Multipart: `imageNames` (JSON array of the folder's image names; the inspection's photos without it), `file`. */
  init: defineCall({
    method: 'POST',
    path: '/model-image/init',
    query: highPrecisionInitQuerySchema,
    multipart: true,
    response: highPrecisionImportSchema,
  }),
  upload: defineCall({
    method: 'POST',
    path: '/model-image/upload',
    body: highPrecisionInspectionBodySchema,
    response: highPrecisionImportSchema,
  }),
  cancel: defineCall({
    method: 'POST',
    path: '/model-image/cancel',
    body: highPrecisionInspectionBodySchema,
    response: highPrecisionImportSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/model-image/{id}',
    params: idParams,
    response: z.object({ restoredImages: z.number().int() }),
  }),
  pcdFind: defineCall({
    method: 'GET',
    path: '/model-image/pcd/find',
    query: pointCloudProjectQuerySchema,
    response: pointCloudSchema.nullable(),
  }),
  /** Multipart `file`: the point cloud's .xml; answers the point cloud the .pcd upload then names. */
  pcdInit: defineCall({
    method: 'POST',
    path: '/model-image/pcd/init',
    query: pointCloudInitQuerySchema,
    multipart: true,
    response: pointCloudSchema,
  }),
  pcdRemove: defineCall({
    method: 'DELETE',
    path: '/model-image/pcd/{id}',
    params: idParams,
    response: z.null(),
  }),
};
