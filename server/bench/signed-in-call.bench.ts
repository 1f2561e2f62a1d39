/**
 * The cost of a signed-in call: `GET /api/user-client/details` against a trivial public route that touches no
 * database (`POST /api/product-version/find/version`), both under autocannon (BENCH_CONNECTIONS concurrent
 * callers, default 50, for BENCH_SECONDS each, default 20) on an in-process server, first on embedded PGlite,
 * then on the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432 when one answers (a scratch database,
 * dropped afterwards). Prints requests per second and p99 latency side by side, the queries one signed-in call
 * makes, and the ratios of issue 10: signed-in over trivial on PostgreSQL (goal at least 0.5) and PostgreSQL
 * over embedded for the signed-in call (goal at most 2).
 *
 *   npx tsx server/bench/signed-in-call.bench.ts
 *
 * autocannon runs in a child process so that the load generator does not share the server's event loop; on a
 * small machine it still shares the cores, as a browser on the same machine would.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest, openEmbeddedDatabase, type DatabaseHandle } from '../src/platform/db/database.js';
import { listenOnLoopback } from '../test/listen.js';
import { buildTeam } from '../test/factories/team.js';
import { sessionToken } from '../test/factories/user.js';
import { SCRATCH_SERVER_URL, openServerScratchDatabase } from './scratch-database.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = 4;
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const autocannonBin = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

const TRIVIAL = { method: 'POST', url: '/api/product-version/find/version' } as const;
const SIGNED_IN = { method: 'GET', url: '/api/user-client/details' } as const;

interface Load {
  requestsPerSecond: number;
  p99Ms: number;
  requests: number;
  failures: number;
  /** CPU time of this process (server, and PGlite when embedded) per request: steadier than throughput on a busy machine. */
  cpuMsPerRequest: number;
}

/** A user in a team of their own, signed in on the web client. */
async function seed(handle: DatabaseHandle): Promise<string> {
  const team = await buildTeam(handle.db);
  return sessionToken(handle.db, team.owner.id);
}

/** One autocannon run; `cpuMs` is this process's CPU time during it. */
interface Run {
  requests: number;
  failures: number;
  p99Ms: number;
  cpuMs: number;
  seconds: number;
}

function autocannon(url: string, route: { method: string }, headers: string[], duration: number): Promise<Run> {
  const args = [autocannonBin, '--json', '-c', String(connections), '-d', String(duration), '-m', route.method];
  for (const header of headers) args.push('-H', header);
  args.push(url);
  const cpuBefore = process.cpuUsage();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      const result = JSON.parse(output) as {
        requests: { total: number };
        latency: { p99: number };
        non2xx: number;
        errors: number;
        timeouts: number;
      };
      const cpu = process.cpuUsage(cpuBefore);
      resolve({
        p99Ms: result.latency.p99,
        requests: result.requests.total,
        failures: result.non2xx + result.errors + result.timeouts,
        cpuMs: (cpu.user + cpu.system) / 1000,
        seconds: duration,
      });
    });
  });
}

/** Rounds of equal length: throughput over all of them, p99 as the mean of theirs. */
function combine(runs: Run[]): Load {
  const requests = runs.reduce((sum, run) => sum + run.requests, 0);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  return {
    requestsPerSecond: requests / seconds,
    p99Ms: runs.reduce((sum, run) => sum + run.p99Ms, 0) / runs.length,
    requests,
    failures: runs.reduce((sum, run) => sum + run.failures, 0),
    cpuMsPerRequest: runs.reduce((sum, run) => sum + run.cpuMs, 0) / requests,
  };
}

