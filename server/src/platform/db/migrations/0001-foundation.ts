import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('account', 'varchar(32)')
    .addColumn('phone', 'varchar(20)')
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('email', 'varchar(128)')
    .addColumn('position', 'varchar(64)')
    .addColumn('organization', 'varchar(64)')
    .addColumn('head_img_url', 'text')
    .addColumn('language', 'varchar(8)', (col) => col.notNull().defaultTo('zh-CN'))
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('active'))
    .addColumn('current_team_id', 'integer')
    .addColumn('failed_login_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_login_at', 'timestamptz')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('inviter_id', 'integer')
    .addColumn('created_by_team_id', 'integer')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create unique index users_account_key on users (lower(account)) where deleted_at is null`.execute(db);
  await sql`create unique index users_phone_key on users (phone) where deleted_at is null`.execute(db);

  await db.schema
    .createTable('teams')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('name', 'varchar(64)', (col) => col.notNull())
    .addColumn('owner_id', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('member_max', 'integer', (col) => col.notNull())
    .addColumn('volume_max_gb', 'integer', (col) => col.notNull())
    .addColumn('volume_used_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role_code', 'varchar(32)', (col) => col.notNull())
    .addColumn('member_type', 'varchar(16)', (col) => col.notNull().defaultTo('full'))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_members_pkey', ['team_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_members_user_idx').on('team_members').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('token_hash', 'char(64)', (col) => col.notNull().unique())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_type', 'varchar(16)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull().defaultTo('active'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('revoke_reason', 'varchar(16)')
    .execute();
  await sql`create index sessions_active_idx on sessions (user_id, client_type) where revoked_at is null`.execute(db);

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('phone', 'varchar(20)', (col) => col.notNull())
    .addColumn('scene', 'varchar(16)', (col) => col.notNull())
    .addColumn('code_hash', 'char(64)', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sms_codes_phone_idx').on('sms_codes').columns(['phone', 'created_at']).execute();

  await db.schema
    .createTable('captchas')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('answer_hash', 'char(64)', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('dictionary_data')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('category', 'varchar(64)', (col) => col.notNull())
    .addColumn('data_key', 'varchar(128)', (col) => col.notNull())
    .addColumn('data_value', 'text', (col) => col.notNull())
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addUniqueConstraint('dictionary_data_key', ['category', 'data_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['dictionary_data', 'captchas', 'sms_codes', 'sessions', 'team_members', 'teams', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
