/**
 * Key defects drawn on the model and the calibration of defect positions (issue 13, points 3 and 4), in a real
 * browser against the built product. On the project's 3D view with the fixture model, a polyline is drawn on the
 * model with mouse clicks (ended by a right click), named, typed and saved: the screenshot of the view is uploaded
 * and shown in the list (an image with pixels, not an empty or uniform canvas), the graph is drawn again after a
 * reload, a drawing only a few pixels across asks to confirm first, deletion asks first, and the history shows the
 * creation. In the inspection's defect list, the calibration dialog runs over defects on a posed photo to the end.
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Defect, KeyDefect } from '@sightline/shared';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import { attemptName } from './support/attempt';
import { chooseOption } from './support/antd';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { centreCrack, defectMaker, poseOnOneAxis, seedPlainPhotos } from './support/defect-seed';
import { MODEL_SAMPLE } from './support/inspection-seed';
import { spotsFromCentre } from './support/model-clicks';
import { apiData, callApi, startSnapshotServer, zh } from './support/team-api';

const sampleDir = tilesetSample(MODEL_SAMPLE);
const skipReason = browserSkipReason('e2e/key-defects.test.ts', { tileset: MODEL_SAMPLE });

const WIDTH = 1320;
const HEIGHT = 989;
/** The key defects' drawer covers the right of the view; clicks stay left of it. */
const DRAWER_PX = 540;

