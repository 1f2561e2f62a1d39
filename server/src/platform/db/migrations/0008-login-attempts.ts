import { sql, type Kysely } from 'kysely';

/**
 * Wrong passwords of password login, counted per target: `user:<id>` for an account that exists, and the
 * name typed for one that does not, so an unknown name locks after as many tries as a known one and the
 * lock tells nothing about who has an account. Replaces the count on `users`, which only known accounts had.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failed_count', 'integer', (col) => col.notNull())
    .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull())
    .execute();
  // Counts from the last window carry over, so an account locked at the upgrade stays locked.
  await sql`
    insert into login_attempts (key, failed_count, last_failed_at)
    select 'user:' || id, failed_login_count, failed_login_at from users
    where failed_login_at is not null and failed_login_count > 0
  `.execute(db);
  await db.schema.alterTable('users').dropColumn('failed_login_count').dropColumn('failed_login_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('failed_login_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_login_at', 'timestamptz')
    .execute();
  await db.schema.dropTable('login_attempts').execute();
}
