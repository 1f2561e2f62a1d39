/**
 * The 3D viewer in a real browser (Debian's chromium, SwiftShader WebGL): the shared fixture tileset is drawn,
 * clipped and measured, with no request leaving localhost.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ecef, heightDifference, polygonHorizontalArea, polygonPlanarArea, polylineLength } from '@sightline/geo';
import { type Browser, type BrowserContext, type Page, chromium } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AreaMeasurement,
  DistanceMeasurement,
  EcefPosition,
  HeightMeasurement,
} from '../web/src/viewer/viewer-types';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { browserSkipReason, CHROMIUM_PATH } from './support/browser';
import { type ViewerBuild, buildViewerPage } from './support/viewer-build';
import { VIEWER_TEST_TOKEN, type ViewerServer, startViewerServer } from './support/viewer-server';

const SAMPLE = '1.0/TilesetWithDiscreteLOD';
const sampleDir = tilesetSample(SAMPLE);
const OUTPUT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-output');
const WIDTH = 512;
const HEIGHT = 384;

const skipReason = browserSkipReason('e2e/viewer.test.ts', { tileset: SAMPLE });

interface Screenshot {
  png: PNG;
  bytes: Buffer;
}

function decode(bytes: Buffer): Screenshot {
  return { png: PNG.sync.read(bytes), bytes };
}

/** Pixels whose colour differs by more than `threshold` in any channel. */
function differenceMask(a: PNG, b: PNG, threshold = 40): { mask: Uint8Array; fraction: number } {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  const mask = new Uint8Array(a.width * a.height);
  let count = 0;
  for (let i = 0; i < mask.length; i++) {
    const o = i * 4;
    const delta = Math.max(
      Math.abs((a.data[o] ?? 0) - (b.data[o] ?? 0)),
      Math.abs((a.data[o + 1] ?? 0) - (b.data[o + 1] ?? 0)),
      Math.abs((a.data[o + 2] ?? 0) - (b.data[o + 2] ?? 0)),
    );
    if (delta > threshold) {
      mask[i] = 1;
      count++;
    }
  }
  return { mask, fraction: count / mask.length };
}

/** Pixels of the mask whose whole (2r+1)² neighbourhood is in the mask: safely on the model, not on an edge. */
function interiorPixels(mask: Uint8Array, width: number, height: number, r = 6): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let y = r; y < height - r; y += 2) {
    for (let x = r; x < width - r; x += 2) {
      let inside = true;
      for (let dy = -r; dy <= r && inside; dy += 2) {
        for (let dx = -r; dx <= r && inside; dx += 2) inside = mask[(y + dy) * width + (x + dx)] === 1;
      }
      if (inside) out.push([x, y]);
    }
  }
  return out;
}

const toEcef = (p: EcefPosition) => ecef(p.x, p.y, p.z);

/** Equal to 1 part in 10⁷: both sides compute in float64, from ECEF coordinates in the millions of metres. */
function expectSame(actual: number | undefined, expected: number): void {
  expect(actual).toBeDefined();
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(Math.max(Math.abs(expected) * 1e-7, 1e-6));
}

