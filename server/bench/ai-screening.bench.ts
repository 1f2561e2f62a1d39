/**
 * AI screening end to end (issue 14): photos screened per minute from `POST /api/ai-check/{inspectionId}` until
 * every photo's defects are stored, on a real in-process server (API, job queue and its worker, the CPU pool's
 * threads, embedded PGlite) over loopback HTTP, first by the built-in detector, then by a learned model. AI_BENCH_PHOTOS
 * photos (default 12) of 4000 × 3000, made from the shared fixtures (the DJI drone photos and DeepCrack test images,
 * resized with sharp), are seeded as the uploads leave them (originals in the blob store, processed). While a
 * screening runs, a light signed-in call (`GET /api/user-client/details`) is made in a loop, one at a time, and its
 * p50/p99 are printed beside the same loop's with nothing running (AI_BENCH_IDLE_SECONDS, default 10).
 *
 * The learned model is what a team without Torch makes: packages/vision's small segmenter trained for
 * AI_BENCH_TRAIN_STEPS steps (default 444, the DeepCrack run docs/vision.md reports; on DeepCrack's train split when
 * the fixtures hold it, else on synthetic photos) and evaluated on the set's held-back split as the trainer does by
 * default, which sets its operating threshold; then registered, evaluated and chosen for the project through the API
 * as a user does, and the same photos screened with it in a fresh inspection of that project. Its speed is what is
 * measured, not its quality; the threshold matters to the speed all the same, as it decides how many detections are
 * traced and stored. The model lives in the bench's temporary folder and is never kept (DeepCrack's terms are
 * research use).
 *
 * Then where one photo's time goes in each engine (`detect()`'s own timings: decode, tiled score maps,
 * post-processing), measured in this process. AI_BENCH_THREADS sets the CPU pool's threads (CPU_THREADS), and so
 * how many photos are screened at a time: by default every core, as a worker process screens (a process that also
 * serves the API leaves one core to it: AI_BENCH_THREADS=1 on two cores measures that).
 *
 *   npx tsx server/bench/ai-screening.bench.ts        (AI_BENCH_PHOTOS=1 AI_BENCH_TRAIN_STEPS=5 for a quick check)
 *
 * Printed, not asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { AiCheckState, AiModel, AiModelChoice } from '@sightline/shared';
import { fixturePath, readFixture } from '@sightline/imagery/test-fixtures';
import {
  BuiltinDetector,
  OnnxDetector,
  syntheticTrainingSamples,
  trainSmallSegmenter,
  writeTrainingSet,
  type Detector,
} from '@sightline/vision';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest, openEmbeddedDatabase, type DatabaseHandle } from '../src/platform/db/database.js';
import type { BlobStore } from '../src/platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../src/platform/storage/configured-blob-store.js';
import { callOverHttp, listenOnLoopback } from '../test/listen.js';
import { buildInspection } from '../test/factories/inspection.js';
import { insertPhotosWithOriginals } from '../test/factories/defect-export.js';
import { buildStaffedTeam, setFunction } from '../test/factories/team.js';

const PHOTOS = Number(process.env.AI_BENCH_PHOTOS ?? 12);
const IDLE_SECONDS = Number(process.env.AI_BENCH_IDLE_SECONDS ?? 10);
/** The learned model's training steps: bounded by steps, not the clock, so a busy machine trains the same model. */
const TRAIN_STEPS = Number(process.env.AI_BENCH_TRAIN_STEPS ?? 444);
/** The CPU pool's threads (CPU_THREADS); default every core, a worker process's own default. */
const THREADS = process.env.AI_BENCH_THREADS ?? String(os.availableParallelism());
const SIZE: [number, number] = [4000, 3000];
const FINISHED: readonly AiCheckState[] = ['AI_CHECK_COMPLETE', 'AI_CHECK_EXCEPTION', 'AI_SERVER_EXCEPTION'];
const SOURCES = [
  ['drone-photos', 'DJI_0012.JPG'],
  ['drone-photos', 'DJI_0030.JPG'],
  ['deepcrack', 'test', 'img', '11125-1.jpg'],
  ['deepcrack', 'test', 'img', '11125-2.jpg'],
];

type Source = { name: string; jpeg: Buffer };
/** The running server and the bench's team, as each step uses them. */
interface Bench {
  db: DatabaseHandle['db'];
  blobs: BlobStore;
  base: string;
  token: string;
  teamId: number;
  adminId: number;
  inspectorId: number;
  sources: Source[];
}
/** An inspection holding the bench's photos, each with the source it was made from. */
interface Scene {
  projectId: number;
  inspectionId: number;
  photos: Array<{ id: number; source: string }>;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(1))
    .join(' ');

const machine = () =>
  `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ` +
  `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average ${loadAverage()}`;

