/**
 * npm run bench -w packages/vision -- [--detector name] [--photos n] [--workers n] [--no-stages] [--write-docs]
 *                                     [--small seconds]
 *
 * Throughput of the built-in detector and the learned model on 4000x3000 photos (JPEG in, detections out: decode,
 * score maps, post-processing), the way a screening runs them: one photo per worker thread, as many workers as
 * cores. The photo is a real drone photo from the fixtures scaled and cropped to 4000x3000, or a synthetic
 * textured image with drawn cracks when the fixtures are absent. Without trained weights the learned path runs
 * the same U-Net with random weights (same cost, meaningless output), and says so.
 *
 * The machine is shared, so besides the wall clock it reports CPU seconds per photo (all threads of the process)
 * and what the cores give at that cost: cores x 60 / CPU seconds. A per-stage CPU profile of one photo precedes it.
 *
 * `--small <seconds>` adds the small segmenter a firm trains on its reviewed photos (src/train/smallSegmenter.ts),
 * trained here for that many seconds on DeepCrack's train split, or on synthetic photos without the fixtures.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { hysteresis } from '../binary.js';
import { BUILTIN_CRACK_THRESHOLD } from '../builtin.js';
import {
  crackResponse,
  crackContextPx,
  crackTileAlign,
  DEFAULT_CRACK_PARAMS,
  normaliseCrackResponse,
} from '../crackScore.js';
import { DEFAULT_POST, postProcessCrackScore } from '../crackPost.js';
import { extractLinear } from '../extract.js';
import { deepCrackSplit, droneFixture, fixturePath } from '@sightline/imagery/test-fixtures';
import { cropGray, loadRgb, toGray } from '../image.js';
import { OnnxDetector } from '../onnx.js';
import { loadOpenCv } from '../opencv.js';
import { profileWidths } from '../profileWidth.js';
import { writeRandomUnet } from '../randomUnet.js';
import { configFromEnv, resolveModelPath } from '../registry.js';
import { syntheticCrackImage } from '../synthetic.js';
import { trainSmallSegmenter } from '../train/smallSegmenter.js';
import { syntheticTrainingSamples } from '../train/syntheticSet.js';
import { writeTrainingSet } from '../trainingSet.js';
import { planTiles, stitchTile } from '../tiling.js';
import { parseArgs, str } from './args.js';
import type { DetectorSpec, WorkerDone } from './benchWorker.js';
import { readDocsSection, updateDocsSection } from './docs.js';

const args = parseArgs(process.argv.slice(2));
const cores = os.availableParallelism?.() ?? os.cpus().length;
const workers = Number(str(args, 'workers') ?? cores);
const photosPerWorker = Number(str(args, 'photos') ?? 2);
const want = str(args, 'detector');
const W = 4000;
const H = 3000;

async function benchPhoto(): Promise<{ jpeg: Buffer; source: string }> {
  const src = droneFixture('DJI_0012.JPG');
  if (src) {
    const jpeg = await sharp(src).rotate().resize(W, H, { fit: 'cover' }).jpeg({ quality: 92 }).toBuffer();
    return { jpeg, source: 'fixtures/drone-photos/DJI_0012.JPG scaled/cropped to 4000x3000' };
  }
  const img = syntheticCrackImage(W, H, 7);
  const jpeg = await sharp(img.data, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  return { jpeg, source: 'synthetic 4000x3000 texture with drawn cracks' };
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU milliseconds of each stage, measured one after the other on this thread. */
async function stages(run: (stage: <T>(name: string, f: () => T | Promise<T>) => Promise<T>) => Promise<void>) {
  const rows: Array<[string, number]> = [];
  await run(async (name, f) => {
    const c0 = cpuMs();
    const r = await f();
    rows.push([name, cpuMs() - c0]);
    return r;
  });
  return rows;
}

