import { sql, type Kysely } from 'kysely';

/**
 * Drone-target displacement monitoring (modules/monitor-target): a project's targets, each picked on a photo of the
 * baseline inspection, and the target's position on each photo it was identified on (the baseline photo and the
 * matching photo of every round), with the round's displacement computed by the server and stored so lists and
 * charts read it without recomputing. `alarm_notified_at` remembers which threshold crossing has been announced.
 * Rows go with their project, inspection or photo by the cascades.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitor_targets')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (col) => col.notNull().references('inspection_images.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('type', 'varchar(16)', (col) => col.notNull())
    .addColumn('marker', 'varchar(16)')
    .addColumn('dictionary', 'varchar(32)')
    .addColumn('marker_id', 'integer')
    .addColumn('region_x', 'double precision')
    .addColumn('region_y', 'double precision')
    .addColumn('region_width', 'double precision')
    .addColumn('region_height', 'double precision')
    .addColumn('threshold_mm', 'double precision', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('unidentified'))
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('error_key', 'varchar(64)')
    .addColumn('job_id', 'varchar(64)')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('monitor_targets_project_idx')
    .on('monitor_targets')
    .columns(['project_id', 'id'])
    .execute();
  await db.schema.createIndex('monitor_targets_image_idx').on('monitor_targets').column('image_id').execute();
  await db.schema.createIndex('monitor_targets_inspection_idx').on('monitor_targets').column('inspection_id').execute();

  await db.schema
    .createTable('monitor_target_fixes')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('target_id', 'integer', (col) => col.notNull().references('monitor_targets.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (col) => col.notNull().references('inspection_images.id').onDelete('cascade'))
    .addColumn('x', 'double precision')
    .addColumn('y', 'double precision')
    .addColumn('source', 'varchar(16)')
    .addColumn('score', 'double precision')
    .addColumn('displacement_mm', 'double precision')
    .addColumn('right_mm', 'double precision')
    .addColumn('down_mm', 'double precision')
    .addColumn('alarm', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('alarm_notified_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('monitor_target_fixes_image_key', ['target_id', 'image_id'])
    .execute();
  await db.schema.createIndex('monitor_target_fixes_image_idx').on('monitor_target_fixes').column('image_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('monitor_target_fixes').execute();
  await db.schema.dropTable('monitor_targets').execute();
}
