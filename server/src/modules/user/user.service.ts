import {
  ASSIGNABLE_ROLES,
  AppError,
  SINGLE_HOLDER_ROLES,
  type ErrorKey,
  type Language,
  type LocalUser,
  type Page,
  type RoleCode,
  type UserStatus,
} from '@sightline/shared';
import { callerTeam, type AuthContext } from '../../platform/auth/auth-context.js';
import { hashPassword, verifyPassword } from '../../platform/auth/tokens.js';
import type { UserUpdate } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { AuthRepo } from '../auth/auth.repo.js';
import { endSessions, sendOffline } from '../auth/sessions.js';
import type { LocalUserRow, UserRepo } from './user.repo.js';

export interface UserServiceDeps {
  repo: UserRepo;
  authRepo: AuthRepo;
  bus: EventBus;
}

export interface LocalUserCreate {
  account: string;
  password: string;
  name: string;
  roleId: RoleCode;
  phone?: string | undefined;
  email?: string | undefined;
}

export interface LocalUserEdit {
  /** Blank or absent: unchanged. */
  password?: string | undefined;
  name: string;
  roleId: RoleCode;
  /** Absent: unchanged; '': cleared. */
  phone?: string | undefined;
  email?: string | undefined;
  status?: UserStatus | undefined;
}

const CONFLICT_ERRORS: Record<'full' | 'account' | 'phone', ErrorKey> = {
  full: 'USER_COUNT_MAXIMUM',
  account: 'USER_ACCOUNT_EXISTING',
  phone: 'USER_PHONE_IN_USE',
};

function toLocalUser(row: LocalUserRow): LocalUser {
  return {
    id: row.id,
    account: row.account,
    name: row.name,
    phone: row.phone,
    email: row.email,
    roleId: row.role_code,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    lastLoginTime: row.last_login_at ? row.last_login_at.toISOString() : null,
  };
}

/** A caller manages the users whose role they could hand out (owners and administrators, SPEC section 6). */
function canManage(callerRole: RoleCode, role: RoleCode): boolean {
  return (ASSIGNABLE_ROLES[callerRole] ?? []).includes(role);
}

const clearable = (value: string | undefined) => (value === undefined ? undefined : value || null);