/** The built-in detector's pipeline, stage by stage, as BuiltinDetector.detect runs it. */
async function builtinStages(jpeg: Buffer): Promise<Array<[string, number]>> {
  const cv = await loadOpenCv();
  const p = DEFAULT_CRACK_PARAMS;
  return stages(async (stage) => {
    const img = await stage('decode (sharp/libvips, JPEG to RGB)', () => loadRgb(jpeg));
    const { width, height } = img;
    const gray = await stage('grey conversion', () => toGray(img));
    const tiles = planTiles(width, height, 2048, 2 * (crackContextPx(p) + crackTileAlign(p)), crackTileAlign(p));
    const raw = new Float32Array(width * height);
    await stage(`tiling and stitching (${tiles.length} tiles), score maps (OpenCV.js black-hat, Hessian)`, () => {
      for (const t of tiles)
        stitchTile(
          raw,
          width,
          t,
          crackResponse(cv, cropGray(gray, width, t.x, t.y, t.width, t.height), t.width, t.height, p),
        );
    });
    await stage('normalisation over the whole image', () => normaliseCrackResponse(raw, p));
    const map = await stage('component clean-up of the score map', () =>
      postProcessCrackScore(raw, width, height, { ...DEFAULT_POST }),
    );
    const t = BUILTIN_CRACK_THRESHOLD;
    await stage('hysteresis', () => hysteresis(map, width, height, t / 2, t));
    const dets = await stage('hysteresis again, components, skeleton, trace, widths, simplify', () =>
      extractLinear(
        'crack',
        { width, height, data: map },
        { threshold: t, lowRatio: 0.5, minLengthPx: 20, minAreaPx: 64, includeMask: false, simplifyPx: 1 },
      ),
    );
    await stage(`widths from the image profile (${dets.length} polylines)`, () => {
      for (const d of dets) if (d.geometry.kind === 'polyline') profileWidths(gray, width, height, d.geometry.points);
    });
  });
}

async function onnxStages(jpeg: Buffer, modelPath: string, threshold?: number): Promise<Array<[string, number]>> {
  const d = new OnnxDetector({ modelPath, threads: 1 });
  await d.scoreMaps({ width: 64, height: 64, data: new Uint8Array(64 * 64 * 3) });
  const rows = await stages(async (stage) => {
    const img = await stage('decode (sharp/libvips, JPEG to RGB)', () => loadRgb(jpeg));
    const maps = await stage('tiles to tensors, inference (onnxruntime-node, 1 thread), stitching', () =>
      d.scoreMaps(img, { timeoutMs: 1e9 }),
    );
    const map = maps.crack!;
    await stage('hysteresis, components, skeleton, trace, widths, simplify', () =>
      extractLinear('crack', map, {
        threshold: threshold ?? d.defaultThreshold,
        lowRatio: 0.5,
        minLengthPx: 20,
        minAreaPx: 64,
        includeMask: false,
        simplifyPx: 1,
      }),
    );
  });
  await d.close();
  return rows;
}

// Worker threads do not inherit tsx's module hooks: register them before loading the TypeScript worker.
const WORKER_BOOT = `import('tsx/esm/api').then((tsx) => tsx.register()).then(() => import(${JSON.stringify(
  new URL('./benchWorker.ts', import.meta.url).href,
)}))`;

/** Photos through `workers` threads at once; CPU and wall time of the whole batch. */
async function throughput(spec: DetectorSpec, jpeg: Buffer) {
  const pool = Array.from(
    { length: workers },
    () => new Worker(WORKER_BOOT, { eval: true, workerData: { spec, jpeg, photos: photosPerWorker } }),
  );
  const ready = pool.map(
    (w) => new Promise<void>((resolve, reject) => (w.once('message', () => resolve()), w.once('error', reject))),
  );
  await Promise.all(ready);
  const load0 = os.loadavg()[0] ?? 0;
  const c0 = cpuMs();
  const t0 = performance.now();
  const done = pool.map(
    (w) =>
      new Promise<WorkerDone>(
        (resolve, reject) => (w.once('message', resolve), w.once('error', reject), w.postMessage('go')),
      ),
  );
  const results = await Promise.all(done);
  const wallS = (performance.now() - t0) / 1000;
  const cpuS = (cpuMs() - c0) / 1000;
  await Promise.all(pool.map((w) => w.terminate()));
  const photos = workers * photosPerWorker;
  return {
    name: results[0]!.detector,
    photos,
    wallS,
    perMinWall: (60 * photos) / wallS,
    cpuPerPhoto: cpuS / photos,
    perMinCores: (60 * cores) / (cpuS / photos),
    load: Math.max(load0, os.loadavg()[0] ?? 0),
    detections: results[0]!.detections,
  };
}

const machine = `CPU: ${os.cpus()[0]?.model ?? 'unknown'}; cores: ${cores}; RAM: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}; ${os.platform()} ${os.arch()}`;
console.log(`machine: ${machine}`);
const photo = await benchPhoto();
console.log(`photo: ${photo.source} (${(photo.jpeg.length / 1e6).toFixed(1)} MB JPEG)`);

