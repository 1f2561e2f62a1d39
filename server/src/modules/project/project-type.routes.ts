import { projectTypeCalls } from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { ProjectTypeService } from './project-type.service.js';

const tags = ['project-type'];

export function registerProjectTypeRoutes(router: Router, deps: { types: ProjectTypeService }): void {
  const { types } = deps;

  router.user({
    call: projectTypeCalls.list,
    summary: "The built-in project types and the team's own, with the team's enabled state",
    tags,
    permission: 'project:view',
    handler: ({ auth, body, request }) => types.list(auth, body, requestLanguage(request)),
  });

  router.user({
    call: projectTypeCalls.save,
    summary: 'Create a team project type, or update one when id is given',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body }) => types.save(auth, body),
  });

  router.user({
    call: projectTypeCalls.remove,
    summary: 'Delete a team project type that no project uses',
    tags,
    permission: 'project:edit',
    handler: async ({ auth, params }) => {
      await types.remove(auth, params.id);
      return null;
    },
  });

  router.user({
    call: projectTypeCalls.setEnabled,
    summary: 'Enable or disable a project type for the team',
    tags,
    permission: 'project:edit',
    handler: async ({ auth, body }) => {
      await types.setEnabled(auth, body);
      return null;
    },
  });
}
