import { sql, type Kysely } from 'kysely';

/**
 * Key defects' screenshots uploaded and not yet held by a key defect (modules/key-defect): the upload writes a row,
 * the create or update that names the screenshot takes it (drops the row in its transaction), and a periodic job
 * frees the blob and quota of a row left a day. `freeing_at` marks a row the job has claimed: no key defect may take
 * it any more, and a job interrupted after the claim finishes it on its next run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('key_defect_screenshots')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    // The inspection's purge drops its rows first (naming their blobs); the cascade is the last resort.
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('name', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('size_bytes', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('freeing_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('key_defect_screenshots_inspection_idx')
    .on('key_defect_screenshots')
    .column('inspection_id')
    .execute();
  await db.schema
    .createIndex('key_defect_screenshots_created_idx')
    .on('key_defect_screenshots')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('key_defect_screenshots').execute();
}
