/**
 * Photo ingest benchmark (issue 11): PHOTO_BENCH_COUNT (default 1000) generated 20-megapixel JPEGs with DJI's pose
 * XMP, uploaded over tus into an inspection, then ingested (EXIF/XMP and pose, 2048 px preview, 256 px thumbnail)
 * by the durable job in the CPU pool. Printed, all from the same files in the same run:
 *
 * - a bare sharp thumbnail loop over the files (as many at once as the machine has cores): the ceiling;
 * - ingest throughput, photos per second from the first job to the last, and its ratio to the bare loop (goal 0.6);
 * - the p99 of a light signed-in call (`GET /api/user-client/details`) asked every 25 ms while the photos upload and
 *   while they are ingested by the same process.
 *
 * Photos are uploaded first by an API-only process (no worker), then a process with both roles starts and works the
 * queue while answering the light call: ingest and API share one process, the harder case.
 *
 *   npx tsx server/bench/photo-ingest.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { INSPECTION_IMAGE_UPLOAD_PATH } from '@sightline/shared';
import { djiPoseAttributes, withDjiXmp } from '@sightline/imagery/synthetic-photo';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/platform/config.js';
import { migrateToLatest } from '../src/platform/db/database.js';
import { createLocalEventBus } from '../src/platform/events/event-bus.js';
import { listenOnLoopback } from '../test/listen.js';
import { buildInspection } from '../test/factories/inspection.js';
import { tusClient } from '../test/factories/project-model.js';
import { buildTeam } from '../test/factories/team.js';
import { sessionToken } from '../test/factories/user.js';
import { openScratchDatabase } from './scratch-database.js';

const COUNT = Number(process.env.PHOTO_BENCH_COUNT ?? 1000);
/** 5472 × 3648 = 19.96 megapixels, the sensor of a DJI Phantom 4 RTK. */
const WIDTH = 5472;
const HEIGHT = 3648;
/** Distinct encoded images the photos share (each photo still gets its own pose XMP and name). */
const BASE_IMAGES = 8;
const UPLOADS_AT_ONCE = 4;
const PROBE_EVERY_MS = 25;
const cores = os.availableParallelism();
const MiB = 1024 * 1024;

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
/** CPU time of this process (every thread) since `since`, per photo: unlike wall time, other processes' load barely moves it. */
const cpuMsPerPhoto = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000 / COUNT;
};

