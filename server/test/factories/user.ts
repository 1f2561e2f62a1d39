import type { Kysely } from 'kysely';
import type { ClientType, RoleCode } from '@sightline/shared';
import { hashPassword, randomToken, sha256 } from '../../src/platform/auth/tokens.js';
import type { Database } from '../../src/platform/db/schema.js';
import { unique } from './unique.js';

export const TEST_PASSWORD = 'Passw0rd123';

export interface TestUser {
  id: number;
  account: string;
  password: string;
}

// scrypt is slow on purpose; every test user shares one hash of the test password.
let testPasswordHash: Promise<string> | undefined;

/**
 * A user who can log in with TEST_PASSWORD. With `teamId`, a member of that team (and in it now) with
 * `role`, a viewer unless given; with `expiresAt` too, a temporary member until then (in the past for a
 * lapsed one). `local` marks the account as created by the team (users.created_by_team_id), as the
 * team's local users are.
 */
export async function buildUser(
  db: Kysely<Database>,
  options: {
    teamId?: number;
    role?: RoleCode;
    expiresAt?: Date;
    local?: boolean;
    phone?: string;
    status?: 'active' | 'disabled';
  } = {},
): Promise<TestUser> {
  const account = `user${unique()}`.slice(0, 16);
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
    await addMembership(db, { teamId, userId: id, role: options.role, expiresAt: options.expiresAt });
  }
  return { id, account, password: TEST_PASSWORD };
}

/** Adds an existing user to a team, a viewer unless `role` says otherwise; `expiresAt` makes it temporary. */
export async function addMembership(
  db: Kysely<Database>,
  options: { teamId: number; userId: number; role?: RoleCode; expiresAt?: Date },
) {
  await db
    .insertInto('team_members')
    .values({
      team_id: options.teamId,
      user_id: options.userId,
      role_code: options.role ?? 'ROLE_TEAM_VIEWER',
      member_type: options.expiresAt ? 'temporary' : 'full',
      expires_at: options.expiresAt ?? null,
    })
    .execute();
}

/** A signed-in session for the user, made directly: what the login call hands out, without its checks. */
export async function sessionToken(
  db: Kysely<Database>,
  userId: number,
  clientType: ClientType = 'PC',
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      client_type: clientType,
      status: 'active',
      last_seen_at: new Date(),
    })
    .execute();
  return token;
}

/** A user as buildUser makes it, signed in. */
export async function buildSignedInUser(db: Kysely<Database>, options: Parameters<typeof buildUser>[1] = {}) {
  const user = await buildUser(db, options);
  return { ...user, token: await sessionToken(db, user.id) };
}

/** A valid body of POST /api/user: a new local inspector with the password Local12345, then `overrides`. */
export function localUserBody(overrides: Record<string, unknown> = {}) {
  return {
    account: `loc${unique()}`.slice(0, 16),
    password: 'Local12345',
    confirmPassword: 'Local12345',
    name: 'Zhao Lei',
    roleId: 'ROLE_TEAM_INSPECTOR',
    ...overrides,
  };
}
