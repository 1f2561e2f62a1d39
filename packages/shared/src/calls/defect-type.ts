import { z } from 'zod';
import {
  addDefectTypesBodySchema,
  createDefectTypeBodySchema,
  defectTypeFilterBodySchema,
  defectTypeListQuerySchema,
  defectTypePageQuerySchema,
  defectTypePageSchema,
  defectTypeSchema,
  projectDefectTypesBodySchema,
  updateDefectTypeBodySchema,
} from '../schemas/defect-config.js';
import { idResultSchema } from '../schemas/project.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const defectTypeCalls = {
  list: defineCall({
    method: 'GET',
    path: '/disease-type/list',
    query: defectTypeListQuerySchema,
    response: z.array(defectTypeSchema),
  }),
  listFiltered: defineCall({
    method: 'POST',
    path: '/disease-type/list/type',
    body: defectTypeFilterBodySchema,
    response: z.array(defectTypeSchema),
  }),
  page: defineCall({
    method: 'GET',
    path: '/disease-type/page',
    query: defectTypePageQuerySchema,
    response: defectTypePageSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/disease-type',
    body: createDefectTypeBodySchema,
    response: idResultSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/disease-type',
    body: updateDefectTypeBodySchema,
    response: idResultSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/disease-type/{id}',
    params: idParams,
    response: z.null(),
  }),
  createMany: defineCall({
    method: 'POST',
    path: '/disease-type/adds',
    body: addDefectTypesBodySchema,
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  listForAdding: defineCall({
    method: 'POST',
    path: '/disease-type/findProjectDiseaseTypeList',
    body: projectDefectTypesBodySchema,
    response: z.array(defectTypeSchema),
  }),
};
