import { sql, type Expression, type Kysely } from 'kysely';
import type { MemberType, RoleCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { runMemberRemovalHooks } from './member-removal.js';

/**
 * Team access for everyone: whether a user is a member of a team, with which role, and who a team's members are.
 * Other modules ask here instead of reading team_members themselves, so that one rule holds everywhere:
 * a temporary member counts until their expiry time has passed, and a deleted account does not count. A lapsed
 * temporary membership stays a row (greyed in the member list, holding its place) until it is extended or removed;
 * the functions below say whether they include it ("current" ones do not).
 */

/** The tables `membershipOf` reads: a cache of its answers is dropped when one of them is written. */
export const MEMBERSHIP_TABLES: readonly string[] = ['team_members', 'teams'];

/** Whether a membership has lapsed at `now`: a temporary one whose expiry time has passed. */
export function hasLapsed(membership: { expires_at: Date | null }, now = new Date()): boolean {
  return membership.expires_at !== null && membership.expires_at.getTime() <= now.getTime();
}

/**
 * SQL of `hasLapsed`'s opposite: the membership counts (`table` is how the query names team_members, an alias or
 * the table itself).
 */
export function isCurrentMembership(table = 'team_members', now = new Date()) {
  const expiresAt = sql.ref(`${table}.expires_at`);
  return sql<boolean>`(${expiresAt} is null or ${expiresAt} > ${now})`;
}

interface MembershipFilter {
  /** Only memberships that count now (no lapsed temporary ones). */
  current?: boolean;
  now?: Date;
}

/** Membership rows of accounts that are not deleted. */
function membershipRows(db: Kysely<Database>, filter: MembershipFilter) {
  const query = db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .where('users.deleted_at', 'is', null);
  return filter.current ? query.where(isCurrentMembership('team_members', filter.now)) : query;
}

/**
 * Memberships of accounts that are not deleted (lapsed temporary ones too, unless `current`), as a table to join:
 * `query.innerJoin(teamMemberships(db).as('tm'), 'tm.team_id', 'projects.team_id')`.
 */
export function teamMemberships(db: Kysely<Database>, filter: MembershipFilter = {}) {
  return membershipRows(db, filter).select([
    'team_members.team_id',
    'team_members.user_id',
    'team_members.role_code',
    'team_members.member_type',
    'team_members.expires_at',
    'team_members.created_at',
  ]);
}

/**
 * The current members of a team whose accounts are not deleted, joined with their user rows (the membership is
 * named `membership`); callers select.
 */
export function currentMembers(db: Kysely<Database>, teamId: number) {
  return db
    .selectFrom('team_members as membership')
    .innerJoin('users', 'users.id', 'membership.user_id')
    .where('membership.team_id', '=', teamId)
    .where('users.deleted_at', 'is', null)
    .where(isCurrentMembership('membership'));
}

/** The ids of a team's current members; only those among `userIds`, or holding `role`, when given. */
export async function currentMemberIds(
  db: Kysely<Database>,
  teamId: number,
  filter: { userIds?: readonly number[]; role?: RoleCode } = {},
): Promise<number[]> {
  if (filter.userIds?.length === 0) return [];
  let query = currentMembers(db, teamId).select('membership.user_id');
  if (filter.userIds !== undefined) query = query.where('membership.user_id', 'in', [...filter.userIds]);
  if (filter.role !== undefined) query = query.where('membership.role_code', '=', filter.role);
  const rows = await query.execute();
  return rows.map((row) => row.user_id);
}

/** How many current members of the team hold each role. */
export async function currentMemberCountsByRole(db: Kysely<Database>, teamId: number): Promise<Map<RoleCode, number>> {
  const rows = await currentMembers(db, teamId)
    .select(['membership.role_code', (eb) => eb.fn.countAll<string>().as('count')])
    .groupBy('membership.role_code')
    .execute();
  return new Map(rows.map((row) => [row.role_code, Number(row.count)]));
}

/**
 * How many members a team has, as a query of one row `{count}` (a subquery too: `teamId` may be a column of the
 * outer query): accounts not deleted, lapsed temporary members included (they keep their place until removed),
 * unless `current`.
 */
export function memberCount(db: Kysely<Database>, teamId: number | Expression<number>, filter: MembershipFilter = {}) {
  return membershipRows(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('team_members.team_id', '=', teamId);
}

/** `memberCount` run. */
export async function countMembers(db: Kysely<Database>, teamId: number, filter: MembershipFilter = {}) {
  const row = await memberCount(db, teamId, filter).executeTakeFirstOrThrow();
  return Number(row.count);
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

/** The user's membership of the team, with the team's name; a lapsed one too (see `hasLapsed`). */
export function membershipOf(db: Kysely<Database>, userId: number, teamId: number) {
  return membershipsOfUser(db, userId).where('team_members.team_id', '=', teamId).executeTakeFirst();
}

/** The user's role in the team while their membership counts; undefined when it does not. */
export async function currentRoleInTeam(
  db: Kysely<Database>,
  userId: number,
  teamId: number,
): Promise<RoleCode | undefined> {
  const row = await currentMembers(db, teamId)
    .select('membership.role_code')
    .where('membership.user_id', '=', userId)
    .executeTakeFirst();
  return row?.role_code;
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

/** Adds the user to the team (a full member unless told otherwise). `db` may be the caller's transaction. */
export async function addMember(
  db: Kysely<Database>,
  member: {
    teamId: number;
    userId: number;
    role: RoleCode;
    memberType?: MemberType;
    expiresAt?: Date | null;
    createdAt?: Date;
  },
): Promise<void> {
  await db
    .insertInto('team_members')
    .values({
      team_id: member.teamId,
      user_id: member.userId,
      role_code: member.role,
      member_type: member.memberType ?? 'full',
      ...(member.expiresAt !== undefined ? { expires_at: member.expiresAt } : {}),
      ...(member.createdAt !== undefined ? { created_at: member.createdAt } : {}),
    })
    .execute();
}

/** Changes a member's role, member type or expiry. */
export async function updateMembership(
  db: Kysely<Database>,
  teamId: number,
  userId: number,
  update: { role_code?: RoleCode; member_type?: MemberType; expires_at?: Date | null },
): Promise<void> {
  await db
    .updateTable('team_members')
    .set(update)
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * Ends every membership of these users, whose accounts are being deleted, and runs the removal hooks of
 * `member-removal.ts` for each, as a removal from the team does: nothing a member held (project rights) outlives
 * the account.
 */
export async function removeMembershipsOfUsers(db: Kysely<Database>, userIds: readonly number[]): Promise<void> {
  const removed = await db
    .deleteFrom('team_members')
    .where('user_id', 'in', [...userIds])
    .returning(['team_id', 'user_id'])
    .execute();
  for (const { team_id, user_id } of removed) await runMemberRemovalHooks(db, team_id, user_id);
}
