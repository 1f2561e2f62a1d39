import { sql, type Kysely } from 'kysely';

/**
 * Key (important) defects and the calibration of defect positions (modules/key-defect, defect-calibration.*).
 *
 * A key defect is drawn on the model: a polyline or polygon of WGS84 positions with its screenshot (a PNG in the
 * blob store, counted on the team's quota), optionally standing for a photo defect (that defect is then a key
 * point, which calibration leaves alone). Its history keeps every change, the deletion included, so it names the
 * key defect by id without a foreign key and goes with the inspection.
 *
 * Calibration: per inspection one row of state and progress (its job's id), per defect when it was calibrated and
 * whether its place came from a high-precision pose. A defect with no `calibrated_at` is what "continue" does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('key_defects')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('type_id', 'integer', (col) => col.notNull().references('defect_types.id'))
    .addColumn('level', 'smallint', (col) => col.notNull())
    .addColumn('description', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('shape_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('positions', 'jsonb', (col) => col.notNull())
    .addColumn('screenshot', 'varchar(64)', (col) => col.notNull().unique())
    // The blob's key as stored: it stays where it was put when the project changes team.
    .addColumn('screenshot_key', 'text', (col) => col.notNull())
    .addColumn('screenshot_bytes', 'integer', (col) => col.notNull())
    .addColumn('defect_id', 'integer', (col) => col.references('defects.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('key_defects_inspection_idx')
    .on('key_defects')
    .columns(['inspection_id', 'id'])
    .execute();
  await db.schema.createIndex('key_defects_defect_idx').on('key_defects').column('defect_id').execute();
  // The type's foreign key: deleting a type looks here for key defects that use it.
  await db.schema.createIndex('key_defects_type_idx').on('key_defects').column('type_id').execute();

  await db.schema
    .createTable('key_defect_history')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('key_defect_id', 'integer', (col) => col.notNull())
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('action', 'varchar(16)', (col) => col.notNull())
    .addColumn('changes', 'jsonb', (col) => col.notNull())
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('key_defect_history_key_defect_idx')
    .on('key_defect_history')
    .columns(['key_defect_id', 'id'])
    .execute();

  await db.schema
    .createTable('defect_calibrations')
    .addColumn('inspection_id', 'integer', (col) => col.primaryKey().references('inspections.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('idle'))
    .addColumn('mode', 'varchar(16)', (col) => col.notNull().defaultTo('continue'))
    .addColumn('job_id', 'text')
    .addColumn('error_key', 'varchar(64)')
    .addColumn('started_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .execute();

  await db.schema
    .alterTable('defects')
    .addColumn('high_precision', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('calibrated_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('defects').dropColumn('calibrated_at').dropColumn('high_precision').execute();
  await db.schema.dropTable('defect_calibrations').execute();
  await db.schema.dropTable('key_defect_history').execute();
  await db.schema.dropTable('key_defects').execute();
}
