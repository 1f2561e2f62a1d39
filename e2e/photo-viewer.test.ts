/**
 * The full-resolution photo viewer in a real browser against the built product: a generated 6000 × 4000 photo of
 * fine stripes and a fixture drone photo are uploaded over tus; the viewer shows the first one's preview, switches
 * to its tiles once the server has made them, and zoomed in with the keyboard draws a deepest-level tile whose
 * stripes the preview cannot show; under reduced motion a zoom jumps, with full motion (the setting changed with the
 * page open) it glides. The metadata sits beside it; the arrow key goes to the drone photo, whose
 * GPS and pose are listed. Screenshots in both themes and the three languages.
 */
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CATALOGUES, INSPECTION_IMAGE_UPLOAD_PATH } from '@sightline/shared';
import { readFixture } from '@sightline/imagery/test-fixtures';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { pickLanguage, tusUpload } from './support/inspection-seed';
import { apiData, createProject, logInByApi, startSnapshotServer, text } from './support/team-api';

const drone = readFixture('drone-photos', 'DJI_0012.JPG');
const skipReason = browserSkipReason('e2e/photo-viewer.test.ts', {
  fixture: drone ? null : 'skipped: no drone-photos fixture (SIGHTLINE_FIXTURES)',
});

const WIDTH = 6000;
const HEIGHT = 4000;
/** Vertical stripes 4 pixels wide: the 2048 px preview (a third of the size) blurs them to grey. */
const STRIPE = 4;

async function stripedPhoto(): Promise<Buffer> {
  const pixels = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let x = 0; x < WIDTH; x += 1) {
    const value = Math.floor(x / STRIPE) % 2 === 0 ? 20 : 235;
    for (let y = 0; y < HEIGHT; y += 1) {
      const offset = (y * WIDTH + x) * 3;
      pixels[offset] = value;
      pixels[offset + 1] = value;
      pixels[offset + 2] = value;
    }
  }
  return sharp(pixels, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The red channel along the middle row of the viewer's canvas, around its centre. */
function centreRow(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="photo-viewer"] canvas');
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return [];
    const y = Math.floor(canvas.height / 2);
    const x = Math.floor(canvas.width / 2) - 60;
    const { data } = context.getImageData(x, y, 120, 1);
    return Array.from({ length: 120 }, (_, index) => data[index * 4]!);
  });
}

/**
 * Where the photo's top-left corner is drawn (its first painted pixel along the canvas's middle row and middle
 * column) at each frame while `act` zooms, changes only: from before `act` until a second after. A zoom that jumps
 * gives two corners, an animated one (half a second) more on the way.
 */
async function cornersWhile(page: Page, act: () => Promise<void>): Promise<string[]> {
  // The first corner is read before this evaluation returns, so before `act`.
  await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="photo-viewer"] canvas')!;
    const context = canvas.getContext('2d')!;
    const firstPainted = (data: Uint8ClampedArray) =>
      Array.from({ length: data.length / 4 }, (_, index) => data[index * 4 + 3]!).findIndex((alpha) => alpha > 0);
    const corners: string[] = [];
    const end = performance.now() + 1500;
    (window as unknown as { corners: Promise<string[]> }).corners = new Promise((resolve) => {
      const sample = () => {
        const row = context.getImageData(0, Math.floor(canvas.height / 2), canvas.width, 1).data;
        const column = context.getImageData(Math.floor(canvas.width / 2), 0, 1, canvas.height).data;
        const corner = `${firstPainted(row)},${firstPainted(column)}`;
        if (corners.at(-1) !== corner) corners.push(corner);
        if (performance.now() < end) requestAnimationFrame(sample);
        else resolve(corners);
      };
      sample();
    });
  });
  await act();
  return page.evaluate(() => (window as unknown as { corners: Promise<string[]> }).corners);
}

/**
 * The photo's stripes drawn as stripes: along the row, dark and light runs alternate at one regular width of
 * several screen pixels, which only tiles of the deepest levels give at that zoom (the preview, a third of the
 * size, has stripes of little more than one pixel: enlarged, they are a blur of greys).
 */
