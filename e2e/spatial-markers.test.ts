/**
 * Spatial markers (issue 12, point 6), in a real browser (Debian's chromium, SwiftShader WebGL) against the built
 * product: a project with the fixture tileset and an inspection with two fixture drone photos; the marker tree is
 * built in the screen (a group, a marker, a template batch with its errors), the markers are placed by clicking the
 * model and drawn there; photos are bound automatically (poses aimed by the test along the lines the markers were
 * picked on, so where each photo's axis meets the model is known without the server) and by hand, with the counts.
 */
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { ecef, ecefToWgs84, wgs84, wgs84ToEcef, type Ecef } from '@sightline/geo';
import { CATALOGUES, type SpatialMarkerNode, type SpaceImage, type Page as ApiPage } from '@sightline/shared';
import { attemptName } from './support/attempt';
import { aimedPose } from './support/aimed-pose';
import { screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import {
  modelAndPhotoFixtures,
  modelSphere,
  pickLanguage,
  placedPose,
  seedModelAndPhotos,
} from './support/inspection-seed';
import { spotsFromCentre } from './support/model-clicks';
import { apiData, buttonName, callApi, startSnapshotServer, text, zh } from './support/team-api';

const {
  sampleDir,
  photos: fixturePhotos,
  skipReason,
} = modelAndPhotoFixtures('e2e/spatial-markers.test.ts', ['DJI_0012.JPG', 'DJI_0030.JPG']);

const ui = zh.projectUi.markers;
/** Metres from the marker back towards the viewer's camera where the aimed photo is taken. */
const AIM_BACK_M = 20;
const BIND_DISTANCE_CM = 100;
/** How long a list or count may take to be read again after a change, on a machine busy with other suites. */
const REFRESHED = { timeout: 30_000 };

const sub = (a: Ecef, b: Ecef) => [a.x - b.x, a.y - b.y, a.z - b.z] as const;
const length = (v: readonly number[]) => Math.hypot(...v);

describe.skipIf(skipReason !== null)('spatial markers in the browser', () => {
  const suite = browserSuite(startSnapshotServer);

  it('builds the tree, places markers on the model, and binds photos automatically and by hand', async () => {
    const server = suite.server;
    const { token, projectId, inspection, images } = await seedModelAndPhotos(
      server,
      sampleDir,
      { project: attemptName('Marker Bridge'), inspection: 'Markers 2026' },
      fixturePhotos,
      12,
    );
    const tree = () =>
      apiData<SpatialMarkerNode[]>(server, '/space-marking/findTree', { method: 'POST', token, body: { projectId } });

    // From the 3D view to the marker screen.
    const page = await suite.signedInPage(token, `/home/projects/${projectId}/view`);
    await page.getByTestId('view-markers').click();
    await page.waitForURL(new RegExp(`/home/projects/${projectId}/markers$`));
    const layer = page.getByTestId('marker-layer');
    await expect.poll(() => layer.getAttribute('data-state'), { timeout: 120_000 }).toBe('drawn');
    const nodeOf = (label: string) => page.getByTestId('marker-node').filter({ hasText: label });
    const dialog = page.locator('.ant-modal:visible');
    const save = () => dialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();

    // A group, then a marker in it; a second marker with the same number is refused on the number field.
    await page.getByTestId('marker-new-group').click();
    await dialog.getByTestId('marker-name').fill('桥墩');
    await save();
    await nodeOf('桥墩').click();
    await page.getByTestId('marker-new-marker').click();
    await dialog.getByTestId('marker-code').fill('M1');
    await dialog.getByTestId('marker-name').fill('一号墩');
    await save();
    await nodeOf('M1').waitFor();
    await page.getByTestId('marker-new-marker').click();
    await dialog.getByTestId('marker-code').fill('M1');
    await dialog.getByTestId('marker-name').fill('重复');
    await save();
    await dialog.getByText(zh.errors.SPACE_MARKING_CODE_ERROR).waitFor();
    await dialog.getByRole('button', { name: buttonName(zh.ui.common.cancel) }).click();
    await dialog.waitFor({ state: 'hidden' });

    // A template batch: each mistake its own translated message, then a preview of the numbers and names.
    await page.getByTestId('marker-batch-create').click();
    const batch = page.getByTestId('marker-batch-form');
    await batch.getByTestId('marker-codeTemplate').fill('P$4');
    await batch.getByTestId('marker-nameTemplate').fill('墩');
    await batch.getByText(zh.validation.markerTemplateFormat).waitFor();
    await batch.getByText(zh.validation.markerTemplateUnusedVariable).waitFor();
    await batch.getByTestId('marker-codeTemplate').fill('P$1');
    await batch.getByTestId('marker-nameTemplate').fill('$1号墩');
    const variable = batch.getByTestId('marker-variable-1');
    await variable.getByTestId('marker-variable-to').fill('1001');
    await batch.getByTestId('marker-batch-too-many').getByText(zh.validation.markerBatchTooMany).waitFor();
    await variable.getByTestId('marker-variable-from').fill('5');
    await variable.getByTestId('marker-variable-to').fill('3');
    await variable.getByText(zh.validation.markerTemplateRange).waitFor();
    await variable.getByTestId('marker-variable-from').fill('1');
    await variable.getByLabel(ui.template.pad).fill('2');
    const preview = page.getByTestId('marker-batch-preview');
    await preview.getByText(text(ui.template.count, { count: 3 })).waitFor();
    await preview.getByText('P03').waitFor();
    await preview.getByText('03号墩').waitFor();
    await page.screenshot({ path: screenshotPath('spatial-markers-batch-zh-dark') });
    await dialog.getByRole('button', { name: buttonName(ui.template.create) }).click();
    await nodeOf('P03').waitFor();
    expect((await tree()).filter((node) => node.kind === 'marker').map((node) => node.code)).toEqual(
      expect.arrayContaining(['M1', 'P01', 'P02', 'P03']),
    );

    // Placing: the group's four markers one after another, each by a click on the model. A click beside the model
    // leaves the pick waiting, so the test walks outwards from the centre of the view until each one lands.
    const canvas = page.locator('[data-testid="model-viewer"] canvas').first();
    const box = (await canvas.boundingBox())!;
    const hint = page.getByTestId('marker-pick-hint');
    const candidates = spotsFromCentre(box.width, box.height, 8);
    await nodeOf('桥墩').click();
    await page.getByTestId('marker-place').click();
    const clicked: Array<[number, number]> = [];
    const names = ['一号墩', '01号墩', '02号墩', '03号墩'];
    for (const [i, name] of names.entries()) {
      const waiting = hint.getByText(text(ui.batchPickHint, { name, index: i + 1, count: names.length }));
      await waiting.waitFor();
      for (;;) {
        const point = candidates.shift();
        if (!point) throw new Error('no click landed on the model');
        await page.mouse.click(box.x + point[0], box.y + point[1]);
        await page.waitForTimeout(300);
        if (!(await waiting.isVisible())) {
          clicked.push(point);
          break;
        }
      }
    }
    await page.getByText(text(ui.positionsSaved, { count: 4 })).waitFor();
    const placed = (await tree()).filter((node) => node.kind === 'marker');
    expect(placed.every((node) => node.position !== null)).toBe(true);
    const inTreeOrder = ['M1', 'P01', 'P02', 'P03'].map((code) => placed.find((node) => node.code === code)!);
    const ecefOf = (node: SpatialMarkerNode) =>
      wgs84ToEcef(wgs84(node.position!.lon, node.position!.lat, node.position!.height));
    // On the model: within its bounding sphere, and apart from each other (one click per marker).
    const { centre, radius } = modelSphere(sampleDir);
    for (const node of inTreeOrder) {
      expect(length(sub(ecefOf(node), wgs84ToEcef(centre)))).toBeLessThan(radius);
      for (const other of inTreeOrder) {
        if (other !== node) expect(length(sub(ecefOf(node), ecefOf(other)))).toBeGreaterThan(3);
      }
    }

    // Drawn where they were clicked, in their colour.
    await expect.poll(() => layer.getAttribute('data-state'), { timeout: 60_000 }).toBe('drawn');
    expect(await layer.getAttribute('data-marker-count')).toBe('4');
    const anchors = JSON.parse((await layer.getAttribute('data-anchors')) ?? '[]') as Array<{
      id: number;
      x: number;
      y: number;
    }>;
    const shot = PNG.sync.read(await page.screenshot({ path: screenshotPath('spatial-markers-placed-zh-dark') }));
    for (const [i, node] of inTreeOrder.entries()) {
      const anchor = anchors.find((candidate) => candidate.id === node.id)!;
      expect(Math.abs(anchor.x - clicked[i]![0]), node.code!).toBeLessThan(3);
      expect(Math.abs(anchor.y - clicked[i]![1]), node.code!).toBeLessThan(3);
      const o = (Math.round(box.y + anchor.y) * shot.width + Math.round(box.x + anchor.x)) * 4;
      const [r, g, b] = [shot.data[o]!, shot.data[o + 1]!, shot.data[o + 2]!];
      expect(b - r, `${node.code} is drawn blue (${r}, ${g}, ${b})`).toBeGreaterThan(60);
    }

    // Photo 1 aimed at M1 from the line the viewer picked it on (nothing of the model lies between); photo 2 looking
    // at the sky above the model, so its axis meets nothing.
    const camera = JSON.parse((await layer.getAttribute('data-camera'))!) as {
      lon: number;
      lat: number;
      height: number;
    };
    const cameraEcef = wgs84ToEcef(wgs84(camera.lon, camera.lat, camera.height));
    const [m1, , p02] = inTreeOrder as [SpatialMarkerNode, SpatialMarkerNode, SpatialMarkerNode, SpatialMarkerNode];
    const poses = [aimedPose(cameraEcef, ecefOf(m1), AIM_BACK_M), placedPose(sampleDir, 0, 0, radius + 50, 0, 45)];
    for (const [i, image] of images.entries()) {
      const adjusted = await callApi(server, '/inspection-image/pose/add', {
        method: 'POST',
        token,
        body: { mode: 'absolute', inspectionId: inspection.id, imageId: image.id, pose: poses[i] },
      });
      expect(adjusted.code, adjusted.msg).toBe(2000);
    }
    const aimed = images[0]!;
    const skyward = images[1]!;
    // The view picked M1 on the coarse level of detail it showed from afar; the server meets the model at its finest,
    // a little further along or short of the same line. Where photo 1's axis meets it (the server's collision
    // distance along the axis worked out here) becomes M1's position, so the binding rule alone decides the rest.
    const { distanceM } = await apiData<{ distanceM: number | null }>(
      server,
      `/inspection-image/find/collision/distance?imageId=${aimed.id}`,
      { token },
    );
    expect(distanceM).not.toBeNull();
    const from = wgs84ToEcef(wgs84(poses[0]!.longitude, poses[0]!.latitude, poses[0]!.altitude));
    const axis = sub(ecefOf(m1), from);
    const along = distanceM! / length(axis);
    const hit = ecef(from.x + axis[0] * along, from.y + axis[1] * along, from.z + axis[2] * along);
    expect(length(sub(hit, ecefOf(m1))), 'the axis meets the model near where M1 was picked').toBeLessThan(AIM_BACK_M);
    const hitWgs = ecefToWgs84(hit);
    const moved = await callApi(server, '/space-marking/update/gps', {
      method: 'POST',
      token,
      body: { id: m1.id, position: { lon: hitWgs.lon, lat: hitWgs.lat, height: hitWgs.height } },
    });
    expect(moved.code, moved.msg).toBe(2000);
    // Worked out here: the markers within the distance of where photo 1's axis meets the model (M1 alone).
    const expectedBound = inTreeOrder
      .filter((node) => length(sub(node.id === m1.id ? hit : ecefOf(node), hit)) <= BIND_DISTANCE_CM / 100)
      .map((node) => node.id);
    expect(expectedBound).toEqual([m1.id]);

    await page.getByRole('tab', { name: ui.tabBinding }).click();
    const count = (key: string) => page.getByTestId(`binding-count-${key}`).getAttribute('data-value');
    const counts = async () => [await count('total'), await count('bound'), await count('unbound')];
    await expect.poll(counts, REFRESHED).toEqual(['2', '0', '2']);

    // Automatic binding: the distance's range first, then a run whose progress comes on the event stream.
    const distance = page.getByTestId('auto-bind-distance');
    await distance.fill('5');
    await page.getByTestId('auto-bind-start').click();
    await page.getByText(text(zh.validation.numberRange, { min: 10, max: 200 })).waitFor();
    await distance.fill(String(BIND_DISTANCE_CM));
    await page.getByTestId('auto-bind-start').click();
    await expect
      .poll(() => page.getByTestId('auto-bind-progress').getAttribute('data-state'), { timeout: 120_000 })
      .toBe('done');
    await expect.poll(counts, REFRESHED).toEqual(['2', '1', '1']);
    const boundTo = async (markerId: number) =>
      (
        await apiData<ApiPage<SpaceImage>>(server, '/space-image-assoc/findSpaceImages', {
          method: 'POST',
          token,
          body: { markerId, inspectionId: inspection.id, pageNum: 1, pageSize: 50 },
        })
      ).records;
    for (const node of inTreeOrder) {
      const records = await boundTo(node.id);
      expect(
        records.map((record) => record.image.id),
        node.code!,
      ).toEqual(expectedBound.includes(node.id) ? [aimed.id] : []);
    }
    const unboundTiles = page.getByTestId('unbound-photos').getByTestId('photo-tile');
    await expect.poll(() => unboundTiles.count(), REFRESHED).toBe(1);
    expect(await unboundTiles.first().getAttribute('data-image-id')).toBe(String(skyward.id));
    // Its thumbnail is shown (fetched with a signed link to the photo's files).
    await expect
      .poll(() =>
        unboundTiles
          .first()
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.screenshot({ path: screenshotPath('spatial-markers-auto-bound-zh-dark') });

    // By hand: the skyward photo to P02, then shown under it; its history; unbound again.
    await chooseOption(page, page.getByTestId('binding-marker'), 'P02');
    await unboundTiles.first().getByRole('checkbox').check();
    await page.getByTestId('binding-bind').click();
    await expect.poll(counts, REFRESHED).toEqual(['2', '2', '0']);
    const markerPhotos = page.getByTestId('marker-photos').getByTestId('photo-tile');
    await expect.poll(() => markerPhotos.count(), REFRESHED).toBe(1);
    expect((await boundTo(p02.id)).map((record) => [record.image.id, record.source])).toEqual([[skyward.id, 'manual']]);
    await page.getByTestId('binding-history').click();
    await page.getByTestId('marker-history').getByText('Markers 2026', { exact: false }).waitFor();
    await page.screenshot({ path: screenshotPath('spatial-markers-history-zh-dark') });
    await page.locator('.ant-modal-close:visible').click();
    await markerPhotos.first().getByRole('checkbox').check();
    await page.getByTestId('binding-unbind').click();
    await expect.poll(counts, REFRESHED).toEqual(['2', '1', '1']);

    // A group holding bound photos is not deleted, and says why; a marker without photos is.
    await page.getByRole('tab', { name: ui.tabTree }).click();
    const menuAction = async (label: string, action: string) => {
      await nodeOf(label).first().getByTestId('marker-node-menu').click();
      await page.getByRole('menuitem', { name: action }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: buttonName(ui.delete) })
        .click();
    };
    await menuAction('桥墩', ui.delete);
    await page.getByText(zh.errors.GROUP_DOWN_IMAGE_ERROR).waitFor();
    await menuAction('P03', ui.delete);
    await page.getByText(ui.deleted).waitFor();
    await expect.poll(async () => (await tree()).some((node) => node.code === 'P03')).toBe(false);

    // Both themes and the three languages.
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: screenshotPath('spatial-markers-tree-zh-light') });
    await pickLanguage(page, 'English');
    await page.getByText(CATALOGUES.en.projectUi.markers.tabTree).waitFor();
    await page.screenshot({ path: screenshotPath('spatial-markers-tree-en-light') });
    await page.getByRole('tab', { name: CATALOGUES.en.projectUi.markers.tabBinding }).click();
    await page.screenshot({ path: screenshotPath('spatial-markers-binding-en-light') });
    await pickLanguage(page, '日本語');
    await page.getByTestId('theme-toggle').click();
    await page.getByText(CATALOGUES.ja.projectUi.markers.tabTree).waitFor();
    await page.screenshot({ path: screenshotPath('spatial-markers-binding-ja-dark') });
    await page.getByRole('tab', { name: CATALOGUES.ja.projectUi.markers.tabTree }).click();
    await page.screenshot({ path: screenshotPath('spatial-markers-tree-ja-dark') });
    await pickLanguage(page, '简体中文');
  });
});

/** Picks an option of an antd Select by typing its label. */
async function chooseOption(page: Page, select: Locator, label: string) {
  await select.click();
  await page.keyboard.type(label);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: label }).first().click();
}
