import { noticeCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { NoticeService } from './notice.service.js';

const tags = ['notice'];

export function registerNoticeRoutes(router: Router, deps: { notices: NoticeService; projectVersion: string }): void {
  const { notices } = deps;

  // A notice belongs to its recipient, not to a team: these calls need only the signed-in recipient,
  // so a member removed from a team still reads the notice that says so.

  router.user({
    call: noticeCalls.read,
    summary: 'Mark one of my notices read',
    tags,
    handler: async ({ auth, params }) => {
      await notices.read(auth, params.id);
      return null;
    },
  });

  router.user({
    call: noticeCalls.readType,
    summary: 'Mark all my notices of a type read',
    tags,
    handler: ({ auth, params }) => notices.readType(auth, params.type),
  });

  router.user({
    call: noticeCalls.page,
    summary: 'A page of my notices, newest first, by type and read state',
    tags,
    handler: ({ auth, query }) => notices.page(auth, query),
  });

  router.user({
    call: noticeCalls.typeStatus,
    summary: 'My unread notices counted per type',
    tags,
    handler: ({ auth }) => notices.typeStatus(auth),
  });

  router.user({
    call: noticeCalls.tipCard,
    summary: "My latest unread notices (up to 5) for the header's card",
    tags,
    handler: ({ auth }) => notices.tipCard(auth),
  });

  router.user({
    call: noticeCalls.get,
    summary: 'One of my notices',
    tags,
    handler: ({ auth, params }) => notices.get(auth, params.id),
  });

  router.user({
    call: noticeCalls.deleteType,
    summary: 'Delete all my notices of a type',
    tags,
    handler: ({ auth, params }) => notices.deleteType(auth, params.type),
  });

  router.user({
    call: noticeCalls.send,
    summary: 'Send a notice to members of the current team (all of them when userIds is absent)',
    tags,
    permission: 'notice:send',
    handler: ({ auth, body }) => notices.send(auth, body),
  });

  router.public({
    call: noticeCalls.productVersion,
    summary: "The running build's version; the web reloads when it differs from the one it stored",
    tags,
    handler: async () => ({ version: deps.projectVersion, notes: [] }),
  });
}
