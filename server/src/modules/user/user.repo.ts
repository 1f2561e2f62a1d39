import { sql, type Kysely } from 'kysely';
import type { RoleCode } from '@sightline/shared';
import type { Database, NewUser, UserUpdate } from '../../platform/db/schema.js';
import { isUniqueViolation, likePattern } from '../../platform/db/sql-helpers.js';
import {
  addMember,
  countMembers,
  currentMemberIds,
  removeMembershipsOfUsers,
  teamMemberships,
  updateMembership,
} from '../team/membership.js';

/** The unique index of users a failed write ran into, or null for any other failure. */
function uniqueConflict(error: unknown): 'account' | 'phone' | null {
  if (isUniqueViolation(error, 'users_account_key')) return 'account';
  if (isUniqueViolation(error, 'users_phone_key')) return 'phone';
  return null;
}

/** SQL of local users: accounts a team created (users.created_by_team_id) that are members of it. */
export function createUserRepo(db: Kysely<Database>) {
  function localUsers(teamId: number) {
    return db
      .selectFrom('users')
      .innerJoin(teamMemberships(db).as('membership'), (join) =>
        join.onRef('membership.user_id', '=', 'users.id').on('membership.team_id', '=', teamId),
      )
      .select([
        'users.id',
        'users.account',
        'users.name',
        'users.phone',
        'users.email',
        'users.status',
        'users.created_at',
        'users.last_login_at',
        'membership.role_code',
      ])
      .where('users.created_by_team_id', '=', teamId)
      .where('users.deleted_at', 'is', null)
      .where('users.account', 'is not', null)
      .$narrowType<{ account: string }>();
  }

  return {
    findLocalUser(teamId: number, userId: number) {
      return localUsers(teamId).where('users.id', '=', userId).executeTakeFirst();
    },
    findLocalUsers(teamId: number, userIds: number[]) {
      return localUsers(teamId).where('users.id', 'in', userIds).execute();
    },
    listLocalUsers(teamId: number) {
      return localUsers(teamId).orderBy('users.created_at', 'desc').orderBy('users.id', 'desc').execute();
    },
    async pageLocalUsers(teamId: number, page: { pageNum: number; pageSize: number; keyword?: string | undefined }) {
      let query = localUsers(teamId);
      if (page.keyword) {
        const pattern = likePattern(page.keyword);
        query = query.where((eb) =>
          eb.or([
            eb('users.account', 'ilike', pattern),
            eb('users.name', 'ilike', pattern),
            eb('users.phone', 'ilike', pattern),
          ]),
        );
      }
      const [records, total] = await Promise.all([
        query
          .orderBy('users.created_at', 'desc')
          .orderBy('users.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize)
          .execute(),
        query
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { records, total: Number(total.count) };
    },
    async existingUserIds(userIds: number[]): Promise<number[]> {
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', userIds)
        .where('deleted_at', 'is', null)
        .execute();
      return rows.map((row) => row.id);
    },
    findPasswordHash(userId: number) {
      return db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },
    async accountTaken(account: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(account)`, '=', account.toLowerCase())
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      return row !== undefined;
    },
    async phoneTaken(phone: string, exceptUserId?: number): Promise<boolean> {
      let query = db.selectFrom('users').select('id').where('phone', '=', phone).where('deleted_at', 'is', null);
      if (exceptUserId !== undefined) query = query.where('id', '!=', exceptUserId);
      return (await query.executeTakeFirst()) !== undefined;
    },
    /** Members who hold a role in a team, for roles that only one member may hold. */
    findRoleHolderIds(teamId: number, role: RoleCode): Promise<number[]> {
      return currentMemberIds(db, teamId, { role });
    },
    /** Users among these who own a team (any team): their accounts cannot go. */
    async findTeamOwnerIds(userIds: number[]): Promise<number[]> {
      const rows = await db.selectFrom('teams').select('owner_id').where('owner_id', 'in', userIds).execute();
      return rows.map((row) => row.owner_id);
    },
    /**
     * Creates the account and its membership; the team row is locked while members are counted,
     * so two administrators cannot both take the last place.
     */
    async insertLocalUser(input: {
      teamId: number;
      role: RoleCode;
      user: NewUser;
    }): Promise<{ id: number } | { conflict: 'full' | 'account' | 'phone' }> {
      try {
        return await db.transaction().execute(async (trx) => {
          const team = await trx
            .selectFrom('teams')
            .select('member_max')
            .where('id', '=', input.teamId)
            .forUpdate()
            .executeTakeFirstOrThrow();
          const members = await countMembers(trx, input.teamId, { current: true });
          if (members >= team.member_max) return { conflict: 'full' as const };
          const { id } = await trx.insertInto('users').values(input.user).returning('id').executeTakeFirstOrThrow();
          await addMember(trx, { teamId: input.teamId, userId: id, role: input.role });
          return { id };
        });
      } catch (error) {
        const conflict = uniqueConflict(error);
        if (conflict) return { conflict };
        throw error;
      }
    },
    async updateLocalUser(input: {
      teamId: number;
      userId: number;
      update: UserUpdate;
      role: RoleCode;
    }): Promise<{ conflict: 'account' | 'phone' } | null> {
      try {
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('users')
            .set({ ...input.update, updated_at: new Date() })
            .where('id', '=', input.userId)
            .execute();
          await updateMembership(trx, input.teamId, input.userId, { role_code: input.role });
        });
        return null;
      } catch (error) {
        const conflict = uniqueConflict(error);
        if (conflict) return { conflict };
        throw error;
      }
    },
    /**
     * Soft-deletes the accounts (their account names and phones become free again), removes their
     * memberships and sessions, and answers the removed sessions so they can be told.
     */
    deleteLocalUsers(userIds: number[]) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ deleted_at: new Date(), current_team_id: null, updated_at: new Date() })
          .where('id', 'in', userIds)
          .execute();
        await removeMembershipsOfUsers(trx, userIds);
        return trx.deleteFrom('sessions').where('user_id', 'in', userIds).returning(['id', 'user_id']).execute();
      });
    },
  };
}

export type UserRepo = ReturnType<typeof createUserRepo>;
export type LocalUserRow = NonNullable<Awaited<ReturnType<UserRepo['findLocalUser']>>>;
