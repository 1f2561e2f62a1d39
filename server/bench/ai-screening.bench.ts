/**
 * AI screening end to end (issue 14): photos screened per minute from `POST /api/ai-check/{inspectionId}` until
 * every photo's defects are stored, on a real in-process server (API, job queue and its worker, the CPU pool's
 * threads, embedded PGlite) over loopback HTTP. AI_BENCH_PHOTOS photos (default 12) of 4000 × 3000, made from the
 * shared fixtures (the DJI drone photos and DeepCrack test images, resized with sharp), are seeded as the uploads
 * leave them (originals in the blob store, processed). While the screening runs, a light signed-in call
 * (`GET /api/user-client/details`) is made in a loop, one at a time, and its p50/p99 are printed beside the same
 * loop's with nothing running (AI_BENCH_IDLE_SECONDS, default 10). Then where one photo's time goes in the engine
 * (`detect()`'s own timings: decode, tiled score maps, post-processing), measured in this process.
 * AI_BENCH_THREADS sets the CPU pool's threads (CPU_THREADS; the server's default is one less than the cores), and
 * so how many photos are screened at a time.
 *
 *   npx tsx server/bench/ai-screening.bench.ts        (AI_BENCH_PHOTOS=2 for a quick check)
 *
 * Printed, not asserted. Only the built-in detector is measured (the bench's team chooses no learned model).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { AiCheckState } from '@sightline/shared';
import { readFixture } from '@sightline/imagery/test-fixtures';
import { BuiltinDetector } from '@sightline/vision';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest, openEmbeddedDatabase } from '../src/platform/db/database.js';
import { createConfiguredBlobStore } from '../src/platform/storage/configured-blob-store.js';
import { imageBlobKeys } from '../src/modules/inspection/inspection-image.repo.js';
import { listenOnLoopback } from '../test/listen.js';
import { buildInspection } from '../test/factories/inspection.js';
import { insertPhotos } from '../test/factories/spatial-marker.js';
import { buildStaffedTeam, setFunction } from '../test/factories/team.js';

const PHOTOS = Number(process.env.AI_BENCH_PHOTOS ?? 12);
const IDLE_SECONDS = Number(process.env.AI_BENCH_IDLE_SECONDS ?? 10);
/** The CPU pool's threads (CPU_THREADS); default the server's own default, one less than the cores. */
const THREADS = process.env.AI_BENCH_THREADS;
const SIZE: [number, number] = [4000, 3000];
const FINISHED: readonly AiCheckState[] = ['AI_CHECK_COMPLETE', 'AI_CHECK_EXCEPTION', 'AI_SERVER_EXCEPTION'];
const SOURCES = [
  ['drone-photos', 'DJI_0012.JPG'],
  ['drone-photos', 'DJI_0030.JPG'],
  ['deepcrack', 'test', 'img', '11125-1.jpg'],
  ['deepcrack', 'test', 'img', '11125-2.jpg'],
];

const machine = () =>
  `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ` +
  `load average ${os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')}`;

