import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase, type ScratchDatabase } from './postgres.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEMO_PASSWORD = 'DemoPass2026';

export interface AppServer {
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed, for reading SMS codes the built-in provider logs. */
  output(): string;
  smsCode(phone: string): Promise<string>;
  stop(): Promise<void>;
  /** Stops the server, keeping its data folder. */
  halt(): Promise<void>;
  restart(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Where the e2e global setup left a data folder the built server migrated and seeded (e2e/support/global-setup.ts). */
export const DATA_TEMPLATE_ENV = 'SIGHTLINE_E2E_DATA_TEMPLATE';
/**
 * The same on the machine's PostgreSQL server, when it answers: `{ database, files }`, a database the built server
 * migrated and seeded, and its data folder (the files beside it).
 */
export const POSTGRES_TEMPLATE_ENV = 'SIGHTLINE_E2E_POSTGRES_TEMPLATE';

export interface PostgresTemplate {
  database: string;
  files: string;
}

/**
 * Which database a plain start runs on: `embedded`, as `npm start` runs the product, or `postgres`, a copy of the
 * global setup's seeded database on the machine's server when it answers (else the embedded one). The server's share
 * of a journey's CPU is half as large on PostgreSQL, whose engine is native, as on the embedded one's WebAssembly.
 */
export type JourneyDatabase = 'embedded' | 'postgres';

/**
 * Starts the built product (server/dist and web/dist, as `npm start` runs it) on a free port with
 * its own database and files, seeded with the demo team. A plain start (no `env` but WEB_DIST) starts as a copy of the
 * global setup's migrated and seeded database and files when there is one: migrating a new database costs each test
 * file seconds, and what the first start does is the global setup's (and `npm start`'s) to show. A server given its
 * own DATABASE_URL or another mode starts from nothing, as its first start may seed differently.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  database: JourneyDatabase = 'embedded',
): Promise<AppServer> {
  const mainJs = path.join(REPO_ROOT, 'server', 'dist', 'main.js');
  if (!fs.existsSync(mainJs)) throw new Error('server/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-e2e-'));
  const plainStart = Object.keys(env).every((name) => name === 'WEB_DIST');
  const postgresTemplate = process.env[POSTGRES_TEMPLATE_ENV];
  let copiedDatabase: ScratchDatabase | undefined;
  if (plainStart && database === 'postgres' && postgresTemplate) {
    const template = JSON.parse(postgresTemplate) as PostgresTemplate;
    copiedDatabase = await createScratchDatabase(template.database);
    fs.cpSync(template.files, dataDir, { recursive: true });
    env = { ...env, DATABASE_URL: copiedDatabase.url };
  } else {
    const template = process.env[DATA_TEMPLATE_ENV];
    if (template && plainStart && fs.existsSync(template)) fs.cpSync(template, dataDir, { recursive: true });
  }
  let output = '';
  let child: ChildProcess | undefined;

  async function start() {
    output = '';
    child = spawn(process.execPath, [mainJs], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST: path.join(REPO_ROOT, 'web', 'dist'),
        SIGHTLINE_DEMO_PASSWORD: DEMO_PASSWORD,
        SMS_CAPTCHA: 'false',
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let exited = false;
    child.once('exit', () => (exited = true));
    await waitFor(
      () => {
        if (exited) throw new Error(`server exited:\n${output}`);
        return output.includes('Sightline is running at') ? true : undefined;
      },
      // A first start migrates a new database: over a minute on a machine busy with other suites.
      180_000,
      'the server to start',
    );
  }

  async function stop() {
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }

  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    output: () => output,
    async smsCode(phone) {
      return waitFor(
        () => {
          const matches = [...output.matchAll(new RegExp(`SMS code for ${phone} \\([a-z]+\\): (\\d{6})`, 'g'))];
          return matches.at(-1)?.[1];
        },
        10_000,
        `an SMS code for ${phone}`,
      );
    },
    async stop() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await copiedDatabase?.drop();
    },
    halt: stop,
    async restart() {
      await stop();
      await start();
    },
  };
}
