import type { Kysely } from 'kysely';
import type { TeamFunctionCode } from '@sightline/shared';
import type { Database } from '../../src/platform/db/schema.js';
import { grantDefaultFunctions } from '../../src/modules/team-function/team-function.repo.js';
import { unique } from './unique.js';
import { addMembership, buildSignedInUser, buildUser, sessionToken } from './user.js';

export const DAY_MS = 24 * 3600 * 1000;

/** A team as registration makes it: an owner who can log in (in the team now), default function packages. */
export async function buildTeam(
  db: Kysely<Database>,
  options: { name?: string; memberMax?: number; volumeMaxGb?: number } = {},
) {
  const owner = await buildUser(db);
  const { id } = await db
    .insertInto('teams')
    .values({
      name: options.name ?? `Team ${unique()}`,
      owner_id: owner.id,
      member_max: options.memberMax ?? 10,
      volume_max_gb: options.volumeMaxGb ?? 10,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addMembership(db, { teamId: id, userId: owner.id, role: 'ROLE_TEAM_OWNER' });
  await db.updateTable('users').set({ current_team_id: id }).where('id', '=', owner.id).execute();
  await grantDefaultFunctions(db, id);
  return { id, owner };
}

/**
 * A team with one member of each team role, like the demo team: the owner, an administrator, an
 * inspector and a viewer, all local users of the team, each signed in (`token`).
 */
export async function buildStaffedTeam(
  db: Kysely<Database>,
  options: { name?: string; memberMax?: number; volumeMaxGb?: number } = {},
) {
  const team = await buildTeam(db, options);
  await db.updateTable('users').set({ created_by_team_id: team.id }).where('id', '=', team.owner.id).execute();
  const member = (role: 'ROLE_TEAM_ADMIN' | 'ROLE_TEAM_INSPECTOR' | 'ROLE_TEAM_VIEWER') =>
    buildSignedInUser(db, { teamId: team.id, role, local: true });
  return {
    id: team.id,
    owner: { ...team.owner, token: await sessionToken(db, team.owner.id) },
    admin: await member('ROLE_TEAM_ADMIN'),
    inspector: await member('ROLE_TEAM_INSPECTOR'),
    viewer: await member('ROLE_TEAM_VIEWER'),
  };
}

export type StaffedTeam = Awaited<ReturnType<typeof buildStaffedTeam>>;

/** A signed-in member of a new corporate team (the operator's own) with a corporate role. */
export async function buildCorporateUser(
  db: Kysely<Database>,
  role: 'ROLE_CORP_MANAGEMENT' | 'ROLE_CORP_SALES' | 'ROLE_CORP_CLERK',
) {
  const vendor = await buildTeam(db);
  await db.updateTable('teams').set({ kind: 'corporate' }).where('id', '=', vendor.id).execute();
  return buildSignedInUser(db, { teamId: vendor.id, role });
}

/** Sets a function package's dates directly, e.g. to make it expired. */
export async function setFunction(
  db: Kysely<Database>,
  options: {
    teamId: number;
    code: TeamFunctionCode;
    activatedAt: Date | null;
    expiresAt: Date | null;
    validityDays?: number;
  },
) {
  await db
    .insertInto('team_functions')
    .values({
      team_id: options.teamId,
      function_code: options.code,
      validity_days: options.validityDays ?? 30,
      activated_at: options.activatedAt,
      expires_at: options.expiresAt,
    })
    .onConflict((oc) =>
      oc.columns(['team_id', 'function_code']).doUpdateSet({
        activated_at: options.activatedAt,
        expires_at: options.expiresAt,
      }),
    )
    .execute();
}

/** A function package active from now for `days` days (a new team has only the default packages). */
export function grantFunction(db: Kysely<Database>, teamId: number, code: TeamFunctionCode, days = 365) {
  const now = Date.now();
  return setFunction(db, {
    teamId,
    code,
    activatedAt: new Date(now),
    expiresAt: new Date(now + days * DAY_MS),
    validityDays: days,
  });
}

/** The team's storage counter in bytes. */
export async function teamUsedBytes(db: Kysely<Database>, teamId: number): Promise<number> {
  const row = await db
    .selectFrom('teams')
    .select('volume_used_bytes')
    .where('id', '=', teamId)
    .executeTakeFirstOrThrow();
  return Number(row.volume_used_bytes);
}
