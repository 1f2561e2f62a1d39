/**
 * A browser suite whose server runs on a scratch PostgreSQL database where every team holds a function package the
 * demo seed does not grant (drone monitoring, total-station monitoring): nothing in the product grants one short of a
 * sales manager's upgrade, and the demo seed has no such account, so the test writes the grant itself.
 */
import { afterAll } from 'vitest';
import { browserSuite, type BrowserSuite } from './browser-suite.js';
import { createScratchDatabase, postgresAnswers, type ScratchDatabase } from './postgres.js';
import { startSnapshotServer } from './team-api.js';

/** Why such a suite cannot run here (no PostgreSQL server), or null: a fixture reason for browserSkipReason. */
export async function scratchDatabaseMissing(): Promise<string | null> {
  return (await postgresAnswers()) ? null : 'skipped: no PostgreSQL server at 127.0.0.1:5432';
}

/**
 * Registers, inside a describe, a browser suite on a scratch database where every team holds `functionCode` for a
 * year; the database is dropped after the last test.
 */
export function functionPackageSuite(functionCode: string): BrowserSuite {
  let database: ScratchDatabase | undefined;
  const suite = browserSuite(async () => {
    database = await createScratchDatabase();
    const server = await startSnapshotServer({ DATABASE_URL: database.url });
    await database.query(
      `insert into team_functions (team_id, function_code, validity_days, activated_at, expires_at)
       select id, $1, 365, now(), now() + interval '365 days' from teams`,
      [functionCode],
    );
    return server;
  });
  afterAll(async () => {
    await database?.drop();
  });
  return suite;
}
