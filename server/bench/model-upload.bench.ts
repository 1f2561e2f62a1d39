/**
 * 3D model upload benchmark: writes a large zipped tileset (MODEL_BENCH_MIB, default 1024), uploads it through
 * tus to an in-process server, lets the durable job unzip it, and prints upload and unzip throughput with the
 * process's peak resident memory sampled every 100 ms (the limit is 300 MiB).
 *
 *   npx tsx server/bench/model-upload.bench.ts
 *
 * The database is the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432 when one answers (a scratch
 * database, dropped afterwards), so that the memory measured is the server's own; otherwise embedded PGlite,
 * whose engine then lives in this process and counts in the figure (the growth above it is printed too).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MODEL_UPLOAD_CHUNK_BYTES, type ModelUnzipEvent } from '@sightline/shared';
import { buildApp } from '../src/app.js';
import { writeBenchZip } from '../src/platform/archive/archive-bench.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest, type DatabaseHandle } from '../src/platform/db/database.js';
import { createLocalEventBus } from '../src/platform/events/event-bus.js';
import { listenOnLoopback } from '../test/listen.js';
import { buildTeam } from '../test/factories/team.js';
import { buildProject } from '../test/factories/project.js';
import { sessionToken } from '../test/factories/user.js';
import { openScratchDatabase } from './scratch-database.js';

const MiB = 1024 * 1024;
const LIMIT_MIB = 300;
const sizeMiB = Number(process.env.MODEL_BENCH_MIB ?? 1024);

/** A team with room for the model, its owner signed in, and a project. */
async function seed(handle: DatabaseHandle) {
  const team = await buildTeam(handle.db, { volumeMaxGb: 1000 });
  const project = await buildProject(handle.db, { teamId: team.id, name: 'Bench bridge' });
  return { projectId: project.id, userId: team.owner.id, token: await sessionToken(handle.db, team.owner.id) };
}

/** One PATCH with node:http, the body piped from disk. */
function patchChunk(url: string, request: { headers: Record<string, string>; body: Readable }): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method: 'PATCH', headers: request.headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    outgoing.on('error', reject);
    pipeline(request.body, outgoing).catch(reject);
  });
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-model-'));
const zipPath = path.join(work, 'tileset.zip');
const started = Date.now();
const zipBytes = await writeBenchZip(zipPath, sizeMiB);
console.log(
  `wrote a ${(zipBytes / MiB).toFixed(0)} MiB zip (${sizeMiB} stored 1 MiB tiles) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);

const { handle, kind, drop } = await openScratchDatabase();
let exitCode = 0;
try {
  await migrateToLatest(handle.db);
  const { projectId, userId, token } = await seed(handle);
  const config = loadConfig({ DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
  const bus = createLocalEventBus();
  const app = await buildApp({ config, database: handle, bus, logger: false, jobs: { pollingIntervalSeconds: 0.5 } });
  const baseUrl = await listenOnLoopback(app);

  const unzipEnded = new Promise<ModelUnzipEvent>((resolve) => {
    bus.subscribe(userId, (event) => {
      const value = event.value as ModelUnzipEvent;
      if (event.name === 'modelUnzip' && value.state !== 'unzipping') resolve(value);
    });
  });

  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);

  const headers = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` };
  const metadata = `projectId ${Buffer.from(String(projectId)).toString('base64')},filename ${Buffer.from('bench.zip').toString('base64')}`;
  const uploadStart = process.hrtime.bigint();
  const created = await fetch(`${baseUrl}/api/project-model/upload/`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(zipBytes), 'upload-metadata': metadata },
  });
  if (created.status !== 201) throw new Error(`upload refused: ${created.status} ${await created.text()}`);
  const uploadUrl = new URL(created.headers.get('location')!, baseUrl).toString();
  // Chunks as the web sends them, streamed from disk so that the client adds no buffer of its own.
  for (let offset = 0; offset < zipBytes; offset += MODEL_UPLOAD_CHUNK_BYTES) {
    const end = Math.min(zipBytes, offset + MODEL_UPLOAD_CHUNK_BYTES);
    const status = await patchChunk(uploadUrl, {
      headers: {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(end - offset),
      },
      body: fs.createReadStream(zipPath, { start: offset, end: end - 1 }),
    });
    if (status !== 204) throw new Error(`PATCH at ${offset} failed: ${status}`);
  }
  const uploadSeconds = Number(process.hrtime.bigint() - uploadStart) / 1e9;
  const unzipStart = process.hrtime.bigint();
  const ended = await unzipEnded;
  const unzipSeconds = Number(process.hrtime.bigint() - unzipStart) / 1e9;
  clearInterval(sampler);
  if (ended.state !== 'done') throw new Error(`unzip ${ended.state}: ${ended.errorKey}`);
  const model = await handle.db
    .selectFrom('project_models')
    .select(['size_bytes', 'file_count'])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  await app.close();

  const peakMiB = peak / MiB;
  const growthMiB = (peak - baseline) / MiB;
  const measured = kind.startsWith('PostgreSQL') ? peakMiB : growthMiB;
  console.log(
    [
      `database: ${kind}`,
      `upload: ${(zipBytes / MiB).toFixed(0)} MiB through tus in ${uploadSeconds.toFixed(1)} s, ${(zipBytes / MiB / uploadSeconds).toFixed(0)} MiB/s`,
      `unzip: ${model.file_count} files, ${(Number(model.size_bytes) / MiB).toFixed(0)} MiB in ${unzipSeconds.toFixed(1)} s, ${(Number(model.size_bytes) / MiB / unzipSeconds).toFixed(0)} MiB/s (job pickup included)`,
      `memory: peak RSS ${peakMiB.toFixed(0)} MiB (before the upload ${(baseline / MiB).toFixed(0)} MiB, growth ${growthMiB.toFixed(0)} MiB)`,
      `limit: ${kind.startsWith('PostgreSQL') ? 'peak' : 'growth'} ${measured.toFixed(0)} MiB of ${LIMIT_MIB} MiB: ${measured < LIMIT_MIB ? 'ok' : 'EXCEEDED'}`,
    ].join('\n'),
  );
  if (measured >= LIMIT_MIB) exitCode = 1;
} finally {
  await handle.close();
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
