/**
 * Attempt limits under parallel guesses, and the cost of a login for an unknown account beside a known one.
 *
 * For each limit (password login, the invitation link's password, an SMS code) it sends BURST wrong guesses at
 * once, each from its own address so the per-address rate limits do not stop them first, and prints how many
 * were weighed against the limit: the password or code compared, as the database counted them. Then it times
 * LOGINS logins with a wrong password for a known account and for unknown ones, taking turns, and prints
 * their medians and 90th percentiles. First on embedded PGlite, then on the PostgreSQL server at DATABASE_URL
 * or 127.0.0.1:5432 when one answers (a scratch database, dropped afterwards).
 *
 *   npx tsx server/bench/attempt-limits.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { LIMITS } from '@sightline/shared';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import {
  migrateToLatest,
  openEmbeddedDatabase,
  openServerDatabase,
  type DatabaseHandle,
} from '../src/platform/db/database.js';
import type { SmsMessage } from '../src/platform/sms/sms-provider.js';
import { burstAddress } from '../test/bursts.js';
import { buildStaffedTeam } from '../test/factories/team.js';
import { uniquePhone } from '../test/factories/unique.js';
import { buildSignedInUser, buildUser } from '../test/factories/user.js';

const BURST = Number(process.env.BENCH_BURST ?? 200);
const LOGINS = Number(process.env.BENCH_LOGINS ?? 40);
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function adminQuery(text: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query(text);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

interface Answer {
  code: number;
  msg: string;
}

async function call(
  app: FastifyInstance,
  request: { method: 'GET' | 'POST'; url: string; body?: object; query?: Record<string, string>; token?: string },
  remoteAddress: string,
): Promise<Answer> {
  const response = await app.inject({
    method: request.method,
    url: request.url,
    remoteAddress,
    ...(request.query ? { query: request.query } : {}),
    ...(request.token ? { headers: { authorization: `Bearer ${request.token}` } } : {}),
    ...(request.body ? { payload: request.body } : {}),
  });
  return response.json<Answer>();
}

const burst = (count: number, send: (address: string, index: number) => Promise<Answer>) =>
  Promise.all(Array.from({ length: count }, (_, index) => send(burstAddress(index + 1), index)));

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

async function measure(name: string, handle: DatabaseHandle, work: string): Promise<void> {
  await migrateToLatest(handle.db);
  const sent: SmsMessage[] = [];
  const config = loadConfig({
    DATA_DIR: path.join(work, name),
    LOG_LEVEL: 'silent',
    SMS_CAPTCHA: 'false',
    SIGHTLINE_SEED_DEMO: 'false',
  });
  const app = await buildApp({
    config,
    database: handle,
    logger: false,
    sms: { send: async (message) => void sent.push(message) },
  });
  const { db } = handle;
  try {
    const user = await buildUser(db);
    const login = await burst(BURST, (address) =>
      call(
        app,
        { method: 'POST', url: '/api/web/login', body: { account: user.account, password: 'Wrong1234' } },
        address,
      ),
    );
    const loginWeighed = login.filter((answer) => answer.msg === 'USER_OR_PASSWORD_ERROR').length;

    const team = await buildStaffedTeam(db);
    const link = await call(
      app,
      {
        method: 'POST',
        url: '/api/team-client/invitation-link',
        token: team.owner.token,
        body: {
          passwordMode: 'custom',
          password: 'Right123',
          validityDays: 7,
          roleId: 'ROLE_TEAM_VIEWER',
          scope: 'team',
        },
      },
      '127.0.0.1',
    );
    const sid = (link as Answer & { data: { sid: string } }).data.sid;
    const guesser = await buildSignedInUser(db);
    await burst(BURST, (address) =>
      call(
        app,
        { method: 'POST', url: '/api/team-client/join', token: guesser.token, query: { sid, password: 'Wrong123' } },
        address,
      ),
    );
    const joinRow = await db
      .selectFrom('team_join_attempts')
      .select('failed_count')
      .where('user_id', '=', guesser.id)
      .executeTakeFirstOrThrow();

    const phone = uniquePhone();
    await buildUser(db, { phone });
    await call(app, { method: 'POST', url: '/api/web/sms', query: { phone, scene: 'retrieve' } }, '127.0.0.1');
    const code = sent.find((message) => message.phone === phone)?.code ?? '';
    const reset = (smsCode: string, address: string) =>
      call(
        app,
        {
          method: 'POST',
          url: '/api/web/retrieve',
          body: { phone, smsCode, password: 'Taken12345', confirmPassword: 'Taken12345' },
        },
        address,
      );
    await burst(BURST, (address, index) => {
      const guess = String(index).padStart(6, '0');
      return reset(guess === code ? '999999' : guess, address);
    });
    const smsRow = await db
      .selectFrom('sms_codes')
      .select('attempts')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    const rightCodeAfter = await reset(code, '10.250.0.1');

    // A fresh known account and a fresh unknown name per try, so that neither locks during the measurement.
    const known: number[] = [];
    const unknown: number[] = [];
    for (let index = 0; index < LOGINS; index += 1) {
      const account = await buildUser(db);
      for (const [times, name] of [
        [known, account.account],
        [unknown, `nobody${randomBytes(4).toString('hex')}`],
      ] as const) {
        const started = performance.now();
        await call(
          app,
          { method: 'POST', url: '/api/web/login', body: { account: name, password: 'Wrong1234' } },
          burstAddress(100_000 + index),
        );
        times.push(performance.now() - started);
      }
    }

    console.log(`${name}:`);
    console.log(
      `  password login: ${loginWeighed} of ${BURST} parallel wrong passwords weighed (limit ${LIMITS.login.maxFailures})`,
    );
    console.log(
      `  invitation password: ${joinRow.failed_count} of ${BURST} weighed (limit ${LIMITS.teamJoinWrongPasswords})`,
    );
    console.log(
      `  SMS code: ${smsRow.attempts} of ${BURST} weighed (limit 5); the right code afterwards: ${rightCodeAfter.msg}`,
    );
    console.log(
      `  login with a wrong password, ${LOGINS} each: known account median ${percentile(known, 0.5).toFixed(1)} ms ` +
        `(p90 ${percentile(known, 0.9).toFixed(1)}), unknown account median ${percentile(unknown, 0.5).toFixed(1)} ms ` +
        `(p90 ${percentile(unknown, 0.9).toFixed(1)})`,
    );
  } finally {
    await app.close();
  }
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-limits-'));
try {
  const embedded = await openEmbeddedDatabase({});
  try {
    await measure('embedded PGlite', embedded, work);
  } finally {
    await embedded.close();
  }
  const scratch = `sightline_bench_${randomBytes(4).toString('hex')}`;
  if (await adminQuery(`create database ${scratch}`)) {
    const url = new URL(serverUrl);
    url.pathname = `/${scratch}`;
    const server = await openServerDatabase(url.toString());
    try {
      await measure('PostgreSQL server', server, work);
    } finally {
      await server.close();
      await adminQuery(`drop database if exists ${scratch} with (force)`);
    }
  } else {
    console.log('PostgreSQL server: not answering, skipped');
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
