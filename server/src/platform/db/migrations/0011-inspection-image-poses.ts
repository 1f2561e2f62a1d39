import { sql, type Kysely } from 'kysely';

/**
 * Every pose a photo has had (SPEC section 4, "pose methods: newest pose or default pose; initial pose can be
 * restored"): the one read from its metadata (`metadata`, the default and initial pose), each adjustment by hand
 * (`manual`) and each pose from a high-precision transform (`highPrecision`, with the export's intrinsics). The
 * photo's own pose columns hold its newest pose, which lists and the 3D view read without a join.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_image_poses')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('image_id', 'integer', (col) => col.notNull().references('inspection_images.id').onDelete('cascade'))
    .addColumn('source', 'varchar(16)', (col) => col.notNull())
    .addColumn('longitude', 'double precision', (col) => col.notNull())
    .addColumn('latitude', 'double precision', (col) => col.notNull())
    .addColumn('altitude', 'double precision', (col) => col.notNull())
    .addColumn('pitch', 'double precision', (col) => col.notNull())
    .addColumn('yaw', 'double precision', (col) => col.notNull())
    .addColumn('roll', 'double precision', (col) => col.notNull())
    // Camera intrinsics in pixels from a pose export (packages/imagery CameraIntrinsics); null for other sources.
    .addColumn('intrinsics', 'jsonb')
    .addColumn('created_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('inspection_image_poses_image_idx')
    .on('inspection_image_poses')
    .columns(['image_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_image_poses').execute();
}
