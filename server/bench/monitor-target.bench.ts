/**
 * Drone-target identification benchmark (issue 17): targets identified per second on 20-megapixel photos, as the
 * identification job's task finds them (monitor-target.tasks.ts locateInPhoto): the JPEG decoded to grey with sharp,
 * only inside the search window, then the target searched there (the round's case: the target's box grown by
 * TARGET_SEARCH_MARGIN_PX around where the baseline had it) or over the whole photo (a baseline ArUco target given no
 * region). One thread in this process, so the figures are the task's own; the job runs one photo per CPU-pool
 * thread. Printed, not asserted.
 *
 *   npx tsx server/bench/monitor-target.bench.ts
 */
import sharp from 'sharp';
import { type GrayImage, type PixelRect, growRect, placeSprite, renderArucoMarker } from '@sightline/vision';
import { decodeGray, locateInPhoto, type TargetSearch } from '../src/modules/monitor-target/monitor-target.tasks.js';
import { TARGET_SEARCH_MARGIN_PX } from '../src/modules/monitor-target/monitor-target.service.js';

/** 5472 × 3648: a DJI Phantom 4 RTK's 20 MP. */
const WIDTH = 5472;
const HEIGHT = 3648;
const TARGETS = 12;
const RUNS = Number(process.env.TARGET_BENCH_RUNS ?? 3);
const MARKER_PX = 96;

/** A photo-like grey JPEG with `TARGETS` DICT_4X4_50 markers (ids 0..11) on white cards, in a grid. */
async function photo(): Promise<{ jpeg: Buffer; centres: Array<{ x: number; y: number }> }> {
  const noise = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#7a8070',
      noise: { type: 'gaussian', mean: 118, sigma: 26 },
    },
  })
    .blur(0.8)
    .greyscale()
    .raw()
    .toBuffer();
  let image: GrayImage = {
    data: new Uint8Array(noise.buffer, noise.byteOffset, WIDTH * HEIGHT),
    width: WIDTH,
    height: HEIGHT,
  };
  const centres = [];
  for (let id = 0; id < TARGETS; id += 1) {
    const marker = await renderArucoMarker('DICT_4X4_50', id, MARKER_PX);
    const cardSize = MARKER_PX * 1.5;
    const card = await placeSprite(
      { data: new Uint8Array(cardSize * cardSize).fill(240), width: cardSize, height: cardSize },
      marker,
      {
        x: MARKER_PX / 4,
        y: MARKER_PX / 4,
      },
    );
    const centre = { x: 500 + (id % 4) * 1400 + 0.37, y: 500 + Math.floor(id / 4) * 1200 + 0.61 };
    image = await placeSprite(image, card, { x: centre.x - cardSize / 2, y: centre.y - cardSize / 2 });
    centres.push(centre);
  }
  const jpeg = await sharp(Buffer.from(image.data), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  return { jpeg, centres };
}

const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;

const { jpeg, centres } = await photo();
console.log(
  `photo: ${WIDTH} × ${HEIGHT} grey JPEG, ${(jpeg.length / 2 ** 20).toFixed(1)} MiB, ${TARGETS} ArUco targets`,
);

let decodeTotal = 0;
for (let run = 0; run < RUNS; run += 1) {
  const start = process.hrtime.bigint();
  await decodeGray(jpeg, null);
  decodeTotal += seconds(start);
}
console.log(`whole photo decoded to grey: ${((decodeTotal / RUNS) * 1000).toFixed(0)} ms`);

const box = (id: number) => ({ x: centres[id]!.x - 64, y: centres[id]!.y - 64, width: 128, height: 128 });
/** The patch: whole pixels around the marker, as a region picked on screen is stored. */
const patch = (id: number) => ({
  x: Math.floor(centres[id]!.x) - 64,
  y: Math.floor(centres[id]!.y) - 64,
  width: 128,
  height: 128,
});
const noTemplate = () => Promise.reject(new Error('no template'));
const templateOf = (id: number) => async () => (await decodeGray(jpeg, patch(id)))!.image;

const cases: Array<{
  label: string;
  search: (id: number) => TargetSearch;
  window: (id: number) => PixelRect | null;
  template: (id: number) => () => Promise<GrayImage>;
  /** Where the search should answer: the marker's centre, or the patch's. */
  expected?: (id: number) => { x: number; y: number };
  ids: number[];
}> = [
  {
    label: 'ArUco in a round window (128 px box + 256 px)',
    search: (id) => ({ kind: 'aruco', dictionary: 'DICT_4X4_50', markerId: id }),
    window: (id) => growRect(box(id), TARGET_SEARCH_MARGIN_PX),
    template: () => noTemplate,
    ids: Array.from({ length: TARGETS }, (_, id) => id),
  },
  {
    label: 'virtual patch (128 px) in a round window, its template read from the baseline photo',
    search: (id) => ({ kind: 'patch', templateKey: 'baseline', templateRect: patch(id) }),
    window: (id) => growRect(patch(id), TARGET_SEARCH_MARGIN_PX),
    template: templateOf,
    expected: (id) => ({ x: patch(id).x + 64, y: patch(id).y + 64 }),
    ids: Array.from({ length: TARGETS }, (_, id) => id),
  },
  {
    label: 'ArUco over the whole photo (a baseline target given no region)',
    search: (id) => ({ kind: 'aruco', dictionary: 'DICT_4X4_50', markerId: id }),
    window: () => null,
    template: () => noTemplate,
    ids: [0, 11],
  },
];

for (const bench of cases) {
  let found = 0;
  let errorPx = 0;
  const start = process.hrtime.bigint();
  for (let run = 0; run < RUNS; run += 1) {
    for (const id of bench.ids) {
      const fix = await locateInPhoto(jpeg, bench.search(id), bench.window(id), bench.template(id));
      if (fix) {
        found += 1;
        const expected = bench.expected?.(id) ?? centres[id]!;
        errorPx = Math.max(errorPx, Math.hypot(fix.x - expected.x, fix.y - expected.y));
      }
    }
  }
  const perTarget = seconds(start) / (RUNS * bench.ids.length);
  console.log(
    `${bench.label}: ${(perTarget * 1000).toFixed(0)} ms a target, decoding included: ` +
      `${(1 / perTarget).toFixed(1)} targets identified per second on one thread; ` +
      `found ${found}/${RUNS * bench.ids.length}, largest centre error ${errorPx.toFixed(3)} px`,
  );
}
