import { sql, type Kysely } from 'kysely';

/**
 * Historical defect matching (modules/defect-history).
 *
 * A link per defect of an inspection that the matching (or a person) has decided on: the defect of the previous
 * inspection it is (null: new), the change kind and size deltas as the sizes were then, the pair's 3D distance, and
 * whether a person made it (`manual`, kept by a new matching). A defect with no link is not matched yet: that is
 * what "continue" does. Links go with either defect; an earlier defect is linked from one defect of each later inspection at most.
 *
 * Per inspection one row of the matching's state, its distance threshold and its job's id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('defect_history_links')
    .addColumn('defect_id', 'integer', (col) => col.primaryKey().references('defects.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('previous_defect_id', 'integer', (col) => col.references('defects.id').onDelete('cascade'))
    .addColumn('change_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('delta_length_m', 'double precision')
    .addColumn('delta_width_mm', 'double precision')
    .addColumn('delta_area_m2', 'double precision')
    .addColumn('distance_m', 'double precision')
    .addColumn('manual', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // Two inspections may name one previous inspection: an earlier defect is linked once from each.
    .addUniqueConstraint('defect_history_links_previous_key', ['previous_defect_id', 'inspection_id'])
    .execute();
  await db.schema
    .createIndex('defect_history_links_inspection_idx')
    .on('defect_history_links')
    .columns(['inspection_id', 'change_kind', 'defect_id'])
    .execute();

  await db.schema
    .createTable('defect_history_matchings')
    .addColumn('inspection_id', 'integer', (col) => col.primaryKey().references('inspections.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('uncalculated'))
    .addColumn('mode', 'varchar(16)', (col) => col.notNull().defaultTo('continue'))
    .addColumn('distance_m', 'double precision', (col) => col.notNull().defaultTo(0.3))
    .addColumn('job_id', 'text')
    .addColumn('error_key', 'varchar(64)')
    .addColumn('started_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('defect_history_matchings').execute();
  await db.schema.dropTable('defect_history_links').execute();
}
