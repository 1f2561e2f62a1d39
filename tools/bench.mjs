// `npm run bench`: the figures each issue names, printed with this machine's details.
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT, ensureInstalled, run } from './lib.mjs';

ensureInstalled();
const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `machine: ${cpu}, ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
);
console.log(`date: ${new Date().toISOString()}\n`);

// The model benchmark measures the built server in a process of its own, as `npm start` runs it; the photo grid
// benchmark opens the built web in Debian's chromium.
if (!run('npm', ['run', 'build']).ok) process.exit(1);

const benches = [
  ['vision detectors', 'packages/vision/package.json', ['npm', ['run', 'bench', '-w', 'packages/vision']]],
  [
    'signed-in call against a trivial route, embedded and PostgreSQL',
    'server/bench/signed-in-call.bench.ts',
    ['npx', ['tsx', 'server/bench/signed-in-call.bench.ts']],
  ],
  [
    '3D model upload and unzip',
    'server/bench/model-upload.bench.ts',
    ['npx', ['tsx', 'server/bench/model-upload.bench.ts']],
  ],
  [
    'photo ingest: 1,000 generated 20-megapixel photos',
    'server/bench/photo-ingest.bench.ts',
    ['npx', ['tsx', 'server/bench/photo-ingest.bench.ts']],
  ],
  [
    "preview sizes: a photo's preview and thumbnail from 12 to 100 megapixels",
    'server/bench/preview-size.bench.ts',
    ['npx', ['tsx', 'server/bench/preview-size.bench.ts']],
  ],
  [
    'photo pyramid: 20- and 100-megapixel JPEGs',
    'server/bench/photo-pyramid.bench.ts',
    ['npx', ['tsx', 'server/bench/photo-pyramid.bench.ts']],
  ],
  [
    'spatial geometry: auto-binding, and rays against a million triangles next to three-mesh-bvh',
    'packages/geo-mesh/bench/spatial-geometry.bench.ts',
    ['npx', ['tsx', 'packages/geo-mesh/bench/spatial-geometry.bench.ts']],
  ],
  [
    'repeated defects: grouping 10,000 and 100,000 located defects',
    'packages/geo/bench/defect-repeat.bench.ts',
    ['npx', ['tsx', 'packages/geo/bench/defect-repeat.bench.ts']],
  ],
  [
    'historical defect matching: 10,000 defects against 10,000',
    'packages/geo/bench/defect-history.bench.ts',
    ['npx', ['tsx', 'packages/geo/bench/defect-history.bench.ts']],
  ],
  [
    'historical defect matching end to end: the job on embedded PGlite, 10,000 defects against 10,000',
    'server/bench/defect-history.bench.ts',
    ['npx', ['tsx', 'server/bench/defect-history.bench.ts']],
  ],
  [
    'defects: the list on 1,000,000 defects with filters, and an Excel export of 10,000 with thumbnails',
    'server/bench/defect-export.bench.ts',
    ['npx', ['tsx', 'server/bench/defect-export.bench.ts']],
  ],
  [
    'inspection report: 500 defects with thumbnails, charts, a key defect and the comparison, Word and PDF',
    'server/bench/inspection-report.bench.ts',
    ['npx', ['tsx', 'server/bench/inspection-report.bench.ts']],
  ],
  [
    'photo grid: scrolling 5,000 photos in the browser',
    'e2e/bench/photo-grid.bench.ts',
    ['npx', ['tsx', 'e2e/bench/photo-grid.bench.ts']],
  ],
  [
    'image editor: 500 defects on a 100-megapixel photo panned and zoomed in the browser',
    'e2e/bench/defect-editor.bench.ts',
    ['npx', ['tsx', 'e2e/bench/defect-editor.bench.ts']],
  ],
  [
    'drone targets: targets identified per second on 20-megapixel photos',
    'server/bench/monitor-target.bench.ts',
    ['npx', ['tsx', 'server/bench/monitor-target.bench.ts']],
  ],
  [
    'AI screening end to end: 4000x3000 photos screened per minute, and a signed-in call while it runs',
    'server/bench/ai-screening.bench.ts',
    ['npx', ['tsx', 'server/bench/ai-screening.bench.ts']],
  ],
  [
    'attempt limits under parallel guesses',
    'server/bench/attempt-limits.bench.ts',
    ['npx', ['tsx', 'server/bench/attempt-limits.bench.ts']],
  ],
];
let failed = false;
for (const [name, marker, command] of benches) {
  if (!fs.existsSync(path.join(ROOT, marker))) continue;
  console.log(`=== ${name} ===`);
  if (!run(...command).ok) failed = true;
}
process.exit(failed ? 1 : 0);
