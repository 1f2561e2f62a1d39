/**
 * Image editor benchmark (issue 13, "the image editor stays smooth on a 100-megapixel photo with 500 defects drawn
 * on it"): a generated 12240 × 8160 photo-like JPEG uploaded over tus into an inspection of the built product, its
 * tile pyramid made by the normal path (the viewer's first opening), DEFECT_EDITOR_COUNT (default 500) defects
 * created over the API (cracks and areas of 4 to 16 points spread over the photo, each measured by the server), then
 * the editor opened in Debian's chromium and the photo panned by mouse drags and zoomed by the wheel, in and out to
 * the deepest level, while every animation frame's duration is recorded. Printed: the frame times (median, p95,
 * p99, worst) and the share over 50 ms, while the whole photo with all its defects is in view and while zoomed in,
 * and the most defects drawn in one frame. Headless chromium draws with the CPU (SwiftShader).
 *
 *   npm run build && npx tsx e2e/bench/defect-editor.bench.ts
 */
import os from 'node:os';
import sharp from 'sharp';
import type { InspectionDetail, Page as ApiPage } from '@sightline/shared';
import { djiPoseAttributes, withDjiXmp } from '@sightline/imagery/synthetic-photo';
import { isolatedContext, launchBrowser } from '../support/browser.js';
import { frameSummary, tusUploadOrThrow } from '../support/bench.js';
import { apiData, createProject, logInByApi, startSnapshotServer } from '../support/team-api.js';

const COUNT = Number(process.env.DEFECT_EDITOR_COUNT ?? 500);
const WIDTH = 12240;
const HEIGHT = 8160;
const CREATES_AT_ONCE = 4;
const CAMERAS = `model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx\nBench100,35.9,23.9,35,${WIDTH},${HEIGHT}\n`;

/** A photo-like JPEG (fine noise over smooth colour, as a drone photo compresses), posed like a drone's. */
async function photoLike(): Promise<Buffer> {
  const jpeg = await sharp({
    create: {
      width: WIDTH,
      height: HEIGHT,
      channels: 3,
      background: '#7a8070',
      noise: { type: 'gaussian', mean: 118, sigma: 26 },
    },
    limitInputPixels: false,
  })
    .blur(0.8)
    .jpeg({ quality: 88 })
    .toBuffer();
  return withDjiXmp(
    jpeg,
    djiPoseAttributes({ latitude: 30.5, longitude: 114.3, altitude: 60, yaw: 0, pitch: -90, roll: 0 }),
  );
}

/** A seeded generator, so that every run draws the same defects. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Defect `index`: a crack wandering from a random start, or an area around one, 150 to 900 pixels across. */
function defectShape(next: () => number) {
  const crack = next() < 0.5;
  const cx = 500 + next() * (WIDTH - 1000);
  const cy = 500 + next() * (HEIGHT - 1000);
  const count = 4 + Math.floor(next() * 13);
  const reach = 150 + next() * 750;
  const points: Array<[number, number]> = [];
  for (let index = 0; index < count; index += 1) {
    if (crack) points.push([cx + (index / count) * reach, cy + (next() - 0.5) * reach * 0.3]);
    else {
      const angle = (index / count) * 2 * Math.PI;
      const radius = reach * (0.35 + next() * 0.15);
      points.push([cx + Math.cos(angle) * radius, cy + Math.sin(angle) * radius]);
    }
  }
  return crack
    ? { kind: 'polyline' as const, points, widthPx: 2 + next() * 6 }
    : { kind: 'polygon' as const, points, widthPx: null };
}

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

