import {
  invitationLinkBodySchema,
  invitationLinkSchema,
  joinQuerySchema,
  joinResultSchema,
  linkAnalysisQuerySchema,
  linkAnalysisSchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { InvitationService } from './invitation.service.js';

const tags = ['team'];

export function registerInvitationRoutes(router: Router, deps: { invitations: InvitationService }): void {
  const { invitations } = deps;

  router.user({
    method: 'GET',
    url: '/api/team-client/invitation-link',
    summary: "The team's live invitation link with its password, or null",
    tags,
    permission: 'team:invite',
    response: invitationLinkSchema.nullable(),
    handler: ({ auth }) => invitations.currentLink(auth),
  });

  router.user({
    method: 'POST',
    url: '/api/team-client/invitation-link',
    summary:
      'Create an invitation link (role, validity 1 to 365 days, random or custom password); the previous link expires',
    tags,
    permission: 'team:invite',
    body: invitationLinkBodySchema,
    response: invitationLinkSchema,
    handler: ({ auth, body }) => invitations.createLink(auth, body),
  });

  router.public({
    method: 'GET',
    url: '/api/team-client/link-analysis',
    summary: 'What an invitation link offers: team, inviter, role and expiry',
    tags,
    query: linkAnalysisQuerySchema,
    response: linkAnalysisSchema,
    rateLimitPerMinute: 60,
    handler: ({ query, auth }) => invitations.analyse(query.sid, auth),
  });

  router.user({
    method: 'POST',
    url: '/api/team-client/join',
    summary: 'Join the team of an invitation link with its password (5 wrong passwords block for an hour)',
    tags,
    query: joinQuerySchema,
    response: joinResultSchema,
    rateLimitPerMinute: 30,
    handler: ({ auth, query }) => invitations.join(auth, query),
  });
}
