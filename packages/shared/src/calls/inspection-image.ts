import { z } from 'zod';
import {
  inspectionImageBatchDeleteBodySchema,
  inspectionImageDetailSchema,
  inspectionImageFindPageBodySchema,
  inspectionImagePageSchema,
  inspectionImagePyramidSchema,
  inspectionImageWithoutPoseBodySchema,
} from '../schemas/inspection-image.js';
import { inspectionPhotoViewSchema } from '../schemas/inspection-image-view.js';
import {
  poseAdjustBodySchema,
  poseChangeResultSchema,
  poseFindBodySchema,
  poseFindResultSchema,
  poseRestoreBodySchema,
} from '../schemas/inspection-image-pose.js';
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
  /** Every photo with a pose and its camera, for the 3D view's positions and frustums (no pagination). */
  findInspectionAllImages: defineCall({
    method: 'POST',
    path: '/inspection-image/findInspectionAllImages/{id}',
    params: idParams,
    response: inspectionPhotoViewSchema,
  }),
  /** The state of a photo's full-resolution pyramid, without starting it. */
  pyramid: defineCall({
    method: 'GET',
    path: '/inspection-image/{id}/pyramid',
    params: idParams,
    response: inspectionImagePyramidSchema,
  }),
  /** The viewer opens a photo: its pyramid is made unless it is ready or underway (again after a failure). */
  openPyramid: defineCall({
    method: 'POST',
    path: '/inspection-image/{id}/pyramid',
    params: idParams,
    response: inspectionImagePyramidSchema,
  }),
  /** SPEC section 4's pose methods: the photos' newest or default pose, and optionally one photo's every pose. */
  findPose: defineCall({
    method: 'POST',
    path: '/inspection-image/find/pose',
    body: poseFindBodySchema,
    response: poseFindResultSchema,
  }),
  /** Adjusts the pose of one photo (absolute) or of a batch (offset), all or nothing (SPEC section 2). */
  addPose: defineCall({
    method: 'POST',
    path: '/inspection-image/pose/add',
    body: poseAdjustBodySchema,
    response: poseChangeResultSchema,
  }),
  /** Restores the initial (metadata) pose of photos; one without it goes back to "images without pose". */
  restorePose: defineCall({
    method: 'POST',
    path: '/inspection-image/pose/restore',
    body: poseRestoreBodySchema,
    response: poseChangeResultSchema,
  }),
};
