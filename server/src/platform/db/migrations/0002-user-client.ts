import { sql, type Kysely } from 'kysely';

/** Local users are listed per team on every page of the team's user screen. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index users_created_by_team_idx on users (created_by_team_id) where deleted_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index users_created_by_team_idx`.execute(db);
}
