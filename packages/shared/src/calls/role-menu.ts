import { routerResponseSchema } from '../menus.js';
import { teamIdParamsSchema } from '../schemas/user.js';
import { defineCall } from './define.js';

export const roleMenuCalls = {
  currentRouter: defineCall({ method: 'GET', path: '/role-menu/router', response: routerResponseSchema }),
  teamRouter: defineCall({
    method: 'GET',
    path: '/role-menu/router/team/{teamId}',
    params: teamIdParamsSchema,
    response: routerResponseSchema,
  }),
  changeTeam: defineCall({
    method: 'GET',
    path: '/role-menu/changeTeam/{teamId}',
    params: teamIdParamsSchema,
    response: routerResponseSchema,
  }),
  forTeam: defineCall({
    method: 'GET',
    path: '/role-menu/{teamId}',
    params: teamIdParamsSchema,
    response: routerResponseSchema,
  }),
};
