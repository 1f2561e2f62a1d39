/**
 * npm run bench -w packages/vision -- [--detector name] [--runs n] [--write-docs]
 * Throughput of every available detector on 4000x3000 photos (JPEG in, detections out, all included:
 * decode, score maps, post-processing). The photo is a real drone photo from the fixtures scaled and cropped to
 * 4000x3000, or a synthetic textured image with drawn cracks when the fixtures are absent.
 */
import os from 'node:os';
import sharp from 'sharp';
import { droneFixture } from '../fixtures.js';
import { availableDetectors, configFromEnv } from '../registry.js';
import { parseArgs, str } from './args.js';
import { readDocsSection, updateDocsSection } from './docs.js';
import { syntheticCrackImage } from '../synthetic.js';

const args = parseArgs(process.argv.slice(2));
const runs = Number(str(args, 'runs') ?? 3);
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

const cpu = os.cpus()[0]?.model ?? 'unknown';
const cores = os.availableParallelism?.() ?? os.cpus().length;
const machine = `CPU: ${cpu}; cores: ${cores}; RAM: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB; Node ${process.version}; ${os.platform()} ${os.arch()}`;
console.log(`machine: ${machine}`);
const photo = await benchPhoto();
console.log(`photo: ${photo.source} (${(photo.jpeg.length / 1e6).toFixed(1)} MB JPEG)`);
const rows: string[] = [];
for (const d of availableDetectors(configFromEnv())) {
  if (want && d.name !== want && d.name.split(':')[0] !== want) continue;
  if (d.name === 'remote') continue;
  // warm-up on a small image (loads OpenCV / the model session)
  await d.detect(await sharp(photo.jpeg).resize(256).jpeg().toBuffer());
  const times: number[] = [];
  let dets = 0;
  const cpu0 = process.cpuUsage();
  const load0 = os.loadavg()[0] ?? 0;
  for (let i = 0; i < runs; i++) {
    const t0 = Date.now();
    const r = await d.detect(photo.jpeg, { timeoutMs: 1_800_000, postTimeoutMs: 1_800_000 });
    times.push(Date.now() - t0);
    dets = r.detections.length;
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6 / runs;
  const load = Math.max(load0, os.loadavg()[0] ?? 0);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const perMin = 60_000 / mean;
  const line = `detector=${d.name} photo=${W}x${H} runs=${runs} mean_s=${(mean / 1000).toFixed(2)} photos_per_min=${perMin.toFixed(2)} cpu_s_per_photo=${cpuS.toFixed(1)} load_avg=${load.toFixed(1)} detections=${dets}`;
  console.log(line);
  rows.push(
    `| ${d.name} | ${W}x${H} | ${runs} | ${(mean / 1000).toFixed(2)} | ${perMin.toFixed(2)} | ${cpuS.toFixed(1)} | ${load.toFixed(1)} |`,
  );
  await d.close?.();
}
if (args['write-docs']) {
  // keep rows of detectors not re-run now
  const ran = new Set(rows.map((r) => r.split('|')[1]!.trim()));
  for (const line of (await readDocsSection('throughput')).split('\n')) {
    const m = line.match(/^\| ([^|]+) \| \d+x\d+ \|/);
    if (m && !ran.has(m[1]!.trim())) rows.unshift(line);
  }
  await updateDocsSection(
    'throughput',
    [
      `Photo: ${photo.source}. Whole \`detect()\` per photo (JPEG decode, tiled score maps, post-processing), run ${new Date().toISOString().slice(0, 10)}.`,
      `Machine: ${machine}.`,
      '',
      '| detector | photo | runs | seconds / photo | photos / minute | CPU seconds / photo | 1-min load average during the run |',
      '|---|---|---|---|---|---|---|',
      ...rows,
    ].join('\n'),
  );
  console.log('wrote docs/benchmarks.md (vision section, throughput)');
}
