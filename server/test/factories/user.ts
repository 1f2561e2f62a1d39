import type { Kysely } from 'kysely';
import type { ClientType, RoleCode } from '@sightline/shared';
import { hashPassword, randomToken, sha256 } from '../../src/platform/auth/tokens.js';
import type { Database } from '../../src/platform/db/schema.js';
import { buildTeam, TEST_PASSWORD, unique } from '../harness.js';

// scrypt is slow on purpose; tests that build many accounts share one hash of the test password.
let testPasswordHash: Promise<string> | undefined;

/**
 * An account with the test password, optionally a member of a team with a role; `local` marks it
 * as created by that team (users.created_by_team_id), as the team's local users are.
 */
export async function buildAccount(
  db: Kysely<Database>,
  options: {
    teamId?: number;
    role?: RoleCode;
    local?: boolean;
    phone?: string;
    status?: 'active' | 'disabled';
  } = {},
) {
  const account = `acct${unique()}`.slice(0, 16);
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const teamId = options.teamId ?? null;
  const { id } = await db
    .insertInto('users')
    .values({
      account,
      phone: options.phone ?? null,
      name: `Test ${account}`,
      password_hash: await testPasswordHash,
      email: null,
      position: null,
      organization: null,
      head_img_url: null,
      language: 'zh-CN',
      status: options.status ?? 'active',
      current_team_id: teamId,
      inviter_id: null,
      created_by_team_id: options.local ? teamId : null,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (teamId !== null) {
    await addMembership(db, { teamId, userId: id, role: options.role ?? 'ROLE_TEAM_VIEWER' });
  }
  return { id, account, password: TEST_PASSWORD };
}

/** A local user of a team: created by it and a member of it. */
export function buildLocalUser(
  db: Kysely<Database>,
  options: { teamId: number; role?: RoleCode; phone?: string; status?: 'active' | 'disabled' },
) {
  return buildAccount(db, { ...options, role: options.role ?? 'ROLE_TEAM_INSPECTOR', local: true });
}

/** A signed-in session as the login call makes it, without its rate limit; answers the token. */
export async function buildSession(db: Kysely<Database>, options: { userId: number; clientType?: ClientType }) {
  const token = randomToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: options.userId,
      client_type: options.clientType ?? 'PC',
      status: 'active',
      last_seen_at: new Date(),
    })
    .execute();
  return token;
}

/** Adds an existing user to a team; a temporary membership may carry an expiry in the past. */
export async function addMembership(
  db: Kysely<Database>,
  options: { teamId: number; userId: number; role: RoleCode; expiresAt?: Date },
) {
  await db
    .insertInto('team_members')
    .values({
      team_id: options.teamId,
      user_id: options.userId,
      role_code: options.role,
      member_type: options.expiresAt ? 'temporary' : 'full',
      expires_at: options.expiresAt ?? null,
    })
    .execute();
}

/**
 * A team with one local account per team role, like the demo team: the owner, an administrator,
 * an inspector and a viewer, all created by the team, each with a signed-in session.
 */
export async function buildStaffedTeam(db: Kysely<Database>, options: { memberMax?: number } = {}) {
  const team = await buildTeam(db, { memberMax: options.memberMax ?? 20 });
  await db.updateTable('users').set({ created_by_team_id: team.id }).where('id', '=', team.owner.id).execute();
  const admin = await buildLocalUser(db, { teamId: team.id, role: 'ROLE_TEAM_ADMIN' });
  const inspector = await buildLocalUser(db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR' });
  const viewer = await buildLocalUser(db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
  const members = { owner: team.owner, admin, inspector, viewer };
  const tokens = {
    owner: await buildSession(db, { userId: team.owner.id }),
    admin: await buildSession(db, { userId: admin.id }),
    inspector: await buildSession(db, { userId: inspector.id }),
    viewer: await buildSession(db, { userId: viewer.id }),
  };
  return { id: team.id, ...members, tokens };
}