/** The fixture sources present, each as a 4000 × 3000 JPEG (cropped to 4:3, as a drone's photo). */
async function sourcePhotos(): Promise<Source[]> {
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

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

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

/** A call through the API as the bench's inspector; its data, or an error saying what the server answered. */
async function api<T>(bench: Bench, method: string, url: string, body?: unknown): Promise<T> {
  const answer = await callOverHttp<T>(bench.base, method, `/api${url}`, bench.token, body);
  if (answer.code !== 2000) throw new Error(`${method} /api${url} answered ${answer.msg}`);
  return answer.data;
}

/** A new inspection (in `projectId`, else in a new project) holding PHOTOS photos as the uploads leave them. */
async function seedInspection(bench: Bench, projectId?: number): Promise<Scene> {
  const { db, blobs, sources } = bench;
  const scene = await buildInspection(db, {
    teamId: bench.teamId,
    createdBy: bench.adminId,
    memberIds: [bench.inspectorId],
    ...(projectId ? { projectId } : {}),
  });
  const ids = await insertPhotosWithOriginals(
    db,
    blobs,
    scene,
    Array.from({ length: PHOTOS }, (_, index) => ({
      name: `P${index}.JPG`,
      size: SIZE,
      bytes: sources[index % sources.length]!.jpeg,
    })),
  );
  return {
    projectId: scene.projectId,
    inspectionId: scene.inspectionId,
    photos: ids.map((id, index) => ({ id, source: sources[index % sources.length]!.name })),
  };
}

/**
 * Screens the scene's photos through the API with the detector its project uses, the light call looping meanwhile,
 * and prints photos per minute end to end, CPU a photo, the light call's latency, the load and each source's share.
 */
async function screenAndMeasure(bench: Bench, label: string, scene: Scene): Promise<void> {
  const { db } = bench;
  let state: AiCheckState = 'NOT_EXISTING';
  const started = performance.now();
  const startedAt = Date.now();
  const cpu = process.cpuUsage();
  await api(bench, 'POST', `/ai-check/${scene.inspectionId}`, { imageRange: 'keepManual' });
  const busy = latencyLoop(`${bench.base}/api/user-client/details`, bench.token, () => FINISHED.includes(state));
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
  const cpuS = (used.user + used.system) / 1e6;
  console.log(
    `${label}: ${row.done}/${row.total} photos ${state} in ${wallS.toFixed(1)} s wall ` +
      `(${(wallS / row.done).toFixed(2)} s a photo): **${((row.done / wallS) * 60).toFixed(1)} photos screened ` +
      `per minute** end to end, ${stored.count} AI defects stored; this process's CPU ` +
      `(API, worker, PGlite and the CPU pool's threads) ${cpuS.toFixed(1)} s, ${(cpuS / row.done).toFixed(1)} s a photo; ` +
      `load average at the end ${loadAverage()}`,
  );
  console.log(`  GET /api/user-client/details while it ran: ${describeLatency(during)}`);

  // The time between one photo's commit (or the call) and the next one's: with photos screened side by side on the
  // pool's threads, a photo's share of the run rather than its own screening time.
  const screened = await db
    .selectFrom('ai_screening_images')
    .select(['image_id', 'ai_defects', 'screened_at'])
    .where('inspection_id', '=', scene.inspectionId)
    .orderBy('screened_at')
    .execute();
  const sourceOf = new Map(scene.photos.map((photo) => [photo.id, photo.source]));
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
  for (const [name, turn] of turns) {
    console.log(
      `  photos from ${name}: ${mean(turn.seconds).toFixed(1)} s from the previous commit, ` +
        `${mean(turn.defects).toFixed(0)} AI defects a photo (${turn.seconds.length} photos)`,
    );
  }
}

/**
 * A learned model as a team without Torch makes one: the small segmenter trained for TRAIN_STEPS steps, on
 * DeepCrack's train split when the fixtures hold it, else on synthetic reviewed photos, and evaluated on the set's
 * held-back split, whose best threshold becomes the model's own.
 */
async function trainBenchModel(folder: string): Promise<{ modelPath: string; sidecarPath: string }> {
  const deepCrack = fixturePath('deepcrack');
  let dataDir = deepCrack;
  if (!fs.existsSync(path.join(deepCrack, 'train', 'img'))) {
    dataDir = path.join(folder, 'synthetic-set');
    await writeTrainingSet(dataDir, await syntheticTrainingSamples(16, 256, 1));
  }
  const cpu = process.cpuUsage();
  const trained = await trainSmallSegmenter({
    dataDir,
    outPath: path.join(folder, 'bench-crack.onnx'),
    seconds: 3600,
    maxSteps: TRAIN_STEPS,
    seed: 1,
  });
  const used = process.cpuUsage(cpu);
  const { steps, seconds, trainImages, heldBack, heldBackImages } = trained.metrics;
  console.log(
    `learned model: the small segmenter trained ${steps} steps on ${trainImages} photos of ` +
      `${dataDir === deepCrack ? "DeepCrack's train split" : 'a synthetic set'} in ${seconds.toFixed(1)} s wall; ` +
      `training and evaluation ${((used.user + used.system) / 1e6).toFixed(1)} CPU s; on ${heldBackImages} held-back ` +
      `photos F ${heldBack?.f.toFixed(3) ?? '-'} at ${heldBack?.tolerance ?? '-'} px, threshold ` +
      `${heldBack?.threshold.toFixed(2) ?? '0.5'} (its speed is measured here, not its quality)`,
  );
  return trained;
}

/** Uploads the model through the API as a user does, waits until its check and evaluation make it ready. */
async function registerModel(bench: Bench, files: { modelPath: string; sidecarPath: string }): Promise<AiModel> {
  const form = new FormData();
  form.append('file', new Blob([fs.readFileSync(files.modelPath)]), 'bench-crack.onnx');
  form.append('sidecar', new Blob([fs.readFileSync(files.sidecarPath)]), 'bench-crack.json');
  const response = await fetch(`${bench.base}/api/ai-model?name=Bench%20cracks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${bench.token}` },
    body: form,
  });
  const answer = (await response.json()) as { code: number; msg: string; data: AiModel };
  if (answer.code !== 2000) throw new Error(`POST /api/ai-model answered ${answer.msg}`);
  let model = answer.data;
  while (model.state === 'checking') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    model = await api<AiModel>(bench, 'GET', `/ai-model/${model.id}`);
  }
  if (model.state !== 'ready') throw new Error(`the bench's model ended ${model.state}`);
  return model;
}