/** The fixture sources present, each as a 4000 × 3000 JPEG (cropped to 4:3, as a drone's photo). */
async function sourcePhotos(): Promise<Array<{ name: string; jpeg: Buffer }>> {
  const found = [];
  for (const parts of SOURCES) {
    const bytes = readFixture(...parts);
    if (!bytes) continue;
    const jpeg = await sharp(bytes)
      .rotate()
      .resize(SIZE[0], SIZE[1], { fit: 'cover' })
      .jpeg({ quality: 90 })
      .toBuffer();
    found.push({ name: parts.at(-1)!, jpeg });
  }
  if (found.length === 0) throw new Error('no fixture photo found (set SIGHTLINE_FIXTURES)');
  return found;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Calls `url` one request at a time until `until()` holds; answers the latencies in ms. */
async function latencyLoop(url: string, token: string, until: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return latencies.sort((a, b) => a - b);
}

const describeLatency = (latencies: number[]) =>
  `p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms ` +
  `(${latencies.length} calls)`;

console.log(`machine: ${machine()}`);
const sources = await sourcePhotos();
console.log(
  `photos: ${PHOTOS} of ${SIZE[0]} × ${SIZE[1]} JPEG, made from ${sources.map((source) => source.name).join(', ')} ` +
    `(${(sources.reduce((sum, source) => sum + source.jpeg.length, 0) / sources.length / 2 ** 20).toFixed(1)} MiB each on average)`,
);

const handle = await openEmbeddedDatabase({});
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-ai-bench-'));
try {
  const { db } = handle;
  await migrateToLatest(db);
  const config = loadConfig({
    DATA_DIR: work,
    LOG_LEVEL: 'silent',
    SIGHTLINE_SEED_DEMO: 'false',
    ...(THREADS ? { CPU_THREADS: THREADS } : {}),
  });
  const app = await buildApp({ config, database: handle, logger: false });
  console.log(
    `CPU pool: ${config.CPU_THREADS ?? Math.max(1, os.availableParallelism() - 1)} threads (photos screened at a time)`,
  );
  const base = await listenOnLoopback(app);
  const team = await buildStaffedTeam(db);
  await setFunction(db, {
    teamId: team.id,
    code: 'ai_screening',
    activatedAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const scene = await buildInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    memberIds: [team.inspector.id],
  });
  const rows = await insertPhotos(
    db,
    scene.inspectionId,
    scene.groupId,
    Array.from({ length: PHOTOS }, (_, index) => ({ name: `P${index}.JPG`, pose: null, size: SIZE })),
  );
  const blobs = createConfiguredBlobStore(config);
  for (const [index, row] of rows.entries()) {
    const { storage_key: key } = await db
      .updateTable('inspection_images')
      .set({ state: 'processed' })
      .where('id', '=', row.id)
      .returning('storage_key')
      .executeTakeFirstOrThrow();
    await blobs.put(imageBlobKeys(key).original, sources[index % sources.length]!.jpeg);
  }
  const token = team.inspector.token;
  const details = `${base}/api/user-client/details`;

  await latencyLoop(
    details,
    token,
    (() => {
      const end = performance.now() + 1000;
      return () => performance.now() > end;
    })(),
  );
  const idleEnd = performance.now() + IDLE_SECONDS * 1000;
  const idle = await latencyLoop(details, token, () => performance.now() > idleEnd);
  console.log(`GET /api/user-client/details with nothing running: ${describeLatency(idle)}`);

  let state: AiCheckState = 'NOT_EXISTING';
  const started = performance.now();
  const startedAt = Date.now();
  const cpu = process.cpuUsage();
  const response = await fetch(`${base}/api/ai-check/${scene.inspectionId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ imageRange: 'keepManual' }),
  });
  const answer = (await response.json()) as { code: number; msg: string };
  if (answer.code !== 2000) throw new Error(`POST /api/ai-check answered ${answer.msg}`);
  const busy = latencyLoop(details, token, () => FINISHED.includes(state));
  let row: { state: AiCheckState; done: number; total: number; defects: number } = {
    state,
    done: 0,
    total: 0,
    defects: 0,
  };
  while (!FINISHED.includes(state)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    row = await db
      .selectFrom('ai_screenings')
      .select(['state', 'done', 'total', 'defects'])
      .where('inspection_id', '=', scene.inspectionId)
      .executeTakeFirstOrThrow();
    state = row.state;
  }
  const wallS = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const during = await busy;
  const stored = await db
    .selectFrom('defects')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('inspection_id', '=', scene.inspectionId)
    .where('source', '=', 'ai')
    .executeTakeFirstOrThrow();
  console.log(
    `built-in detector: ${row.done}/${row.total} photos ${state} in ${wallS.toFixed(1)} s wall ` +
      `(${(wallS / row.done).toFixed(2)} s a photo): **${((row.done / wallS) * 60).toFixed(1)} photos screened ` +
      `per minute** end to end, ${stored.count} AI defects stored; this process's CPU ` +
      `(API, worker, PGlite and the CPU pool's threads) ${((used.user + used.system) / 1e6).toFixed(1)} s`,
  );
  console.log(`GET /api/user-client/details while the screening ran: ${describeLatency(during)}`);

  // The time between one photo's commit (or the call) and the next one's: with photos screened side by side on the
  // pool's threads, a photo's share of the run rather than its own screening time.
  const screened = await db
    .selectFrom('ai_screening_images')
    .select(['image_id', 'ai_defects', 'screened_at'])
    .where('inspection_id', '=', scene.inspectionId)
    .orderBy('screened_at')
    .execute();
  const sourceOf = new Map(rows.map((photo, index) => [photo.id, sources[index % sources.length]!.name]));
  const turns = new Map<string, { seconds: number[]; defects: number[] }>();
  let previous = startedAt;
  for (const photo of screened) {
    const at = photo.screened_at?.getTime() ?? previous;
    const name = sourceOf.get(photo.image_id)!;
    const turn = turns.get(name) ?? { seconds: [], defects: [] };
    turn.seconds.push((at - previous) / 1000);
    turn.defects.push(photo.ai_defects ?? 0);
    turns.set(name, turn);
    previous = at;
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  for (const [name, turn] of turns) {
    console.log(
      `  photos from ${name}: ${mean(turn.seconds).toFixed(1)} s from the previous commit, ` +
        `${mean(turn.defects).toFixed(0)} AI defects a photo (${turn.seconds.length} photos)`,
    );
  }
  console.log(
    'learned model: not measured by this bench (the team chooses no model, so the built-in detector screens)',
  );
  await app.close();

  // Where a photo's time goes in the engine: detect()'s own timings on each source, after a run warming V8 and
  // OpenCV.js; what the end-to-end turn adds is measuring the detections and storing them as defects.
  const detector = new BuiltinDetector();
  await detector.detect(sources[0]!.jpeg, {});
  for (const source of sources) {
    const cpuBefore = process.cpuUsage();
    const result = await detector.detect(source.jpeg, {});
    const cpuUsed = process.cpuUsage(cpuBefore);
    const { decodeMs, scoreMs, postMs } = result.timings;
    console.log(
      `detect() on ${source.name}: decode ${decodeMs.toFixed(0)} ms, tiled score maps ${scoreMs.toFixed(0)} ms, ` +
        `post-processing ${postMs.toFixed(0)} ms (wall), ${((cpuUsed.user + cpuUsed.system) / 1000).toFixed(0)} ` +
        `CPU ms, ${result.detections.length} detections`,
    );
  }
  console.log(`machine after: ${machine()}`);
} finally {
  await handle.close();
  fs.rmSync(work, { recursive: true, force: true });
}
