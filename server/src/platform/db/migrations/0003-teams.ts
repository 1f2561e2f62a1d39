import { sql, type Kysely } from 'kysely';

/** Team kinds, upgrades, function packages, invitation links and join attempts. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('teams')
    .addColumn('kind', 'varchar(16)', (col) => col.notNull().defaultTo('team'))
    .addColumn('upgraded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('upgraded_at', 'timestamptz')
    .execute();

  // Each upgrade by a sales manager, with what it changed, for the record.
  await db.schema
    .createTable('team_upgrades')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('upgraded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('changes', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('team_upgrades_team_idx')
    .on('team_upgrades')
    .columns(['team_id', 'created_at'])
    .execute();

  // The state (not activated, active, expired) follows from activated_at and expires_at.
  await db.schema
    .createTable('team_functions')
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('function_code', 'varchar(32)', (col) => col.notNull())
    .addColumn('validity_days', 'integer', (col) => col.notNull())
    .addColumn('activated_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('team_functions_pkey', ['team_id', 'function_code'])
    .execute();
  // Teams that exist already get what a new team gets.
  await sql`
    insert into team_functions (team_id, function_code, validity_days, activated_at, expires_at)
    select teams.id, codes.code, 365, now(), now() + interval '365 days'
    from teams cross join (values ('base'), ('inspection')) as codes (code)
    on conflict do nothing`.execute(db);

  await db.schema
    .createTable('team_invitation_links')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('sid', 'varchar(64)', (col) => col.notNull().unique())
    // Kept readable: administrators copy the password again to pass it on (see invitation.service.ts).
    .addColumn('password', 'varchar(20)', (col) => col.notNull())
    .addColumn('password_mode', 'varchar(8)', (col) => col.notNull())
    .addColumn('role_code', 'varchar(32)', (col) => col.notNull())
    .addColumn('scope', 'varchar(16)', (col) => col.notNull())
    .addColumn('project_ids', sql`integer[]`, (col) => col.notNull().defaultTo(sql`'{}'`))
    .addColumn('created_by', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await sql`create index team_invitation_links_team_idx on team_invitation_links (team_id) where revoked_at is null`.execute(
    db,
  );

  // Wrong invitation passwords per user and team: five in an hour block that user for the hour.
  await db.schema
    .createTable('team_join_attempts')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('failed_count', 'integer', (col) => col.notNull())
    .addColumn('last_failed_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_join_attempts_pkey', ['user_id', 'team_id'])
    .execute();

  // Projects an invitation link granted to the member who joined by it; project membership reads
  // them. No foreign key to projects: that table belongs to the projects module.
  await db.schema
    .createTable('invitation_project_grants')
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('project_id', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('invitation_project_grants_pkey', ['user_id', 'team_id', 'project_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'invitation_project_grants',
    'team_join_attempts',
    'team_invitation_links',
    'team_functions',
    'team_upgrades',
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('teams').dropColumn('kind').dropColumn('upgraded_by').dropColumn('upgraded_at').execute();
}
