import { z } from 'zod';
import {
  createProjectGroupBodySchema,
  idResultSchema,
  projectGroupSchema,
  updateProjectGroupBodySchema,
} from '../schemas/project.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const projectGroupCalls = {
  list: defineCall({ method: 'GET', path: '/project-group/find/project/group', response: z.array(projectGroupSchema) }),
  detail: defineCall({
    method: 'GET',
    path: '/project-group/find/project/group/{id}',
    params: idParams,
    response: projectGroupSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/project-group',
    body: createProjectGroupBodySchema,
    response: idResultSchema,
  }),
  rename: defineCall({
    method: 'PUT',
    path: '/project-group',
    body: updateProjectGroupBodySchema,
    response: idResultSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/project-group/{id}',
    params: idParams,
    response: z.null(),
  }),
};
