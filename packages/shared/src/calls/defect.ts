import { z } from 'zod';
import {
  createDefectBodySchema,
  defectBatchUpdateBodySchema,
  defectCountSchema,
  defectDetailsSchema,
  defectFilterSchema,
  defectIdParamsSchema,
  defectIdsBodySchema,
  defectImageBodySchema,
  defectImagesBodySchema,
  defectListSchema,
  defectPageBodySchema,
  defectPageSchema,
  defectSchema,
  updateDefectBodySchema,
} from '../schemas/defect.js';
import { defineCall } from './define.js';

const defects = z.array(defectSchema);

/**
 * The core defect calls (SPEC section 7, "Defects", /inspection-disease). The SPEC names page, details, list,
 * update, star and star-cancel without their paths: they are `/inspection-disease/<name>` (docs/api.md).
 */
export const defectCalls = {
  create: defineCall({
    method: 'POST',
    path: '/inspection-disease',
    body: createDefectBodySchema,
    response: defectSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/inspection-disease',
    body: updateDefectBodySchema,
    response: defectSchema,
  }),
  get: defineCall({
    method: 'GET',
    path: '/inspection-disease/{id}',
    params: defectIdParamsSchema,
    response: defectSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/inspection-disease/{id}',
    params: defectIdParamsSchema,
    response: z.null(),
  }),
  removeMany: defineCall({
    method: 'DELETE',
    path: '/inspection-disease/deleteIds',
    body: defectIdsBodySchema,
    response: defectCountSchema,
  }),
  page: defineCall({
    method: 'POST',
    path: '/inspection-disease/page',
    body: defectPageBodySchema,
    response: defectPageSchema,
  }),
  details: defineCall({
    method: 'GET',
    path: '/inspection-disease/details/{id}',
    params: defectIdParamsSchema,
    response: defectDetailsSchema,
  }),
  list: defineCall({
    method: 'POST',
    path: '/inspection-disease/list',
    body: defectFilterSchema,
    response: defectListSchema,
  }),
  ofImage: defineCall({
    method: 'POST',
    path: '/inspection-disease/list/img',
    body: defectImageBodySchema,
    response: defects,
  }),
  ofImages: defineCall({
    method: 'POST',
    path: '/inspection-disease/list/imgS',
    body: defectImagesBodySchema,
    response: defects,
  }),
  updateMany: defineCall({
    method: 'PUT',
    path: '/inspection-disease/update',
    body: defectBatchUpdateBodySchema,
    response: defectCountSchema,
  }),
  star: defineCall({
    method: 'PUT',
    path: '/inspection-disease/star',
    body: defectIdsBodySchema,
    response: defectCountSchema,
  }),
  unstar: defineCall({
    method: 'PUT',
    path: '/inspection-disease/star-cancel',
    body: defectIdsBodySchema,
    response: defectCountSchema,
  }),
};
