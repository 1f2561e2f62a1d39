import { z } from 'zod';
import { idResultSchema, projectIdQuerySchema } from '../schemas/project.js';
import {
  createDefectFieldBodySchema,
  defectFieldImportResultSchema,
  defectFieldSchema,
  updateDefectFieldBodySchema,
} from '../schemas/defect-config.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const defectFieldCalls = {
  list: defineCall({
    method: 'GET',
    path: '/disease-field/list',
    query: projectIdQuerySchema,
    response: z.array(defectFieldSchema),
  }),
  create: defineCall({
    method: 'POST',
    path: '/disease-field',
    body: createDefectFieldBodySchema,
    response: idResultSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/disease-field',
    body: updateDefectFieldBodySchema,
    response: idResultSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/disease-field/{id}',
    params: idParams,
    response: z.null(),
  }),
  importFile: defineCall({
    method: 'POST',
    path: '/disease-field/import',
    query: projectIdQuerySchema,
    multipart: true,
    response: defectFieldImportResultSchema,
  }),
};
