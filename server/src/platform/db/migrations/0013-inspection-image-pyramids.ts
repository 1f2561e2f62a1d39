import { sql, type Kysely } from 'kysely';

/**
 * The full-resolution viewer's tile pyramid of a photo, one row from the first time the photo is opened in the
 * viewer: its state, and once ready its geometry (Deep Zoom levels) and where in its pack each tile lies. The
 * pack's bytes are also added to the photo's `stored_bytes`, so that every path that frees a photo frees them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('inspection_image_pyramids')
    .addColumn('image_id', 'integer', (col) => col.primaryKey().references('inspection_images.id').onDelete('cascade'))
    .addColumn('state', 'varchar(16)', (col) => col.notNull())
    .addColumn('error_key', 'varchar(64)')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('tile_size', 'integer')
    .addColumn('overlap', 'integer')
    .addColumn('max_level', 'integer')
    // The pack's length; its index (each tile's offset) is at `index_offset`, up to the end.
    .addColumn('pack_bytes', 'bigint')
    .addColumn('index_offset', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('inspection_image_pyramids').execute();
}
