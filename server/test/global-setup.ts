import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { migrateToLatest, openEmbeddedDatabase, openServerDatabase } from '../src/platform/db/database.js';
import { seedReferenceData } from '../src/seed.js';
import { adminQuery, postgresAnswers, POSTGRES_ADMIN_URL, withDatabase } from './databases.js';

/**
 * Migrates one template per database kind once per run: a PGlite data dump that every test file
 * loads, and a PostgreSQL template database that every test file clones.
 */
export default async function setup({ provide }: { provide: (key: string, value: unknown) => void }) {
  const started = Date.now();
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-tests-'));
  const embedded = await openEmbeddedDatabase({});
  await migrateToLatest(embedded.db);
  await seedReferenceData(embedded.db);
  const dump = await embedded.dumpDataDir!();
  const pgliteDump = path.join(workDir, 'pglite-template.tar');
  fs.writeFileSync(pgliteDump, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();

  let postgresTemplate: string | null = null;
  // SIGHTLINE_TEST_DATABASES=pglite: the embedded database only (npm test's second pass, under another Node version).
  const embeddedOnly = process.env.SIGHTLINE_TEST_DATABASES === 'pglite';
  if (embeddedOnly) {
    console.log('SIGHTLINE_TEST_DATABASES=pglite: integration tests run on PGlite only.');
  } else if (await postgresAnswers()) {
    postgresTemplate = `sightline_tpl_${randomBytes(4).toString('hex')}`;
    await adminQuery(`create database ${postgresTemplate}`);
    const server = await openServerDatabase(withDatabase(POSTGRES_ADMIN_URL, postgresTemplate));
    await migrateToLatest(server.db);
    await seedReferenceData(server.db);
    await server.close();
  } else {
    console.warn('PostgreSQL at 127.0.0.1:5432 does not answer: integration tests run on PGlite only.');
  }
  provide('postgresTemplate', postgresTemplate);
  provide('workDir', workDir);
  provide('pgliteDump', pgliteDump);
  console.log(`test databases ready in ${Date.now() - started} ms`);

  return async () => {
    if (postgresTemplate) await adminQuery(`drop database if exists ${postgresTemplate} with (force)`);
    fs.rmSync(workDir, { recursive: true, force: true });
  };
}
