import 'dotenv/config';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { migrateToLatest, openEmbeddedDatabase, openServerDatabase } from './platform/db/database.js';
import { DEMO_ACCOUNTS, DEMO_TEAM_NAME, seedDemoTeam, seedReferenceData } from './seed.js';

/** SIGTERM to exit, at most: streams close and requests drain within it (docs/security.md, Shutdown). */
const SHUTDOWN_DEADLINE_MS = 5_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  fs.mkdirSync(config.FILES_DIR, { recursive: true });
  const database = config.DATABASE_URL
    ? await openServerDatabase(config.DATABASE_URL)
    : await openEmbeddedDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
  // Migrations take a lock, so api and worker processes starting together migrate once.
  await migrateToLatest(database.db);
  const serving = config.SIGHTLINE_ROLE !== 'worker';
  if (serving) await seedReferenceData(database.db);

  const app = await buildApp({ config, database });
  const demoPassword =
    serving && config.SIGHTLINE_SEED_DEMO
      ? await seedDemoTeam(database.db, { password: config.SIGHTLINE_DEMO_PASSWORD, log: app.log })
      : null;

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    // Each step below is bounded, but together they could pass the 5 s an orchestrator waits before SIGKILL; a
    // job cut short is taken back by the next worker, so leaving at the deadline loses nothing.
    setTimeout(() => {
      app.log.warn({ deadlineMs: SHUTDOWN_DEADLINE_MS }, 'shutdown deadline passed, exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  if (!serving) {
    // A worker runs the jobs (and their periodic clean-ups) and answers no request.
    await app.ready();
    console.log(`\nSightline worker is running jobs (pid ${process.pid}, data folder: ${config.DATA_DIR})\n`);
    return;
  }
  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const lines = [
    '',
    `Sightline is running at http://localhost:${port}${config.SIGHTLINE_ROLE === 'api' ? ' (API only: jobs run in worker processes)' : ''}`,
    `API documentation: http://localhost:${port}/api/docs`,
    `Data folder: ${config.DATA_DIR}${config.DATABASE_URL ? ' (database: DATABASE_URL)' : ' (embedded PostgreSQL)'}`,
  ];
  if (config.SIGHTLINE_SEED_DEMO) {
    const password = demoPassword ?? config.SIGHTLINE_DEMO_PASSWORD ?? '(the password printed at first start)';
    lines.push(
      `Demo team "${DEMO_TEAM_NAME}", password ${password}, accounts: ${DEMO_ACCOUNTS.map((a) => a.account).join(', ')}`,
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
