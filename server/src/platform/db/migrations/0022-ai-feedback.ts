import { sql, type Kysely } from 'kysely';

/**
 * Error feedback on AI screening (modules/ai-screening): a reviewer's correction of damage the AI recognised wrongly.
 * Each row keeps what the AI drew (type, shape, points) and the correction: the right type, or none when it is not
 * damage at all (the AI defect is then deleted), with the reviewer's note. The defect's id is kept without a key: a
 * rejected defect is gone, its feedback stays with its photo for the training set.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_feedbacks')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (col) => col.notNull().references('inspection_images.id').onDelete('cascade'))
    .addColumn('defect_id', 'integer', (col) => col.notNull())
    .addColumn('ai_type_id', 'integer', (col) => col.notNull().references('defect_types.id').onDelete('cascade'))
    .addColumn('correct_type_id', 'integer', (col) => col.references('defect_types.id').onDelete('set null'))
    .addColumn('shape_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('points', 'jsonb', (col) => col.notNull())
    .addColumn('content', 'varchar(500)')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('ai_feedbacks_inspection_idx')
    .on('ai_feedbacks')
    .columns(['inspection_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_feedbacks').execute();
}
