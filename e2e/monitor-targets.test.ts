/**
 * Drone-target monitoring in a real browser against the built product: a project with the fixture model, a baseline
 * inspection and a later round, each one photo of an ArUco marker and a circular target (the round's moved 5 px
 * right, known millimetres at the inspection's shooting distance), uploaded over tus; the three kinds of target drawn
 * on the baseline photo (ArUco, circular, virtual; a threshold above the shared limit refused on its field), each
 * identified with its round's displacement within 1 mm; the baseline screen (name, date, photos opening the photo
 * viewer, its 3D view drawing the baseline's photo on the model); a position corrected by a click on the round's
 * photo; a monitoring report of the baseline generated, downloaded and generated again in the same card; a viewer
 * without the actions; a new threshold for a target (the shared limit refused) clearing its alarm; deletion
 * confirmed. Screenshots: the page in zh dark and en light, the baseline in zh dark, en light and ja dark.
 *
 * The demo team has no drone-monitoring package: the server runs on a scratch PostgreSQL database the test grants it
 * in (e2e/support/function-package-suite.ts, as the total-station journey does).
 */
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { CATALOGUES, type Page as ApiPage, type Target, type TargetImage } from '@sightline/shared';
import { markerPhoto } from '@sightline/vision';
import { describe, expect, it } from 'vitest';
import { attemptName } from './support/attempt';
import { chooseOption } from './support/antd';
import { browserSkipReason, screenshotPath } from './support/browser';
import { functionPackageSuite, scratchDatabaseMissing } from './support/function-package-suite';
import {
  MODEL_SAMPLE,
  modelSphere,
  pickLanguage,
  placedPose,
  seedInspectionPhotos,
  uploadModel,
} from './support/inspection-seed';
import { tilesetSample } from '@sightline/imagery/test-fixtures';
import {
  apiData,
  buttonName,
  callApi,
  createProject,
  logInByApi,
  logInThroughUi,
  text,
  tokenOf,
  zh,
} from './support/team-api';

const skipReason = browserSkipReason('e2e/monitor-targets.test.ts', {
  tileset: MODEL_SAMPLE,
  fixture: await scratchDatabaseMissing(),
});
const sampleDir = tilesetSample(MODEL_SAMPLE) ?? '';

const ui = zh.targetUi;
/** The photos' size, the marker's place on the baseline and its move on the round, pixels. */
const PHOTO = { width: 800, height: 600 };
const BASE = { x: 300, y: 260 };
/** The circular target's centre on the baseline (it moves with the marker). */
const DISC = { x: 550, y: 300 };
const SHIFT_PX = 5;
/** The image groups' shooting distance, metres, and what a pixel is there (seedInspectionPhotos' camera). */
const DISTANCE_M = 1;
const GSD_MM = (DISTANCE_M * 1000 * 17.3) / (12.29 * PHOTO.width);

interface DrawnSeries {
  id: string;
  values: Array<number | null>;
  threshold: number | null;
}

