/**
 * 3D model upload benchmark: writes a large zipped tileset (MODEL_BENCH_MIB, default 1024), uploads it through
 * tus to the built server (`server/dist`, as `npm start` runs it) in a process of its own, lets the durable job unzip
 * it, and prints upload and unzip throughput with the server process's peak resident memory (its VmHWM, threads
 * included; the limit is 300 MiB).
 *
 *   npm run build -w server && npx tsx server/bench/model-upload.bench.ts
 *
 * The server shares a scratch database on the PostgreSQL server at DATABASE_URL or 127.0.0.1:5432 with this
 * process, which seeds it; without a PostgreSQL server the benchmark says so and stops.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { MODEL_UNZIP_EVENT, MODEL_UPLOAD_CHUNK_BYTES, type ModelUnzipEvent } from '@sightline/shared';
import { writeBenchZip } from '../src/platform/archive/archive-bench.js';
import { migrateToLatest, type DatabaseHandle } from '../src/platform/db/database.js';
import { buildTeam } from '../test/factories/team.js';
import { buildProject } from '../test/factories/project.js';
import { sessionToken } from '../test/factories/user.js';
import { readEventStream, startServerProcess, stopServerProcess, type ServerProcess } from '../test/processes.js';
import { SCRATCH_SERVER_URL, openServerScratchDatabase } from './scratch-database.js';

const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1024 * 1024;
const LIMIT_MIB = 300;
const sizeMiB = Number(process.env.MODEL_BENCH_MIB ?? 1024);

/** A team with room for the model, its owner signed in, and a project. */
async function seed(handle: DatabaseHandle) {
  const team = await buildTeam(handle.db, { volumeMaxGb: 1000 });
  const project = await buildProject(handle.db, { teamId: team.id, name: 'Bench bridge' });
  return { projectId: project.id, token: await sessionToken(handle.db, team.owner.id) };
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

/** The server process's resident memory now and at its peak (Linux `/proc/<pid>/status`), in bytes. */
function residentMemory(pid: number): { now: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024;
  return { now: kib('VmRSS'), peak: kib('VmHWM') };
}

const scratch = await openServerScratchDatabase();
if (!scratch) {
  console.log(`no PostgreSQL server answers at ${SCRATCH_SERVER_URL}: the server process needs one to share; skipped`);
  process.exit(0);
}
if (!fs.existsSync(path.join(SERVER_ROOT, 'dist/main.js'))) {
  console.log('server/dist is missing: run `npm run build -w server` first (npm run bench does)');
  process.exit(1);
}
const { handle, drop } = scratch;
let server: ServerProcess | undefined;
let exitCode = 0;
try {
  await migrateToLatest(handle.db);
  const { projectId, token } = await seed(handle);
  server = await startServerProcess(
    { DATABASE_URL: handle.connectionString, DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn' },
    60_000,
    { built: true },
  );
  const baseUrl = server.baseUrl;
  const pid = server.child.pid!;
  const stream = await readEventStream(baseUrl, token);
  const baseline = residentMemory(pid).now;
  // Which phase the memory goes to: sampled, as VmHWM only keeps the overall peak.
  let phasePeak = 0;
  const sampler = setInterval(() => {
    phasePeak = Math.max(phasePeak, residentMemory(pid).now);
  }, 50);

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
  const uploadPeak = phasePeak;
  phasePeak = 0;
  const unzipStart = process.hrtime.bigint();
  const isEnd = (event: { name: string; value: unknown }) =>
    event.name === MODEL_UNZIP_EVENT && (event.value as ModelUnzipEvent).state !== 'unzipping';
  await stream.waitFor(isEnd, 30 * 60_000);
  const unzipSeconds = Number(process.hrtime.bigint() - unzipStart) / 1e9;
  const peak = residentMemory(pid).peak;
  clearInterval(sampler);
  const unzipPeak = phasePeak;
  const ended = stream.events.find(isEnd)!.value as ModelUnzipEvent;
  if (ended.state !== 'done') throw new Error(`unzip ${ended.state}: ${ended.errorKey}`);
  const model = await handle.db
    .selectFrom('project_models')
    .select(['size_bytes', 'file_count'])
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();

  const peakMiB = peak / MiB;
  console.log(
    [
      `database: PostgreSQL server; server: built bundle in its own process (pid ${pid})`,
      `upload: ${(zipBytes / MiB).toFixed(0)} MiB through tus in ${uploadSeconds.toFixed(1)} s, ${(zipBytes / MiB / uploadSeconds).toFixed(0)} MiB/s`,
      `unzip: ${model.file_count} files, ${(Number(model.size_bytes) / MiB).toFixed(0)} MiB in ${unzipSeconds.toFixed(1)} s, ${(Number(model.size_bytes) / MiB / unzipSeconds).toFixed(0)} MiB/s (job pickup included)`,
      `memory: server peak RSS ${peakMiB.toFixed(0)} MiB (before the upload ${(baseline / MiB).toFixed(0)} MiB; sampled peaks: upload ${(uploadPeak / MiB).toFixed(0)} MiB, unzip ${(unzipPeak / MiB).toFixed(0)} MiB)`,
      `limit: peak ${peakMiB.toFixed(0)} MiB of ${LIMIT_MIB} MiB: ${peakMiB < LIMIT_MIB ? 'ok' : 'EXCEEDED'}`,
    ].join('\n'),
  );
  if (peakMiB >= LIMIT_MIB) exitCode = 1;
} finally {
  await stopServerProcess(server);
  await handle.close();
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
