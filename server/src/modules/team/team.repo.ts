import { sql, type Kysely } from 'kysely';
import type { MemberType, RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { likePattern } from '../../platform/db/sql-helpers.js';
import { runMemberRemovalHooks } from './member-removal.js';
import {
  countMembers,
  firstCurrentMembership,
  isCurrentMembership,
  membershipsOfUser,
  updateMembership,
} from './membership.js';

const GIB = 1024 ** 3;

/** SQL of teams, their members and their storage counter. */
export function createTeamRepo(db: Kysely<Database>) {
  function members(teamId: number) {
    return db
      .selectFrom('team_members')
      .innerJoin('users', 'users.id', 'team_members.user_id')
      .select([
        'users.id as user_id',
        'users.name',
        'users.account',
        'users.phone',
        'users.head_img_url',
        'team_members.role_code',
        'team_members.member_type',
        'team_members.expires_at',
        'team_members.created_at',
      ])
      .where('team_members.team_id', '=', teamId)
      .where('users.deleted_at', 'is', null);
  }

  function filteredMembers(filter: {
    teamId: number;
    keyword?: string | undefined;
    memberType?: MemberType | undefined;
  }) {
    let query = members(filter.teamId);
    if (filter.memberType) query = query.where('team_members.member_type', '=', filter.memberType);
    if (filter.keyword) {
      const pattern = likePattern(filter.keyword);
      query = query.where((eb) =>
        eb.or([
          eb('users.name', 'ilike', pattern),
          eb('users.account', 'ilike', pattern),
          eb('users.phone', 'ilike', pattern),
        ]),
      );
    }
    return query;
  }

  return {
    findTeam(teamId: number) {
      return db
        .selectFrom('teams')
        .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
        .select([
          'teams.id',
          'teams.name',
          'teams.kind',
          'teams.owner_id',
          'owner.name as owner_name',
          'teams.member_max',
          'teams.volume_max_gb',
          'teams.volume_used_bytes',
          'teams.created_at',
        ])
        .where('teams.id', '=', teamId)
        .executeTakeFirst();
    },

    /** Lapsed temporary members included: they keep their place until extended or removed. */
    countMembers(teamId: number) {
      return countMembers(db, teamId);
    },

    renameTeam(teamId: number, name: string) {
      return db.updateTable('teams').set({ name, updated_at: new Date() }).where('id', '=', teamId).execute();
    },

    /** The user's teams, leaving out temporary memberships whose expiry has passed. */
    listTeamsOfUser(userId: number, now: Date) {
      return membershipsOfUser(db, userId)
        .where(isCurrentMembership('team_members', now))
        .orderBy('team_members.created_at')
        .orderBy('teams.id')
        .execute();
    },

    findMember(teamId: number, userId: number) {
      return members(teamId).where('team_members.user_id', '=', userId).executeTakeFirst();
    },

    async pageMembers(filter: {
      teamId: number;
      keyword?: string | undefined;
      memberType?: MemberType | undefined;
      pageNum: number;
      pageSize: number;
    }) {
      const [rows, total] = await Promise.all([
        filteredMembers(filter)
          .orderBy('team_members.created_at')
          .orderBy('users.id')
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize)
          .execute(),
        filteredMembers(filter)
          .clearSelect()
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    listMembers(teamId: number, limit?: number) {
      const query = members(teamId).orderBy('team_members.created_at').orderBy('users.id');
      return (limit === undefined ? query : query.limit(limit)).execute();
    },

    async findRoleHolders(teamId: number, role: RoleCode) {
      const rows = await db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .where('role_code', '=', role)
        .execute();
      return rows.map((row) => row.user_id);
    },

    updateMember(
      teamId: number,
      userId: number,
      update: { role_code: RoleCode; member_type: MemberType; expires_at: Date | null },
    ) {
      return updateMembership(db, teamId, userId, update);
    },

    /**
     * Ends a membership and the user's project rights in the team (explicit and from the invitation),
     * so that joining again starts clean. A user whose current team it was moves to another team still
     * open to them, or to none; returns that team.
     */
    removeMember(teamId: number, userId: number, now: Date) {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', '=', userId).execute();
        await runMemberRemovalHooks(trx, teamId, userId);
        const user = await trx
          .selectFrom('users')
          .select('current_team_id')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow();
        if (user.current_team_id !== teamId) return { currentTeamId: user.current_team_id };
        const next = await firstCurrentMembership(trx, userId, now);
        const currentTeamId = next?.team_id ?? null;
        await trx
          .updateTable('users')
          .set({ current_team_id: currentTeamId, updated_at: now })
          .where('id', '=', userId)
          .execute();
        return { currentTeamId };
      });
    },

    /** Makes `toUserId` the administrator; whoever held the role before becomes an inspector. */
    handOverAdministrator(teamId: number, toUserId: number) {
      return db.transaction().execute(async (trx) => {
        const previous = await trx
          .updateTable('team_members')
          .set({ role_code: 'ROLE_TEAM_INSPECTOR' })
          .where('team_id', '=', teamId)
          .where('role_code', '=', 'ROLE_TEAM_ADMIN')
          .where('user_id', '!=', toUserId)
          .returning('user_id')
          .execute();
        await trx
          .updateTable('team_members')
          .set({ role_code: 'ROLE_TEAM_ADMIN' })
          .where('team_id', '=', teamId)
          .where('user_id', '=', toUserId)
          .execute();
        return previous.map((row) => row.user_id);
      });
    },

    /**
     * Adds bytes to the team's counter in one statement that also checks the maximum, so two
     * uploads racing for the last free space cannot both pass. Undefined when they do not fit.
     */
    reserveVolume(teamId: number, bytes: number) {
      return db
        .updateTable('teams')
        .set({ volume_used_bytes: sql<string>`volume_used_bytes + ${bytes}::bigint` })
        .where('id', '=', teamId)
        .where(sql<boolean>`volume_used_bytes + ${bytes}::bigint <= volume_max_gb::bigint * ${GIB}::bigint`)
        .returning(['volume_used_bytes', 'volume_max_gb'])
        .executeTakeFirst();
    },

    releaseVolume(teamId: number, bytes: number) {
      return db
        .updateTable('teams')
        .set({ volume_used_bytes: sql<string>`greatest(volume_used_bytes - ${bytes}::bigint, 0)` })
        .where('id', '=', teamId)
        .returning(['volume_used_bytes', 'volume_max_gb'])
        .executeTakeFirst();
    },

    findVolume(teamId: number) {
      return db
        .selectFrom('teams')
        .select(['volume_used_bytes', 'volume_max_gb'])
        .where('id', '=', teamId)
        .executeTakeFirst();
    },
  };
}

export type TeamRepo = ReturnType<typeof createTeamRepo>;
