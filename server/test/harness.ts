import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../src/platform/db/database.js';
import type { Database } from '../src/platform/db/schema.js';
import type { EventBus, UserEvent } from '../src/platform/events/event-bus.js';
import type { SmsMessage, SmsProvider } from '../src/platform/sms/sms-provider.js';
import { adminQuery, POSTGRES_ADMIN_URL, withDatabase } from './databases.js';
import { recordingBus } from './listen.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresTemplate: string | null;
    pgliteDump: string;
    workDir: string;
  }
}

export type Backend = 'pglite' | 'postgres';

export function backends(): Backend[] {
  return inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
}

/** Keeps the codes the server would have sent, so tests can type them like a person would. */
export class CapturingSms implements SmsProvider {
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
  }
  lastCode(phone: string): string {
    const message = [...this.sent].reverse().find((item) => item.phone === phone);
    if (!message) throw new Error(`no SMS sent to ${phone}`);
    return message.code;
  }
}

export interface ApiResponse<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
  headers: Record<string, unknown>;
}

export interface TestServer {
  backend: Backend;
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  sms: CapturingSms;
  bus: EventBus;
  events: UserEvent[];
  call<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: {
      token?: string;
      body?: unknown;
      query?: Record<string, string>;
      headers?: Record<string, string>;
      /** The client's address (127.0.0.1 unless given), which per-address rate limits count by. */
      remoteAddress?: string;
    },
  ): Promise<ApiResponse<T>>;
  login(account: string, password: string, options?: { clientType?: string; force?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/** A fresh migrated database of one kind, for tests that start and stop apps on it themselves. */
export async function openTestDatabase(
  backend: Backend,
): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (backend === 'pglite') {
    const dump = new Blob([fs.readFileSync(inject('pgliteDump'))]);
    const handle = await openEmbeddedDatabase({ loadDataDir: dump });
    return { handle, drop: async () => undefined };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('PostgreSQL template missing');
  const name = `sightline_t_${randomBytes(5).toString('hex')}`;
  await adminQuery(`create database ${name} template ${template}`);
  const handle = await openServerDatabase(withDatabase(POSTGRES_ADMIN_URL, name));
  return { handle, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/** A test server's configuration: its data folder, quiet, no captcha, no demo data, any port; `env` on top. */
export function testConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMS_CAPTCHA: 'false',
    SIGHTLINE_SEED_DEMO: 'false',
    PORT: '0',
    ...env,
  });
}

export async function startTestServer(backend: Backend, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(inject('workDir'), `${backend}-`));
  const config = testConfig(dataDir, env);
  const { handle, drop } = await openTestDatabase(backend);
  const sms = new CapturingSms();
  const { bus, events } = recordingBus();
  const app = await buildApp({ config, database: handle, sms, bus, logger: false });
  await app.ready();

  const server: TestServer = {
    backend,
    app,
    db: handle.db,
    config,
    sms,
    bus,
    events,
    async call(method, url, options = {}) {
      const response = await app.inject({
        method,
        url,
        query: options.query,
        ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
        headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
      return { status: response.statusCode, body: response.json(), headers: response.headers };
    },
    async login(account, password, options = {}) {
      const response = await server.call<{ token: string }>('POST', '/api/web/login', {
        body: { account, password, clientType: options.clientType ?? 'PC', force: options.force ?? true },
      });
      if (response.body.code !== 2000) throw new Error(`login of ${account} failed: ${response.body.msg}`);
      return response.body.data.token;
    },
    async close() {
      await app.close();
      await handle.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** Starts a test server on one backend before the suite's tests and closes it after them. */
function withTestServer(backend: Backend, body: (server: () => TestServer) => void): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => {
    await server?.close();
  });
  body(() => {
    if (!server) throw new Error('test server not started');
    return server;
  });
}

/** Runs a suite once per database: PGlite always, the PostgreSQL server whenever it answers. */
export function describeOnEachDatabase(title: string, body: (server: () => TestServer) => void): void {
  describe.each(backends())(`%s: ${title}`, (backend) => withTestServer(backend, body));
}

/**
 * Runs a suite on one database: the PostgreSQL server when it answers, else PGlite. For suites whose subject is the
 * HTTP layer (validation before any query), where both backends, being one engine, would repeat the same answers.
 */
export function describeOnOneDatabase(title: string, body: (server: () => TestServer) => void): void {
  const backend = backends().at(-1) ?? 'pglite';
  describe(`${backend}: ${title}`, () => withTestServer(backend, body));
}
