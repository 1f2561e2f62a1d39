import { z } from 'zod';
import {
  memberHeadsQuerySchema,
  memberHeadsSchema,
  memberPageQuerySchema,
  memberPageSchema,
  memberRoleBodySchema,
  memberTargetBodySchema,
  myTeamSchema,
  teamDetailsSchema,
  teamMemberSchema,
  teamRenameBodySchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { TeamService } from './team.service.js';

const tags = ['team'];

export function registerTeamRoutes(router: Router, deps: { teams: TeamService }): void {
  const { teams } = deps;

  router.user({
    method: 'GET',
    url: '/api/team-client/details',
    summary: 'The current team: name, members and maximum, owner, storage used, maximum and remaining in GB',
    tags,
    permission: 'team:view',
    response: teamDetailsSchema,
    handler: ({ auth }) => teams.details(auth),
  });

  router.user({
    method: 'PUT',
    url: '/api/team-client',
    summary: 'Rename the current team',
    tags,
    permission: 'team:edit',
    body: teamRenameBodySchema,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await teams.rename(auth, body.name);
      return null;
    },
  });

  router.user({
    method: 'GET',
    url: '/api/team-client/teams',
    summary: "The caller's teams (lapsed temporary memberships left out), marking the current one",
    tags,
    response: z.array(myTeamSchema),
    handler: ({ auth }) => teams.myTeams(auth),
  });

  router.user({
    method: 'GET',
    url: '/api/team-client/user-page',
    summary: 'A page of members, by keyword (name, account, phone) and member type',
    tags,
    permission: 'team:member:view',
    query: memberPageQuerySchema,
    response: memberPageSchema,
    handler: ({ auth, query }) => teams.memberPage(auth, query),
  });

  router.user({
    method: 'GET',
    url: '/api/team-client/users',
    summary: 'All members of the current team',
    tags,
    permission: 'team:member:view',
    response: z.array(teamMemberSchema),
    handler: ({ auth }) => teams.members(auth),
  });

  router.user({
    method: 'GET',
    url: '/api/team-client/users/head',
    summary: 'Avatars and names of the first members, and how many members there are',
    tags,
    permission: 'team:view',
    query: memberHeadsQuerySchema,
    response: memberHeadsSchema,
    handler: ({ auth, query }) => teams.memberHeads(auth, query.count),
  });

  router.user({
    method: 'PUT',
    url: '/api/team-client/user-role',
    summary: "Change a member's role and member type (temporary members need a future expiry)",
    tags,
    permission: 'team:member:role',
    body: memberRoleBodySchema,
    response: teamMemberSchema,
    handler: ({ auth, body }) => teams.changeRole(auth, body),
  });

  router.user({
    method: 'PUT',
    url: '/api/team-client/remove-user',
    summary: 'Remove a member from the current team (never the owner)',
    tags,
    permission: 'team:member:manage',
    body: memberTargetBodySchema,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await teams.removeMember(auth, body.userId);
      return null;
    },
  });

  router.user({
    method: 'PUT',
    url: '/api/team-client/admin-handover',
    summary: 'Hand the administrator role to another member; the previous administrator becomes an inspector',
    tags,
    permission: 'team:handover',
    body: memberTargetBodySchema,
    response: z.object({ administratorId: z.number().int(), formerAdministratorIds: z.array(z.number().int()) }),
    handler: ({ auth, body }) => teams.handOverAdministrator(auth, body.userId),
  });
}
