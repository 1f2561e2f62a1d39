/**
 * Photo pyramid benchmark (issue 11, the full-resolution viewer): the time to make the Deep Zoom tile pyramid of a
 * 20-megapixel and of a 100-megapixel JPEG, as the viewer's first opening of a photo starts it: the task the CPU
 * pool runs (read the original from the blob store, cut the tiles with sharp, pack them, store the pack), here run
 * on one thread in this process so that the figure is the task's own. Printed, not asserted.
 *
 *   npx tsx server/bench/photo-pyramid.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/platform/config.js';
import { createLocalBlobStore } from '../src/platform/storage/blob-store.js';
import { tileCount } from '@sightline/imagery';
import { makePyramidTask } from '../src/modules/inspection/inspection-image-pyramid.tasks.js';

/** 5472 × 3648 (a DJI Phantom 4 RTK, 20 MP) and 12288 × 8192 (100.7 MP, a phase-one class aerial camera). */
const SIZES = [
  { label: '20 MP', width: 5472, height: 3648 },
  { label: '100 MP', width: 12288, height: 8192 },
];
const RUNS = Number(process.env.PYRAMID_BENCH_RUNS ?? 2);
const MiB = 1024 * 1024;

/** A photo-like JPEG: fine noise over smooth colour, so that it compresses as a drone photo does. */
function photoLike(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: { width, height, channels: 3, background: '#7a8070', noise: { type: 'gaussian', mean: 118, sigma: 26 } },
  })
    .blur(0.8)
    .jpeg({ quality: 88 })
    .toBuffer();
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-pyramid-bench-'));
try {
  const config = loadConfig({ DATA_DIR: work, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
  const blobs = createLocalBlobStore(config.FILES_DIR);
  const context = { signal: new AbortController().signal, progress: () => undefined, config };
  for (const size of SIZES) {
    const photo = await photoLike(size.width, size.height);
    const originalKey = `bench/${size.label.replace(' ', '')}/original`;
    await blobs.put(originalKey, photo);
    const times: number[] = [];
    let packBytes = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const started = process.hrtime.bigint();
      const result = await makePyramidTask.run({ originalKey, packKey: `${originalKey}.pack${run}` }, context);
      times.push(Number(process.hrtime.bigint() - started) / 1e9);
      if (!result.ok) throw new Error(`pyramid of the ${size.label} photo failed: ${result.errorKey}`);
      packBytes = result.packBytes;
    }
    const tiles = tileCount({ width: size.width, height: size.height, tileSize: 256, overlap: 1 });
    console.log(
      `${size.label} (${size.width} × ${size.height}, JPEG ${(photo.length / MiB).toFixed(1)} MiB): ` +
        `pyramid in ${times.map((time) => `${time.toFixed(2)} s`).join(', ')} ` +
        `(best ${Math.min(...times).toFixed(2)} s); ${tiles} tiles, pack ${(packBytes / MiB).toFixed(1)} MiB`,
    );
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
