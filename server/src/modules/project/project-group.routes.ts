import { z } from 'zod';
import {
  createProjectGroupBodySchema,
  idParam,
  idResultSchema,
  projectGroupSchema,
  updateProjectGroupBodySchema,
} from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { ProjectGroupService } from './project-group.service.js';

const tags = ['project-group'];
const idParams = z.object({ id: idParam });

export function registerProjectGroupRoutes(router: Router, deps: { groups: ProjectGroupService }): void {
  const { groups } = deps;

  router.user({
    method: 'GET',
    url: '/api/project-group/find/project/group',
    summary: "The team's project groups, the default one first, with the projects the caller sees in each",
    tags,
    permission: 'project:view',
    response: z.array(projectGroupSchema),
    handler: ({ auth, request }) => groups.list(auth, requestLanguage(request)),
  });

  router.user({
    method: 'GET',
    url: '/api/project-group/find/project/group/:id',
    summary: 'One project group with its project count',
    tags,
    permission: 'project:view',
    params: idParams,
    response: projectGroupSchema,
    handler: ({ auth, params, request }) => groups.detail(auth, params.id, requestLanguage(request)),
  });

  router.user({
    method: 'POST',
    url: '/api/project-group',
    summary: 'Create a project group (name unique in the team)',
    tags,
    permission: 'project:edit',
    body: createProjectGroupBodySchema,
    response: idResultSchema,
    handler: ({ auth, body, request }) => groups.create(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'PUT',
    url: '/api/project-group',
    summary: 'Rename a project group',
    tags,
    permission: 'project:edit',
    body: updateProjectGroupBodySchema,
    response: idResultSchema,
    handler: ({ auth, body }) => groups.rename(auth, body),
  });

  router.user({
    method: 'DELETE',
    url: '/api/project-group/:id',
    summary: 'Delete an empty project group; the default group stays',
    tags,
    permission: 'project:edit',
    params: idParams,
    response: z.null(),
    handler: async ({ auth, params }) => {
      await groups.remove(auth, params.id);
      return null;
    },
  });
}