/** detect()'s own timings on each source, after a run warming V8 and the engine (OpenCV.js, onnxruntime); then closes it. */
async function engineTimings(label: string, detector: Detector, sources: Source[]): Promise<void> {
  await detector.detect(sources[0]!.jpeg, {});
  for (const source of sources) {
    const cpuBefore = process.cpuUsage();
    const result = await detector.detect(source.jpeg, {});
    const cpuUsed = process.cpuUsage(cpuBefore);
    const { decodeMs, scoreMs, postMs } = result.timings;
    console.log(
      `${label} detect() on ${source.name}: decode ${decodeMs.toFixed(0)} ms, tiled score maps ${scoreMs.toFixed(0)} ms, ` +
        `post-processing ${postMs.toFixed(0)} ms (wall), ${((cpuUsed.user + cpuUsed.system) / 1000).toFixed(0)} ` +
        `CPU ms, ${result.detections.length} detections`,
    );
  }
  await detector.close?.();
}

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
    CPU_THREADS: THREADS,
  });
  const app = await buildApp({ config, database: handle, logger: false });
  console.log(`CPU pool: ${THREADS} threads (photos screened at a time)`);
  const team = await buildStaffedTeam(db);
  await setFunction(db, {
    teamId: team.id,
    code: 'ai_screening',
    activatedAt: new Date(),
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  const bench: Bench = {
    db,
    blobs: createConfiguredBlobStore(config),
    base: await listenOnLoopback(app),
    token: team.inspector.token,
    teamId: team.id,
    adminId: team.admin.id,
    inspectorId: team.inspector.id,
    sources,
  };
  const first = await seedInspection(bench);
  const details = `${bench.base}/api/user-client/details`;

  await latencyLoop(
    details,
    bench.token,
    (() => {
      const end = performance.now() + 1000;
      return () => performance.now() > end;
    })(),
  );
  const idleEnd = performance.now() + IDLE_SECONDS * 1000;
  const idle = await latencyLoop(details, bench.token, () => performance.now() > idleEnd);
  console.log(`GET /api/user-client/details with nothing running: ${describeLatency(idle)}`);

  await screenAndMeasure(bench, 'built-in detector', first);

  const trained = await trainBenchModel(work);
  const model = await registerModel(bench, trained);
  const choice = await api<AiModelChoice>(bench, 'PUT', '/ai-model/choice', {
    projectId: first.projectId,
    modelId: model.id,
  });
  if (choice.effectiveModelId !== model.id) throw new Error('the project does not use the chosen model');
  await screenAndMeasure(bench, `learned model (${model.name})`, await seedInspection(bench, first.projectId));
  await app.close();

  // Where a photo's time goes in each engine; what the end-to-end turn adds is measuring the detections and
  // storing them as defects.
  await engineTimings('built-in', new BuiltinDetector(), sources);
  await engineTimings('learned', new OnnxDetector({ modelPath: trained.modelPath }), sources);
  console.log(`machine after: ${machine()}`);
} finally {
  await handle.close();
  fs.rmSync(work, { recursive: true, force: true });
}
