import type { Kysely } from 'kysely';
import type { RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { isUniqueViolation } from '../../platform/db/sql-helpers.js';
import { currentMemberIds, currentMembers, shareCurrentTeam } from '../team/membership.js';

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
          'membership.role_code',
        ])
        .where('membership.role_code', '=', role)
        .orderBy('membership.created_at')
        .orderBy('users.id')
        .execute();
    },
    findTeamMateIds(teamId: number): Promise<number[]> {
      return currentMemberIds(db, teamId);
    },
    /** Whether both users are current members of at least one common team. */
    sharesTeam(userId: number, otherUserId: number): Promise<boolean> {
      return shareCurrentTeam(db, userId, otherUserId);
    },
  };
}

export type UserClientRepo = ReturnType<typeof createUserClientRepo>;