/** Counts the statements the app sends through its query builder. */
function queryCounter(): { plugin: KyselyPlugin; count: () => number } {
  let count = 0;
  return {
    plugin: {
      transformQuery: (args) => {
        count += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    },
    count: () => count,
  };
}

interface Measured {
  database: string;
  trivial: Load;
  signedIn: Load;
  queriesPerCall: number;
}

async function measure(database: string, handle: DatabaseHandle, work: string): Promise<Measured> {
  await migrateToLatest(handle.db);
  const token = await seed(handle);
  const counter = queryCounter();
  const config = loadConfig({ DATA_DIR: path.join(work, database), LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
  const app = await buildApp({
    config,
    database: { ...handle, db: handle.db.withPlugin(counter.plugin) },
    logger: false,
  });
  try {
    const base = await listenOnLoopback(app);
    const auth = [`authorization=Bearer ${token}`];

    const response = await fetch(base + SIGNED_IN.url, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${SIGNED_IN.url} answered ${response.status}: ${await response.text()}`);

    // A short run of each first, so that both are measured with warm code; then the two routes take turns,
    // so that what else the machine does at the time weighs on both alike.
    await autocannon(base + TRIVIAL.url, TRIVIAL, [], 2);
    await autocannon(base + SIGNED_IN.url, SIGNED_IN, auth, 2);
    const trivial: Run[] = [];
    const signedIn: Run[] = [];
    const queriesBefore = counter.count();
    for (let round = 0; round < ROUNDS; round += 1) {
      trivial.push(await autocannon(base + TRIVIAL.url, TRIVIAL, [], seconds / ROUNDS));
      signedIn.push(await autocannon(base + SIGNED_IN.url, SIGNED_IN, auth, seconds / ROUNDS));
    }
    const signedInLoad = combine(signedIn);
    // The job queue's own statements count too, but they are few beside the calls'.
    const queriesPerCall = (counter.count() - queriesBefore) / signedInLoad.requests;
    return { database, trivial: combine(trivial), signedIn: signedInLoad, queriesPerCall };
  } finally {
    await app.close();
  }
}

const format = (load: Load) =>
  `${load.requestsPerSecond.toFixed(0).padStart(6)} req/s, p99 ${load.p99Ms.toFixed(0).padStart(4)} ms, ` +
  `${load.cpuMsPerRequest.toFixed(3)} CPU ms per request` +
  (load.failures ? `, ${load.failures} of ${load.requests} failed` : '');

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-call-'));
const results: Measured[] = [];
let exitCode = 0;
console.log(
  `${connections} concurrent callers, ${seconds} s per route, autocannon in a child process; ` +
    `load average before: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
);
try {
  const embedded = await openEmbeddedDatabase({});
  try {
    results.push(await measure('embedded PGlite', embedded, work));
  } finally {
    await embedded.close();
  }
  const scratch = await openServerScratchDatabase();
  if (scratch) {
    try {
      results.push(await measure(scratch.kind, scratch.handle, work));
    } finally {
      await scratch.handle.close();
      await scratch.drop();
    }
  } else {
    console.log(`no PostgreSQL server answers at ${SCRATCH_SERVER_URL}: embedded only`);
  }

  for (const result of results) {
    console.log(`\n${result.database}`);
    console.log(`  trivial   ${TRIVIAL.method} ${TRIVIAL.url}: ${format(result.trivial)}`);
    console.log(
      `  signed-in ${SIGNED_IN.method} ${SIGNED_IN.url}: ${format(result.signedIn)} (${result.queriesPerCall.toFixed(3)} queries per call)`,
    );
    console.log(
      `  signed-in / trivial: ${(result.signedIn.requestsPerSecond / result.trivial.requestsPerSecond).toFixed(2)}`,
    );
    if (result.trivial.failures || result.signedIn.failures) exitCode = 1;
  }
  const [embeddedResult, serverResult] = results;
  if (embeddedResult && serverResult) {
    const serverRatio = serverResult.signedIn.requestsPerSecond / serverResult.trivial.requestsPerSecond;
    const embeddedGap = serverResult.signedIn.requestsPerSecond / embeddedResult.signedIn.requestsPerSecond;
    console.log(
      `\nsigned-in / trivial on PostgreSQL: ${serverRatio.toFixed(2)} (goal >= 0.5: ${serverRatio >= 0.5 ? 'met' : 'NOT MET'})`,
    );
    console.log(
      `PostgreSQL / embedded, signed-in: ${embeddedGap.toFixed(2)}x (goal <= 2: ${embeddedGap <= 2 ? 'met' : 'NOT MET'})`,
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
