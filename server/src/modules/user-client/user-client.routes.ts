import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  AppError,
  LIMITS,
  avatarFileParamsSchema,
  avatarFileQuerySchema,
  changePasswordBodySchema,
  changePhoneBodySchema,
  checkPasswordQuerySchema,
  headPortraitQuerySchema,
  headPortraitResultSchema,
  passwordCheckResultSchema,
  profileBodySchema,
  teamRoleUserQuerySchema,
  teamRoleUserSchema,
  userDetailsQuerySchema,
  userInfoSchema,
} from '@sightline/shared';
import type { Authenticate } from '../../platform/auth/auth-context.js';
import { sendImmutableFile } from '../../platform/http/immutable-file.js';
import type { Router } from '../../platform/http/route.js';
import { avatarMaxMegabytes, type UserClientService } from './user-client.service.js';

const tags = ['user-client'];

function fileRequired(): AppError {
  return new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'file', key: 'required' }] } });
}

/** The avatar bytes of a multipart request (one part named `file`), or null for any other request. */
async function readAvatarUpload(request: FastifyRequest): Promise<Buffer | null> {
  if (!request.isMultipart()) return null;
  const part = await request.file({ limits: { fileSize: LIMITS.avatarMaxBytes } });
  if (!part) throw fileRequired();
  if (part.fieldname !== 'file') {
    part.file.resume();
    throw fileRequired();
  }
  try {
    return await part.toBuffer();
  } catch (error) {
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('FILE_TOO_LARGE', { params: { max: avatarMaxMegabytes } });
    }
    throw error;
  }
}

export function registerUserClientRoutes(router: Router, deps: { userClient: UserClientService }): void {
  const { userClient } = deps;

  router.user({
    method: 'GET',
    url: '/api/user-client/check-password',
    summary: "Whether a password is the caller's login password",
    tags,
    query: checkPasswordQuerySchema,
    response: passwordCheckResultSchema,
    rateLimitPerMinute: 20,
    handler: ({ auth, query }) => userClient.checkPassword(auth, query.password),
  });

  router.user({
    method: 'PUT',
    url: '/api/user-client',
    summary: "Update the caller's profile (name, e-mail, position, organization, language)",
    tags,
    body: profileBodySchema,
    response: userInfoSchema,
    handler: ({ auth, body }) => userClient.updateProfile(auth, body),
  });

  router.user({
    method: 'PUT',
    url: '/api/user-client/phone',
    summary: "Change the caller's phone with an SMS code sent in scene 'phone'",
    tags,
    body: changePhoneBodySchema,
    response: userInfoSchema,
    rateLimitPerMinute: 20,
    handler: ({ auth, body }) => userClient.changePhone(auth, body),
  });

  router.user({
    method: 'GET',
    url: '/api/user-client/details',
    summary: "The caller's user info (SPEC section 3)",
    tags,
    query: userDetailsQuerySchema,
    response: userInfoSchema,
    handler: ({ auth }) => userClient.details(auth),
  });

  router.user({
    method: 'PUT',
    url: '/api/user-client/password',
    summary: "Change the caller's password; other sessions are sent offline",
    tags,
    body: changePasswordBodySchema,
    response: z.null(),
    rateLimitPerMinute: 20,
    handler: async ({ auth, body }) => {
      await userClient.changePassword(auth, body);
      return null;
    },
  });

  router.user({
    method: 'PUT',
    url: '/api/user-client/head-portrait',
    summary: 'Set the avatar: a multipart `file` (JPEG or PNG, at most 10 MB) or a headImgUrl returned earlier',
    tags,
    query: headPortraitQuerySchema,
    response: headPortraitResultSchema,
    handler: async ({ auth, query, request }) => {
      const upload = await readAvatarUpload(request);
      if (upload) return userClient.uploadAvatar(auth, upload);
      if (query.headImgUrl !== undefined) return userClient.useAvatarUrl(auth, query.headImgUrl);
      throw fileRequired();
    },
  });

  router.user({
    method: 'POST',
    url: '/api/user-client/temp-offline',
    summary: 'Mark this session away',
    tags,
    response: z.null(),
    handler: async ({ auth }) => {
      await userClient.setPresence(auth, 'away');
      return null;
    },
  });

  router.user({
    method: 'POST',
    url: '/api/user-client/wake-up',
    summary: 'Mark this session active again',
    tags,
    response: z.null(),
    handler: async ({ auth }) => {
      await userClient.setPresence(auth, 'active');
      return null;
    },
  });

  router.user({
    method: 'GET',
    url: '/api/user-client/findTeamRoleUser',
    summary: "Members of the caller's current team who have a role",
    tags,
    permission: 'team:member:view',
    query: teamRoleUserQuerySchema,
    response: z.array(teamRoleUserSchema),
    handler: ({ auth, query }) => userClient.teamRoleUsers(auth, query.roleCode),
  });
}

/**
 * Serves avatar files. Not a JSON call, so it is declared on Fastify directly; `<img>` elements
 * send the token as `?token=` since they cannot set a header.
 */
export function registerAvatarFileRoute(
  app: FastifyInstance,
  deps: { userClient: UserClientService; authenticate: Authenticate },
): void {
  app.get(
    '/api/files/avatars/:userId/:name',
    {
      schema: {
        summary: 'An avatar image, for the user and members of a shared team',
        tags,
        params: avatarFileParamsSchema,
        querystring: avatarFileQuerySchema,
      },
    },
    async (request, reply) => {
      const auth = await deps.authenticate(request);
      if (!auth) throw new AppError('LOGIN_FAILURE');
      const params = request.params as z.output<typeof avatarFileParamsSchema>;
      const file = await deps.userClient.readAvatar(auth, params.userId, params.name);
      return sendImmutableFile(reply, file);
    },
  );
}
