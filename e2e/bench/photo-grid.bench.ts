/**
 * Photo grid benchmark (issue 11, "a virtualised grid that stays smooth with 5,000 photos"): PHOTO_GRID_COUNT
 * (default 5000) small photos uploaded into one inspection of the built product, then the inspection's page opened
 * in Debian's chromium and its photo grid scrolled from top to bottom and back at a steady speed while every
 * animation frame's duration is recorded. Printed: how long the first thumbnails take to show, the frame times
 * (median, p95, p99, worst) and the share of frames over 50 ms, during the first pass (pages of photos fetched as the
 * grid reaches them) and a second pass over photos already fetched, and the most photo tiles ever in the page (the
 * virtualiser keeps only the visible rows). Headless chromium draws with the CPU (SwiftShader): the frame times are
 * those of a machine without a graphics card.
 *
 *   npm run build && npx tsx e2e/bench/photo-grid.bench.ts
 */
import os from 'node:os';
import sharp from 'sharp';
import type { InspectionDetail, Page as ApiPage } from '@sightline/shared';
import { djiPoseAttributes, withDjiXmp } from '@sightline/imagery/synthetic-photo';
import { frameSummary, tusUploadOrThrow } from '../support/bench.js';
import { isolatedContext, launchBrowser } from '../support/browser.js';
import { createScratchDatabase, postgresAnswers } from '../support/postgres.js';
import { apiData, createProject, logInByApi, logInThroughUi, startSnapshotServer } from '../support/team-api.js';

const COUNT = Number(process.env.PHOTO_GRID_COUNT ?? 5000);
const UPLOADS_AT_ONCE = 8;
/** Scrolling speed of both passes: a brisk flick through the photos, about three screens a second. */
const SCROLL_PX_PER_SECOND = 2400;
const CAMERAS =
  'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx\nM3E,17.3,13,12.29,640,480\n';

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/** Distinct small photos (a colour and a few shapes each), each given its own pose. */
async function photo(index: number): Promise<Buffer> {
  const hue = (index * 47) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480">
    <rect width="640" height="480" fill="hsl(${hue},40%,45%)"/>
    <circle cx="${100 + (index % 440)}" cy="240" r="90" fill="hsl(${(hue + 180) % 360},50%,60%)"/>
    <text x="20" y="460" font-size="48" fill="white">${index}</text></svg>`;
  const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
  const pose = { latitude: 30.5, longitude: 114.3 + index * 1e-6, altitude: 60, yaw: 0, pitch: -90, roll: 0 };
  return withDjiXmp(jpeg, djiPoseAttributes(pose));
}

// The PostgreSQL server when it answers: thousands of photos are ingested sooner than on the embedded database.
const database = (await postgresAnswers()) ? await createScratchDatabase() : null;
const server = await startSnapshotServer(database ? { DATABASE_URL: database.url } : {});
const browser = await launchBrowser();
try {
  const token = await logInByApi(server, 'demoadmin');
  const cameras = new FormData();
  cameras.append('file', new Blob([CAMERAS], { type: 'text/csv' }), 'cameras.csv');
  await apiData(server, '/camera-param/import', { method: 'POST', token, form: cameras });
  const cameraList = await apiData<Array<{ id: number; model: string }>>(server, '/camera-param/list', { token });
  const projectId = await createProject(server, token, 'Grid bench');
  const inspection = await apiData<InspectionDetail>(server, '/inspection-task/add', {
    method: 'POST',
    token,
    body: {
      projectId,
      name: 'Five thousand photos',
      inspectionDate: '2026-05-01',
      imageGroups: [{ name: 'Deck', cameraParamId: cameraList.find((c) => c.model === 'M3E')!.id, photoDistance: 5 }],
    },
  });
  let started = performance.now();
  await eachLimited(
    Array.from({ length: COUNT }, (_, index) => index),
    UPLOADS_AT_ONCE,
    async (index) =>
      tusUploadOrThrow(
        server.url,
        token,
        {
          inspectionId: String(inspection.id),
          imageGroupId: String(inspection.imageGroups[0]!.id),
          category: 'normal',
          filename: `DJI_${String(index).padStart(5, '0')}.JPG`,
        },
        await photo(index),
      ),
  );
  const processed = async () =>
    (
      await apiData<ApiPage<unknown>>(server, '/inspection-image/findPage', {
        method: 'POST',
        token,
        body: { inspectionId: inspection.id, state: 'processed', pageNum: 1, pageSize: 1 },
      })
    ).total;
  while ((await processed()) < COUNT) await new Promise((resolve) => setTimeout(resolve, 1000));
  console.log(
    `${COUNT} photos of 640 × 480 uploaded and processed in ${((performance.now() - started) / 1000).toFixed(0)} s on the ${database ? 'PostgreSQL server' : 'embedded database'}`,
  );

  const { context } = await isolatedContext(browser);
  const page = await context.newPage();
  await page.goto(`${server.url}/login`);
  await logInThroughUi(page, 'demoadmin', /\/home$/);
  started = performance.now();
  await page.goto(`${server.url}/inspection/${inspection.id}`);
  const grid = page.getByTestId('photo-grid');
  await grid.waitFor();
  await page.waitForFunction(() => {
    const images = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="photo-thumbnail"]'));
    return images.length > 0 && images.every((image) => image.complete && image.naturalWidth > 0);
  });
  console.log(
    `first screen of thumbnails shown ${((performance.now() - started) / 1000).toFixed(2)} s after opening the page`,
  );

  /** Scrolls the grid to `to` at the steady speed, one step per animation frame; answers each frame's duration. */
  const scrollPass = (to: 'bottom' | 'top') =>
    grid.evaluate(
      (element, { to, speed }) =>
        new Promise<{ frames: number[]; maxTiles: number }>((resolve) => {
          const frames: number[] = [];
          let maxTiles = 0;
          let last = performance.now();
          const step = (now: number) => {
            const elapsed = now - last;
            frames.push(elapsed);
            last = now;
            maxTiles = Math.max(maxTiles, element.querySelectorAll('[data-testid="photo-tile"]').length);
            const end = element.scrollHeight - element.clientHeight;
            const move = (speed * elapsed) / 1000;
            element.scrollTop =
              to === 'bottom' ? Math.min(end, element.scrollTop + move) : Math.max(0, element.scrollTop - move);
            const loaded = Number(element.getAttribute('data-count'));
            const done = to === 'bottom' ? element.scrollTop >= end && loaded >= expected : element.scrollTop <= 0;
            if (done) resolve({ frames: frames.slice(1), maxTiles });
            else requestAnimationFrame(step);
          };
          const expected = Number(element.getAttribute('data-expected'));
          requestAnimationFrame(step);
        }),
      { to, speed: SCROLL_PX_PER_SECOND },
    );
  // tsx names the page script's inner functions with a helper of its own, which the page lacks.
  await page.evaluate('window.__name = (fn) => fn');
  await grid.evaluate((element, count) => element.setAttribute('data-expected', String(count)), COUNT);
  const first = await scrollPass('bottom');
  console.log(`pass 1, top to bottom, pages fetched on the way: ${frameSummary(first.frames)}`);
  const back = await scrollPass('top');
  const again = await scrollPass('bottom');
  console.log(`pass 2, every photo fetched, up and down again: ${frameSummary([...back.frames, ...again.frames])}`);
  console.log(
    `photo tiles in the page at most: ${Math.max(first.maxTiles, back.maxTiles, again.maxTiles)} of ${COUNT} (${os.availableParallelism()} cores, 1-minute load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  await context.close();
} finally {
  await browser.close();
  await server.stop();
  await database?.drop();
}
