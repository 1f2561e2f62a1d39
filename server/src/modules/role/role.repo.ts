import type { Kysely } from 'kysely';
import type { RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { currentMemberCountsByRole } from '../team/membership.js';

/** SQL of roles: how many current members of a team hold each role. */
export function createRoleRepo(db: Kysely<Database>) {
  return {
    countMembersByRole(teamId: number): Promise<Map<RoleCode, number>> {
      return currentMemberCountsByRole(db, teamId);
    },
  };
}

export type RoleRepo = ReturnType<typeof createRoleRepo>;
