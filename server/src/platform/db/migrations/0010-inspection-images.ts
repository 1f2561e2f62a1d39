import { sql, type Kysely } from 'kysely';

/**
 * The photos of an inspection (modules/inspection, photo ingest). A row exists from the tus creation of its upload
 * (state `uploading`, holding the reserved quota and the name) and is listed once its bytes are stored. Deleting an
 * inspection drops its photos by cascade; an image group that holds photos cannot be deleted (no action: checked at the end of the statement, so an inspection's cascade removes both).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_images')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('inspection_id', 'integer', (col) => col.notNull().references('inspections.id').onDelete('cascade'))
    .addColumn('image_group_id', 'integer', (col) =>
      col.notNull().references('inspection_image_groups.id').onDelete('no action'),
    )
    .addColumn('name', 'varchar(255)', (col) => col.notNull())
    .addColumn('category', 'varchar(16)', (col) => col.notNull().defaultTo('normal'))
    .addColumn('content_type', 'varchar(32)', (col) => col.notNull().defaultTo(''))
    .addColumn('size_bytes', 'bigint', (col) => col.notNull())
    // The photo's folder in the blob store: `original`, `thumbnail.jpg` and `preview.jpg` under it.
    .addColumn('storage_key', 'varchar(255)', (col) => col.notNull())
    // Every byte counted against the team for this photo: the upload's reservation, then original plus derivatives.
    .addColumn('stored_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('upload_id', 'varchar(64)', (col) => col.unique())
    .addColumn('uploaded_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('state', 'varchar(16)', (col) => col.notNull().defaultTo('uploading'))
    .addColumn('error_key', 'varchar(64)')
    .addColumn('metadata', 'jsonb')
    .addColumn('longitude', 'double precision')
    .addColumn('latitude', 'double precision')
    .addColumn('altitude', 'double precision')
    .addColumn('pitch', 'double precision')
    .addColumn('yaw', 'double precision')
    .addColumn('roll', 'double precision')
    .addColumn('without_pose_reason', 'varchar(32)')
    .addColumn('without_pose_properties', 'jsonb')
    .addColumn('width_px', 'integer')
    .addColumn('height_px', 'integer')
    .addColumn('has_thumbnail', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('screening_status', 'smallint', (col) => col.notNull().defaultTo(0))
    .addColumn('review_status', 'varchar(16)', (col) => col.notNull().defaultTo('toReview'))
    .addColumn('favourite', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('uploaded_at', 'timestamptz')
    .addColumn('last_activity_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    // The same photo name twice in one inspection is refused: high-precision pose exports match photos by name.
    .addUniqueConstraint('inspection_images_name_key', ['inspection_id', 'name'])
    .execute();
  await db.schema
    .createIndex('inspection_images_list_idx')
    .on('inspection_images')
    .columns(['inspection_id', 'id'])
    .execute();
  await db.schema.createIndex('inspection_images_group_idx').on('inspection_images').column('image_group_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_images').execute();
}