function showsStripes(row: number[]): boolean {
  const runs: number[] = [];
  let current = 0;
  for (let index = 0; index < row.length; index += 1) {
    if (index > 0 && row[index]! < 128 !== row[index - 1]! < 128) {
      runs.push(current);
      current = 0;
    }
    current += 1;
  }
  // The first and last runs are cut by the row's ends.
  const inner = runs.slice(1);
  if (inner.length < 4) return false;
  const contrast = Math.max(...row) - Math.min(...row) > 150;
  return contrast && Math.min(...inner) >= 5 && Math.max(...inner) - Math.min(...inner) <= 2;
}

describe.skipIf(skipReason !== null)('photo viewer', () => {
  const suite = browserSuite(startSnapshotServer);

  it('shows the preview, then the tiles, draws the deepest level zoomed in, lists the metadata and goes to the next photo', async () => {
    const { server } = suite;
    const token = await logInByApi(server, 'demoadmin');
    const projectId = await createProject(server, token, `Photo viewer ${Date.now()}`);
    const cameras = await apiData<Array<{ id: number }>>(server, '/camera-param/list', { token });
    let cameraId = cameras[0]?.id;
    if (cameraId === undefined) {
      const form = new FormData();
      const csv =
        'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx\nM3E,17.3,13,12.29,5280,3956\n';
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'cameras.csv');
      await apiData(server, '/camera-param/import', { method: 'POST', token, form });
      cameraId = (await apiData<Array<{ id: number }>>(server, '/camera-param/list', { token }))[0]!.id;
    }
    const inspection = await apiData<{ id: number }>(server, '/inspection-task/add', {
      method: 'POST',
      token,
      body: {
        projectId,
        name: 'Stripes',
        inspectionDate: '2026-11-01',
        imageGroups: [{ name: 'Deck', cameraParamId: cameraId, photoDistance: 5 }],
      },
    });
    const tree = await apiData<Array<{ id: number }>>(server, '/inspection-image-group/tree', {
      token,
      query: { inspectionId: String(inspection.id) },
    });
    const meta = (filename: string) => ({
      inspectionId: String(inspection.id),
      imageGroupId: String(tree[0]!.id),
      category: 'normal',
      filename,
    });
    await tusUpload(server.url, INSPECTION_IMAGE_UPLOAD_PATH, token, meta('stripes.jpg'), await stripedPhoto());
    await tusUpload(server.url, INSPECTION_IMAGE_UPLOAD_PATH, token, meta('DJI_0012.JPG'), drone!);
    let ids: number[] = [];
    await expect
      .poll(
        async () => {
          const page = await apiData<{ records: Array<{ id: number; state: string }> }>(
            server,
            '/inspection-image/findPage',
            { method: 'POST', token, body: { inspectionId: inspection.id, pageSize: 10 } },
          );
          ids = page.records.map((record) => record.id);
          return page.records.map((record) => record.state);
        },
        { timeout: 60_000, interval: 250 },
      )
      .toEqual(['processed', 'processed']);

    const context = await suite.newContext();
    await context.addInitScript((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('theme', 'dark');
    }, token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|eval/i.test(message.text()))
        errors.push(message.text());
    });
    const tiles: Array<{ level: number; status: number }> = [];
    page.on('response', (response) => {
      const match = /\/api\/inspection-image\/tiles\/\d+\/\d+\/(\d+)\/\d+_\d+\.jpeg/.exec(response.url());
      if (match) tiles.push({ level: Number(match[1]), status: response.status() });
    });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/inspection/${inspection.id}/photo/${ids[0]}`);

    const zh = CATALOGUES['zh-CN'].photoViewer;
    const viewer = page.getByTestId('photo-viewer');
    // The preview comes first (the tiles are made when the photo is first opened), then the tiles.
    await expect.poll(() => viewer.getAttribute('data-shown'), { timeout: 30_000 }).not.toBe('none');
    await expect.poll(() => viewer.getAttribute('data-shown'), { timeout: 120_000 }).toBe('tiles');
    await page.getByTestId('meta-name').getByText('stripes.jpg').waitFor();
    expect(await page.getByTestId('meta-resolution').textContent()).toContain('6000 × 4000');
    await page.getByText(text(zh.position, { index: 1, total: 2 })).waitFor();
    await page.screenshot({ path: screenshotPath('photo-viewer-tiles-dark-zh') });

    // The context asks for reduced motion: a zoom jumps to its end. Full motion, asked for with the page open,
    // glides there through many frames, and reduced again jumps again.
    const focusPage = () => page.locator('body').click({ position: { x: 5, y: 5 } });
    const zoomInOnce = async () => {
      await focusPage();
      return cornersWhile(page, () => page.keyboard.press('+'));
    };
    // Fitting again under reduced motion: the next zoom starts from a view at rest.
    const fit = () => page.getByTestId('photo-fit').click();
    expect(await zoomInOnce()).toHaveLength(2);
    await fit();
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect((await zoomInOnce()).length).toBeGreaterThan(2);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await fit();
    expect(await zoomInOnce()).toHaveLength(2);
    await fit();

    // Fitted, the stripes are finer than a screen pixel; zoomed in with +, the deepest level draws them.
    await focusPage();
    for (let step = 0; step < 7; step += 1) await page.keyboard.press('+');
    const deepest = Math.ceil(Math.log2(WIDTH));
    await expect
      .poll(() => tiles.some((tile) => tile.level === deepest && tile.status === 200), { timeout: 60_000 })
      .toBe(true);
    await expect.poll(async () => showsStripes(await centreRow(page)), { timeout: 60_000 }).toBe(true);
    await page.screenshot({ path: screenshotPath('photo-viewer-zoomed-dark-zh') });
    await page.getByTestId('photo-fit').click();

    // The arrow key opens the next photo: the drone photo with its GPS position and pose.
    await page.keyboard.press('ArrowRight');
    await page.waitForURL(new RegExp(`/inspection/${inspection.id}/photo/${ids[1]}$`));
    await page.getByTestId('meta-name').getByText('DJI_0012.JPG').waitFor();
    await page.getByTestId('meta-gps').waitFor();
    expect(await page.getByTestId('meta-gps').textContent()).toMatch(/\d+\.\d{7}/);
    await page.getByTestId('meta-pose').waitFor();
    await page.getByText(text(zh.position, { index: 2, total: 2 })).waitFor();
    await expect
      .poll(() => page.getByTestId('photo-viewer').getAttribute('data-shown'), { timeout: 60_000 })
      .not.toBe('none');
    expect(await page.getByTestId('photo-next').isDisabled()).toBe(true);
    await page.getByText(CATALOGUES['zh-CN'].photoViewer.meta.raw).click();
    await page.getByTestId('meta-raw').getByText('"make"').waitFor();
    await page.screenshot({ path: screenshotPath('photo-viewer-metadata-dark-zh') });

    // The light theme, then the other languages, picked in the header as a user does.
    await page.getByTestId('theme-toggle').click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.screenshot({ path: screenshotPath('photo-viewer-light-zh') });
    for (const [language, label] of [
      ['en', 'English'],
      ['ja', '日本語'],
    ] as const) {
      await pickLanguage(page, label);
      await page.getByText(CATALOGUES[language].photoViewer.meta.title).waitFor();
      await page.getByText(CATALOGUES[language].photoViewer.meta.gps, { exact: true }).waitFor();
      await page.screenshot({ path: screenshotPath(`photo-viewer-light-${language}`) });
    }
    // The demo administrator's profile goes back to Chinese for the journeys after this one.
    await pickLanguage(page, '简体中文');
    // Back to the first photo with the left arrow (the language menu closed, the focus back on the page).
    await page.getByTestId('photo-title').click();
    await page.keyboard.press('ArrowLeft');
    await page.waitForURL(new RegExp(`/inspection/${inspection.id}/photo/${ids[0]}$`));
    await page.getByTestId('meta-name').getByText('stripes.jpg').waitFor();
    expect(errors).toEqual([]);
  }, 300_000);
});
