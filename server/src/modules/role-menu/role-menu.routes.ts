import { roleMenuCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { RoleMenuService } from './role-menu.service.js';

const tags = ['role-menu'];

export function registerRoleMenuRoutes(router: Router, deps: { roleMenus: RoleMenuService }): void {
  const { roleMenus } = deps;

  router.user({
    call: roleMenuCalls.currentRouter,
    summary: "Menus and button keys for the caller's role in the current team",
    tags,
    handler: async ({ auth }) => roleMenus.currentRouter(auth),
  });

  router.user({
    call: roleMenuCalls.teamRouter,
    summary: "Menus and button keys for the caller's role in a team the caller belongs to",
    tags,
    handler: ({ auth, params }) => roleMenus.teamRouter(auth, params.teamId),
  });

  router.user({
    call: roleMenuCalls.changeTeam,
    summary: "Switch the caller's current team and answer that team's menus",
    tags,
    handler: ({ auth, params }) => roleMenus.changeTeam(auth, params.teamId),
  });

  router.user({
    call: roleMenuCalls.forTeam,
    summary: "Menus and button keys for the caller's role in a team the caller belongs to",
    tags,
    handler: ({ auth, params }) => roleMenus.teamRouter(auth, params.teamId),
  });
}
