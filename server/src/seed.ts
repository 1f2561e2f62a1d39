import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { RoleCode } from '@sightline/shared';
import { hashPassword, randomToken } from './platform/auth/tokens.js';
import type { Database } from './platform/db/schema.js';
import { grantDefaultFunctions } from './modules/team-function/team-function.repo.js';

export const DEMO_TEAM_NAME = 'Demo';
export const DEMO_ACCOUNTS: ReadonlyArray<{ account: string; name: string; role: RoleCode }> = [
  { account: 'demoowner', name: 'Demo Owner', role: 'ROLE_TEAM_OWNER' },
  { account: 'demoadmin', name: 'Demo Administrator', role: 'ROLE_TEAM_ADMIN' },
  { account: 'demoinspector', name: 'Demo Inspector', role: 'ROLE_TEAM_INSPECTOR' },
  { account: 'demoviewer', name: 'Demo Viewer', role: 'ROLE_TEAM_VIEWER' },
];

const REGISTER_POSTS = ['inspector', 'engineer', 'projectManager', 'assetOwner', 'researcher', 'student', 'other'];
const REGISTER_LOCATIONS = ['CN', 'JP', 'US', 'GB', 'DE', 'SG', 'AU', 'OTHER'];

/** Reference data every deployment needs (register dropdowns). Idempotent. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  const rows = [
    ...REGISTER_POSTS.map((key, sort) => ({ category: 'register-post', data_key: key, data_value: key, sort })),
    ...REGISTER_LOCATIONS.map((key, sort) => ({ category: 'register-location', data_key: key, data_value: key, sort })),
  ];
  await db
    .insertInto('dictionary_data')
    .values(rows)
    .onConflict((oc) => oc.columns(['category', 'data_key']).doNothing())
    .execute();
}

/**
 * On an empty database, the demo team and one account of each team role. Returns the password
 * to print, or null when the team already exists (a second start keeps the data).
 */
export async function seedDemoTeam(
  db: Kysely<Database>,
  options: { password?: string | undefined; log: FastifyBaseLogger },
): Promise<string | null> {
  const existing = await db.selectFrom('users').select('id').where('account', '=', 'demoowner').executeTakeFirst();
  if (existing) return null;
  const password =
    options.password ??
    randomToken(9)
      .replace(/[^A-Za-z0-9]/g, 'x')
      .slice(0, 12);
  const passwordHash = await hashPassword(password);
  await db.transaction().execute(async (trx) => {
    const userIds: number[] = [];
    for (const demo of DEMO_ACCOUNTS) {
      const { id } = await trx
        .insertInto('users')
        .values({
          account: demo.account,
          phone: null,
          name: demo.name,
          password_hash: passwordHash,
          email: null,
          position: null,
          organization: 'Sightline',
          head_img_url: null,
          language: 'zh-CN',
          status: 'active',
          current_team_id: null,
          inviter_id: null,
          created_by_team_id: null,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      userIds.push(id);
    }
    const ownerId = userIds[0];
    if (ownerId === undefined) throw new Error('demo owner missing');
    const team = await trx
      .insertInto('teams')
      .values({ name: DEMO_TEAM_NAME, owner_id: ownerId, member_max: 50, volume_max_gb: 100, updated_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('team_members')
      .values(
        DEMO_ACCOUNTS.map((demo, index) => ({
          team_id: team.id,
          user_id: userIds[index] ?? ownerId,
          role_code: demo.role,
          member_type: 'full' as const,
        })),
      )
      .execute();
    await trx
      .updateTable('users')
      .set({ current_team_id: team.id, created_by_team_id: team.id })
      .where('id', 'in', userIds)
      .execute();
    await grantDefaultFunctions(trx, team.id);
  });
  options.log.info('Seeded the demo team');
  return password;
}
