import { z } from 'zod';
import {
  adminTeamPageQuerySchema,
  adminTeamPageSchema,
  adminTeamParamsSchema,
  adminTeamUpgradeBodySchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { TeamAdminService } from './team-admin.service.js';

const tags = ['team-admin'];

export function registerTeamAdminRoutes(router: Router, deps: { teamAdmin: TeamAdminService }): void {
  const { teamAdmin } = deps;

  router.user({
    method: 'GET',
    url: '/api/team-admin/teams',
    summary: 'A page of all teams with their usage, maxima and function packages (sales managers)',
    tags,
    permission: 'sales:upgrade',
    query: adminTeamPageQuerySchema,
    response: adminTeamPageSchema,
    handler: ({ query }) => teamAdmin.teamPage(query),
  });

  router.user({
    method: 'PUT',
    url: '/api/team-admin/teams/:id',
    summary: "Upgrade a team: member maximum, storage maximum in GB, kind and function packages' validity",
    tags,
    permission: 'sales:upgrade',
    params: adminTeamParamsSchema,
    body: adminTeamUpgradeBodySchema,
    response: z.null(),
    handler: async ({ auth, params, body }) => {
      await teamAdmin.upgrade(auth, params.id, body);
      return null;
    },
  });
}
