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
} from '../schemas/team.js';
import { defineCall } from './define.js';

export const teamCalls = {
  details: defineCall({ method: 'GET', path: '/team-client/details', response: teamDetailsSchema }),
  rename: defineCall({ method: 'PUT', path: '/team-client', body: teamRenameBodySchema, response: z.null() }),
  myTeams: defineCall({ method: 'GET', path: '/team-client/teams', response: z.array(myTeamSchema) }),
  memberPage: defineCall({
    method: 'GET',
    path: '/team-client/user-page',
    query: memberPageQuerySchema,
    response: memberPageSchema,
  }),
  members: defineCall({ method: 'GET', path: '/team-client/users', response: z.array(teamMemberSchema) }),
  memberHeads: defineCall({
    method: 'GET',
    path: '/team-client/users/head',
    query: memberHeadsQuerySchema,
    response: memberHeadsSchema,
  }),
  changeRole: defineCall({
    method: 'PUT',
    path: '/team-client/user-role',
    body: memberRoleBodySchema,
    response: teamMemberSchema,
  }),
  removeMember: defineCall({
    method: 'PUT',
    path: '/team-client/remove-user',
    body: memberTargetBodySchema,
    response: z.null(),
  }),
  handOverAdministrator: defineCall({
    method: 'PUT',
    path: '/team-client/admin-handover',
    body: memberTargetBodySchema,
    response: z.object({ administratorId: z.number().int(), formerAdministratorIds: z.array(z.number().int()) }),
  }),
};
