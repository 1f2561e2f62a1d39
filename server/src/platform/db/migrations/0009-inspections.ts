import { sql, type Kysely } from 'kysely';

/**
 * Inspections of a project with their image groups (modules/inspection), and each team's camera parameters.
 * An inspection's team is its project's, so a handover moves it with no write; its deletion to the recycle bin
 * sets deleted_at, and the groups under it hang off it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('camera_params')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('team_id', 'integer', (col) => col.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('model', 'varchar(64)', (col) => col.notNull())
    .addColumn('sensor_width_mm', 'double precision', (col) => col.notNull())
    .addColumn('sensor_height_mm', 'double precision', (col) => col.notNull())
    .addColumn('focal_length_mm', 'double precision', (col) => col.notNull())
    .addColumn('image_width_px', 'integer', (col) => col.notNull())
    .addColumn('image_height_px', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('camera_params_team_model_key', ['team_id', 'model'])
    .execute();

  await db.schema
    .createTable('inspections')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('description', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('previous_inspection_id', 'integer', (col) => col.references('inspections.id').onDelete('set null'))
    // A calendar date (YYYY-MM-DD), kept as text so that no driver turns it into a local midnight.
    .addColumn('inspection_date', 'varchar(10)', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('deleted_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('inspections_project_idx').on('inspections').columns(['project_id', 'id']).execute();
  await db.schema.createIndex('inspections_previous_idx').on('inspections').column('previous_inspection_id').execute();

  // The camera is a copy of the team's parameters when the group chose it: a later import or a handover to
  // another team leaves the groups (and the photos taken with that camera) as they were.
  await db.schema
    .createTable('inspection_image_groups')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('name', 'varchar(10)', (col) => col.notNull())
    .addColumn('photo_distance_m', 'integer', (col) => col.notNull())
    .addColumn('camera_model', 'varchar(64)', (col) => col.notNull())
    .addColumn('sensor_width_mm', 'double precision', (col) => col.notNull())
    .addColumn('sensor_height_mm', 'double precision', (col) => col.notNull())
    .addColumn('focal_length_mm', 'double precision', (col) => col.notNull())
    .addColumn('image_width_px', 'integer', (col) => col.notNull())
    .addColumn('image_height_px', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('inspection_image_groups_name_key', ['inspection_id', 'name'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_image_groups').execute();
  await db.schema.dropTable('inspections').execute();
  await db.schema.dropTable('camera_params').execute();
}
