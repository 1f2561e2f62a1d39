import { z } from 'zod';
import {
  cameraParamImportResultSchema,
  cameraParamSchema,
  imageGroupCreateBodySchema,
  imageGroupSchema,
  imageGroupTreeQuerySchema,
  imageGroupTreeSchema,
  imageGroupUpdateBodySchema,
  inspectionCreateBodySchema,
  inspectionDetailSchema,
  inspectionIdQuerySchema,
  inspectionInfoSchema,
  inspectionListQuerySchema,
  inspectionPageSchema,
  inspectionRecycleStateSchema,
  inspectionUpdateBodySchema,
  previousInspectionCandidateSchema,
  previousInspectionQuerySchema,
} from '../schemas/inspection.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

/** Inspections, their image groups and the team's camera parameters (SPEC section 7, "Inspections and images"). */
export const inspectionCalls = {
  create: defineCall({
    method: 'POST',
    path: '/inspection-task/add',
    body: inspectionCreateBodySchema,
    response: inspectionDetailSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/inspection-task',
    body: inspectionUpdateBodySchema,
    response: inspectionDetailSchema,
  }),
  list: defineCall({
    method: 'GET',
    path: '/inspection-task/list',
    query: inspectionListQuerySchema,
    response: inspectionPageSchema,
  }),
  get: defineCall({
    method: 'GET',
    path: '/inspection-task',
    query: inspectionIdQuerySchema,
    response: inspectionDetailSchema,
  }),
  info: defineCall({
    method: 'GET',
    path: '/inspection-task/info',
    query: inspectionIdQuerySchema,
    response: inspectionInfoSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/inspection-task',
    query: inspectionIdQuerySchema,
    response: z.null(),
  }),
  previousCandidates: defineCall({
    method: 'GET',
    path: '/inspection-task/find/old/inspection',
    query: previousInspectionQuerySchema,
    response: z.array(previousInspectionCandidateSchema),
  }),
  isRecycled: defineCall({
    method: 'GET',
    path: '/inspection-task/isRecycle/{id}',
    params: idParams,
    response: inspectionRecycleStateSchema,
  }),
  addImageGroup: defineCall({
    method: 'POST',
    path: '/inspection-image-group',
    body: imageGroupCreateBodySchema,
    response: imageGroupSchema,
  }),
  updateImageGroup: defineCall({
    method: 'PUT',
    path: '/inspection-image-group/{id}',
    params: idParams,
    body: imageGroupUpdateBodySchema,
    response: imageGroupSchema,
  }),
  removeImageGroup: defineCall({
    method: 'DELETE',
    path: '/inspection-image-group/{id}',
    params: idParams,
    response: z.null(),
  }),
  imageGroupTree: defineCall({
    method: 'GET',
    path: '/inspection-image-group/tree',
    query: imageGroupTreeQuerySchema,
    response: imageGroupTreeSchema,
  }),
  cameraParams: defineCall({
    method: 'GET',
    path: '/camera-param/list',
    response: z.array(cameraParamSchema),
  }),
  importCameraParams: defineCall({
    method: 'POST',
    path: '/camera-param/import',
    multipart: true,
    response: cameraParamImportResultSchema,
  }),
};
