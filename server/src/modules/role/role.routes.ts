import { roleCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { RoleService } from './role.service.js';

const tags = ['role'];

export function registerRoleRoutes(router: Router, deps: { roles: RoleService }): void {
  const { roles } = deps;

  router.user({
    call: roleCalls.list,
    summary: 'Every role code with its i18n name key and group (team, corporate, school)',
    tags,
    handler: async () => roles.list(),
  });

  router.user({
    call: roleCalls.teamRoles,
    summary: 'The four team roles',
    tags,
    handler: async () => roles.teamRoles(),
  });

  router.user({
    call: roleCalls.teamRoleCounts,
    summary: "The team roles with the number of members holding each in the caller's current team",
    tags,
    permission: 'team:member:view',
    handler: ({ auth }) => roles.teamRoleCounts(auth),
  });
}
