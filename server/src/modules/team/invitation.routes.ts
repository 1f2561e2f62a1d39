import { invitationCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { InvitationService } from './invitation.service.js';

const tags = ['team'];

export function registerInvitationRoutes(router: Router, deps: { invitations: InvitationService }): void {
  const { invitations } = deps;

  router.user({
    call: invitationCalls.currentLink,
    summary: "The team's live invitation link with its password, or null",
    tags,
    permission: 'team:invite',
    handler: ({ auth }) => invitations.currentLink(auth),
  });

  router.user({
    call: invitationCalls.createLink,
    summary:
      'Create an invitation link (role, validity 1 to 365 days, random or custom password); the previous link expires',
    tags,
    permission: 'team:invite',
    handler: ({ auth, body }) => invitations.createLink(auth, body),
  });

  router.public({
    call: invitationCalls.analyse,
    summary: 'What an invitation link offers: team, inviter, role and expiry',
    tags,
    rateLimitPerMinute: 60,
    handler: ({ query, auth }) => invitations.analyse(query.sid, auth),
  });

  router.user({
    call: invitationCalls.join,
    summary: 'Join the team of an invitation link with its password (5 wrong passwords block for an hour)',
    tags,
    rateLimitPerMinute: 30,
    handler: ({ auth, query }) => invitations.join(auth, query),
  });
}
