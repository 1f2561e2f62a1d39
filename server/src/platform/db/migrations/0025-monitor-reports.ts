import type { Kysely } from 'kysely';

/**
 * Monitoring reports (modules/inspection-report, template `monitoring`): a report's selection of total-station
 * points, drone targets and days, kept so it can be written again from the data as it is then. Null for an
 * inspection report.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inspection_reports').addColumn('monitor', 'jsonb').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inspection_reports').dropColumn('monitor').execute();
}
