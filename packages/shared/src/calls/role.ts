import { z } from 'zod';
import { roleItemSchema, teamRoleCountSchema } from '../schemas/user.js';
import { defineCall } from './define.js';

export const roleCalls = {
  list: defineCall({ method: 'GET', path: '/role/list', response: z.array(roleItemSchema) }),
  teamRoles: defineCall({ method: 'GET', path: '/role/list/team', response: z.array(roleItemSchema) }),
  teamRoleCounts: defineCall({ method: 'GET', path: '/role/list/team-all', response: z.array(teamRoleCountSchema) }),
};
