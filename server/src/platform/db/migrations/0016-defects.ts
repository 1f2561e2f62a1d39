import { sql, type Kysely } from 'kysely';

/**
 * Defects (modules/defect): marks drawn on inspection photos with their measured and edited sizes and their place
 * on the model, the last number given in each inspection (numbers are sequential there, D-0001 on), and each
 * photo's count of defects (its has-defect flag).
 *
 * A defect goes with its photo, inspection or project; its component binding is dropped with the marker. Its type
 * is referenced without a cascade: a type in use cannot be deleted (defect-type's `isBoundToDefects` finds this
 * table by that foreign key). The list filters by inspection with type, level, photo, component or star and pages
 * newest first, hence indexes that end in the id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('defects')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (col) => col.notNull().references('inspection_images.id').onDelete('cascade'))
    .addColumn('number', 'integer', (col) => col.notNull())
    .addColumn('type_id', 'integer', (col) => col.notNull().references('defect_types.id'))
    .addColumn('level', 'smallint', (col) => col.notNull())
    .addColumn('shape_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('points', 'jsonb', (col) => col.notNull())
    .addColumn('width_px', 'double precision')
    .addColumn('length_m', 'double precision')
    .addColumn('width_mm', 'double precision')
    .addColumn('area_m2', 'double precision')
    .addColumn('size_basis', 'varchar(16)', (col) => col.notNull())
    .addColumn('edited_length_m', 'double precision')
    .addColumn('edited_width_mm', 'double precision')
    .addColumn('edited_area_m2', 'double precision')
    .addColumn('size_edited', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('description', 'varchar(500)', (col) => col.notNull().defaultTo(''))
    .addColumn('fields', 'jsonb', (col) => col.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('marker_id', 'integer', (col) => col.references('space_markers.id').onDelete('set null'))
    .addColumn('star', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('source', 'varchar(8)', (col) => col.notNull())
    .addColumn('lon', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('height', 'double precision')
    .addColumn('location_state', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('defects_number_key', ['inspection_id', 'number'])
    .execute();
  for (const [name, columns] of [
    ['defects_inspection_idx', ['inspection_id', 'id']],
    ['defects_inspection_type_idx', ['inspection_id', 'type_id', 'id']],
    ['defects_inspection_level_idx', ['inspection_id', 'level', 'id']],
    ['defects_image_idx', ['image_id', 'id']],
    ['defects_marker_idx', ['marker_id', 'id']],
    ['defects_type_idx', ['type_id']],
  ] as const) {
    await db.schema
      .createIndex(name)
      .on('defects')
      .columns([...columns])
      .execute();
  }
  await db.schema
    .createIndex('defects_star_idx')
    .on('defects')
    .columns(['inspection_id', 'id'])
    .where(sql.ref('star'), '=', true)
    .execute();

  await db.schema
    .createTable('defect_numbers')
    .addColumn('inspection_id', 'integer', (col) => col.primaryKey().references('inspections.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .alterTable('inspection_images')
    .addColumn('defect_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inspection_images').dropColumn('defect_count').execute();
  await db.schema.dropTable('defect_numbers').execute();
  await db.schema.dropTable('defects').execute();
}
