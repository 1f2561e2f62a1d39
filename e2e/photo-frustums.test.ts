/**
 * Photos in the 3D view (issue 11, point 6), in a real browser (Debian's chromium, SwiftShader WebGL):
 *
 * - against the built product: a project with the fixture tileset, an inspection whose fixture drone photos are
 *   uploaded over tus and then placed by hand (pose/add) around the model, since they were not taken of it; the
 *   photo layer is switched on in the toolbar, each photo is drawn where the viewer's own transform puts its
 *   position, hovering names it and clicking opens it;
 * - in the bare viewer page of e2e/viewer.test.ts: 5,000 frustums drawn at once, the time to the first frame with
 *   them printed for docs/benchmarks.md (not asserted: the machine decides it).
 */
import { rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enu, enuFrame, enuToWgs84 } from '@sightline/geo';
import type { InspectionPhotoView } from '@sightline/shared';
import { toViewerPhotos } from '../web/src/viewer/photo-frustums';
import { attemptName } from './support/attempt';
import { launchBrowser, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { apiData, callApi, startSnapshotServer } from './support/team-api';
import { modelAndPhotoFixtures, modelSphere, placedPose, seedModelAndPhotos } from './support/inspection-seed';
import { type ViewerBuild, buildViewerPage } from './support/viewer-build';
import { VIEWER_TEST_TOKEN, type ViewerServer, startViewerServer } from './support/viewer-server';

const {
  sampleDir,
  photos: fixturePhotos,
  skipReason,
} = modelAndPhotoFixtures('e2e/photo-frustums.test.ts', ['DJI_0012.JPG', 'DJI_0030.JPG']);

const PHOTO_DISTANCE_M = 12;

/** The largest colour difference between two screenshots in a (2r+1)² square around (x, y). */
function differenceAround(a: PNG, b: PNG, x: number, y: number, r = 3): number {
  let most = 0;
  for (let dy = -r; dy <= r; dy++) {
    for (let dx = -r; dx <= r; dx++) {
      const px = Math.round(x) + dx;
      const py = Math.round(y) + dy;
      if (px < 0 || py < 0 || px >= a.width || py >= a.height) continue;
      const o = (py * a.width + px) * 4;
      for (let c = 0; c < 3; c++) most = Math.max(most, Math.abs((a.data[o + c] ?? 0) - (b.data[o + c] ?? 0)));
    }
  }
  return most;
}

describe.skipIf(skipReason !== null)('photos and their frustums in the project 3D view', () => {
  const suite = browserSuite(startSnapshotServer);
  it('draws the photos where they were placed, names one on hover and opens it on click', async () => {
    const server = suite.server;
    const { token, projectId, inspection, images } = await seedModelAndPhotos(
      server,
      sampleDir,
      { project: attemptName('Frustum Bridge'), inspection: 'Frustums 2026' },
      fixturePhotos,
      PHOTO_DISTANCE_M,
    );

    // The fixture photos were taken elsewhere: placed by hand just above the model, one looking straight down, one
    // looking west and down at it (above it, the model hides neither from a camera looking down on them).
    const above = modelSphere(sampleDir).radius + 20;
    const poses = [placedPose(sampleDir, 0, -60, above, 0, -90), placedPose(sampleDir, 60, 0, above, -90, -60)];
    for (const [i, image] of images.entries()) {
      const adjusted = await callApi(server, '/inspection-image/pose/add', {
        method: 'POST',
        token,
        body: { mode: 'absolute', inspectionId: inspection.id, imageId: image.id, pose: poses[i] },
      });
      expect(adjusted.code, adjusted.msg).toBe(2000);
    }
    const view = await apiData<InspectionPhotoView>(
      server,
      `/inspection-image/findInspectionAllImages/${inspection.id}`,
      { method: 'POST', token },
    );
    expect(view.photos.map((photo) => photo.id).sort()).toEqual(images.map((image) => image.id).sort());
    expect(view.photos.find((photo) => photo.id === images[0]!.id)?.pose[3]).toBe(0);

    // The 3D view, settled with the model drawn; then the photo layer on.
    const page = await suite.signedInPage(token, `/home/projects/${projectId}/view`);
    const panel = page.getByTestId('photo-layer-panel');
    /** Opens the layer's panel, flips its switch and closes the panel again (it must cover nothing on screenshots). */
    const switchLayer = async () => {
      await page.getByTestId('viewer-photo-layer').click();
      await panel.waitFor();
      await page.getByTestId('photo-layer-switch').click();
      await page.getByTestId('viewer-photo-layer').click();
      await panel.waitFor({ state: 'hidden' });
    };
    const scene = page.getByTestId('project-scene');
    await expect.poll(() => scene.getAttribute('data-render-state'), { timeout: 120_000 }).toBe('idle');
    await page.getByTestId('model-viewer').screenshot({ path: screenshotPath('photo-frustums-model') });
    await switchLayer();
    const layer = page.getByTestId('photo-layer');
    await expect.poll(() => layer.getAttribute('data-state'), { timeout: 120_000 }).toBe('drawn');
    expect(await layer.getAttribute('data-photo-count')).toBe(String(fixturePhotos.length));
    console.info(
      `photo layer of ${fixturePhotos.length} photos drawn ${await layer.getAttribute('data-drawn-ms')} ms after switching it on (the fetch included)`,
    );
    const anchors = JSON.parse((await layer.getAttribute('data-anchors')) ?? '[]') as Array<{
      id: number;
      x: number;
      y: number;
    }>;
    // Both photos are in view after the flight to them.
    expect(anchors.map((anchor) => anchor.id).sort()).toEqual(images.map((image) => image.id).sort());

    const viewer = page.getByTestId('model-viewer');
    const canvas = page.locator('[data-testid="model-viewer"] canvas').first();
    const box = (await canvas.boundingBox())!;
    const viewerBox = (await viewer.boundingBox())!;
    const shot = async (name: string) => PNG.sync.read(await viewer.screenshot({ path: screenshotPath(name) }));
    const withPhotos = await shot('photo-frustums-on');

    // Each photo's point is drawn where the viewer's own transform puts its position: that spot changes when the
    // layer goes off (same camera), and is the layer's cyan.
    await switchLayer();
    await expect.poll(() => layer.getAttribute('data-state')).toBe('off');
    // Requested frames are drawn on the next animation frame.
    await page.waitForTimeout(500);
    const withoutPhotos = await shot('photo-frustums-off');
    for (const anchor of anchors) {
      const x = anchor.x + box.x - viewerBox.x;
      const y = anchor.y + box.y - viewerBox.y;
      expect(differenceAround(withPhotos, withoutPhotos, x, y), `photo ${anchor.id}`).toBeGreaterThan(60);
      const o = (Math.round(y) * withPhotos.width + Math.round(x)) * 4;
      const [r, g, b] = [withPhotos.data[o]!, withPhotos.data[o + 1]!, withPhotos.data[o + 2]!];
      expect(g - r, `photo ${anchor.id} is cyan (${r}, ${g}, ${b})`).toBeGreaterThan(60);
      expect(b - r, `photo ${anchor.id} is cyan (${r}, ${g}, ${b})`).toBeGreaterThan(60);
    }

    // On again (the camera stays: it flies once per inspection); hovering names the photo, clicking opens it.
    await switchLayer();
    await expect.poll(() => layer.getAttribute('data-state'), { timeout: 60_000 }).toBe('drawn');
    const again = JSON.parse((await layer.getAttribute('data-anchors')) ?? '[]') as typeof anchors;
    expect(again).toEqual(anchors);
    const target = anchors[0]!;
    const name = images.find((image) => image.id === target.id)!.name;
    await page.mouse.move(box.x + target.x, box.y + target.y);
    await page.getByTestId('photo-layer-hover').getByText(name).waitFor();
    await page.screenshot({ path: screenshotPath('photo-frustums-hover') });
    await page.mouse.click(box.x + target.x, box.y + target.y);
    await page.waitForURL(new RegExp(`/inspection/${inspection.id}/photo/${target.id}$`));
  });
});

describe.skipIf(skipReason !== null)('5,000 frustums in the bare viewer page', () => {
  let build: ViewerBuild;
  let server: ViewerServer;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;

  beforeAll(async () => {
    build = await buildViewerPage();
    server = await startViewerServer({
      pageDir: build.outDir,
      tilesDir: path.resolve(sampleDir, '..', '..'),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (build) rmSync(build.outDir, { recursive: true, force: true });
  });

  it('draws them in one batch and prints the time to the first frame', async () => {
    const count = 5000;
    // A survey grid over the model: 50 × 100 photos 20 m apart, looking down at 60°.
    const { centre, radius } = modelSphere(sampleDir);
    const frame = enuFrame(centre);
    const photos = toViewerPhotos({
      inspectionId: 1,
      groups: [
        {
          id: 1,
          name: 'Grid',
          photoDistance: 25,
          sensorWidthMm: 17.3,
          sensorHeightMm: 13,
          focalLengthMm: 12.29,
          imageWidthPx: 5280,
          imageHeightPx: 3956,
        },
      ],
      photos: Array.from({ length: count }, (_, i) => {
        const at = enuToWgs84(enu(((i % 50) - 25) * 20, (Math.floor(i / 50) - 50) * 20, radius + 20), frame);
        return {
          id: i + 1,
          name: `DJI_${String(i).padStart(4, '0')}.JPG`,
          groupId: 1,
          pose: [at.lon, at.lat, at.height, (i * 7) % 360, -60, 0] as [number, number, number, number, number, number],
          width: 5280,
          height: 3956,
        };
      }),
      withoutPose: 0,
    });
    expect(photos).toHaveLength(count);

    const context = await browser.newContext({ viewport: { width: 800, height: 600 } });
    await context.route('**/*', (route) =>
      new URL(route.request().url()).origin === server.origin || route.request().url().startsWith('data:')
        ? route.continue()
        : route.abort(),
    );
    const page = await context.newPage();
    await page.goto(`${server.origin}/viewer-page.html`);
    await page.waitForFunction(() => window.sightline !== undefined || window.sightlineError !== undefined, null, {
      timeout: 60_000,
    });
    await page.evaluate(async (token) => {
      const api = window.sightline!;
      await api.loadTileset('/tiles/1.0/TilesetWithDiscreteLOD/tileset.json', {
        headers: { Authorization: `Bearer ${token}` },
      });
      await api.flyToTileset({ duration: 0 });
      await api.whenIdle(60_000);
    }, VIEWER_TEST_TOKEN);
    const result = await page.evaluate(async (drawn) => {
      const api = window.sightline!;
      const started = performance.now();
      await api.showPhotos(drawn, { timeoutMs: 120_000 });
      const firstFrameMs = performance.now() - started;
      await api.flyToPhotos({ duration: 0 });
      const idle = await api.whenIdle(120_000);
      return { firstFrameMs, count: api.photoCount(), idle, errors: window.sightlineRenderErrors };
    }, photos);
    await page.screenshot({ path: screenshotPath('photo-frustums-5000') });
    console.info(
      `photo layer: ${count} frustums, first frame ${result.firstFrameMs.toFixed(0)} ms after showPhotos (SwiftShader, ${os.cpus().length} cores)`,
    );
    expect(result).toMatchObject({ count, idle: true, errors: [] });
    await context.close();
  });
});
