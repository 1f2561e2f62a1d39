/**
 * Photo ingest benchmark (issue 11): PHOTO_BENCH_COUNT (default 1000) generated 20-megapixel JPEGs with DJI's pose
 * XMP, uploaded over tus into an inspection, then ingested (EXIF/XMP and pose, screen-size preview, 256 px
 * thumbnail) by the durable job in the CPU pool. Two runs, one after the other: the photos as drone cameras write
 * them, with a 1920 px preview embedded as an MPF image (the ingest makes its preview and thumbnail from it), and
 * the same photos without it (the ingest decodes the original). Printed for each, all from the same files:
 *
 * - a bare sharp thumbnail loop over the files (as many at once as the machine has cores): the ceiling;
 * - ingest throughput, photos per second from the server's start to the photo counts (on the event stream, as the
 *   browser gets them) that show every photo processed, and its ratio to the bare loop (goal 0.6);
 * - the p99 of a light signed-in call (`GET /api/user-client/details`) asked every 25 ms while the photos upload and
 *   while they are ingested by the same process.
 *
 * Photos are uploaded first by an API-only process (no worker), then a process with both roles and the product's
 * defaults starts and works the queue while answering the light call: ingest and API share one process, the harder
 * case.
 *
 * CPU time is printed beside each rate, and the machine's load: on a shared machine the CPU time a photo costs is
 * the steadier figure.
 *
 *   npx tsx server/bench/photo-ingest.bench.ts   (PHOTO_BENCH_ONLY=plain or embedded: that run alone)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { INSPECTION_IMAGE_UPLOAD_PATH, INSPECTION_IMAGES_EVENT, type InspectionImagesEvent } from '@sightline/shared';
import { djiPoseAttributes, withDjiXmp, withMpfPreview } from '@sightline/imagery/synthetic-photo';
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
/** `embedded` or `plain` runs only that one of the two runs. */
const ONLY = process.env.PHOTO_BENCH_ONLY;
/** 5472 × 3648 = 19.96 megapixels, the sensor of a DJI Phantom 4 RTK. */
const WIDTH = 5472;
const HEIGHT = 3648;
/** Distinct encoded images the photos share (each photo still gets its own pose XMP and name). */
const BASE_IMAGES = 8;
/** The preview a drone embeds: 1920 px on the long side, the same 3:2 shape. */
const EMBEDDED_PREVIEW = { width: 1920, height: 1280 };
const UPLOADS_AT_ONCE = 4;
const PROBE_EVERY_MS = 25;
const cores = os.availableParallelism();
const MiB = 1024 * 1024;

const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
/** CPU time of this process (every thread) since `since`, per photo: unlike wall time, other processes' load barely moves it. */
/** Busy CPU time of the whole machine (every process: the database server's too), in ms. */
const machineBusyMs = () =>
  os.cpus().reduce((sum, { times }) => sum + times.user + times.nice + times.sys + times.irq, 0);

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

/** `base` as a drone camera writes it: with its own 1920 px preview appended as an MPF image. */
async function withEmbeddedPreview(base: Buffer): Promise<Buffer> {
  const preview = await sharp(base)
    .resize(EMBEDDED_PREVIEW.width, EMBEDDED_PREVIEW.height)
    .jpeg({ quality: 85 })
    .toBuffer();
  return withMpfPreview(base, preview);
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
      return {
        p99: at(0.99),
        text: `${sorted.length} calls, median ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms, ${failures} failed`,
      };
    },
  };
}

/**
 * Writes the files just made to disk before a measurement starts: gigabytes of them otherwise go out while it runs,
 * the kernel's write-back sharing the cores with what is measured.
 */
function flushToDisk(): void {
  execFileSync('sync');
}

const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ');

