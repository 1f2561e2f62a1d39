import type { Kysely } from 'kysely';
import type { RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { currentMembers } from '../team/membership.js';

/** SQL of roles: how many current members of a team hold each role. */
export function createRoleRepo(db: Kysely<Database>) {
  return {
    async countMembersByRole(teamId: number): Promise<Map<RoleCode, number>> {
      const rows = await currentMembers(db, teamId)
        .select(['team_members.role_code', (eb) => eb.fn.countAll<string>().as('count')])
        .groupBy('team_members.role_code')
        .execute();
      return new Map(rows.map((row) => [row.role_code, Number(row.count)]));
    },
  };
}

export type RoleRepo = ReturnType<typeof createRoleRepo>;
