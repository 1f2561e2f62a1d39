import { z } from 'zod';
import {
  enableProjectTypeBodySchema,
  idResultSchema,
  projectTypeListBodySchema,
  projectTypeSchema,
  saveProjectTypeBodySchema,
} from '../schemas/project.js';
import { idParam } from '../schemas/fields.js';
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
    params: z.object({ id: idParam }),
    response: z.null(),
  }),
  setEnabled: defineCall({
    method: 'POST',
    path: '/project-type/isEnable',
    body: enableProjectTypeBodySchema,
    response: z.null(),
  }),
};
