import { z } from 'zod';
import {
  addProjectCustomsBodySchema,
  deleteProjectCustomsBodySchema,
  findAllCustomBodySchema,
  idResultSchema,
  projectCustomSchema,
  projectIdBodySchema,
  reportPositionSchema,
  saveReportPositionBodySchema,
  updateProjectCustomBodySchema,
} from '../schemas/project.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const projectCustomCalls = {
  findAll: defineCall({
    method: 'POST',
    path: '/project-custom/findAllCustom',
    body: findAllCustomBodySchema,
    response: z.array(projectCustomSchema),
  }),
  findForProject: defineCall({
    method: 'POST',
    path: '/project-custom/findProjectCustomList',
    body: projectIdBodySchema,
    response: z.array(projectCustomSchema),
  }),
  update: defineCall({
    method: 'PUT',
    path: '/project-custom',
    body: updateProjectCustomBodySchema,
    response: idResultSchema,
  }),
  add: defineCall({
    method: 'POST',
    path: '/project-custom/adds',
    body: addProjectCustomsBodySchema,
    response: z.object({ ids: z.array(z.number().int()) }),
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/project-custom/delete',
    body: deleteProjectCustomsBodySchema,
    response: z.null(),
  }),
  reportPosition: defineCall({
    method: 'GET',
    path: '/project-report-position/{id}',
    params: idParams,
    response: reportPositionSchema.nullable(),
  }),
  saveReportPosition: defineCall({
    method: 'POST',
    path: '/project-report-position',
    body: saveReportPositionBodySchema,
    response: z.null(),
  }),
};
