import { projectGroupCalls } from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { ProjectGroupService } from './project-group.service.js';

const tags = ['project-group'];

export function registerProjectGroupRoutes(router: Router, deps: { groups: ProjectGroupService }): void {
  const { groups } = deps;

  router.user({
    call: projectGroupCalls.list,
    summary: "The team's project groups, the default one first, with the projects the caller sees in each",
    tags,
    permission: 'project:view',
    handler: ({ auth, request }) => groups.list(auth, requestLanguage(request)),
  });

  router.user({
    call: projectGroupCalls.detail,
    summary: 'One project group with its project count',
    tags,
    permission: 'project:view',
    handler: ({ auth, params, request }) => groups.detail(auth, params.id, requestLanguage(request)),
  });

  router.user({
    call: projectGroupCalls.create,
    summary: 'Create a project group (name unique in the team)',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body, request }) => groups.create(auth, body, requestLanguage(request)),
  });

  router.user({
    call: projectGroupCalls.rename,
    summary: 'Rename a project group',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body }) => groups.rename(auth, body),
  });

  router.user({
    call: projectGroupCalls.remove,
    summary: 'Delete an empty project group; the default group stays',
    tags,
    permission: 'project:edit',
    handler: async ({ auth, params }) => {
      await groups.remove(auth, params.id);
      return null;
    },
  });
}
