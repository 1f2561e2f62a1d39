import { sql, type Kysely } from 'kysely';

/**
 * Total-station monitoring: a project's monitoring points and their displacement records (surveys). A point's GPS
 * position is kept in integer 1e-7 degrees, so "the same place" (unique per project) is an exact comparison. A
 * record's time is the site's wall-clock minute as `YYYY-MM-DD HH:mm`, text that sorts as time does, with no time
 * zone for either database to shift. Displacements are computed by the server and stored, so lists and charts
 * read them without recomputing; `alarm_notified_at` remembers which threshold crossing has been announced.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('monitor_points')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('lon_e7', 'integer', (col) => col.notNull())
    .addColumn('lat_e7', 'integer', (col) => col.notNull())
    .addColumn('base_x', 'double precision', (col) => col.notNull())
    .addColumn('base_y', 'double precision', (col) => col.notNull())
    .addColumn('base_z', 'double precision')
    .addColumn('threshold_mm', 'double precision', (col) => col.notNull())
    .addColumn('temperature', 'double precision', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index monitor_points_name_key on monitor_points (project_id, lower(name))`.execute(db);
  await db.schema
    .createIndex('monitor_points_gps_key')
    .on('monitor_points')
    .columns(['project_id', 'lon_e7', 'lat_e7'])
    .unique()
    .execute();

  await db.schema
    .createTable('displacement_records')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('monitor_point_id', 'integer', (col) =>
      col.notNull().references('monitor_points.id').onDelete('cascade'),
    )
    .addColumn('monitor_time', 'varchar(16)', (col) => col.notNull())
    .addColumn('temperature', 'double precision', (col) => col.notNull())
    .addColumn('x', 'double precision', (col) => col.notNull())
    .addColumn('y', 'double precision', (col) => col.notNull())
    .addColumn('current_mm', 'double precision', (col) => col.notNull())
    .addColumn('cumulative_mm', 'double precision', (col) => col.notNull())
    .addColumn('alarm', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('alarm_notified_at', 'timestamptz')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('displacement_records_time_key')
    .on('displacement_records')
    .columns(['monitor_point_id', 'monitor_time'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('displacement_records').execute();
  await db.schema.dropTable('monitor_points').execute();
}
