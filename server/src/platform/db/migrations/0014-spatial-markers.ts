import { sql, type Kysely } from 'kysely';

/**
 * Spatial markers (modules/spatial-marker): one tree per project of groups and markers sharing an id space, the
 * photos bound to markers, the project's marker version (clients holding an older one refresh), and the distance
 * of an inspection's last automatic binding.
 *
 * A photo's bindings go with it (photo deletion is final; a binned inspection keeps its photos and their bindings
 * until purged), and a marker's with the marker.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('space_markers')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (col) => col.references('space_markers.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (col) => col.notNull())
    .addColumn('group_type', 'varchar(16)')
    .addColumn('code', 'varchar(50)')
    .addColumn('name', 'varchar(50)', (col) => col.notNull())
    .addColumn('color', 'varchar(16)', (col) => col.notNull())
    .addColumn('lon', 'double precision')
    .addColumn('lat', 'double precision')
    .addColumn('height', 'double precision')
    .addColumn('sort', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('cover_image_id', 'integer', (col) => col.references('inspection_images.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('space_markers_code_key', ['project_id', 'code'])
    // Top-level groups (no parent) are siblings too, hence nulls not distinct (PostgreSQL 15). Checked at the end of
    // each statement rather than each row, so that one statement may swap two siblings' names.
    .addUniqueConstraint('space_markers_name_key', ['project_id', 'parent_id', 'name'], (c) =>
      c.nullsNotDistinct().deferrable().initiallyImmediate(),
    )
    .execute();
  await db.schema.createIndex('space_markers_parent_idx').on('space_markers').column('parent_id').execute();

  await db.schema
    .createTable('space_image_assocs')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('marker_id', 'integer', (col) => col.notNull().references('space_markers.id').onDelete('cascade'))
    .addColumn('image_id', 'integer', (col) => col.notNull().references('inspection_images.id').onDelete('cascade'))
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('source', 'varchar(8)', (col) => col.notNull())
    .addColumn('distance_m', 'double precision')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('space_image_assocs_pair_key', ['marker_id', 'image_id'])
    .execute();
  await db.schema
    .createIndex('space_image_assocs_inspection_idx')
    .on('space_image_assocs')
    .columns(['inspection_id', 'marker_id'])
    .execute();
  await db.schema.createIndex('space_image_assocs_image_idx').on('space_image_assocs').column('image_id').execute();

  await db.schema
    .createTable('space_marker_versions')
    .addColumn('project_id', 'integer', (col) => col.primaryKey().references('projects.id').onDelete('cascade'))
    .addColumn('version', 'integer', (col) => col.notNull())
    .execute();

  await db.schema.alterTable('inspections').addColumn('space_binding_distance_cm', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inspections').dropColumn('space_binding_distance_cm').execute();
  await db.schema.dropTable('space_marker_versions').execute();
  await db.schema.dropTable('space_image_assocs').execute();
  await db.schema.dropTable('space_markers').execute();
}
