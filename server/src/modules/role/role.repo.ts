import type { Kysely } from 'kysely';
import type { RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

/** SQL of roles: how many current members of a team hold each role. */
export function createRoleRepo(db: Kysely<Database>) {
  return {
    async countMembersByRole(teamId: number): Promise<Map<RoleCode, number>> {
      const rows = await db
        .selectFrom('team_members')
        .innerJoin('users', 'users.id', 'team_members.user_id')
        .select(['team_members.role_code', (eb) => eb.fn.countAll<string>().as('count')])
        .where('team_members.team_id', '=', teamId)
        .where('users.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([eb('team_members.expires_at', 'is', null), eb('team_members.expires_at', '>', new Date())]),
        )
        .groupBy('team_members.role_code')
        .execute();
      return new Map(rows.map((row) => [row.role_code, Number(row.count)]));
    },
  };
}

export type RoleRepo = ReturnType<typeof createRoleRepo>;
