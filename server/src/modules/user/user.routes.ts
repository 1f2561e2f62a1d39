import { z } from 'zod';
import {
  idParam,
  localUserBatchDeleteBodySchema,
  localUserCreateBodySchema,
  localUserEditBodySchema,
  localUserEditWithIdBodySchema,
  localUserPageBodySchema,
  localUserPageSchema,
  localUserSchema,
} from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { UserService } from './user.service.js';

const tags = ['user'];
/** Every call on local users needs this key, and acts only on the caller's current team. */
const permission = 'team:local-user:manage';

export function registerUserRoutes(router: Router, deps: { users: UserService }): void {
  const { users } = deps;

  router.user({
    method: 'POST',
    url: '/api/user/page',
    summary: 'A page of the local users of the current team, optionally filtered by a keyword',
    tags,
    permission,
    body: localUserPageBodySchema,
    response: localUserPageSchema,
    handler: ({ auth, body }) => users.page(auth, body),
  });

  router.user({
    method: 'GET',
    url: '/api/user/list',
    summary: 'All local users of the current team',
    tags,
    permission,
    response: z.array(localUserSchema),
    handler: ({ auth }) => users.list(auth),
  });

  router.user({
    method: 'GET',
    url: '/api/user/:id',
    summary: 'One local user of the current team',
    tags,
    permission,
    params: z.object({ id: idParam }),
    response: localUserSchema,
    handler: ({ auth, params }) => users.get(auth, params.id),
  });

  router.user({
    method: 'POST',
    url: '/api/user',
    summary: 'Create a local user (account and password) in the current team',
    tags,
    permission,
    body: localUserCreateBodySchema,
    response: localUserSchema,
    handler: ({ auth, body, request }) => users.create(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'PUT',
    url: '/api/user/:id',
    summary: 'Edit a local user; a blank password leaves it unchanged',
    tags,
    permission,
    params: z.object({ id: idParam }),
    body: localUserEditBodySchema,
    response: localUserSchema,
    handler: ({ auth, params, body }) => users.edit(auth, params.id, body),
  });

  router.user({
    method: 'POST',
    url: '/api/user/edit',
    summary: 'Edit a local user (id in the body); a blank password leaves it unchanged',
    tags,
    permission,
    body: localUserEditWithIdBodySchema,
    response: localUserSchema,
    handler: ({ auth, body }) => users.edit(auth, body.id, body),
  });

  for (const [method, url] of [
    ['POST', '/api/user/del/batch'],
    ['DELETE', '/api/user/batch'],
  ] as const) {
    router.user({
      method,
      url,
      summary: "Delete local users; needs the caller's login password",
      tags,
      permission,
      body: localUserBatchDeleteBodySchema,
      response: z.null(),
      handler: async ({ auth, body }) => {
        await users.deleteBatch(auth, body);
        return null;
      },
    });
  }
}
