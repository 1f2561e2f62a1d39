import { z } from 'zod';
import { businessEntrySchema, businessListQuerySchema, teamFunctionSchema } from '../schemas/team.js';
import { defineCall } from './define.js';

export const teamFunctionCalls = {
  functionsOf: defineCall({ method: 'GET', path: '/team-client/function', response: z.array(teamFunctionSchema) }),
  businessEntries: defineCall({
    method: 'GET',
    path: '/team-client/business/list',
    query: businessListQuerySchema,
    response: z.array(businessEntrySchema),
  }),
};
