import { routerResponseSchema, teamIdParamsSchema } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { RoleMenuService } from './role-menu.service.js';

const tags = ['role-menu'];

export function registerRoleMenuRoutes(router: Router, deps: { roleMenus: RoleMenuService }): void {
  const { roleMenus } = deps;

  router.user({
    method: 'GET',
    url: '/api/role-menu/router',
    summary: "Menus and button keys for the caller's role in the current team",
    tags,
    response: routerResponseSchema,
    handler: async ({ auth }) => roleMenus.currentRouter(auth),
  });

  router.user({
    method: 'GET',
    url: '/api/role-menu/router/team/:teamId',
    summary: "Menus and button keys for the caller's role in a team the caller belongs to",
    tags,
    params: teamIdParamsSchema,
    response: routerResponseSchema,
    handler: ({ auth, params }) => roleMenus.teamRouter(auth, params.teamId),
  });

  router.user({
    method: 'GET',
    url: '/api/role-menu/changeTeam/:teamId',
    summary: "Switch the caller's current team and answer that team's menus",
    tags,
    params: teamIdParamsSchema,
    response: routerResponseSchema,
    handler: ({ auth, params }) => roleMenus.changeTeam(auth, params.teamId),
  });

  router.user({
    method: 'GET',
    url: '/api/role-menu/:teamId',
    summary: "Menus and button keys for the caller's role in a team the caller belongs to",
    tags,
    params: teamIdParamsSchema,
    response: routerResponseSchema,
    handler: ({ auth, params }) => roleMenus.teamRouter(auth, params.teamId),
  });
}