const trained = resolveModelPath(configFromEnv());
const modelPath = trained ?? writeRandomUnet(mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-')));
const learnedNote = trained
  ? `learned model: ${path.relative(process.cwd(), trained)}`
  : 'learned model: no trained weights here, so the crack U-Net architecture with random weights (same inference cost; no detections, so without the post-processing a real crack map needs)';
console.log(learnedNote);
// Random weights put most of a photo above any threshold, and tracing a 12-megapixel blob measures nothing
// real; above the sigmoid's reach they give no detections, so their figure is decode + inference + stitching.
const randomThreshold = trained ? undefined : 1.01;
const specs: DetectorSpec[] = [
  { kind: 'builtin' },
  { kind: 'onnx', modelPath, threads: 1, ...(randomThreshold ? { threshold: randomThreshold } : {}) },
];
const smallSeconds = str(args, 'small');
let smallSpec: DetectorSpec | null = null;
if (smallSeconds) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sightline-bench-small-'));
  let dataDir = fixturePath('deepcrack');
  if (!deepCrackSplit('train')) {
    dataDir = path.join(dir, 'set');
    await writeTrainingSet(dataDir, await syntheticTrainingSamples(24, 128, 1));
  }
  const small = await trainSmallSegmenter({
    dataDir,
    outPath: path.join(dir, 'small-segmenter.onnx'),
    seconds: Number(smallSeconds),
    evaluate: false,
  });
  console.log(`small segmenter: ${small.metrics.steps} steps in ${small.metrics.seconds} s on ${dataDir}`);
  smallSpec = { kind: 'onnx', modelPath: small.modelPath, threads: 1 };
  specs.push(smallSpec);
}
// --detector small: the small segmenter alone
const chosen =
  want === 'small' && smallSpec
    ? [smallSpec]
    : specs.filter((s) => !want || s.kind === want || (want.startsWith('onnx') && s.kind === 'onnx'));

const stageTables: string[] = [];
if (!args['no-stages']) {
  // compile every stage's code first (V8, OpenCV.js), so that the table shows the steady cost of a photo
  const small = await sharp(photo.jpeg).resize(1000).jpeg().toBuffer();
  await builtinStages(small);
  for (const s of chosen) {
    const rows =
      s.kind === 'builtin' ? await builtinStages(photo.jpeg) : await onnxStages(photo.jpeg, s.modelPath, s.threshold);
    const total = rows.reduce((a, [, ms]) => a + ms, 0);
    console.log(`stages (${s.kind}, CPU ms, one photo):`);
    for (const [name, ms] of rows) console.log(`  ${ms.toFixed(0).padStart(6)}  ${name}`);
    stageTables.push(
      `CPU ms per stage, ${s.kind === 'builtin' ? 'built-in detector' : 'learned model'}, one 4000x3000 photo:`,
      '',
      '| stage | CPU ms |',
      '|---|---|',
      ...rows.map(([name, ms]) => `| ${name} | ${ms.toFixed(0)} |`),
      `| total | ${total.toFixed(0)} |`,
      '',
    );
  }
}

const rows: string[] = [];
for (const s of chosen) {
  const r = await throughput(s, photo.jpeg);
  console.log(
    `detector=${r.name} photo=${W}x${H} workers=${workers} photos=${r.photos} wall_s=${r.wallS.toFixed(1)} photos_per_min_wall=${r.perMinWall.toFixed(1)} cpu_s_per_photo=${r.cpuPerPhoto.toFixed(2)} photos_per_min_on_${cores}_cores=${r.perMinCores.toFixed(1)} load_avg=${r.load.toFixed(1)} detections=${r.detections}`,
  );
  rows.push(
    `| ${r.name} | ${W}x${H} | ${workers} | ${r.photos} | ${r.cpuPerPhoto.toFixed(2)} | **${r.perMinCores.toFixed(1)}** | ${r.perMinWall.toFixed(1)} | ${r.load.toFixed(1)} |`,
  );
}

if (args['write-docs']) {
  const ran = new Set(rows.map((r) => r.split('|')[1]!.trim()));
  const kept = (await readDocsSection('throughput'))
    .split('\n')
    .filter((line) => /^\| [^|]+ \| \d+x\d+ \| \d+ \| \d+ \|/.test(line) && !ran.has(line.split('|')[1]!.trim()));
  await updateDocsSection(
    'throughput',
    [
      `Photo: ${photo.source}. Whole \`detect()\` per photo (JPEG decode, tiled score maps, post-processing), one photo per worker thread, run ${new Date().toISOString().slice(0, 10)}; ${learnedNote}.`,
      `Machine: ${machine}. It is shared with other work, so the figure to read is CPU seconds per photo and what ${cores} cores give at that cost; the wall-clock rate is what this run got.`,
      '',
      '| detector | photo | workers | photos | CPU seconds / photo | photos / minute on the cores | photos / minute, wall clock of this run | 1-min load average |',
      '|---|---|---|---|---|---|---|---|',
      ...kept,
      ...rows,
      '',
      ...stageTables,
    ].join('\n'),
  );
  console.log('wrote docs/benchmarks.md (vision section, throughput)');
}
