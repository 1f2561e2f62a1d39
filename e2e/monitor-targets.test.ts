/**
 * Drone-target monitoring in a real browser against the built product: a project with a baseline inspection and a
 * later round, each one photo of an ArUco marker (the round's moved 5 px right, known millimetres at the inspection's
 * shooting distance), uploaded over tus; a target drawn on the baseline photo (a threshold above the shared limit
 * refused on its field), identified, its round's displacement in the table and the chart within 1 mm, a position
 * corrected by a click on the round's photo, a monitoring report of the baseline generated, downloaded and generated
 * again, a viewer without the actions, and deletion confirmed. Screenshots: zh
 * dark, en light.
 *
 * The demo team has no drone-monitoring package: the server runs on a scratch PostgreSQL database the test grants it
 * in (as the total-station journey does).
 */
import fs from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { CATALOGUES, type Page as ApiPage, type Target, type TargetImage } from '@sightline/shared';
import { markerPhoto } from '@sightline/vision';
import { afterAll, describe, expect, it } from 'vitest';
import { chooseOption } from './support/antd';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { pickLanguage, seedInspectionPhotos } from './support/inspection-seed';

import { createScratchDatabase, postgresAnswers, type ScratchDatabase } from './support/postgres';
import {
  apiData,
  buttonName,
  createProject,
  logInByApi,
  logInThroughUi,
  startSnapshotServer,
  text,
  tokenOf,
  zh,
} from './support/team-api';

const skipReason = browserSkipReason('e2e/monitor-targets.test.ts', {
  fixture: (await postgresAnswers()) ? null : 'skipped: no PostgreSQL server at 127.0.0.1:5432',
});

const ui = zh.targetUi;
/** The photos' size, the marker's place on the baseline and its move on the round, pixels. */
const PHOTO = { width: 800, height: 600 };
const BASE = { x: 300, y: 260 };
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
  let database: ScratchDatabase | undefined;
  let page: Page;
  const suite = browserSuite(async () => {
    database = await createScratchDatabase();
    const server = await startSnapshotServer({ DATABASE_URL: database.url });
    await database.query(
      `insert into team_functions (team_id, function_code, validity_days, activated_at, expires_at)
       select id, 'monitoring', 365, now(), now() + interval '365 days' from teams`,
    );
    return server;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /** Photo pixels to the page's pixels on the photo element, scrolled into view (it draws the photo's pixels at its width). */
  const onPhoto = async (photo: ReturnType<Page['getByTestId']>, x: number, y: number) => {
    await photo.scrollIntoViewIfNeeded();
    const box = (await photo.boundingBox())!;
    return { x: box.x + (x * box.width) / PHOTO.width, y: box.y + (y * box.height) / PHOTO.height };
  };

  it('draws a target on the baseline photo, measures its move, corrects a position and deletes it', async () => {
    const context = await suite.newContext();
    page = await context.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoowner', /\/home$/);
    const token = await tokenOf(page);
    const server = suite.server;
    const projectId = await createProject(server, token, 'Yangpu Bridge');
    const photo = (centre: { x: number; y: number }, seed: number) =>
      markerPhoto({ centre, dictionary: 'DICT_4X4_50', markerId: 7, seed });
    const baseline = await seedInspectionPhotos(
      server,
      token,
      projectId,
      'Baseline flight',
      [{ name: 'a.png', bytes: await photo(BASE, 1) }],
      DISTANCE_M,
    );
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

    // A new target drawn around the marker on the baseline photo.
    await page.getByTestId('target-add').click();
    const form = page.getByTestId('target-form');
    await chooseOption(page, form.getByTestId('target-inspection'), /^Baseline flight/);
    await chooseOption(page, form.getByTestId('target-photo'), 'a.png');
    const drawOn = form.getByTestId('target-draw');
    await drawOn.locator('image').waitFor();
    const from = await onPhoto(drawOn, BASE.x - 70, BASE.y - 70);
    const to = await onPhoto(drawOn, BASE.x + 70, BASE.y + 70);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await drawOn.getByTestId('target-region').waitFor();
    await form.getByTestId('target-marker-id').fill('7');
    await form.getByTestId('target-name').fill('Pier 3 marker');
    await form.getByTestId('target-threshold').fill('100000');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await form.getByText(zh.validation.thresholdRange).waitFor();
    await page.locator('.ant-modal').screenshot({ path: screenshotPath('monitor-targets-new-zh-dark') });
    await form.getByTestId('target-threshold').fill('5');
    await page.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await page.getByText(text(ui.create.created, { name: 'Pier 3 marker' })).waitFor();

    // Identified on both photos: the round's move in millimetres, within 1 mm of the known one.
    const row = page.getByTestId('target-row-Pier 3 marker');
    await expect
      .poll(() => row.getByTestId('target-state').getAttribute('data-state'), { timeout: 180_000, interval: 1_000 })
      .toBe('identified');
    expect(await row.getByTestId('target-analysis').getAttribute('data-state')).toBe('analysed');
    const [target] = (
      await apiData<ApiPage<Target>>(server, '/project-tag/find/tag/list', {
        method: 'POST',
        token,
        body: { projectId, pageNum: 1, pageSize: 10 },
      })
    ).records;
    expect(target!.region).toEqual({ x: BASE.x - 70, y: BASE.y - 70, width: 140, height: 140 });
    const known = SHIFT_PX * GSD_MM;
    expect(Math.abs(target!.latestDisplacementMm! - known)).toBeLessThan(1);
    await row.getByText(target!.latestDisplacementMm!.toFixed(2)).waitFor();
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
    // Its photos in the 3D view: the photo layer on with the baseline chosen.
    await baselineCard.getByTestId('baseline-view-3d').click();
    await page.waitForURL(new RegExp(`/projects/${projectId}/view\\?photos=${baseline.inspection.id}$`));
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
      query: { tagId: String(target!.id) },
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
      await apiData<TargetImage[]>(server, '/tag-displacement/images', { token, query: { tagId: String(target!.id) } })
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
    for (const action of ['target-add', 'targets-delete', 'target-correct', 'monitor-report-open']) {
      expect(await viewer.getByTestId(action).count(), action).toBe(0);
    }

    // English, light.
    await page.getByTestId('theme-toggle').click();
    await pickLanguage(page, 'English');
    await page.getByText(CATALOGUES.en.targetUi.list.title).first().waitFor();
    await page.screenshot({ path: screenshotPath('monitor-targets-en-light'), fullPage: true });
    await pickLanguage(page, '简体中文');

    // Deleting the selected target asks first.
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('targets-delete').click();
    await page.getByText(text(ui.list.deleteTitle, { count: 1 })).waitFor();
    await page.getByTestId('targets-delete-confirm').click();
    await page.getByText(text(ui.list.deleted, { count: 1 })).waitFor();
    await page.getByTestId('targets-empty').waitFor();
  });
});
