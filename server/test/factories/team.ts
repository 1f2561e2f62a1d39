import type { Kysely } from 'kysely';
import type { MemberType, RoleCode, TeamFunctionCode } from '@sightline/shared';
import type { Database } from '../../src/platform/db/schema.js';
import { grantDefaultFunctions } from '../../src/modules/team-function/team-function.repo.js';
import { hashPassword, randomToken, sha256 } from '../../src/platform/auth/tokens.js';
import { TEST_PASSWORD, unique } from '../harness.js';

type TestUser = { id: number; account: string; password: string };

// One scrypt hash for every test user: hashing is deliberately slow, and these tests are about teams.
let passwordHash: Promise<string> | undefined;

/** A user who can log in with TEST_PASSWORD, optionally a member of a team with a role. */
export async function buildMember(
  db: Kysely<Database>,
  options: { teamId?: number; role?: RoleCode; name?: string } = {},
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const account = `user${unique()}`.slice(0, 16);
  const { id } = await db
    .insertInto('users')
    .values({
      account,
      phone: null,
      name: options.name ?? `Test ${account}`,
      password_hash: await passwordHash,
      email: null,
      position: null,
      organization: null,
      head_img_url: null,
      language: 'zh-CN',
      status: 'active',
      current_team_id: options.teamId ?? null,
      inviter_id: null,
      created_by_team_id: null,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.teamId !== undefined) {
    await db
      .insertInto('team_members')
      .values({
        team_id: options.teamId,
        user_id: id,
        role_code: options.role ?? 'ROLE_TEAM_VIEWER',
        member_type: 'full',
      })
      .execute();
  }
  return { id, account, password: TEST_PASSWORD };
}

/** A signed-in session for the user, made directly: what POST /api/web/login would hand out. */
export async function sessionToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      client_type: 'PC',
      status: 'active',
      last_seen_at: new Date(),
    })
    .execute();
  return token;
}

/** A team as registration makes it (an owner, default function packages). */
export async function buildOwnedTeam(
  db: Kysely<Database>,
  options: { name?: string; memberMax?: number; volumeMaxGb?: number } = {},
) {
  const owner = await buildMember(db);
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
  await db
    .insertInto('team_members')
    .values({ team_id: id, user_id: owner.id, role_code: 'ROLE_TEAM_OWNER', member_type: 'full' })
    .execute();
  await db.updateTable('users').set({ current_team_id: id }).where('id', '=', owner.id).execute();
  await grantDefaultFunctions(db, id);
  return { id, owner };
}

/** A team with one member of each team role. */
export async function buildStaffedTeam(
  db: Kysely<Database>,
  options: { name?: string; memberMax?: number; volumeMaxGb?: number } = {},
) {
  const team = await buildOwnedTeam(db, options);
  const admin = await buildMember(db, { teamId: team.id, role: 'ROLE_TEAM_ADMIN' });
  const inspector = await buildMember(db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR' });
  const viewer = await buildMember(db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
  return { id: team.id, owner: team.owner, admin, inspector, viewer };
}

/** Adds an existing user to a team, optionally as a temporary member. */
export async function addMember(
  db: Kysely<Database>,
  options: { teamId: number; user: TestUser; role?: RoleCode; memberType?: MemberType; expiresAt?: Date | null },
) {
  await db
    .insertInto('team_members')
    .values({
      team_id: options.teamId,
      user_id: options.user.id,
      role_code: options.role ?? 'ROLE_TEAM_VIEWER',
      member_type: options.memberType ?? 'full',
      expires_at: options.expiresAt ?? null,
    })
    .execute();
}

/** A member whose temporary membership ends at `expiresAt` (in the past for a lapsed one). */
export async function buildTemporaryMember(
  db: Kysely<Database>,
  options: { teamId: number; expiresAt: Date; role?: RoleCode },
) {
  const user = await buildMember(db);
  await addMember(db, {
    teamId: options.teamId,
    user,
    role: options.role,
    memberType: 'temporary',
    expiresAt: options.expiresAt,
  });
  await db.updateTable('users').set({ current_team_id: options.teamId }).where('id', '=', user.id).execute();
  return user;
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

export const DAY_MS = 24 * 3600 * 1000;

/** A live project of the team (a built-in type, no model), for calls that take project ids. */
export async function buildTeamProject(db: Kysely<Database>, options: { teamId: number; deleted?: boolean }) {
  const type = await db
    .selectFrom('project_types')
    .select('id')
    .where('team_id', 'is', null)
    .orderBy('sort')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('projects')
    .values({
      team_id: options.teamId,
      type_id: type.id,
      name: `Project ${unique()}`,
      cover_url: null,
      description: null,
      location_kind: null,
      route_name: null,
      created_by: null,
      deleted_at: options.deleted ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}
