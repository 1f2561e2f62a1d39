import { z } from 'zod';
import {
  enableProjectTypeBodySchema,
  idResultSchema,
  projectTypeListBodySchema,
  projectTypeSchema,
  saveProjectTypeBodySchema,
} from '../schemas/project.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const projectTypeCalls = {
  list: defineCall({
    method: 'POST',
    path: '/project-type/findTeam',
    body: projectTypeListBodySchema,
    response: z.array(projectTypeSchema),
  }),
  save: defineCall({
    method: 'POST',
    path: '/project-type',
    body: saveProjectTypeBodySchema,
    response: idResultSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/project-type/{id}',
    params: idParams,
    response: z.null(),
  }),
  setEnabled: defineCall({
    method: 'POST',
    path: '/project-type/isEnable',
    body: enableProjectTypeBodySchema,
    response: z.null(),
  }),
};
