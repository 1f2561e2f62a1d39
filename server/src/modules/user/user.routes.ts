import { userCalls } from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { UserService } from './user.service.js';

const tags = ['user'];
/** Every call on local users needs this key, and acts only on the caller's current team. */
const permission = 'team:local-user:manage';

export function registerUserRoutes(router: Router, deps: { users: UserService }): void {
  const { users } = deps;

  router.user({
    call: userCalls.page,
    summary: 'A page of the local users of the current team, optionally filtered by a keyword',
    tags,
    permission,
    handler: ({ auth, body }) => users.page(auth, body),
  });

  router.user({
    call: userCalls.list,
    summary: 'All local users of the current team',
    tags,
    permission,
    handler: ({ auth }) => users.list(auth),
  });

  router.user({
    call: userCalls.get,
    summary: 'One local user of the current team',
    tags,
    permission,
    handler: ({ auth, params }) => users.get(auth, params.id),
  });

  router.user({
    call: userCalls.create,
    summary: 'Create a local user (account and password) in the current team',
    tags,
    permission,
    handler: ({ auth, body, request }) => users.create(auth, body, requestLanguage(request)),
  });

  router.user({
    call: userCalls.edit,
    summary: 'Edit a local user; a blank password leaves it unchanged',
    tags,
    permission,
    handler: ({ auth, params, body }) => users.edit(auth, params.id, body),
  });

  router.user({
    call: userCalls.editWithId,
    summary: 'Edit a local user (id in the body); a blank password leaves it unchanged',
    tags,
    permission,
    handler: ({ auth, body }) => users.edit(auth, body.id, body),
  });

  for (const call of [userCalls.deleteBatch, userCalls.deleteBatchAlias]) {
    router.user({
      call,
      summary: "Delete local users; needs the caller's login password",
      tags,
      permission,
      handler: async ({ auth, body }) => {
        await users.deleteBatch(auth, body);
        return null;
      },
    });
  }
}
