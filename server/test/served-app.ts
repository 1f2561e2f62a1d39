import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import type { DatabaseHandle } from '../src/platform/db/database.js';
import { openTestDatabase, type Backend } from './harness.js';
import { callOverHttp, listenOnLoopback, recordingBus } from './listen.js';

/**
 * The whole app on a loopback port over a fresh test database and data folder, for a `describe` whose calls must
 * speak HTTP (tus uploads, file streams, jobs): opened before its tests, closed after them. Its fields are read once
 * the tests run; `restart` closes the app and builds it again over the same database and files, as a process
 * restart does.
 */
export function servedApp(backend: Backend, folderPrefix: string) {
  const { bus, events } = recordingBus();
  let drop: () => Promise<void> = async () => undefined;
  const served = {
    database: undefined as unknown as DatabaseHandle,
    config: undefined as unknown as Config,
    app: undefined as unknown as FastifyInstance,
    baseUrl: '',
    bus,
    /** Every event published so far, for what users were told. */
    events,
    api: <T>(method: string, url: string, token: string, body?: unknown) =>
      callOverHttp<T>(served.baseUrl, method, url, token, body),
    async restart(): Promise<void> {
      await served.app.close();
      await start();
    },
  };
  async function start(): Promise<void> {
    served.app = await buildApp({
      config: served.config,
      database: served.database,
      bus,
      logger: false,
      jobs: { pollingIntervalSeconds: 0.5 },
    });
    served.baseUrl = await listenOnLoopback(served.app);
  }
  beforeAll(async () => {
    ({ handle: served.database, drop } = await openTestDatabase(backend));
    const dataDir = fs.mkdtempSync(path.join(inject('workDir'), `${backend}-${folderPrefix}-`));
    served.config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false', PORT: '0' });
    await start();
  });
  afterAll(async () => {
    await served.app?.close();
    await served.database?.close();
    await drop();
    if (served.config) fs.rmSync(served.config.DATA_DIR, { recursive: true, force: true });
  });
  return served;
}
