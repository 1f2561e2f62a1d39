import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/**
 * SQL of team memberships that other modules share. A membership counts until a temporary member's
 * expiry date has passed; `table` is how the query names team_members (an alias, or the table itself).
 */
export function isCurrentMembership(table = 'team_members', now = new Date()) {
  const expiresAt = sql.ref(`${table}.expires_at`);
  return sql<boolean>`(${expiresAt} is null or ${expiresAt} > ${now})`;
}

/** The current members of a team whose accounts are not deleted, joined with their user rows; callers select. */
export function currentMembers(db: Kysely<Database>, teamId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .where('team_members.team_id', '=', teamId)
    .where('users.deleted_at', 'is', null)
    .where(isCurrentMembership());
}

/** A user's memberships with the names of their teams, lapsed ones included. */
export function membershipsOfUser(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select([
      'teams.id as team_id',
      'teams.name as team_name',
      'team_members.role_code',
      'team_members.member_type',
      'team_members.expires_at',
    ])
    .where('team_members.user_id', '=', userId);
}

/** The oldest current membership of a user: the team they are in once their current team is gone. */
export function firstCurrentMembership(db: Kysely<Database>, userId: number, now = new Date()) {
  return db
    .selectFrom('team_members')
    .select(['team_id', 'role_code'])
    .where('user_id', '=', userId)
    .where(isCurrentMembership('team_members', now))
    .orderBy('created_at')
    .executeTakeFirst();
}

/** Whether both users are current members of at least one common team. */
export async function shareCurrentTeam(db: Kysely<Database>, userId: number, otherUserId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_members')
    .innerJoin('team_members as other', 'other.team_id', 'team_members.team_id')
    .select('team_members.team_id')
    .where('team_members.user_id', '=', userId)
    .where('other.user_id', '=', otherUserId)
    .where(isCurrentMembership())
    .where(isCurrentMembership('other'))
    .executeTakeFirst();
  return row !== undefined;
}
