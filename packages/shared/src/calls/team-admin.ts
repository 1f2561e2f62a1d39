import { z } from 'zod';
import {
  adminTeamPageQuerySchema,
  adminTeamPageSchema,
  adminTeamParamsSchema,
  adminTeamUpgradeBodySchema,
} from '../schemas/team.js';
import { defineCall } from './define.js';

export const teamAdminCalls = {
  teamPage: defineCall({
    method: 'GET',
    path: '/team-admin/teams',
    query: adminTeamPageQuerySchema,
    response: adminTeamPageSchema,
  }),
  upgrade: defineCall({
    method: 'PUT',
    path: '/team-admin/teams/{id}',
    params: adminTeamParamsSchema,
    body: adminTeamUpgradeBodySchema,
    response: z.null(),
  }),
};
