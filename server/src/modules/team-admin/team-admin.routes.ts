import { teamAdminCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { TeamAdminService } from './team-admin.service.js';

const tags = ['team-admin'];

export function registerTeamAdminRoutes(router: Router, deps: { teamAdmin: TeamAdminService }): void {
  const { teamAdmin } = deps;

  router.user({
    call: teamAdminCalls.teamPage,
    summary: 'A page of all teams with their usage, maxima and function packages (sales managers)',
    tags,
    permission: 'sales:upgrade',
    handler: ({ query }) => teamAdmin.teamPage(query),
  });

  router.user({
    call: teamAdminCalls.upgrade,
    summary: "Upgrade a team: member maximum, storage maximum in GB, kind and function packages' validity",
    tags,
    permission: 'sales:upgrade',
    handler: async ({ auth, params, body }) => {
      await teamAdmin.upgrade(auth, params.id, body);
      return null;
    },
  });
}