/** A photo-like image: smooth shapes with fine noise, so that it compresses as a drone photo does (a few MB). */
async function baseImage(seed: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 28 },
    },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .blur(0.8)
    .modulate({ hue: seed * 40 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** Every photo at its own place around a bridge deck, looking down. */
function photoFile(work: string, index: number, bases: Buffer[]): string {
  const file = path.join(work, `DJI_${String(index).padStart(4, '0')}.JPG`);
  const pose = {
    latitude: 30.5 + (index % 40) * 0.00002,
    longitude: 114.3 + Math.floor(index / 40) * 0.00002,
    altitude: 60 + (index % 7),
    yaw: (index * 13) % 360,
    pitch: -90 + (index % 30),
    roll: 0,
  };
  fs.writeFileSync(file, withDjiXmp(bases[index % bases.length]!, djiPoseAttributes(pose)));
  return file;
}

/** Runs `work` over the items with at most `limit` at once. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Asks a light call every PROBE_EVERY_MS, one at a time, until stopped; returns the latencies in ms. */
function probeLightCall(baseUrl: string, token: string) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = process.hrtime.bigint();
      const response = await fetch(`${baseUrl}/api/user-client/details`, {
        headers: { authorization: `Bearer ${token}` },
      }).catch(() => null);
      if (response?.ok) await response.arrayBuffer();
      else failures += 1;
      latencies.push(seconds(started) * 1000);
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = [...latencies].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
      return `${sorted.length} calls, median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms, ${failures} failed`;
    },
  };
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-photos-'));
const photosDir = path.join(work, 'photos');
fs.mkdirSync(photosDir);
let exitCode = 0;
const { handle, kind, drop } = await openScratchDatabase();
try {
  let started = process.hrtime.bigint();
  const bases: Buffer[] = [];
  for (let seed = 0; seed < BASE_IMAGES; seed++) bases.push(await baseImage(seed));
  const files = Array.from({ length: COUNT }, (_, index) => photoFile(photosDir, index, bases));
  const totalBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
  console.log(
    `made ${COUNT} photos of ${WIDTH}×${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(1)} MP), ${(totalBytes / COUNT / MiB).toFixed(1)} MiB each, in ${seconds(started).toFixed(1)} s`,
  );

  // The ceiling: sharp alone making a 256 px thumbnail of every file, one per core at a time.
  started = process.hrtime.bigint();
  let cpuSince = process.cpuUsage();
  await eachLimited(files, cores, async (file) => {
    await sharp(file).resize(256, 256, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
  });
  const bareSeconds = seconds(started);
  const barePerSecond = COUNT / bareSeconds;
  const bareCpu = cpuMsPerPhoto(cpuSince);
  console.log(
    `bare sharp thumbnail loop: ${barePerSecond.toFixed(1)} photos/s (${bareSeconds.toFixed(1)} s, ${cores} at once), ${bareCpu.toFixed(0)} CPU ms a photo`,
  );

  await migrateToLatest(handle.db);
  const team = await buildTeam(handle.db, { volumeMaxGb: 1000 });
  const { inspectionId, groupId } = await buildInspection(handle.db, { teamId: team.id, createdBy: team.owner.id });
  const token = await sessionToken(handle.db, team.owner.id);
  const config = loadConfig({ DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
  const bus = createLocalEventBus();

  // Upload with a process that works no jobs (as SIGHTLINE_ROLE=api does): the photos wait in the queue.
  const api = await buildApp({ config, database: handle, bus, logger: false, jobs: { work: false } });
  let baseUrl = await listenOnLoopback(api);
  const client = tusClient(baseUrl, token, INSPECTION_IMAGE_UPLOAD_PATH);
  let probe = probeLightCall(baseUrl, token);
  started = process.hrtime.bigint();
  await eachLimited(files, UPLOADS_AT_ONCE, async (file) => {
    const bytes = fs.readFileSync(file);
    const created = await client.create(bytes.length, {
      inspectionId: String(inspectionId),
      imageGroupId: String(groupId),
      category: 'normal',
      filename: path.basename(file),
    });
    if (!created.url) throw new Error(`${path.basename(file)} refused: ${created.response.status}`);
    const patched = await client.patch(created.url, 0, bytes);
    if (patched.status !== 204)
      throw new Error(`${path.basename(file)} failed: ${patched.status} ${await patched.text()}`);
  });
  const uploadSeconds = seconds(started);
  console.log(
    `upload: ${COUNT} photos, ${(totalBytes / MiB).toFixed(0)} MiB in ${uploadSeconds.toFixed(1)} s (${(COUNT / uploadSeconds).toFixed(1)} photos/s, ${(totalBytes / MiB / uploadSeconds).toFixed(0)} MiB/s, ${UPLOADS_AT_ONCE} at once)`,
  );
  console.log(`  light call meanwhile: ${await probe.stop()}`);
  await api.close();

  // One process with both roles works the queue and answers the light call.
  const app = await buildApp({
    config,
    database: handle,
    bus,
    logger: false,
    jobs: { pollingIntervalSeconds: 0.5 },
  });
  baseUrl = await listenOnLoopback(app);
  probe = probeLightCall(baseUrl, token);
  started = process.hrtime.bigint();
  cpuSince = process.cpuUsage();
  const states = async () =>
    handle.db
      .selectFrom('inspection_images')
      .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('inspection_id', '=', inspectionId)
      .groupBy('state')
      .execute();
  let finished = 0;
  for (;;) {
    const counts = await states();
    finished = counts
      .filter((row) => row.state === 'processed' || row.state === 'failed')
      .reduce((sum, row) => sum + Number(row.count), 0);
    if (finished >= COUNT) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const ingestSeconds = seconds(started);
  const ingestCpu = cpuMsPerPhoto(cpuSince);
  const lightCall = await probe.stop();
  const summary = await handle.db
    .selectFrom('inspection_images')
    .select([
      (eb) => eb.fn.countAll<number>().filterWhere('state', '=', 'processed').as('processed'),
      (eb) => eb.fn.countAll<number>().filterWhere('longitude', 'is not', null).as('withPose'),
      (eb) => eb.fn.countAll<number>().filterWhere('has_thumbnail', '=', true).as('withThumbnail'),
    ])
    .where('inspection_id', '=', inspectionId)
    .executeTakeFirstOrThrow();
  await app.close();

  const ingestPerSecond = COUNT / ingestSeconds;
  const ratio = ingestPerSecond / barePerSecond;
  console.log(
    [
      `database: ${kind}`,
      `ingest (metadata + pose + preview + thumbnail): ${ingestPerSecond.toFixed(1)} photos/s (${ingestSeconds.toFixed(1)} s, queue pickup included)`,
      `  ${ingestCpu.toFixed(0)} CPU ms a photo in this process (bare loop ${bareCpu.toFixed(0)}: ratio ${(bareCpu / ingestCpu).toFixed(2)}), the database server's not counted`,
      `  processed ${summary.processed} of ${COUNT}, ${summary.withPose} with pose, ${summary.withThumbnail} with thumbnail`,
      `  light call meanwhile: ${lightCall}`,
      `ratio ingest / bare thumbnail loop: ${ratio.toFixed(2)} (goal 0.6)`,
    ].join('\n'),
  );
  if (Number(summary.processed) !== COUNT || Number(summary.withPose) !== COUNT) exitCode = 1;
} finally {
  await handle.close();
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