const server = await startSnapshotServer();
const browser = await launchBrowser();
try {
  const token = await logInByApi(server, 'demoowner');
  const cameras = new FormData();
  cameras.append('file', new Blob([CAMERAS], { type: 'text/csv' }), 'cameras.csv');
  await apiData(server, '/camera-param/import', { method: 'POST', token, form: cameras });
  const cameraList = await apiData<Array<{ id: number; model: string }>>(server, '/camera-param/list', { token });
  const projectId = await createProject(server, token, 'Editor bench');
  const inspection = await apiData<InspectionDetail>(server, '/inspection-task/add', {
    method: 'POST',
    token,
    body: {
      projectId,
      name: 'One hundred megapixels',
      inspectionDate: '2026-05-01',
      imageGroups: [
        { name: 'Deck', cameraParamId: cameraList.find((c) => c.model === 'Bench100')!.id, photoDistance: 8 },
      ],
    },
  });
  let started = performance.now();
  const photo = await photoLike();
  console.log(
    `photo of ${WIDTH} × ${HEIGHT} (${((WIDTH * HEIGHT) / 1e6).toFixed(0)} MP, ${(photo.length / 2 ** 20).toFixed(1)} MiB JPEG) made in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  await tusUploadOrThrow(
    server.url,
    token,
    {
      inspectionId: String(inspection.id),
      imageGroupId: String(inspection.imageGroups[0]!.id),
      category: 'normal',
      filename: 'DJI_100MP.JPG',
    },
    photo,
  );
  let imageId = 0;
  for (;;) {
    const page = await apiData<ApiPage<{ id: number; state: string }>>(server, '/inspection-image/findPage', {
      method: 'POST',
      token,
      body: { inspectionId: inspection.id, pageNum: 1, pageSize: 1 },
    });
    const image = page.records[0];
    if (image?.state === 'failed') throw new Error('the photo failed to process');
    if (image?.state === 'processed') {
      imageId = image.id;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  console.log(`uploaded and processed in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const types = await apiData<Array<{ id: number; shapeKind: 'line' | 'area' }>>(server, '/disease-type/list', {
    token,
    query: { projectId: String(projectId) },
  });
  const lineType = types.find((type) => type.shapeKind === 'line')!.id;
  const areaType = types.find((type) => type.shapeKind === 'area')!.id;
  const next = random(13);
  const shapes = Array.from({ length: COUNT }, () => defectShape(next));
  started = performance.now();
  await eachLimited(shapes, CREATES_AT_ONCE, async (shape) => {
    await apiData(server, '/inspection-disease', {
      method: 'POST',
      token,
      body: { imageId, typeId: shape.kind === 'polyline' ? lineType : areaType, level: 3, shape },
    });
  });
  console.log(
    `${COUNT} defects created and measured over the API in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const { context } = await isolatedContext(browser);
  await context.addInitScript((value) => localStorage.setItem('token', value), token);
  const page = await context.newPage();
  await page.setViewportSize({ width: 1440, height: 900 });
  started = performance.now();
  await page.goto(`${server.url}/inspection/${inspection.id}/photo/${imageId}/edit`);
  const layer = page.getByTestId('defect-layer');
  await page.waitForFunction(
    (count) => Number(document.querySelector('[data-testid="defect-layer"]')?.getAttribute('data-drawn')) === count,
    COUNT,
    { timeout: 120_000 },
  );
  console.log(
    `editor open with all ${COUNT} defects drawn ${((performance.now() - started) / 1000).toFixed(1)} s after opening the page`,
  );
  // The pyramid is made by the first opening; the deep zoom waits for its tiles.
  started = performance.now();
  await page.waitForFunction(
    () => document.querySelector('[data-testid="photo-viewer"]')?.getAttribute('data-shown') === 'tiles',
    undefined,
    {
      timeout: 600_000,
    },
  );
  console.log(`tile pyramid made and shown ${((performance.now() - started) / 1000).toFixed(1)} s later`);

  // tsx names the page script's inner functions with a helper of its own, which the page lacks.
  await page.evaluate('window.__name = (fn) => fn');
  const box = (await layer.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const record = () =>
    page.evaluate(() => {
      const state = window as unknown as { frames: number[]; maxDrawn: number; recording: boolean };
      state.frames = [];
      state.maxDrawn = 0;
      state.recording = true;
      let last = performance.now();
      const step = (now: number) => {
        if (!state.recording) return;
        state.frames.push(now - last);
        last = now;
        const drawn = Number(document.querySelector('[data-testid="defect-layer"]')?.getAttribute('data-drawn'));
        state.maxDrawn = Math.max(state.maxDrawn, drawn);
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  const stop = () =>
    page.evaluate(() => {
      const state = window as unknown as { frames: number[]; maxDrawn: number; recording: boolean };
      state.recording = false;
      return { frames: state.frames.slice(1), maxDrawn: state.maxDrawn };
    });
  const drag = async (dx: number, dy: number) => {
    await page.mouse.move(centre.x - dx / 2, centre.y - dy / 2);
    await page.mouse.down();
    await page.mouse.move(centre.x + dx / 2, centre.y + dy / 2, { steps: 30 });
    await page.mouse.up();
  };
  const settle = () => page.waitForTimeout(800);

  // The whole photo in view: every defect drawn at every frame of the pan.
  await record();
  for (let pass = 0; pass < 6; pass += 1) await drag(pass % 2 === 0 ? 400 : -400, pass % 3 === 0 ? 150 : -150);
  await settle();
  const whole = await stop();
  console.log(
    `whole photo in view, panned: ${frameSummary(whole.frames)}; defects drawn per frame at most ${whole.maxDrawn}`,
  );

  // Zoomed in by the wheel towards the deepest level and back out, panning at each depth.
  await record();
  for (let step = 0; step < 8; step += 1) {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, -240);
    await page.waitForTimeout(250);
    await drag(step % 2 === 0 ? 300 : -300, 120);
  }
  for (let step = 0; step < 8; step += 1) {
    await page.mouse.move(centre.x, centre.y);
    await page.mouse.wheel(0, 240);
    await page.waitForTimeout(250);
  }
  await settle();
  const zoomed = await stop();
  console.log(
    `zooming in to the deepest level and out, panning on the way: ${frameSummary(zoomed.frames)}; defects drawn per frame at most ${zoomed.maxDrawn}`,
  );
  console.log(`(${os.availableParallelism()} cores, 1-minute load ${os.loadavg()[0]!.toFixed(1)})`);
  await context.close();
} finally {
  await browser.close();
  await server.stop();
}
