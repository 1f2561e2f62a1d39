import { z } from 'zod';
import { roleItemSchema, teamRoleCountSchema } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { RoleService } from './role.service.js';

const tags = ['role'];

export function registerRoleRoutes(router: Router, deps: { roles: RoleService }): void {
  const { roles } = deps;

  router.user({
    method: 'GET',
    url: '/api/role/list',
    summary: 'Every role code with its i18n name key and group (team, corporate, school)',
    tags,
    response: z.array(roleItemSchema),
    handler: async () => roles.list(),
  });

  router.user({
    method: 'GET',
    url: '/api/role/list/team',
    summary: 'The four team roles',
    tags,
    response: z.array(roleItemSchema),
    handler: async () => roles.teamRoles(),
  });

  router.user({
    method: 'GET',
    url: '/api/role/list/team-all',
    summary: "The team roles with the number of members holding each in the caller's current team",
    tags,
    permission: 'team:member:view',
    response: z.array(teamRoleCountSchema),
    handler: ({ auth }) => roles.teamRoleCounts(auth),
  });
}
