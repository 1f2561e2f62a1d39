import { sql, type Kysely } from 'kysely';

/**
 * Inspection reports (modules/inspection-report): each report's configuration (template, sections, the defect
 * table's fields and thumbnails, the key defects shown, the language), its state (generating, failed, latest,
 * historical), its defect count and the flag above 5,000, the version of the inspection's data it was written from,
 * and its Word file and PDF in the blob store. Reports go with their inspection or project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_reports')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('template', 'varchar(32)', (col) => col.notNull())
    .addColumn('sections', 'jsonb', (col) => col.notNull())
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('thumbnails', 'boolean', (col) => col.notNull())
    .addColumn('key_defect_ids', 'jsonb')
    .addColumn('language', 'varchar(8)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('defect_count', 'integer')
    .addColumn('flagged', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('data_version', 'varchar(120)')
    .addColumn('word_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('word_bytes', 'bigint')
    .addColumn('pdf_bytes', 'bigint')
    .addColumn('error_key', 'varchar(64)')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('inspection_reports_inspection_idx')
    .on('inspection_reports')
    .columns(['inspection_id', 'id'])
    .execute();
  await db.schema
    .createIndex('inspection_reports_project_idx')
    .on('inspection_reports')
    .columns(['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_reports').execute();
}
