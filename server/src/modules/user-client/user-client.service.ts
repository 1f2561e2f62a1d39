import { randomBytes } from 'node:crypto';
import {
  AVATAR_NAME_PATTERN,
  AppError,
  LIMITS,
  type ChangePasswordBody,
  type ProfileBody,
  type RoleCode,
  type TeamRoleUser,
  type UserInfo,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import { verifyPassword } from '../../platform/auth/tokens.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { storedFile, type StoredFile } from '../../platform/http/stored-file.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { AuthRepo } from '../auth/auth.repo.js';
import type { AuthService } from '../auth/auth.service.js';
import { replacePassword } from '../auth/sessions.js';
import type { UserClientRepo } from './user-client.repo.js';
import { IMAGE_CONTENT_TYPES, imageTypeOf, type ImageType } from '../../platform/storage/image-type.js';

export interface UserClientServiceDeps {
  repo: UserClientRepo;
  authRepo: AuthRepo;
  auth: AuthService;
  bus: EventBus;
  blobs: BlobStore;
}

const AVATAR_URL_PATTERN = /^\/api\/files\/avatars\/(\d+)\/([^/]+)$/;

export const avatarUrl = (userId: number, name: string) => `/api/files/avatars/${userId}/${name}`;
const avatarKey = (userId: number, name: string) => `users/${userId}/${name}`;

/** Reads an avatar URL this server handed out, whether relative or absolute, with or without `?token=`. */
function parseAvatarUrl(url: string): { userId: number; name: string } | null {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://localhost').pathname;
  } catch {
    return null;
  }
  const match = AVATAR_URL_PATTERN.exec(pathname);
  const name = match?.[2];
  if (!match || !name || !AVATAR_NAME_PATTERN.test(name)) return null;
  return { userId: Number(match[1]), name };
}

export const avatarMaxMegabytes = LIMITS.avatarMaxBytes / (1024 * 1024);

export function createUserClientService({ repo, authRepo, auth, bus, blobs }: UserClientServiceDeps) {
  async function requireUser(userId: number) {
    const user = await authRepo.findUserById(userId);
    if (!user) throw new AppError('LOGIN_FAILURE');
    return user;
  }

  /** Points the user at a new avatar and frees the file of the old one (if it was ours). */
  async function replaceAvatar(userId: number, name: string) {
    const user = await requireUser(userId);
    const headImgUrl = avatarUrl(userId, name);
    await authRepo.updateUser(userId, { head_img_url: headImgUrl });
    const previous = user.head_img_url ? parseAvatarUrl(user.head_img_url) : null;
    if (previous && previous.userId === userId && previous.name !== name) {
      await blobs.delete(avatarKey(userId, previous.name));
    }
    return { headImgUrl };
  }

  return {
    async checkPassword(caller: AuthContext, password: string) {
      const user = await requireUser(caller.userId);
      return { valid: await verifyPassword(password, user.password_hash) };
    },

    details(caller: AuthContext): Promise<UserInfo> {
      return auth.userInfoById(caller.userId);
    },

    async updateProfile(caller: AuthContext, profile: ProfileBody): Promise<UserInfo> {
      // Absent fields stay as they are; an emptied one is cleared.
      const clearable = (value: string | undefined) => (value === undefined ? undefined : value || null);
      await authRepo.updateUser(caller.userId, {
        name: profile.name,
        email: clearable(profile.email),
        position: clearable(profile.position),
        organization: clearable(profile.organization),
        language: profile.language,
      });
      return auth.userInfoById(caller.userId);
    },

    async changePhone(caller: AuthContext, input: { phone: string; smsCode: string }): Promise<UserInfo> {
      if (await authRepo.findUserByPhone(input.phone)) throw new AppError('USER_PHONE_IN_USE');
      await auth.verifySmsCode(input.phone, 'phone', input.smsCode, true);
      if (!(await repo.updatePhone(caller.userId, input.phone))) throw new AppError('USER_PHONE_IN_USE');
      return auth.userInfoById(caller.userId);
    },

    async changePassword(caller: AuthContext, input: Pick<ChangePasswordBody, 'oldPassword' | 'password'>) {
      const user = await requireUser(caller.userId);
      if (!(await verifyPassword(input.oldPassword, user.password_hash))) throw new AppError('USER_PASSWORD_CHECK');
      // Whoever else holds a session may be the reason the password changed: end it.
      await replacePassword(
        { repo: authRepo, bus },
        { userId: caller.userId, password: input.password, keepSessionId: caller.sessionId },
      );
    },

    async uploadAvatar(caller: AuthContext, data: Buffer) {
      if (data.length > LIMITS.avatarMaxBytes) {
        throw new AppError('FILE_TOO_LARGE', { params: { max: avatarMaxMegabytes } });
      }
      const type = imageTypeOf(data);
      if (!type) throw new AppError('FILE_TYPE_ERROR');
      const name = `avatar-${randomBytes(12).toString('hex')}.${type}`;
      await blobs.put(avatarKey(caller.userId, name), data);
      return replaceAvatar(caller.userId, name);
    },

    /** Reuses an avatar URL this server returned to this user; anything else is refused. */
    async useAvatarUrl(caller: AuthContext, url: string) {
      const avatar = parseAvatarUrl(url);
      if (!avatar || avatar.userId !== caller.userId || !(await blobs.stat(avatarKey(avatar.userId, avatar.name)))) {
        throw new AppError('ABNORMAL_OPERATION');
      }
      return replaceAvatar(caller.userId, avatar.name);
    },

    async readAvatar(caller: AuthContext, userId: number, name: string): Promise<StoredFile> {
      if (caller.userId !== userId && !(await repo.sharesTeam(caller.userId, userId))) throw new AppError('NO_AUTH');
      const type: ImageType = name.endsWith('.png') ? 'png' : 'jpg';
      const file = await storedFile(blobs, avatarKey(userId, name), IMAGE_CONTENT_TYPES[type]);
      if (!file) throw new AppError('notFound');
      return file;
    },

    /** Marks this session away or back, and tells the user's other sessions and current team mates. */
    async setPresence(caller: AuthContext, status: 'active' | 'away') {
      await authRepo.touchSession(caller.sessionId, status);
      const recipients = new Set([caller.userId, ...(caller.teamId ? await repo.findTeamMateIds(caller.teamId) : [])]);
      for (const userId of recipients) {
        bus.publish({
          userId,
          name: 'presence',
          value: { userId: caller.userId, clientType: caller.clientType, status },
        });
      }
    },

    async teamRoleUsers(caller: AuthContext, role: RoleCode): Promise<TeamRoleUser[]> {
      if (caller.teamId === null) throw new AppError('USER_NO_TEAM_ERROR');
      const rows = await repo.findTeamMembersWithRole(caller.teamId, role);
      return rows.map((row) => ({
        userId: row.id,
        name: row.name,
        account: row.account,
        phone: row.phone,
        headImgUrl: row.head_img_url,
        roleId: row.role_code,
      }));
    },
  };
}

export type UserClientService = ReturnType<typeof createUserClientService>;
