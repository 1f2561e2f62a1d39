import { z } from 'zod';
import {
  createProjectBodySchema,
  idResultSchema,
  parsedLocationSchema,
  projectCoverSchema,
  projectDetailSchema,
  projectHandoverBodySchema,
  projectMapBodySchema,
  projectMapItemSchema,
  projectModeLineQuerySchema,
  projectPageBodySchema,
  projectPageSchema,
  projectRefSchema,
  updateProjectBodySchema,
} from '../schemas/project.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const projectCalls = {
  page: defineCall({
    method: 'POST',
    path: '/project/findPage',
    body: projectPageBodySchema,
    response: projectPageSchema,
  }),
  create: defineCall({ method: 'POST', path: '/project', body: createProjectBodySchema, response: idResultSchema }),
  update: defineCall({ method: 'PUT', path: '/project', body: updateProjectBodySchema, response: idResultSchema }),
  uploadCover: defineCall({ method: 'POST', path: '/project/cover', multipart: true, response: projectCoverSchema }),
  parseLocationFile: defineCall({
    method: 'POST',
    path: '/project/location/parse',
    multipart: true,
    response: parsedLocationSchema,
  }),
  listForMap: defineCall({
    method: 'POST',
    path: '/project/find/List/map',
    body: projectMapBodySchema,
    response: z.array(projectMapItemSchema),
  }),
  listByRoute: defineCall({
    method: 'GET',
    path: '/project/find/mode/line',
    query: projectModeLineQuerySchema,
    response: z.array(projectMapItemSchema),
  }),
  listRefs: defineCall({ method: 'POST', path: '/project/findTeamAll', response: z.array(projectRefSchema) }),
  handover: defineCall({
    method: 'POST',
    path: '/project/handover',
    body: projectHandoverBodySchema,
    response: idResultSchema,
  }),
  detail: defineCall({
    method: 'GET',
    path: '/project/{id}',
    params: idParams,
    response: projectDetailSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/project/{id}',
    params: idParams,
    response: z.null(),
  }),
};
