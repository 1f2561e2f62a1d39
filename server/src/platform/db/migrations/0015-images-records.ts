import { sql, type Kysely } from 'kysely';

/**
 * Upload records: the files a user set out to upload into an inspection (one row per batch, one per file). Whether a
 * file arrived is read from `inspection_images` by name (unique in an inspection), so nothing here changes as photos
 * arrive, are processed or are deleted. Records go with their inspection.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('images_records')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('image_group_id', 'integer', (col) =>
      col.notNull().references('inspection_image_groups.id').onDelete('cascade'),
    )
    .addColumn('category', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('file_count', 'integer', (col) => col.notNull())
    .addColumn('total_bytes', 'bigint', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('images_records_inspection_idx')
    .on('images_records')
    .columns(['inspection_id', 'id'])
    .execute();
  await db.schema
    .createTable('images_record_files')
    .addColumn('record_id', 'integer', (col) => col.notNull().references('images_records.id').onDelete('cascade'))
    // The file's place in the batch, so that missing files list in the order the user chose them.
    .addColumn('position', 'integer', (col) => col.notNull())
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('images_record_files_pkey', ['record_id', 'position'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('images_record_files').execute();
  await db.schema.dropTable('images_records').execute();
}
