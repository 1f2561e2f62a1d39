/**
 * The browser tests' global setup: the built server started once on a new data folder, so that it migrates and
 * seeds the embedded database, then stopped; and once more on a new PostgreSQL database when the machine's server
 * answers. Each test file's server starts from a copy of one of them (`startAppServer`). Without a build there is
 * nothing to prepare: the files say what is missing themselves.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  DATA_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  REPO_ROOT,
  startAppServer,
  type PostgresTemplate,
} from './app-server.js';
import { createScratchDatabase, postgresAnswers } from './postgres.js';

/** A seeded data folder, copied from a server started once (on `env`) and stopped. */
async function seededTemplate(env: Record<string, string> = {}): Promise<string> {
  const template = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-e2e-template-'));
  const server = await startAppServer(env);
  await server.halt();
  fs.cpSync(server.dataDir, template, { recursive: true });
  fs.rmSync(server.dataDir, { recursive: true, force: true });
  return template;
}

export default async function setup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(REPO_ROOT, 'server', 'dist', 'main.js'))) return async () => undefined;
  const embedded = await seededTemplate();
  process.env[DATA_TEMPLATE_ENV] = embedded;
  const database = (await postgresAnswers()) ? await createScratchDatabase() : undefined;
  const files = database ? await seededTemplate({ DATABASE_URL: database.url }) : undefined;
  if (database && files) {
    const template: PostgresTemplate = { database: new URL(database.url).pathname.slice(1), files };
    process.env[POSTGRES_TEMPLATE_ENV] = JSON.stringify(template);
  }
  return async () => {
    fs.rmSync(embedded, { recursive: true, force: true });
    if (files) fs.rmSync(files, { recursive: true, force: true });
    await database?.drop();
  };
}
