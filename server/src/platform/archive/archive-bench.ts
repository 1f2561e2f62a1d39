/**
 * Figures for `npm run bench`: unzip throughput and peak memory of `extractTilesetZip` on a large archive.
 * Temporary data lives under os.tmpdir() and is removed by the caller through `cleanup`.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import { extractTilesetZip } from './tileset-zip.js';
import { createLocalBlobStore } from '../storage/blob-store.js';

const MiB = 1024 * 1024;

/**
 * Writes a zip of `totalMiB` one-MiB tiles plus a tileset.json, streamed (the archive is never in memory).
 * Tiles are "random-ish": slices of one random pool at shifting offsets, so no two are alike; `compress`
 * false stores them (as photogrammetry exports of b3dm/jpeg usually are: they do not deflate).
 */
export async function writeBenchZip(zipPath: string, totalMiB: number, compress = false): Promise<number> {
  const pool = randomBytes(4 * MiB);
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(JSON.stringify({ asset: { version: '1.1' }, geometricError: 1, root: {} })),
    'model/tileset.json',
  );
  for (let tile = 0; tile < totalMiB; tile++) {
    const offset = (tile * 7919) % (3 * MiB);
    const chunks = function* () {
      for (let at = 0; at < MiB; at += 64 * 1024) yield pool.subarray(offset + at, offset + at + 64 * 1024);
    };
    zip.addReadStream(Readable.from(chunks()), `model/tiles/${Math.floor(tile / 100)}/${tile}.b3dm`, {
      compress,
      size: MiB,
    });
  }
  zip.end();
  await pipeline(zip.outputStream, createWriteStream(zipPath));
  return (await stat(zipPath)).size;
}

export interface ExtractBenchResult {
  zipBytes: number;
  extractedBytes: number;
  fileCount: number;
  seconds: number;
  mbPerSecond: number;
  baselineRssMiB: number;
  peakRssMiB: number;
}

/** Extracts `zipPath` into a temporary folder, timing it and sampling the resident set size every 20 ms. */
export async function benchExtract(zipPath: string): Promise<ExtractBenchResult> {
  const work = await mkdtemp(path.join(os.tmpdir(), 'sightline-bench-extract-'));
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage().rss);
  };
  const timer = setInterval(sample, 20);
  const started = process.hrtime.bigint();
  try {
    const store = createLocalBlobStore(path.join(work, 'model'));
    const result = await extractTilesetZip(zipPath, (relative, data) => store.put(relative, data), {
      onProgress: sample,
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    sample();
    return {
      zipBytes: (await stat(zipPath)).size,
      extractedBytes: result.totalUncompressedSize,
      fileCount: result.fileCount,
      seconds,
      mbPerSecond: result.totalUncompressedSize / MiB / seconds,
      baselineRssMiB: baseline / MiB,
      peakRssMiB: peak / MiB,
    };
  } finally {
    clearInterval(timer);
    await rm(work, { recursive: true, force: true });
  }
}
