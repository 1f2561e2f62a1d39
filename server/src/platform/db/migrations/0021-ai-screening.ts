import { sql, type Kysely } from 'kysely';

/**
 * AI screening (modules/ai-screening).
 *
 * Per inspection one row of its screening: state, image range and types asked, the job running it, its place in the
 * deployment's queue (`queue_order`, lowest first; a jump takes one below the lowest) and its counts.
 *
 * Per photo its AI result: `pending` while a run has it still to do, then `damage`, `clean` or `abnormal`, written
 * in the same transaction as the photo's AI defects, so a run resumed after a crash does only the pending photos
 * and never writes a photo's defects twice. Review is a flag on that row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_screenings')
    .addColumn('inspection_id', 'integer', (col) => col.primaryKey().references('inspections.id').onDelete('cascade'))
    .addColumn('state', 'varchar(24)', (col) => col.notNull().defaultTo('NOT_EXISTING'))
    .addColumn('image_range', 'varchar(16)')
    .addColumn('type_codes', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('queue_order', 'bigint')
    .addColumn('job_id', 'text')
    .addColumn('total', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('done', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('defects', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error_key', 'varchar(64)')
    .addColumn('started_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('ai_screenings_queue_idx')
    .on('ai_screenings')
    .columns(['state', 'queue_order'])
    .execute();

  await db.schema
    .createTable('ai_screening_images')
    .addColumn('image_id', 'integer', (col) => col.primaryKey().references('inspection_images.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('ai_state', 'varchar(16)', (col) => col.notNull())
    .addColumn('error_key', 'varchar(64)')
    .addColumn('ai_defects', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('reviewed', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('reviewed_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('screened_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('ai_screening_images_inspection_idx')
    .on('ai_screening_images')
    .columns(['inspection_id', 'ai_state', 'image_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_screening_images').execute();
  await db.schema.dropTable('ai_screenings').execute();
}
