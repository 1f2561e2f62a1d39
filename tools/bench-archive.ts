/**
 * Unzip benchmark for 3D Tiles uploads: writes a ~1 GiB zip of stored tiles under the system temp folder,
 * extracts it with the server's streaming extractor, prints MB/s and peak RSS, and removes everything.
 *
 *   npx tsx tools/bench-archive.ts [sizeMiB=1024] [--deflate]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { benchExtract, writeBenchZip } from '../server/src/platform/archive/archive-bench.js';

const sizeMiB = Number(process.argv.find((arg) => /^\d+$/.test(arg)) ?? 1024);
const deflate = process.argv.includes('--deflate');
const work = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-zip-'));
try {
  const zipPath = path.join(work, 'tiles.zip');
  const writeStart = Date.now();
  const zipBytes = await writeBenchZip(zipPath, sizeMiB, deflate);
  console.log(`wrote ${(zipBytes / 2 ** 20).toFixed(0)} MiB zip in ${((Date.now() - writeStart) / 1000).toFixed(1)} s`);
  const result = await benchExtract(zipPath);
  console.log(
    [
      `unzip ${result.fileCount} files, ${(result.extractedBytes / 2 ** 20).toFixed(0)} MiB (${deflate ? 'deflated' : 'stored'})`,
      `${result.seconds.toFixed(2)} s, ${result.mbPerSecond.toFixed(0)} MiB/s`,
      `RSS ${result.baselineRssMiB.toFixed(0)} MiB before, peak ${result.peakRssMiB.toFixed(0)} MiB`,
      `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`,
    ].join('\n'),
  );
} finally {
  await rm(work, { recursive: true, force: true });
}
