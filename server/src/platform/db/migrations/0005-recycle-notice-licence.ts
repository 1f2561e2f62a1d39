import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recycle_items')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(32)', (col) => col.notNull())
    .addColumn('entity_id', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('deleted_by', 'integer', (col) => col.notNull().references('users.id'))
    .addColumn('deleted_at', 'timestamptz', (col) => col.notNull())
    // Purging a parent item purges the entities under it, so their own items go with it.
    .addColumn('parent_item_id', 'integer', (col) => col.references('recycle_items.id').onDelete('cascade'))
    .addUniqueConstraint('recycle_items_entity_key', ['kind', 'entity_id'])
    .execute();
  await sql`create index recycle_items_team_idx on recycle_items (team_id, deleted_at desc) where parent_item_id is null`.execute(
    db,
  );
  await db.schema.createIndex('recycle_items_parent_idx').on('recycle_items').column('parent_item_id').execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.references('teams.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('params', 'jsonb')
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await sql`create index notices_user_idx on notices (user_id, type, created_at desc) where deleted_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('feedback')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('team_id', 'integer', (col) => col.references('teams.id').onDelete('set null'))
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('content', 'varchar(500)', (col) => col.notNull())
    .addColumn('contact', 'varchar(64)')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('licences')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('machine_code', 'varchar(32)', (col) => col.notNull())
    .addColumn('issued_to', 'varchar(255)', (col) => col.notNull())
    .addColumn('issued_at', 'timestamptz', (col) => col.notNull())
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('functions', 'jsonb', (col) => col.notNull())
    .addColumn('licence_text', 'text', (col) => col.notNull())
    .addColumn('activated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  // Image categories of inspection photos (SPEC section 3), read through the dictionary calls.
  await sql`insert into dictionary_data (category, data_key, data_value, sort)
    values ('image-category', 'normal', 'normal', 0), ('image-category', 'cable', 'cable', 1)
    on conflict (category, data_key) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from dictionary_data where category = 'image-category'`.execute(db);
  for (const table of ['licences', 'feedback', 'notices', 'recycle_items']) {
    await db.schema.dropTable(table).execute();
  }
}
