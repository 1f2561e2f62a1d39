import { sql, type Kysely } from 'kysely';

/**
 * The high-precision transform (SPEC sections 4, 5): one pose export imported per inspection, its XML in the blob
 * store with its checksum (a resume needs the same file), and the state of its computation; each pose it writes is
 * a row of `inspection_image_poses` naming the import, so deleting the import takes exactly those poses back. And
 * the project's point cloud: a .pcd with its .xml.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('high_precision_imports')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('inspection_id', 'integer', (col) =>
      col.notNull().unique().references('inspections.id').onDelete('cascade'),
    )
    .addColumn('format', 'varchar(32)', (col) => col.notNull())
    .addColumn('reference_kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('reference_definition', 'text', (col) => col.notNull())
    .addColumn('checksum', 'char(64)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('xml_key', 'text', (col) => col.notNull())
    .addColumn('export_count', 'integer', (col) => col.notNull())
    // The matched image names (as the images are named), the photos the computation gives a pose.
    .addColumn('image_names', 'jsonb', (col) => col.notNull())
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('pending'))
    .addColumn('progress', 'double precision', (col) => col.notNull().defaultTo(0))
    .addColumn('computed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('error_key', 'varchar(64)')
    .addColumn('error_params', 'jsonb')
    .addColumn('job_id', 'text')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('inspection_image_poses')
    .addColumn('high_precision_import_id', 'integer', (col) =>
      col.references('high_precision_imports.id').onDelete('set null'),
    )
    .execute();
  // One pose per photo and import: a computation run again after a restart finds it written.
  await db.schema
    .createIndex('inspection_image_poses_import_idx')
    .on('inspection_image_poses')
    .columns(['high_precision_import_id', 'image_id'])
    .unique()
    .execute();

  await db.schema
    .createTable('point_clouds')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('project_id', 'integer', (col) => col.notNull().references('projects.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('uploading'))
    .addColumn('storage_key', 'text', (col) => col.notNull())
    .addColumn('xml_name', 'varchar(255)', (col) => col.notNull())
    .addColumn('srs', 'text')
    .addColumn('origin', 'jsonb')
    .addColumn('pcd_name', 'varchar(255)')
    .addColumn('upload_id', 'varchar(64)', (col) => col.unique())
    .addColumn('size_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('stored_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('points', 'bigint')
    .addColumn('fields', 'jsonb')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('point_clouds_project_idx').on('point_clouds').column('project_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('point_clouds').execute();
  await db.schema.dropIndex('inspection_image_poses_import_idx').execute();
  await db.schema.alterTable('inspection_image_poses').dropColumn('high_precision_import_id').execute();
  await db.schema.dropTable('high_precision_imports').execute();
}