interface RunFigures {
  bare: number;
  bareCpu: number;
  ingest: number;
  ingestCpu: number;
  p99: number;
  load: string;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-photos-'));
let exitCode = 0;
const { handle, kind, drop } = await openScratchDatabase();
try {
  let started = process.hrtime.bigint();
  const plain: Buffer[] = [];
  for (let seed = 0; seed < BASE_IMAGES; seed++) plain.push(await baseImage(seed));
  const embedded = await Promise.all(plain.map(withEmbeddedPreview));
  console.log(`made ${BASE_IMAGES} base images in ${seconds(started).toFixed(1)} s; load ${load()}`);

  await migrateToLatest(handle.db);
  const team = await buildTeam(handle.db, { volumeMaxGb: 1000 });
  const token = await sessionToken(handle.db, team.owner.id);
  const figures: Record<string, RunFigures> = {};
  const runs = [
    { key: 'embedded', run: 'embedded 1920 px MPF preview', bases: embedded },
    { key: 'plain', run: 'no embedded preview', bases: plain },
  ];
  for (const { run, bases } of runs.filter(({ key }) => !ONLY || key === ONLY)) {
    console.log(`\n== photos with ${run} ==`);
    const runDir = fs.mkdtempSync(path.join(work, 'run-'));
    const photosDir = path.join(runDir, 'photos');
    fs.mkdirSync(photosDir);
    const files = Array.from({ length: COUNT }, (_, index) => photoFile(photosDir, index, bases));
    flushToDisk();
    const totalBytes = files.reduce((sum, file) => sum + fs.statSync(file).size, 0);
    console.log(
      `${COUNT} photos of ${WIDTH}×${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(1)} MP), ${(totalBytes / COUNT / MiB).toFixed(2)} MiB each`,
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
      `bare sharp thumbnail loop: ${barePerSecond.toFixed(1)} photos/s (${bareSeconds.toFixed(1)} s, ${cores} at once), ${bareCpu.toFixed(0)} CPU ms a photo; load ${load()}`,
    );

    const { inspectionId, groupId } = await buildInspection(handle.db, { teamId: team.id, createdBy: team.owner.id });
    const config = loadConfig({
      DATA_DIR: path.join(runDir, 'data'),
      LOG_LEVEL: 'silent',
      SIGHTLINE_SEED_DEMO: 'false',
    });
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
    console.log(`  light call meanwhile: ${(await probe.stop()).text}`);
    await api.close();
    // The originals are in the blob store now; the bench's own copies go, to keep the disk for the next run.
    fs.rmSync(photosDir, { recursive: true, force: true });
    flushToDisk();

    // One process with both roles works the queue and answers the light call, with the product's own polling
    // interval (the other queues' idle workers poll the database meanwhile, as they do in production). The end is
    // seen as the user sees it, in the photo counts the event stream carries, not by asking the database.
    const counted = new Promise<void>((resolve) => {
      const unsubscribe = bus.subscribe(team.owner.id, ({ name, value }) => {
        if (name !== INSPECTION_IMAGES_EVENT) return;
        const counts = value as InspectionImagesEvent;
        if (counts.inspectionId !== inspectionId || counts.processed + counts.failed < COUNT) return;
        unsubscribe();
        resolve();
      });
    });
    const app = await buildApp({ config, database: handle, bus, logger: false });
    baseUrl = await listenOnLoopback(app);
    probe = probeLightCall(baseUrl, token);
    started = process.hrtime.bigint();
    cpuSince = process.cpuUsage();
    const machineSince = machineBusyMs();
    await counted;
    const ingestSeconds = seconds(started);
    const ingestCpu = cpuMsPerPhoto(cpuSince);
    const ingestMachineCpu = (machineBusyMs() - machineSince) / COUNT;
    const lightCall = await probe.stop();
    const ingestLoad = load();
    const rows = await handle.db
      .selectFrom('inspection_images')
      .select(['state', 'longitude', 'has_thumbnail', 'storage_key'])
      .where('inspection_id', '=', inspectionId)
      .execute();
    await app.close();
    // Where the previews came from: a camera preview that serves as it is is stored byte for byte (the file's tail).
    const fromEmbedded = rows.filter((row) => {
      const preview = fs.readFileSync(path.join(config.FILES_DIR, `${row.storage_key}preview.jpg`));
      return bases.some((base) => base.subarray(base.length - preview.length).equals(preview));
    }).length;
    const processed = rows.filter((row) => row.state === 'processed').length;
    const withPose = rows.filter((row) => row.longitude !== null).length;
    const withThumbnail = rows.filter((row) => row.has_thumbnail).length;

    const ingestPerSecond = COUNT / ingestSeconds;
    console.log(
      [
        `ingest (metadata + pose + preview + thumbnail): ${ingestPerSecond.toFixed(1)} photos/s (${ingestSeconds.toFixed(1)} s, queue pickup included); load ${ingestLoad}`,
        `  ${ingestCpu.toFixed(0)} CPU ms a photo in this process (bare loop ${bareCpu.toFixed(0)}: ratio ${(bareCpu / ingestCpu).toFixed(2)}), ${ingestMachineCpu.toFixed(0)} on the whole machine (the database server's included)`,
        `  processed ${processed} of ${COUNT}, ${withPose} with pose, ${withThumbnail} with thumbnail, ${fromEmbedded} previews stored as the camera embedded them`,
        `  light call meanwhile: ${lightCall.text}`,
        `ratio ingest / bare thumbnail loop: ${(ingestPerSecond / barePerSecond).toFixed(2)} (goal 0.6)`,
      ].join('\n'),
    );
    if (processed !== COUNT || withPose !== COUNT) exitCode = 1;
    figures[run] = {
      bare: barePerSecond,
      bareCpu,
      ingest: ingestPerSecond,
      ingestCpu,
      p99: lightCall.p99,
      load: ingestLoad,
    };
    fs.rmSync(runDir, { recursive: true, force: true });
  }

  console.log(`\ndatabase: ${kind}; ${COUNT} photos a run; ${cores} cores`);
  console.log(
    '| photos | bare loop | ingest | ratio | CPU ms a photo (ingest / bare) | CPU ratio | light call p99 | load during ingest |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const [run, f] of Object.entries(figures)) {
    console.log(
      `| ${run} | ${f.bare.toFixed(1)}/s | ${f.ingest.toFixed(1)}/s | **${(f.ingest / f.bare).toFixed(2)}** | ${f.ingestCpu.toFixed(0)} / ${f.bareCpu.toFixed(0)} | ${(f.bareCpu / f.ingestCpu).toFixed(2)} | ${f.p99.toFixed(1)} ms | ${f.load} |`,
    );
  }
} finally {
  await handle.close();
  await drop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(exitCode);
