import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../src/app.js';
import { openServerDatabase } from '../src/platform/db/database.js';
import { adminQuery, POSTGRES_ADMIN_URL, withDatabase } from './databases.js';
import { CapturingSms, testConfig } from './harness.js';
import { recordingBus } from './listen.js';

/**
 * A scratch PostgreSQL database made from the tests' template, for a restart test: work is queued by an API process
 * (`boot('api')`, which runs no job) and finished by a process with a worker (`boot('all')`) on the same database.
 */
export async function restartScene(template: string, workDir: string, label: string) {
  const name = `sightline_t_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  const url = withDatabase(POSTGRES_ADMIN_URL, name);
  const dataDir = fs.mkdtempSync(path.join(workDir, `${label}-restart-`));
  const config = (role: 'api' | 'all') => testConfig(dataDir, { DATABASE_URL: url, SIGHTLINE_ROLE: role });
  const boot = async (role: 'api' | 'all') => {
    const handle = await openServerDatabase(url);
    const app = await buildApp({
      config: config(role),
      database: handle,
      sms: new CapturingSms(),
      bus: recordingBus().bus,
      logger: false,
    });
    await app.ready();
    return { app, handle };
  };
  return { name, url, dataDir, config, boot };
}
