import type { Kysely } from 'kysely';

/** The feedback inbox of corporate management (modules/feedback): which feedback was dealt with, when and by whom. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('feedback')
    .addColumn('handled_at', 'timestamptz')
    .addColumn('handled_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute();
  // The inbox lists all feedback newest first.
  await db.schema.createIndex('feedback_created_idx').on('feedback').columns(['created_at', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('feedback_created_idx').execute();
  await db.schema.alterTable('feedback').dropColumn('handled_by').dropColumn('handled_at').execute();
}
