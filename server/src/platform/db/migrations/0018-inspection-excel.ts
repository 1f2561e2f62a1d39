import { sql, type Kysely } from 'kysely';

/**
 * Excel exports of the defect list (modules/defect-export): each export's record with what it was asked (columns,
 * custom fields, thumbnails, the list's filters, the caller's language for the headers), its state, its defect count
 * and the flag above 5,000, and its workbook in the blob store. Records go with their inspection or project.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_excels')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('name', 'varchar(200)', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('fields', 'jsonb', (col) => col.notNull())
    .addColumn('custom_field_ids', 'jsonb', (col) => col.notNull())
    .addColumn('thumbnails', 'boolean', (col) => col.notNull())
    .addColumn('filter', 'jsonb', (col) => col.notNull())
    .addColumn('language', 'varchar(8)', (col) => col.notNull())
    .addColumn('defect_count', 'integer', (col) => col.notNull())
    .addColumn('flagged', 'boolean', (col) => col.notNull())
    .addColumn('storage_key', 'varchar(300)', (col) => col.notNull())
    .addColumn('size_bytes', 'bigint')
    .addColumn('error_key', 'varchar(64)')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('inspection_excels_inspection_idx')
    .on('inspection_excels')
    .columns(['inspection_id', 'id'])
    .execute();
  await db.schema
    .createIndex('inspection_excels_project_idx')
    .on('inspection_excels')
    .columns(['project_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_excels').execute();
}
