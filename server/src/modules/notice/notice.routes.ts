import { z } from 'zod';
import {
  idParam,
  noticeCountSchema,
  noticePageQuerySchema,
  noticePageSchema,
  noticeSchema,
  noticeSendBodySchema,
  noticeTypeParamsSchema,
  noticeTypeStatusSchema,
  productVersionSchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { NoticeService } from './notice.service.js';

const tags = ['notice'];

export function registerNoticeRoutes(router: Router, deps: { notices: NoticeService; projectVersion: string }): void {
  const { notices } = deps;

  // A notice belongs to its recipient, not to a team: these calls need only the signed-in recipient,
  // so a member removed from a team still reads the notice that says so.

  router.user({
    method: 'PUT',
    url: '/api/notice/read/:id',
    summary: 'Mark one of my notices read',
    tags,
    params: z.object({ id: idParam }),
    response: z.null(),
    handler: async ({ auth, params }) => {
      await notices.read(auth, params.id);
      return null;
    },
  });

  router.user({
    method: 'PUT',
    url: '/api/notice/read-type/:type',
    summary: 'Mark all my notices of a type read',
    tags,
    params: noticeTypeParamsSchema,
    response: noticeCountSchema,
    handler: ({ auth, params }) => notices.readType(auth, params.type),
  });

  router.user({
    method: 'GET',
    url: '/api/notice/page',
    summary: 'A page of my notices, newest first, by type and read state',
    tags,
    query: noticePageQuerySchema,
    response: noticePageSchema,
    handler: ({ auth, query }) => notices.page(auth, query),
  });

  router.user({
    method: 'GET',
    url: '/api/notice/type-status',
    summary: 'My unread notices counted per type',
    tags,
    response: noticeTypeStatusSchema,
    handler: ({ auth }) => notices.typeStatus(auth),
  });

  router.user({
    method: 'GET',
    url: '/api/notice/tip-card',
    summary: "My latest unread notices (up to 5) for the header's card",
    tags,
    response: z.array(noticeSchema),
    handler: ({ auth }) => notices.tipCard(auth),
  });

  router.user({
    method: 'GET',
    url: '/api/notice/:id',
    summary: 'One of my notices',
    tags,
    params: z.object({ id: idParam }),
    response: noticeSchema,
    handler: ({ auth, params }) => notices.get(auth, params.id),
  });

  router.user({
    method: 'DELETE',
    url: '/api/notice/type/:type',
    summary: 'Delete all my notices of a type',
    tags,
    params: noticeTypeParamsSchema,
    response: noticeCountSchema,
    handler: ({ auth, params }) => notices.deleteType(auth, params.type),
  });

  router.user({
    method: 'POST',
    url: '/api/notice/send',
    summary: 'Send a notice to members of the current team (all of them when userIds is absent)',
    tags,
    permission: 'notice:send',
    body: noticeSendBodySchema,
    response: noticeCountSchema,
    handler: ({ auth, body }) => notices.send(auth, body),
  });

  router.public({
    method: 'POST',
    url: '/api/product-version/find/version',
    summary: "The running build's version; the web reloads when it differs from the one it stored",
    tags,
    response: productVersionSchema,
    handler: async () => ({ version: deps.projectVersion, notes: [] }),
  });
}