describe.skipIf(skipReason !== null)('drone-target monitoring', () => {
  let page: Page;
  const suite = functionPackageSuite('monitoring');

  /** Photo pixels to the page's pixels on the photo element, scrolled into view (it draws the photo's pixels at its width). */
  const onPhoto = async (photo: ReturnType<Page['getByTestId']>, x: number, y: number) => {
    await photo.scrollIntoViewIfNeeded();
    const box = (await photo.boundingBox())!;
    return { x: box.x + (x * box.width) / PHOTO.width, y: box.y + (y * box.height) / PHOTO.height };
  };

  /** Draws a new target through its dialog: `corners` a rectangle in photo pixels around it. */
  const drawTarget = async (
    target: { name: string; corners: [{ x: number; y: number }, { x: number; y: number }]; thresholdMm: number } & (
      { kind: 'aruco'; markerId: number } | { kind: 'circle' } | { kind: 'virtual' }
    ),
  ) => {
    await page.getByTestId('target-add').click();
    const form = page.getByTestId('target-form');
    await chooseOption(page, form.getByTestId('target-inspection'), /^Baseline flight/);
    await chooseOption(page, form.getByTestId('target-photo'), 'a.png');
    const drawOn = form.getByTestId('target-draw');
    await drawOn.locator('image').waitFor();
    const from = await onPhoto(drawOn, target.corners[0].x, target.corners[0].y);
    const to = await onPhoto(drawOn, target.corners[1].x, target.corners[1].y);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await drawOn.getByTestId('target-region').waitFor();
    if (target.kind === 'virtual') await form.getByTestId('target-type').getByText(ui.type.virtual).click();
    if (target.kind === 'circle') await form.getByTestId('target-marker').getByText(ui.marker.circle).click();
    if (target.kind === 'aruco') await form.getByTestId('target-marker-id').fill(String(target.markerId));
    await form.getByTestId('target-name').fill(target.name);
    await form.getByTestId('target-threshold').fill(String(target.thresholdMm));
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    return form;
  };

  it('draws targets of each kind on the baseline photo, shows the baseline, measures, corrects and deletes', async () => {
    const context = await suite.newContext();
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoowner', /\/home$/);
    const token = await tokenOf(page);
    const server = suite.server;
    const projectId = await createProject(server, token, attemptName('Yangpu Bridge'));
    await uploadModel(server, token, projectId, sampleDir);
    const photo = (centre: { x: number; y: number }, seed: number) =>
      markerPhoto({
        centre,
        dictionary: 'DICT_4X4_50',
        markerId: 7,
        seed,
        disc: { x: DISC.x + centre.x - BASE.x, y: DISC.y + centre.y - BASE.y },
      });
    const baseline = await seedInspectionPhotos(
      server,
      token,
      projectId,
      'Baseline flight',
      [{ name: 'a.png', bytes: await photo(BASE, 1) }],
      DISTANCE_M,
    );
    // The synthetic photo carries no GPS: placed by hand above the model, looking down, for the 3D view.
    const placed = await callApi(server, '/inspection-image/pose/add', {
      method: 'POST',
      token,
      body: {
        mode: 'absolute',
        inspectionId: baseline.inspection.id,
        imageId: baseline.images[0]!.id,
        pose: placedPose(sampleDir, 0, -60, modelSphere(sampleDir).radius + 20, 0, -90),
      },
    });
    expect(placed.code, placed.msg).toBe(2000);
    await seedInspectionPhotos(
      server,
      token,
      projectId,
      'Round one',
      [{ name: 'a.png', bytes: await photo({ x: BASE.x + SHIFT_PX, y: BASE.y }, 2) }],
      DISTANCE_M,
    );

    // A later inspection of two photos: no monitoring round of the one-photo baseline.
    await seedInspectionPhotos(
      server,
      token,
      projectId,
      'Odd flight',
      [
        { name: 'a.png', bytes: await photo(BASE, 3) },
        { name: 'b.png', bytes: await photo(BASE, 4) },
      ],
      DISTANCE_M,
    );

    await page.goto(`${server.url}/home/projects/${projectId}/view`);
    await page.getByTestId('view-drone-targets').click();
    await page.waitForURL(/\/drone-targets$/);
    await page.getByTestId('targets-empty').waitFor();

    // A new ArUco target drawn around the marker on the baseline photo; a threshold beyond the limit is refused.
    const form = await drawTarget({
      name: 'Pier 3 marker',
      kind: 'aruco',
      markerId: 7,
      corners: [
        { x: BASE.x - 70, y: BASE.y - 70 },
        { x: BASE.x + 70, y: BASE.y + 70 },
      ],
      thresholdMm: 100000,
    });
    await form.getByText(zh.validation.thresholdRange).waitFor();
    await page.locator('.ant-modal').screenshot({ path: screenshotPath('monitor-targets-new-zh-dark') });
    await form.getByTestId('target-threshold').fill('5');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await page.getByText(text(ui.create.created, { name: 'Pier 3 marker' })).waitFor();
    // A circular target around the disc, and a virtual one: a patch of the marker's card.
    await drawTarget({
      name: 'Pier 3 disc',
      kind: 'circle',
      corners: [
        { x: DISC.x - 30, y: DISC.y - 30 },
        { x: DISC.x + 30, y: DISC.y + 30 },
      ],
      thresholdMm: 50,
    });
    await page.getByText(text(ui.create.created, { name: 'Pier 3 disc' })).waitFor();
    await drawTarget({
      name: 'Pier 3 patch',
      kind: 'virtual',
      corners: [
        { x: BASE.x - 50, y: BASE.y - 50 },
        { x: BASE.x + 50, y: BASE.y + 50 },
      ],
      thresholdMm: 50,
    });
    await page.getByText(text(ui.create.created, { name: 'Pier 3 patch' })).waitFor();

    // Identified on both photos: the round's move in millimetres, within 1 mm of the known one.
    const row = page.getByTestId('target-row-Pier 3 marker');
    await expect
      .poll(() => row.getByTestId('target-state').getAttribute('data-state'), { timeout: 180_000, interval: 1_000 })
      .toBe('identified');
    expect(await row.getByTestId('target-analysis').getAttribute('data-state')).toBe('analysed');
    for (const name of ['Pier 3 disc', 'Pier 3 patch']) {
      await expect
        .poll(() => page.getByTestId(`target-row-${name}`).getByTestId('target-state').getAttribute('data-state'), {
          timeout: 180_000,
          interval: 1_000,
        })
        .toBe('identified');
    }
    const listed = (
      await apiData<ApiPage<Target>>(server, '/project-tag/find/tag/list', {
        method: 'POST',
        token,
        body: { projectId, pageNum: 1, pageSize: 10 },
      })
    ).records;
    const named = (name: string) => listed.find((candidate) => candidate.name === name)!;
    const target = named('Pier 3 marker');
    expect(target.region).toEqual({ x: BASE.x - 70, y: BASE.y - 70, width: 140, height: 140 });
    const known = SHIFT_PX * GSD_MM;
    // Each kind recovers the move within 1 mm: the marker, the disc by its centroid, the patch by its look.
    for (const name of ['Pier 3 marker', 'Pier 3 disc', 'Pier 3 patch']) {
      expect(Math.abs(named(name).latestDisplacementMm! - known), name).toBeLessThan(1);
      await page.getByTestId(`target-row-${name}`).getByText(named(name).latestDisplacementMm!.toFixed(2)).waitFor();
    }
    expect(named('Pier 3 disc')).toMatchObject({ type: 'physical', marker: 'circle', alarm: false });
    expect(named('Pier 3 patch')).toMatchObject({ type: 'virtual', alarm: false });
    // Above the 5 mm threshold: the alarm.
    await row.getByTestId('target-alarm').waitFor();

    // The baseline: its name, date and photo list, its round, and the inspection skipped for its photo count.
    const baselineCard = page.getByTestId('baseline-card');
    await baselineCard.getByTestId('baseline-details').getByText('Baseline flight').waitFor();
    await baselineCard.getByTestId('baseline-photo').getByText('a.png').waitFor();
    expect(await baselineCard.getByTestId('baseline-photo').count()).toBe(1);
    const laterRounds = baselineCard.getByTestId('baseline-round');
    await expect.poll(() => laterRounds.count()).toBe(2);
    expect(await laterRounds.nth(0).getAttribute('data-skipped')).toBe('');
    expect(await laterRounds.nth(1).getAttribute('data-skipped')).toBe('photoCount');
    await laterRounds
      .nth(1)
      .getByText(text(ui.baseline.photoCountDiffers, { count: 2, baseline: 1 }))
      .waitFor();
    await baselineCard.screenshot({ path: screenshotPath('monitor-targets-baseline-zh-dark') });
    // A baseline photo opens in the photo viewer.
    await baselineCard.getByTestId('baseline-photo').click();
    await page.waitForURL(new RegExp(`/inspection/${baseline.inspection.id}/photo/${baseline.images[0]!.id}$`));
    await page.goBack();
    // Its photos in the 3D view: the model with the photo layer on and the baseline's photo drawn on it.
    await page.getByTestId('baseline-view-3d').click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/view\\?photos=${baseline.inspection.id}$`));
    const layer = page.getByTestId('photo-layer');
    await expect.poll(() => layer.getAttribute('data-state'), { timeout: 120_000, interval: 1_000 }).toBe('drawn');
    expect(await layer.getAttribute('data-photo-count')).toBe('1');
    const anchors = JSON.parse((await layer.getAttribute('data-anchors')) ?? '[]') as Array<{ id: number }>;
    expect(anchors.map((anchor) => anchor.id)).toEqual([baseline.images[0]!.id]);
    await expect
      .poll(() => page.getByTestId('project-scene').getAttribute('data-render-state'), { timeout: 120_000 })
      .toBe('idle');
    await page.getByTestId('model-viewer').screenshot({ path: screenshotPath('monitor-targets-baseline-3d') });
    await page.goBack();
    await page.getByTestId('target-row-Pier 3 marker').waitFor();

    await row.click();
    const detail = page.getByTestId('target-detail');
    const shown = detail.getByTestId('round-displacement');
    await expect.poll(() => shown.count()).toBe(2);
    expect(Math.abs(Number(await shown.nth(1).getAttribute('data-value')) - known)).toBeLessThan(1);
    const drawn = async () =>
      JSON.parse((await detail.getByTestId('target-chart').getAttribute('data-series')) ?? '[]') as DrawnSeries[];
    await expect.poll(async () => (await drawn()).map((series) => series.threshold)).toEqual([5]);
    const [line] = await drawn();
    // The baseline's 0 mm, then the round.
    expect(line!.values).toHaveLength(2);
    expect(line!.values[0]).toBe(0);
    expect(Math.abs(line!.values[1]! - known)).toBeLessThan(1);
    await detail.getByTestId('target-position').first().waitFor();
    await page.screenshot({ path: screenshotPath('monitor-targets-zh-dark'), fullPage: true });

    // The round's position corrected by a click 10 px further right: the displacement follows the click.
    const images = await apiData<TargetImage[]>(server, '/tag-displacement/images', {
      token,
      query: { tagId: String(target.id) },
    });
    const round = images.find((image) => !image.baseline)!;
    const roundCard = detail.getByTestId(`target-photo-${round.imageId}`);
    await roundCard.getByTestId('target-correct').click();
    const roundPhoto = roundCard.getByTestId('target-round-photo');
    const clicked = { x: round.position!.x + 10, y: round.position!.y };
    const at = await onPhoto(roundPhoto, clicked.x, clicked.y);
    await page.mouse.click(at.x, at.y);
    await page.getByText(ui.detail.corrected).waitFor();
    await roundCard.getByText(ui.detail.manual, { exact: true }).waitFor();
    const corrected = (
      await apiData<TargetImage[]>(server, '/tag-displacement/images', { token, query: { tagId: String(target.id) } })
    ).find((image) => !image.baseline)!;
    expect(corrected.source).toBe('manual');
    // A page pixel is about two photo pixels at this width.
    expect(Math.abs(corrected.position!.x - clicked.x)).toBeLessThan(2);
    expect(Math.abs(corrected.position!.y - clicked.y)).toBeLessThan(2);
    const base = images.find((image) => image.baseline)!.position!;
    const expected = Math.hypot(corrected.position!.x - base.x, corrected.position!.y - base.y) * GSD_MM;
    expect(Math.abs(corrected.displacementMm! - expected)).toBeLessThan(1);
    await expect.poll(async () => Number(await shown.nth(1).getAttribute('data-value'))).toBe(corrected.displacementMm);

    // A monitoring report of the baseline from the page: every target chosen at first, generated, downloaded as a
    // Word file whose document holds the target, then generated again in its place.
    await page.getByTestId('monitor-report-open').click();
    const reportForm = page.getByTestId('monitor-report-form');
    await reportForm.getByTestId('monitor-report-targets').getByText('Pier 3 marker').waitFor();
    await reportForm.getByTestId('monitor-report-name').fill('Pier monitoring');
    await page.getByRole('button', { name: buttonName(ui.report.generate) }).click();
    await page.getByText(text(ui.report.started, { name: 'Pier monitoring' })).waitFor();
    const report = page.getByTestId('monitor-report');
    const reportState = () => report.getAttribute('data-state');
    await expect.poll(reportState, { timeout: 120_000, interval: 1_000 }).toBe('latest');
    const firstReportId = await report.getAttribute('data-report-id');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      report.getByTestId('monitor-report-word').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.docx$/);
    const docx = unzipSync(new Uint8Array(fs.readFileSync((await download.path())!)));
    const document = strFromU8(docx['word/document.xml']!);
    expect(document).toContain('Pier 3 marker');
    expect(document).toContain('Baseline flight');
    await report.getByTestId('monitor-report-again').click();
    await expect.poll(() => report.getAttribute('data-report-id')).not.toBe(firstReportId);
    await expect.poll(reportState, { timeout: 120_000, interval: 1_000 }).toBe('latest');
    // Generated again, the report stays one card.
    expect(await report.count()).toBe(1);
    await page.screenshot({ path: screenshotPath('monitor-targets-report-zh-dark'), fullPage: true });

    // A viewer, member of the project, sees the targets and their rounds without the actions.
    const members = await apiData<Array<{ userId: number; name: string }>>(server, '/team-client/users', { token });
    const viewerId = members.find((member) => member.name === 'Demo Viewer')!.userId;
    await apiData(server, '/project', { method: 'PUT', token, body: { id: projectId, memberIds: [viewerId] } });
    const viewer = await suite.signedInPage(
      await logInByApi(server, 'demoviewer'),
      `/home/projects/${projectId}/drone-targets`,
      { width: 1440, height: 900 },
      'dark',
    );
    await viewer.getByTestId('target-row-Pier 3 marker').click();
    await viewer.getByTestId('target-detail').getByTestId('target-round-photo').first().waitFor();
    for (const action of [
      'target-add',
      'targets-delete',
      'targets-threshold',
      'target-correct',
      'monitor-report-open',
    ]) {
      expect(await viewer.getByTestId(action).count(), action).toBe(0);
    }

    // English, light; then Japanese, dark: the page and the baseline.
    const baselineShot = (name: string) =>
      page.getByTestId('baseline-card').screenshot({ path: screenshotPath(`monitor-targets-baseline-${name}`) });
    await page.getByTestId('theme-toggle').click();
    await pickLanguage(page, 'English');
    await page.getByText(CATALOGUES.en.targetUi.list.title).first().waitFor();
    await page.screenshot({ path: screenshotPath('monitor-targets-en-light'), fullPage: true });
    await baselineShot('en-light');
    await page.getByTestId('theme-toggle').click();
    await pickLanguage(page, '日本語');
    await page.getByText(CATALOGUES.ja.targetUi.baseline.title, { exact: true }).first().waitFor();
    await baselineShot('ja-dark');
    await pickLanguage(page, '简体中文');

    // A new threshold for the marker: beyond the shared limit it is refused on the field; 30 mm (above the corrected
    // round's move) clears its alarm.
    expect(corrected.displacementMm!).toBeLessThan(30);
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('targets-threshold').click();
    const thresholdForm = page.getByTestId('target-threshold-form');
    const thresholdField = thresholdForm.getByTestId('target-threshold-form-value');
    expect(Number(await thresholdField.inputValue())).toBe(5);
    await thresholdField.fill('100000');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await thresholdForm.getByText(zh.validation.thresholdRange).waitFor();
    await thresholdField.fill('30');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await page.getByText(text(ui.list.thresholdsSaved, { count: 1 })).waitFor();
    await row.getByText('30', { exact: true }).waitFor();
    await row.getByTestId('target-alarm').waitFor({ state: 'detached' });

    // Deleting the selected targets asks first.
    await page.locator('.ant-table-thead .ant-checkbox-input').check();
    await page.getByTestId('targets-delete').click();
    await page.getByText(text(ui.list.deleteTitle, { count: 3 })).waitFor();
    await page.getByTestId('targets-delete-confirm').click();
    await page.getByText(text(ui.list.deleted, { count: 3 })).waitFor();
    await page.getByTestId('targets-empty').waitFor();
    // A model, three identifications and two reports: longer than the suite's default on a busy machine.
  }, 480_000);
});