export function createUserService({ repo, authRepo, bus }: UserServiceDeps) {
  /** A local user of the team; another team's user is NO_AUTH, an unknown id USER_NOT_EXISTING. */
  async function requireLocalUser(teamId: number, userId: number): Promise<LocalUserRow> {
    const row = await repo.findLocalUser(teamId, userId);
    if (row) return row;
    const exists = (await repo.existingUserIds([userId])).length > 0;
    throw new AppError(exists ? 'NO_AUTH' : 'USER_NOT_EXISTING');
  }

  /** One owner and one administrator per team: a second holder is refused. */
  async function assertRoleFree(teamId: number, role: RoleCode, userId?: number) {
    if (!SINGLE_HOLDER_ROLES.includes(role)) return;
    const holders = await repo.findRoleHolderIds(teamId, role);
    if (holders.some((holder) => holder !== userId)) throw new AppError('ROLE_CHANGE_LIMIT');
  }

  return {
    async page(
      caller: AuthContext,
      query: { pageNum: number; pageSize: number; keyword?: string | undefined },
    ): Promise<Page<LocalUser>> {
      const { teamId } = callerTeam(caller);
      const { records, total } = await repo.pageLocalUsers(teamId, query);
      return { records: records.map(toLocalUser), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async list(caller: AuthContext): Promise<LocalUser[]> {
      const { teamId } = callerTeam(caller);
      return (await repo.listLocalUsers(teamId)).map(toLocalUser);
    },

    async get(caller: AuthContext, userId: number): Promise<LocalUser> {
      const { teamId } = callerTeam(caller);
      return toLocalUser(await requireLocalUser(teamId, userId));
    },

    async create(caller: AuthContext, input: LocalUserCreate, language: Language): Promise<LocalUser> {
      const { teamId, role } = callerTeam(caller);
      if (!canManage(role, input.roleId)) throw new AppError('ROLE_CHANGE_LIMIT');
      await assertRoleFree(teamId, input.roleId);
      if (await repo.accountTaken(input.account)) throw new AppError('USER_ACCOUNT_EXISTING');
      if (input.phone && (await repo.phoneTaken(input.phone))) throw new AppError('USER_PHONE_IN_USE');
      const result = await repo.insertLocalUser({
        teamId,
        role: input.roleId,
        user: {
          account: input.account,
          phone: input.phone || null,
          name: input.name,
          password_hash: await hashPassword(input.password),
          email: input.email || null,
          position: null,
          organization: null,
          head_img_url: null,
          language,
          status: 'active',
          current_team_id: teamId,
          inviter_id: caller.userId,
          created_by_team_id: teamId,
          updated_at: new Date(),
        },
      });
      if ('conflict' in result) throw new AppError(CONFLICT_ERRORS[result.conflict]);
      return toLocalUser(await requireLocalUser(teamId, result.id));
    },

    async edit(caller: AuthContext, userId: number, input: LocalUserEdit): Promise<LocalUser> {
      const { teamId, role } = callerTeam(caller);
      const target = await requireLocalUser(teamId, userId);
      const self = target.id === caller.userId;
      if (!self && !canManage(role, target.role_code)) throw new AppError('NO_AUTH');
      if (input.roleId !== target.role_code) {
        if (self || !canManage(role, input.roleId)) throw new AppError('ROLE_CHANGE_LIMIT');
        await assertRoleFree(teamId, input.roleId, target.id);
      }
      const disabling = input.status === 'disabled' && target.status !== 'disabled';
      if (disabling) {
        if ((await repo.findTeamOwnerIds([target.id])).length > 0) throw new AppError('TEAM_OWNER_CAN_NOT_REMOVE');
        if (self) throw new AppError('ABNORMAL_OPERATION');
      }
      if (input.phone && (await repo.phoneTaken(input.phone, target.id))) throw new AppError('USER_PHONE_IN_USE');

      const update: UserUpdate = {
        name: input.name,
        phone: clearable(input.phone),
        email: clearable(input.email),
        status: input.status,
      };
      if (input.password) update.password_hash = await hashPassword(input.password);
      const failure = await repo.updateLocalUser({ teamId, userId: target.id, update, role: input.roleId });
      if (failure) throw new AppError(CONFLICT_ERRORS[failure.conflict]);

      if (disabling) {
        await endSessions({ repo: authRepo, bus }, { userId: target.id }, 'disabled');
      } else if (input.password) {
        // A new password ends the user's sessions, except the one making the change.
        const filter = self ? { userId: target.id, exceptSessionId: caller.sessionId } : { userId: target.id };
        await endSessions({ repo: authRepo, bus }, filter, 'password');
      }
      return toLocalUser(await requireLocalUser(teamId, target.id));
    },

    /** All or nothing: one user that may not go stops the whole batch. */
    async deleteBatch(caller: AuthContext, input: { ids: number[]; password: string }) {
      const { teamId, role } = callerTeam(caller);
      const own = await repo.findPasswordHash(caller.userId);
      if (!own || !(await verifyPassword(input.password, own.password_hash))) {
        throw new AppError('USER_PASSWORD_CHECK');
      }
      const ids = [...new Set(input.ids)];
      const targets = await repo.findLocalUsers(teamId, ids);
      if (targets.length < ids.length) {
        const found = new Set(targets.map((target) => target.id));
        const missing = ids.filter((id) => !found.has(id));
        const existing = await repo.existingUserIds(missing);
        throw new AppError(existing.length > 0 ? 'NO_AUTH' : 'USER_NOT_EXISTING');
      }
      if ((await repo.findTeamOwnerIds(ids)).length > 0) throw new AppError('TEAM_OWNER_CAN_NOT_REMOVE');
      if (ids.includes(caller.userId)) throw new AppError('ABNORMAL_OPERATION');
      if (targets.some((target) => !canManage(role, target.role_code))) throw new AppError('NO_AUTH');
      sendOffline(bus, await repo.deleteLocalUsers(ids), 'USER_DELETED');
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
