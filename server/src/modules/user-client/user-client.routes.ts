import type { FastifyRequest } from 'fastify';
import { AppError, LIMITS, avatarFileParamsSchema, userClientCalls } from '@sightline/shared';
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
    call: userClientCalls.checkPassword,
    summary: "Whether a password is the caller's login password",
    tags,
    rateLimitPerMinute: 20,
    handler: ({ auth, query }) => userClient.checkPassword(auth, query.password),
  });

  router.user({
    call: userClientCalls.updateProfile,
    summary: "Update the caller's profile (name, e-mail, position, organization, language)",
    tags,
    handler: ({ auth, body }) => userClient.updateProfile(auth, body),
  });

  router.user({
    call: userClientCalls.changePhone,
    summary: "Change the caller's phone with an SMS code sent in scene 'phone'",
    tags,
    rateLimitPerMinute: 20,
    handler: ({ auth, body }) => userClient.changePhone(auth, body),
  });

  router.user({
    call: userClientCalls.details,
    summary: "The caller's user info (SPEC section 3)",
    tags,
    handler: ({ auth }) => userClient.details(auth),
  });

  router.user({
    call: userClientCalls.changePassword,
    summary: "Change the caller's password; other sessions are sent offline",
    tags,
    rateLimitPerMinute: 20,
    handler: async ({ auth, body }) => {
      await userClient.changePassword(auth, body);
      return null;
    },
  });

  router.user({
    call: userClientCalls.uploadAvatar,
    summary: 'Set the avatar: a multipart `file` (JPEG or PNG, at most 10 MB) or a headImgUrl returned earlier',
    tags,
    handler: async ({ auth, query, request }) => {
      const upload = await readAvatarUpload(request);
      if (upload) return userClient.uploadAvatar(auth, upload);
      if (query.headImgUrl !== undefined) return userClient.useAvatarUrl(auth, query.headImgUrl);
      throw fileRequired();
    },
  });

  router.user({
    call: userClientCalls.tempOffline,
    summary: 'Mark this session away',
    tags,
    handler: async ({ auth }) => {
      await userClient.setPresence(auth, 'away');
      return null;
    },
  });

  router.user({
    call: userClientCalls.wakeUp,
    summary: 'Mark this session active again',
    tags,
    handler: async ({ auth }) => {
      await userClient.setPresence(auth, 'active');
      return null;
    },
  });

  router.user({
    call: userClientCalls.teamRoleUsers,
    summary: "Members of the caller's current team who have a role",
    tags,
    permission: 'team:member:view',
    handler: ({ auth, query }) => userClient.teamRoleUsers(auth, query.roleCode),
  });
}

/** Avatar files: `<img>` elements fetch them with a signed link, since they cannot send a header. */
export function registerAvatarFileRoute(router: Router, deps: { userClient: UserClientService }): void {
  router.file({
    url: '/api/files/avatars/:userId/:name',
    summary: 'An avatar image, for the user and members of a shared team',
    tags,
    params: avatarFileParamsSchema,
    handler: ({ auth, params }) => deps.userClient.readAvatar(auth, params.userId, params.name),
  });
}
