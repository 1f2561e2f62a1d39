/**
 * Preview sizes (issue 11): the CPU a photo's screen-size preview and thumbnail cost from the original, for the
 * sensor sizes drones carry, at the size `previewLongSide` chooses and at the size the rule before it chose (the
 * largest whole factor that keeps 1280 px, which sharp decodes at half size for a 20 MP photo: packages/imagery
 * preview-size.ts). One photo of each size (noise under a light blur, compressed like a drone photo), each variant
 * made PREVIEW_BENCH_REPEATS times (default 10) one at a time, after one unmeasured run.
 *
 *   npx tsx server/bench/preview-size.bench.ts
 */
import os from 'node:os';
import sharp from 'sharp';
import { INSPECTION_IMAGE_PREVIEW_MIN_PX, INSPECTION_IMAGE_PREVIEW_PX } from '@sightline/shared';
import { jpegDecodeScale, previewLongSide } from '@sightline/imagery';

const REPEATS = Number(process.env.PREVIEW_BENCH_REPEATS ?? 10);
const SENSORS = [
  ['12 MP (4000 × 3000)', 4000, 3000],
  ['20 MP (5472 × 3648, Phantom 4 RTK)', 5472, 3648],
  ['45 MP (8192 × 5460, Zenmuse P1)', 8192, 5460],
  ['100 MP (12288 × 8192)', 12288, 8192],
] as const;
const bounds = { minimum: INSPECTION_IMAGE_PREVIEW_MIN_PX, maximum: INSPECTION_IMAGE_PREVIEW_PX };

async function photo(width: number, height: number): Promise<Buffer> {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 121, sigma: 28 } },
  })
    .raw()
    .toBuffer();
  return sharp(noise, { raw: { width, height, channels: 3 } })
    .blur(0.8)
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The rule before this one: the photo shrunk by the largest whole factor that keeps 1280 px, capped. */
function earlierRuleSide(longSide: number): number {
  const factor = Math.max(1, Math.floor(longSide / 1280));
  return Math.min(bounds.maximum, Math.floor(longSide / factor));
}

/** CPU ms of one preview and its thumbnail, as the ingest makes them (inspection-image.tasks.ts). */
async function cpuMs(bytes: Buffer, side: number): Promise<number> {
  const once = async () => {
    const preview = await sharp(bytes)
      .rotate()
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .jpeg({ quality: 85, mozjpeg: false, optimiseCoding: false })
      .toBuffer();
    await sharp(preview).resize(256, 256, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
  };
  await once();
  const since = process.cpuUsage();
  for (let index = 0; index < REPEATS; index++) await once();
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000 / REPEATS;
}

async function bareThumbnailMs(bytes: Buffer): Promise<number> {
  const since = process.cpuUsage();
  for (let index = 0; index < REPEATS; index++) {
    await sharp(bytes).resize(256, 256, { fit: 'inside' }).jpeg({ quality: 80 }).toBuffer();
  }
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000 / REPEATS;
}

console.log(
  `${REPEATS} runs each, one at a time; load ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
);
console.log('| photo | bare thumbnail | preview (rule) + thumbnail | earlier rule (1280 px or more) + thumbnail |');
console.log('|---|---|---|---|');
for (const [name, width, height] of SENSORS) {
  const bytes = await photo(width, height);
  const side = previewLongSide(width, height, bounds);
  const earlier = earlierRuleSide(Math.max(width, height));
  const scaleOf = (target: number) => jpegDecodeScale(Math.max(width, height) / target);
  console.log(
    `| ${name} | ${(await bareThumbnailMs(bytes)).toFixed(0)} CPU ms | ${side} px, decoded at 1/${scaleOf(side)}: ` +
      `${(await cpuMs(bytes, side)).toFixed(0)} CPU ms | ${earlier} px, decoded at 1/${scaleOf(earlier)}: ` +
      `${(await cpuMs(bytes, earlier)).toFixed(0)} CPU ms |`,
  );
}
