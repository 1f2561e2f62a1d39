import type { Kysely } from 'kysely';
import type { RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/sql-helpers.js';
import { currentMembers, isCurrentMembership, shareCurrentTeam } from '../team/membership.js';

/** SQL of the signed-in user's own account beyond sign-in: phone changes and team look-ups. */
export function createUserClientRepo(db: Kysely<Database>) {
  return {
    /** False when another account took the phone meanwhile (the unique index decides). */
    async updatePhone(userId: number, phone: string): Promise<boolean> {
      try {
        await db.updateTable('users').set({ phone, updated_at: new Date() }).where('id', '=', userId).execute();
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },
    findTeamMembersWithRole(teamId: number, role: RoleCode) {
      return currentMembers(db, teamId)
        .select([
          'users.id',
          'users.name',
          'users.account',
          'users.phone',
          'users.head_img_url',
          'team_members.role_code',
        ])
        .where('team_members.role_code', '=', role)
        .orderBy('team_members.created_at')
        .orderBy('users.id')
        .execute();
    },
    async findTeamMateIds(teamId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', teamId)
        .where(isCurrentMembership())
        .execute();
      return rows.map((row) => row.user_id);
    },
    /** Whether both users are current members of at least one common team. */
    sharesTeam(userId: number, otherUserId: number): Promise<boolean> {
      return shareCurrentTeam(db, userId, otherUserId);
    },
  };
}

export type UserClientRepo = ReturnType<typeof createUserClientRepo>;
