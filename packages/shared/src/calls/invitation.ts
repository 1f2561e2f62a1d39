import {
  invitationLinkBodySchema,
  invitationLinkSchema,
  joinQuerySchema,
  joinResultSchema,
  linkAnalysisQuerySchema,
  linkAnalysisSchema,
} from '../schemas/team.js';
import { defineCall } from './define.js';

export const invitationCalls = {
  currentLink: defineCall({
    method: 'GET',
    path: '/team-client/invitation-link',
    response: invitationLinkSchema.nullable(),
  }),
  createLink: defineCall({
    method: 'POST',
    path: '/team-client/invitation-link',
    body: invitationLinkBodySchema,
    response: invitationLinkSchema,
  }),
  analyse: defineCall({
    method: 'GET',
    path: '/team-client/link-analysis',
    query: linkAnalysisQuerySchema,
    response: linkAnalysisSchema,
  }),
  join: defineCall({ method: 'POST', path: '/team-client/join', query: joinQuerySchema, response: joinResultSchema }),
};
