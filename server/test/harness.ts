import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import type { RoleCode } from '@sightline/shared';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/platform/config.js';
import { openEmbeddedDatabase, openServerDatabase, type DatabaseHandle } from '../src/platform/db/database.js';
import type { Database } from '../src/platform/db/schema.js';
import { createLocalEventBus, type EventBus, type UserEvent } from '../src/platform/events/event-bus.js';
import type { SmsMessage, SmsProvider } from '../src/platform/sms/sms-provider.js';
import { hashPassword } from '../src/platform/auth/tokens.js';
import { adminQuery, POSTGRES_ADMIN_URL, withDatabase } from './databases.js';

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
    options?: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> },
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

export async function startTestServer(backend: Backend, env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(inject('workDir'), `${backend}-`));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SMS_CAPTCHA: 'false',
    SIGHTLINE_SEED_DEMO: 'false',
    PORT: '0',
    ...env,
  });
  const { handle, drop } = await openTestDatabase(backend);
  const sms = new CapturingSms();
  const bus = createLocalEventBus();
  const events: UserEvent[] = [];
  const publish = bus.publish.bind(bus);
  bus.publish = (event) => {
    events.push(event);
    publish(event);
  };
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

/** Runs a suite once per database: PGlite always, the PostgreSQL server whenever it answers. */
export function describeOnEachDatabase(title: string, body: (server: () => TestServer) => void): void {
  describe.each(backends())(`%s: ${title}`, (backend) => {
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
  });
}

let sequence = 0;
/** A unique suffix per call, so tests in one file never collide on accounts or phones. */
export function unique(): string {
  sequence += 1;
  return `${process.pid % 1000}${sequence}${randomBytes(2).toString('hex')}`;
}

export function uniquePhone(): string {
  return `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
}

export const TEST_PASSWORD = 'Passw0rd123';

/** A user with an account and password, optionally a member of a team with a role. */
export async function buildUser(
  db: Kysely<Database>,
  options: {
    account?: string;
    phone?: string | null;
    password?: string;
    teamId?: number;
    role?: RoleCode;
    status?: 'active' | 'disabled';
  } = {},
) {
  const account = options.account ?? `user${unique()}`.slice(0, 16);
  const { id } = await db
    .insertInto('users')
    .values({
      account,
      phone: options.phone ?? null,
      name: `Test ${account}`,
      password_hash: await hashPassword(options.password ?? TEST_PASSWORD),
      email: null,
      position: null,
      organization: null,
      head_img_url: null,
      language: 'zh-CN',
      status: options.status ?? 'active',
      current_team_id: options.teamId ?? null,
      inviter_id: null,
      created_by_team_id: null,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (options.teamId !== undefined) {
    await db
      .insertInto('team_members')
      .values({
        team_id: options.teamId,
        user_id: id,
        role_code: options.role ?? 'ROLE_TEAM_VIEWER',
        member_type: 'full',
      })
      .execute();
  }
  return { id, account, password: options.password ?? TEST_PASSWORD };
}

/** A team with an owner who can log in. */
export async function buildTeam(
  db: Kysely<Database>,
  options: { name?: string; memberMax?: number; volumeMaxGb?: number } = {},
) {
  const owner = await buildUser(db);
  const { id } = await db
    .insertInto('teams')
    .values({
      name: options.name ?? `Team ${unique()}`,
      owner_id: owner.id,
      member_max: options.memberMax ?? 10,
      volume_max_gb: options.volumeMaxGb ?? 10,
      updated_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values({ team_id: id, user_id: owner.id, role_code: 'ROLE_TEAM_OWNER', member_type: 'full' })
    .execute();
  await db.updateTable('users').set({ current_team_id: id }).where('id', '=', owner.id).execute();
  return { id, owner };
}
