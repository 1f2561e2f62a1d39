import { z } from 'zod';
import {
  enableProjectTypeBodySchema,
  idParam,
  idResultSchema,
  projectTypeListBodySchema,
  projectTypeSchema,
  saveProjectTypeBodySchema,
} from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { ProjectTypeService } from './project-type.service.js';

const tags = ['project-type'];

export function registerProjectTypeRoutes(router: Router, deps: { types: ProjectTypeService }): void {
  const { types } = deps;

  router.user({
    method: 'POST',
    url: '/api/project-type/findTeam',
    summary: "The built-in project types and the team's own, with the team's enabled state",
    tags,
    permission: 'project:view',
    body: projectTypeListBodySchema,
    response: z.array(projectTypeSchema),
    handler: ({ auth, body, request }) => types.list(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'POST',
    url: '/api/project-type',
    summary: 'Create a team project type, or update one when id is given',
    tags,
    permission: 'project:edit',
    body: saveProjectTypeBodySchema,
    response: idResultSchema,
    handler: ({ auth, body }) => types.save(auth, body),
  });

  router.user({
    method: 'DELETE',
    url: '/api/project-type/:id',
    summary: 'Delete a team project type that no project uses',
    tags,
    permission: 'project:edit',
    params: z.object({ id: idParam }),
    response: z.null(),
    handler: async ({ auth, params }) => {
      await types.remove(auth, params.id);
      return null;
    },
  });

  router.user({
    method: 'POST',
    url: '/api/project-type/isEnable',
    summary: 'Enable or disable a project type for the team',
    tags,
    permission: 'project:edit',
    body: enableProjectTypeBodySchema,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await types.setEnabled(auth, body);
      return null;
    },
  });
}