describe.skipIf(skipReason !== null)('3D viewer (CesiumJS, offline)', () => {
  let build: ViewerBuild;
  let server: ViewerServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const outbound: string[] = [];
  const pageErrors: string[] = [];
  let shown: Screenshot;
  let hidden: Screenshot;

  async function shoot(name: string): Promise<Screenshot> {
    expect(await page.evaluate(() => window.sightline!.whenIdle(30_000))).toBe(true);
    const bytes = await page.locator('#viewer').screenshot();
    writeFileSync(path.join(OUTPUT, `${name}.png`), bytes);
    return decode(bytes);
  }

  beforeAll(async () => {
    mkdirSync(OUTPUT, { recursive: true });
    // Screenshots are for people to look at, not for the repository.
    writeFileSync(path.join(OUTPUT, '.gitignore'), '*\n');
    build = await buildViewerPage();
    server = await startViewerServer({
      pageDir: build.outDir,
      tilesDir: path.resolve(sampleDir as string, '..', '..'),
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--use-gl=swiftshader',
        '--enable-unsafe-swiftshader',
        '--ignore-gpu-blocklist',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    });
    context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, deviceScaleFactor: 1 });
    // Any request that is not to our server fails the test (and is never sent).
    await context.route('**/*', (route) => {
      const url = new URL(route.request().url());
      if (url.origin === server.origin || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
      outbound.push(route.request().url());
      return route.abort();
    });
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    await page.goto(`${server.origin}/viewer-page.html`);
    await page.waitForFunction(() => window.sightline !== undefined || window.sightlineError !== undefined, null, {
      timeout: 60_000,
    });
    expect(await page.evaluate(() => window.sightlineError)).toBeUndefined();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (build) await rm(build.outDir, { recursive: true, force: true });
  });

  it('ships CesiumJS as a lazily loaded chunk of its own', () => {
    const entry = build.scripts.find((chunk) => chunk.file.includes('viewer-page'));
    expect(entry?.bytes).toBeLessThan(200_000);
    expect(build.scripts.some((chunk) => chunk.file !== entry?.file && chunk.bytes > 2_000_000)).toBe(true);
  });

  it('draws the fixture tileset, fetched with the Authorization header', async () => {
    await page.evaluate(
      async ({ token }) => {
        const api = window.sightline!;
        await api.loadTileset('/tiles/1.0/TilesetWithDiscreteLOD/tileset.json', {
          headers: { Authorization: `Bearer ${token}` },
        });
        await api.flyToTileset({ duration: 0 });
      },
      { token: VIEWER_TEST_TOKEN },
    );
    shown = await shoot('viewer-tileset-shown');
    await page.evaluate(() => window.sightline!.setTilesetVisible(false));
    hidden = await shoot('viewer-tileset-hidden');
    await page.evaluate(() => window.sightline!.setTilesetVisible(true));

    const { fraction } = differenceMask(shown.png, hidden.png);
    // The dragon fills a good part of the view; a blank or failed render would differ by nothing.
    expect(fraction).toBeGreaterThan(0.03);

    const tiles = server.requests.filter((r) => r.path.startsWith('/tiles/'));
    expect(tiles.every((r) => r.authorized)).toBe(true);
    expect(tiles.some((r) => r.path.endsWith('dragon_low.b3dm') && r.status === 200)).toBe(true);
  });

  it('clips the model with a horizontal plane in the tileset frame', async () => {
    const plane = await page.evaluate(() => window.sightline!.clipHorizontally(0));
    expect(plane).not.toBeNull();
    expect(await page.evaluate(() => window.sightline!.getClipping())).toEqual(plane);
    // The height slider reads a saved cut back from the plane alone.
    expect(await page.evaluate(() => window.sightline!.horizontalClipOffset())).toBeCloseTo(0, 6);
    const higher = await page.evaluate(() => window.sightline!.clipHorizontally(7.5));
    expect(
      await page.evaluate((saved) => {
        window.sightline!.setClipping(null);
        window.sightline!.setClipping(saved);
        return window.sightline!.horizontalClipOffset();
      }, higher),
    ).toBeCloseTo(7.5, 6);
    await page.evaluate(() => window.sightline!.clipHorizontally(0));
    const clipped = await shoot('viewer-tileset-clipped');
    await page.evaluate(() => window.sightline!.setClipping(null));

    const whole = differenceMask(shown.png, hidden.png).fraction;
    const lowerHalf = differenceMask(clipped.png, hidden.png).fraction;
    expect(lowerHalf).toBeGreaterThan(0.005);
    expect(lowerHalf).toBeLessThan(whole * 0.9);
  });

  it('measures distance, height and area on the model as packages/geo computes them', async () => {
    await shoot('viewer-before-measure');
    const { mask } = differenceMask(shown.png, hidden.png);
    const interior = interiorPixels(mask, WIDTH, HEIGHT);
    expect(interior.length).toBeGreaterThan(20);
    const left = interior.reduce((a, b) => (b[0] < a[0] ? b : a));
    const right = interior.reduce((a, b) => (b[0] > a[0] ? b : a));
    const top = interior.reduce((a, b) => (b[1] < a[1] ? b : a));

    const click = async ([x, y]: [number, number], button: 'left' | 'right' = 'left') => {
      await page.mouse.click(x, y, { button });
      await page.waitForTimeout(50);
    };

    await page.evaluate(() => {
      (window as unknown as { pending: Promise<unknown> }).pending = window.sightline!.measureDistance();
    });
    await click(left);
    await click(right);
    await click(right, 'right');
    const distance = (await page.evaluate(
      () => (window as unknown as { pending: Promise<unknown> }).pending,
    )) as DistanceMeasurement | null;
    expect(distance?.positions).toHaveLength(2);
    const length = polylineLength((distance as DistanceMeasurement).positions.map(toEcef));
    expect(length).toBeGreaterThan(0.5);
    expectSame(distance?.length, length);

    await page.evaluate(() => {
      (window as unknown as { pending: Promise<unknown> }).pending = window.sightline!.measureHeight();
    });
    await click(left);
    await click(top);
    const height = (await page.evaluate(
      () => (window as unknown as { pending: Promise<unknown> }).pending,
    )) as HeightMeasurement | null;
    expect(height).not.toBeNull();
    const expected = heightDifference(
      toEcef((height as HeightMeasurement).from),
      toEcef((height as HeightMeasurement).to),
    );
    expectSame(height?.vertical, expected.vertical);
    expectSame(height?.horizontal, expected.horizontal);
    expectSame(height?.slope, expected.slope);

    await page.evaluate(() => {
      (window as unknown as { pending: Promise<unknown> }).pending = window.sightline!.measureArea();
    });
    await click(left);
    await click(right);
    await click(top);
    await click(top, 'right');
    const area = (await page.evaluate(
      () => (window as unknown as { pending: Promise<unknown> }).pending,
    )) as AreaMeasurement | null;
    expect(area?.positions).toHaveLength(3);
    const corners = (area as AreaMeasurement).positions.map(toEcef);
    expect(area?.area).toBeGreaterThan(0.01);
    expectSame(area?.area, polygonPlanarArea(corners));
    expectSame(area?.horizontalArea, polygonHorizontalArea(corners));
    await shoot('viewer-measured');

    // Esc cancels a measurement in progress.
    await page.evaluate(() => {
      (window as unknown as { pending: Promise<unknown> }).pending = window.sightline!.measureDistance();
    });
    expect(await page.evaluate(() => window.sightline!.activeMeasurement())).toBe('distance');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as unknown as { pending: Promise<unknown> }).pending)).toBeNull();
    expect(await page.evaluate(() => window.sightline!.activeMeasurement())).toBeNull();
    await page.evaluate(() => window.sightline!.clearMeasurements());
  });

  it('saves and restores a camera view, and switches theme', async () => {
    // Dark as the page opened: a retry's first attempt may have failed in the light theme.
    await page.evaluate(() => window.sightline!.setTheme('dark'));
    const saved = await page.evaluate(() => window.sightline!.getCameraView());
    // From space, the globe is a disc and the corners show the background.
    await page.evaluate(() =>
      window.sightline!.setCameraView({ lon: 0, lat: 0, height: 3e7, heading: 0, pitch: -90, roll: 0 }),
    );
    const dark = await shoot('viewer-theme-dark');
    await page.evaluate(() => window.sightline!.setTheme('light'));
    const light = await shoot('viewer-theme-light');
    await page.evaluate(() => window.sightline!.setTheme('dark'));
    const brightness = (png: PNG) => ((png.data[0] ?? 0) + (png.data[1] ?? 0) + (png.data[2] ?? 0)) / 3;
    expect(brightness(dark.png)).toBeLessThan(60);
    expect(brightness(light.png)).toBeGreaterThan(200);

    const restored = await page.evaluate(async (view) => {
      await window.sightline!.setCameraView(view);
      return window.sightline!.getCameraView();
    }, saved);
    expect(restored.lon).toBeCloseTo(saved.lon, 9);
    expect(restored.lat).toBeCloseTo(saved.lat, 9);
    expect(restored.height).toBeCloseTo(saved.height, 3);
    // Angles compared on the circle: 359.9999° and 0° are one heading.
    const turn = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);
    expect(turn(restored.heading, saved.heading)).toBeLessThan(1e-6);
    expect(turn(restored.pitch, saved.pitch)).toBeLessThan(1e-6);
  });

  it('jumps the camera instead of flying it for users who ask for reduced motion', async () => {
    const start = await page.evaluate(() => window.sightline!.getCameraView());
    const target = { ...start, height: start.height * 2 };
    /** Starts a flight to `view` and reads the camera before the flight's first frame, then lets the flight end. */
    const cameraRightAfterFlying = (view: typeof start) =>
      page.evaluate(async (destination) => {
        const flight = window.sightline!.setCameraView(destination, { duration: 0.5 });
        const atOnce = window.sightline!.getCameraView();
        await flight;
        return atOnce;
      }, view);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    try {
      expect((await cameraRightAfterFlying(target)).height).toBeCloseTo(target.height, 3);
    } finally {
      await page.emulateMedia({ reducedMotion: null });
    }
    // Without the preference the camera flies: it is still where it was when the flight starts.
    expect((await cameraRightAfterFlying(start)).height).toBeCloseTo(target.height, 3);
    expect((await page.evaluate(() => window.sightline!.getCameraView())).height).toBeCloseTo(start.height, 3);
  });

  it('draws a location polygon clamped to the ground', async () => {
    await page.evaluate(async () => {
      const api = window.sightline!;
      const view = api.getCameraView();
      const radius = api.getTilesetRadius() ?? 100;
      // A square of twice the tileset's radius around the camera's ground point, seen from straight above.
      const d = radius / 111_000;
      await api.setCameraView({ ...view, height: radius * 4, pitch: -90, heading: 0, roll: 0 });
      api.setTilesetVisible(false);
      await api.showLocation({
        type: 'Feature',
        properties: { name: 'site' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [view.lon - d, view.lat - d],
              [view.lon + d, view.lat - d],
              [view.lon + d, view.lat + d],
              [view.lon - d, view.lat + d],
              [view.lon - d, view.lat - d],
            ],
          ],
        },
      });
    });
    const withLocation = await shoot('viewer-location-shown');
    await page.evaluate(() => window.sightline!.showLocation(null));
    const without = await shoot('viewer-location-hidden');
    await page.evaluate(() => window.sightline!.setTilesetVisible(true));
    expect(differenceMask(withLocation.png, without.png, 20).fraction).toBeGreaterThan(0.05);
  });

  it('sent no request beyond localhost and raised no page error', () => {
    expect(outbound).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