describe.skipIf(skipReason !== null)('key defects on the model and the calibration dialog', () => {
  const suite = browserSuite(startSnapshotServer);

  it('draws, saves with a screenshot, confirms a tiny one, deletes and calibrates', { timeout: 900_000 }, async () => {
    const server = suite.server;
    const { token, projectId, inspection, photo } = await seedPlainPhotos(
      server,
      sampleDir as string,
      { project: attemptName('Key Defect Bridge'), inspection: 'Key defects 2026' },
      { width: WIDTH, height: HEIGHT },
      { 'POSED.JPG': [200, 200, 200] },
    );
    const posed = photo('POSED.JPG');

    // The photo looks at the model's centre from the first side whose optical axis the server finds meets the mesh.
    await poseOnOneAxis(server, token, sampleDir as string, inspection.id, [posed.id]);
    const { crack, create } = await defectMaker(server, token, projectId);
    const defects: Defect[] = [];
    for (const dy of [-80, 0, 80]) {
      defects.push(
        await create({ imageId: posed.id, typeId: crack.id, level: 2, shape: centreCrack(WIDTH, HEIGHT, dy) }),
      );
    }

    // The 3D view, its key defects' drawer open and empty.
    const view = await suite.signedInPage(
      token,
      `/home/projects/${projectId}/view`,
      { width: 1280, height: 760 },
      'light',
    );
    await expect
      .poll(() => view.getByTestId('project-scene').getAttribute('data-render-state'), { timeout: 120_000 })
      .toBe('idle');
    await view.getByTestId('key-defect-open').click();
    const drawer = view.getByTestId('key-defect-drawer');
    const rows = drawer.locator('.ant-table-row');
    await drawer.getByText(zh.keyDefectUi.empty).waitFor();

    const canvas = view.locator('[data-testid="model-viewer"] canvas').first();
    const box = (await canvas.boundingBox())!;
    const spots = spotsFromCentre(box.width - DRAWER_PX, box.height, 8, 30);
    const placed = view.locator('.ant-modal', { has: view.getByTestId('key-defect-form') });
    /**
     * Clicks the spots in turn and ends with a right click; a spot beside the model adds nothing, so the drawing
     * either becomes a draft (the form opens) or it is started again with the next spots.
     */
    async function drawOnModel(offsets: Array<[number, number]>) {
      for (const [x, y] of spots) {
        await drawer.getByTestId('key-defect-draw-polyline').click();
        for (const [dx, dy] of offsets) {
          await view.mouse.click(box.x + x + dx, box.y + y + dy);
          await view.waitForTimeout(150);
        }
        await view.mouse.click(box.x + x, box.y + y, { button: 'right' });
        try {
          await placed.waitFor({ timeout: 5_000 });
          return;
        } catch {
          // Fewer than two points landed: the measurement waits; cancel it and try the next spot.
          if (await drawer.getByTestId('key-defect-cancel-draw').isVisible()) {
            await drawer.getByTestId('key-defect-cancel-draw').click();
          }
        }
      }
      throw new Error('no drawing landed on the model');
    }
    async function fill(name: string) {
      await placed.getByTestId('key-defect-name').fill(name);
      await chooseOption(view, placed.getByTestId('key-defect-type'), zh.diseaseType.crack);
      await placed.locator('.ant-input-number input').fill('3');
    }

    // A polyline across the model.
    await drawOnModel([
      [-60, -20],
      [0, 20],
      [60, -20],
    ]);
    await placed.getByTestId('key-defect-preview').waitFor();
    await expect
      .poll(() => placed.getByTestId('key-defect-preview').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    await fill('Crack across the deck');
    await view.screenshot({ path: screenshotPath('key-defects-form-light-zh') });
    await placed.getByTestId('key-defect-save').click();
    await placed.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(1);

    const listed = await apiData<{ records: KeyDefect[] }>(
      server,
      '/inspection-disease-important/find/disease/coordinate',
      { method: 'POST', token, body: { inspectionId: inspection.id } },
    );
    expect(listed.records).toHaveLength(1);
    const saved = listed.records[0]!;
    expect(saved.name).toBe('Crack across the deck');
    expect(saved.typeId).toBe(crack.id);
    expect(saved.level).toBe(3);
    expect(saved.graph.kind).toBe('polyline');
    // A click beside the model adds no point, so two or three of the three landed.
    expect(saved.graph.positions.length).toBeGreaterThanOrEqual(2);

    // The screenshot loads in the list, and it shows something: not one flat colour (an empty or black canvas).
    const shot = drawer.getByTestId(`key-defect-row-${saved.id}`).locator('img');
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const src = await shot.getAttribute('src');
    const png = await view.evaluate(async (url) => {
      const body = new Uint8Array(await (await fetch(url!)).arrayBuffer());
      return Array.from(body);
    }, src);
    const stats = await sharp(Buffer.from(png)).stats();
    expect(
      stats.channels.slice(0, 3).some((channel) => channel.stdev > 1),
      JSON.stringify(stats.channels),
    ).toBe(true);
    expect(
      stats.channels.slice(0, 3).some((channel) => channel.mean > 10),
      'the screenshot is black',
    ).toBe(true);

    // Drawn again after a reload.
    await view.reload();
    await expect
      .poll(() => view.getByTestId('project-scene').getAttribute('data-render-state'), { timeout: 120_000 })
      .toBe('idle');
    await view.getByTestId('key-defect-open').click();
    await expect.poll(() => rows.count()).toBe(1);
    await expect
      .poll(() => view.getByTestId('key-defect-open').getAttribute('data-drawn'), { timeout: 60_000 })
      .toBe('1');
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await view.screenshot({ path: screenshotPath('key-defects-light-zh') });

    // A drawing a few pixels across asks to confirm, then saves.
    await drawOnModel([
      [0, 0],
      [6, 4],
    ]);
    await fill('Tiny');
    await placed.getByTestId('key-defect-save').click();
    await view.getByTestId('key-defect-confirm-small').click();
    await placed.waitFor({ state: 'hidden' });
    await expect.poll(() => rows.count()).toBe(2);

    // The history shows the creation.
    await drawer.getByTestId(`key-defect-history-${saved.id}`).click();
    const history = view.getByTestId('key-defect-history');
    await history.getByText(zh.keyDefectUi.historyActions.create, { exact: true }).waitFor();
    // The close button rather than Escape: Escape reaches the dialog only once its opening has moved the focus.
    await view.getByRole('dialog').filter({ has: history }).locator('.ant-modal-close').click();
    await history.waitFor({ state: 'detached' });

    // Deleted after confirmation.
    await drawer.getByTestId(`key-defect-remove-${saved.id}`).click();
    await view.getByTestId('key-defect-remove-ok').click();
    await expect.poll(() => rows.count()).toBe(1);
    const gone = await callApi(server, `/inspection-disease-important/${saved.id}`, { token });
    expect(gone.code).not.toBe(2000);

    // The calibration dialog in the inspection's defect list, on the same page turned to the dark theme in place.
    await view.setViewportSize({ width: 1440, height: 900 });
    await view.goto(`${server.url}/inspection/${inspection.id}`);
    await view.getByTestId('theme-toggle').click();
    await expect.poll(() => view.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await view.getByTestId('calibration-open').click();
    const state = view.getByTestId('calibration-state');
    await expect.poll(() => state.getAttribute('data-state')).toBe('idle');
    await view.getByTestId('calibration-continue').click();
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 180_000 }).toBe('done');
    await expect
      .poll(() => view.getByTestId('calibration-counts').textContent())
      .toContain(`${defects.length} / ${defects.length}`);
    await view.screenshot({ path: screenshotPath('key-defects-calibration-dark-zh') });
  });
});
