import { teamCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { TeamService } from './team.service.js';

const tags = ['team'];

export function registerTeamRoutes(router: Router, deps: { teams: TeamService }): void {
  const { teams } = deps;

  router.user({
    call: teamCalls.details,
    summary: 'The current team: name, members and maximum, owner, storage used, maximum and remaining in GB',
    tags,
    permission: 'team:view',
    handler: ({ auth }) => teams.details(auth),
  });

  router.user({
    call: teamCalls.rename,
    summary: 'Rename the current team',
    tags,
    permission: 'team:edit',
    handler: async ({ auth, body }) => {
      await teams.rename(auth, body.name);
      return null;
    },
  });

  router.user({
    call: teamCalls.myTeams,
    summary: "The caller's teams (lapsed temporary memberships left out), marking the current one",
    tags,
    handler: ({ auth }) => teams.myTeams(auth),
  });

  router.user({
    call: teamCalls.memberPage,
    summary: 'A page of members, by keyword (name, account, phone) and member type',
    tags,
    permission: 'team:member:view',
    handler: ({ auth, query }) => teams.memberPage(auth, query),
  });

  router.user({
    call: teamCalls.members,
    summary: 'All members of the current team',
    tags,
    permission: 'team:member:view',
    handler: ({ auth }) => teams.members(auth),
  });

  router.user({
    call: teamCalls.memberHeads,
    summary: 'Avatars and names of the first members, and how many members there are',
    tags,
    permission: 'team:view',
    handler: ({ auth, query }) => teams.memberHeads(auth, query.count),
  });

  router.user({
    call: teamCalls.changeRole,
    summary: "Change a member's role and member type (temporary members need a future expiry)",
    tags,
    permission: 'team:member:role',
    handler: ({ auth, body }) => teams.changeRole(auth, body),
  });

  router.user({
    call: teamCalls.removeMember,
    summary: 'Remove a member from the current team (never the owner)',
    tags,
    permission: 'team:member:manage',
    handler: async ({ auth, body }) => {
      await teams.removeMember(auth, body.userId);
      return null;
    },
  });

  router.user({
    call: teamCalls.handOverAdministrator,
    summary: 'Hand the administrator role to another member; the previous administrator becomes an inspector',
    tags,
    permission: 'team:handover',
    handler: ({ auth, body }) => teams.handOverAdministrator(auth, body.userId),
  });
}
