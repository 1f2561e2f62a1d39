/**
 * Inspection photos in a real browser against the built product: the demo administrator uploads the fixture drone
 * photos (JPEG and TIFF, and a text file the dialog leaves out) through the upload dialog, sees their thumbnails
 * in the virtualised grid, finds the photo stripped of its pose under "images without pose" with its reason, and
 * deletes a photo after confirming. Then a large generated photo is uploaded slowly, the page is reloaded
 * mid-upload, the dialog asks for the same file again and the upload continues from the bytes the server holds
 * until the server has the whole photo.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { INSPECTION_IMAGE_UPLOAD_PATH, LIMITS, CATALOGUES } from '@sightline/shared';
import { fixturePath } from '@sightline/imagery/test-fixtures';
import { afterAll, describe, expect, it } from 'vitest';
import { attemptName } from './support/attempt';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { pickLanguage } from './support/inspection-seed';
import {
  apiData,
  buttonName,
  createProject,
  logInThroughUi,
  startSnapshotServer,
  text,
  tokenOf,
  zh,
} from './support/team-api';

const PHOTO_DIR = fixturePath('drone-photos');
const PHOTOS = existsSync(PHOTO_DIR)
  ? readdirSync(PHOTO_DIR)
      .filter((name) => /\.(jpe?g|tiff?)$/i.test(name))
      .sort()
  : [];
const WITHOUT_POSE = 'M3T_DJI_0001_R_pose-stripped.JPG';

const skipReason = browserSkipReason('e2e/inspection-photos.test.ts', {
  fixture: PHOTOS.length === 0 ? `skipped: no drone photos in ${PHOTO_DIR}` : null,
});

const ui = zh.inspectionPhotos;
const en = CATALOGUES.en;
const ja = CATALOGUES.ja;
const CAMERAS =
  'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx\nFC220,6.17,4.55,4.73,4000,3000\n';

interface Photo {
  id: number;
  name: string;
  sizeBytes: number;
  state: string;
}

describe.skipIf(skipReason !== null)('inspection photos', () => {
  const suite = browserSuite(startSnapshotServer);
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sightline-photos-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  async function signIn(): Promise<Page> {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoadmin', /\/home$/);
    return page;
  }

  /** A project with one inspection holding the group "North", made with the page's own session. */
  async function seedInspection(page: Page, name: string): Promise<{ inspectionId: number; groupId: number }> {
    const token = await tokenOf(page);
    const form = new FormData();
    form.append('file', new Blob([CAMERAS], { type: 'text/csv' }), 'cameras.csv');
    await apiData(suite.server, '/camera-param/import', { method: 'POST', token, form });
    const cameras = await apiData<Array<{ id: number; model: string }>>(suite.server, '/camera-param/list', { token });
    const camera = cameras.find((entry) => entry.model === 'FC220');
    expect(camera).toBeDefined();
    const projectId = await createProject(suite.server, token, attemptName(`${name} project`));
    const inspection = await apiData<{ id: number; imageGroups: Array<{ id: number }> }>(
      suite.server,
      '/inspection-task/add',
      {
        method: 'POST',
        token,
        body: {
          projectId,
          name,
          inspectionDate: '2026-05-01',
          imageGroups: [{ name: 'North', cameraParamId: camera!.id, photoDistance: 12 }],
        },
      },
    );
    return { inspectionId: inspection.id, groupId: inspection.imageGroups[0]!.id };
  }

  /**
   * Chooses files as a user can: once the dialog has its group (the choose buttons stay disabled until then, and a
   * choice made before it is dropped).
   */
  async function chooseFiles(dialog: Locator, files: string | string[]): Promise<void> {
    await expect.poll(() => dialog.getByTestId('photo-upload-choose-files').isEnabled()).toBe(true);
    await dialog.getByTestId('photo-upload-files').setInputFiles(files);
  }

  async function photos(page: Page, inspectionId: number): Promise<{ total: number; records: Photo[] }> {
    return apiData(suite.server, '/inspection-image/findPage', {
      method: 'POST',
      token: await tokenOf(page),
      body: { inspectionId, pageNum: 1, pageSize: 200 },
    });
  }

  it('uploads the drone photos, shows their thumbnails and the photo without pose, and deletes one', async () => {
    const page = await signIn();
    const { inspectionId } = await seedInspection(page, 'Photo flight');
    await page.goto(`${suite.server.url}/inspection/${inspectionId}`);
    const panel = page.getByTestId('inspection-photos');
    await panel.getByTestId('inspection-no-photos').getByText(zh.inspectionUi.detail.noPhotos).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-empty') });

    // The dialog: the only group is chosen; a text file among the photos is left out before any byte is sent.
    await panel.getByTestId('photo-upload-open').first().click();
    const dialog = page.getByTestId('photo-upload');
    await dialog.waitFor();
    await dialog.getByTestId('photo-upload-group').getByText('North').waitFor();
    const notes = path.join(scratch, 'notes.txt');
    writeFileSync(notes, 'flight notes, not a photo\n');
    await chooseFiles(dialog, [...PHOTOS.map((name) => path.join(PHOTO_DIR, name)), notes]);
    // The group's camera takes 4000 × 3000; the fixture photos are of other sizes: asked before anything is sent.
    const warning = page.locator('.ant-modal-confirm').filter({ hasText: ui.upload.resolutionTitle });
    await warning.waitFor();
    expect(await warning.textContent()).toContain('4000 × 2250');
    expect(await warning.textContent()).toContain('4000 × 3000');
    await page.screenshot({ path: screenshotPath('inspection-photos-resolution-warning') });
    await warning.getByRole('button', { name: ui.upload.resolutionContinue }).click();
    const refused = dialog.getByTestId('photo-upload-refused');
    await refused.getByText(text(ui.upload.skipped, { count: 1 })).waitFor();
    await refused.getByText(`notes.txt: ${ui.upload.notPhoto}`).waitFor();
    const finished = dialog.getByTestId('photo-upload-finished');
    await finished.waitFor({ timeout: 120_000 });
    expect(await finished.textContent()).toContain(
      text(ui.upload.finished, { done: PHOTOS.length, already: 0, failed: 0 }),
    );
    await dialog.getByText(text(ui.upload.files, { done: PHOTOS.length, total: PHOTOS.length })).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-upload-done') });
    await page.getByTestId('photo-upload-close').click();

    // The grid fills in as the server processes the photos (pushed on the event stream), thumbnails included.
    const grid = panel.getByTestId('photo-grid');
    await grid.waitFor();
    const tiles = grid.getByTestId('photo-tile');
    await expect.poll(() => tiles.count(), { timeout: 60_000 }).toBe(PHOTOS.length);
    await expect
      .poll(() => grid.locator('[data-testid="photo-tile"][data-state="uploaded"]').count(), { timeout: 120_000 })
      .toBe(0);
    const thumbnails = grid.getByTestId('photo-thumbnail');
    await expect.poll(() => thumbnails.count(), { timeout: 30_000 }).toBe(PHOTOS.length);
    await expect
      .poll(
        () =>
          thumbnails.evaluateAll((images) =>
            images.every(
              (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
            ),
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    const stripped = grid.locator(`[data-testid="photo-tile"]`, { hasText: WITHOUT_POSE });
    await stripped.getByTestId('photo-badge-without-pose').waitFor();
    expect(await grid.getByTestId('photo-badge-failed').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('inspection-photos-grid-zh-dark') });

    // Images without pose: the stripped photo with its reason and the properties at fault.
    await panel.getByTestId('photo-tab-without-pose').click();
    const table = panel.getByTestId('without-pose-table');
    const row = table.locator('tr', { hasText: WITHOUT_POSE });
    await row.waitFor();
    const reason = row.getByTestId('without-pose-reason');
    expect(await reason.getAttribute('data-reason')).toBe('noGps');
    expect(await reason.textContent()).toBe(ui.withoutPose.reasons.noGps);
    await row.getByText('GPSLatitude').waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-without-pose') });
    await panel.getByRole('tab', { name: ui.tabs.all }).click();

    // Selection: a shift-click takes the range; then one photo is deleted after confirming.
    const boxes = grid.getByTestId('photo-select');
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    await panel
      .getByTestId('photo-selected-count')
      .getByText(text(ui.grid.selected, { count: 3 }))
      .waitFor();
    // The selection opens the batch pose adjustment (its own test covers the adjusting).
    await panel.getByTestId('photos-adjust-pose').click();
    const poseDialog = page.getByRole('dialog').filter({ hasText: text(zh.pose.titleBatch, { count: 3 }) });
    await poseDialog.waitFor();
    await poseDialog.locator('.ant-modal-close').click();
    await poseDialog.waitFor({ state: 'hidden' });
    await panel.getByTestId('photo-clear-selection').click();
    const victim = grid.locator('[data-testid="photo-tile"]', { hasText: 'DJI_0030.JPG' });
    await victim.getByTestId('photo-select').click();
    await panel.getByTestId('photo-delete-selected').click();
    const confirm = page.getByRole('dialog').filter({ hasText: ui.grid.deleteContent });
    await confirm.locator('.ant-modal-confirm-title', { hasText: text(ui.grid.deleteTitle, { count: 1 }) }).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-delete-confirm') });
    await confirm.getByRole('button', { name: buttonName(ui.grid.delete) }).click();
    await page.getByText(text(ui.grid.deleted, { count: 1 })).waitFor();
    await expect.poll(() => tiles.count()).toBe(PHOTOS.length - 1);
    expect(await victim.count()).toBe(0);
    const left = await photos(page, inspectionId);
    expect(left.total).toBe(PHOTOS.length - 1);
    expect(left.records.map((photo) => photo.name)).not.toContain('DJI_0030.JPG');

    // The upload record: the batch's photos (the text file was never part of it), the deleted one missing again.
    await panel.getByTestId('photo-tab-records').click();
    const records = panel.getByTestId('upload-records');
    const counts = records.getByTestId('upload-record-counts');
    await counts.getByText(`${ui.records.arrived} ${PHOTOS.length - 1}`).waitFor();
    expect(await counts.textContent()).not.toContain(ui.records.failed);
    expect(await records.locator('tbody tr').count()).toBe(1);
    await records
      .getByTestId('upload-record-show-missing')
      .getByText(text(ui.records.showMissing, { count: 1 }))
      .click();
    const missingDialog = page.getByTestId('upload-record-missing');
    await missingDialog.getByText('DJI_0030.JPG').waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-upload-record-missing') });
    await missingDialog.locator('.ant-modal-close').click();
    await missingDialog.waitFor({ state: 'hidden' });
    await panel.getByRole('tab', { name: ui.tabs.all }).click();

    // Both themes and the three languages.
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: screenshotPath('inspection-photos-grid-zh-light') });
    await pickLanguage(page, 'English');
    await panel.getByText(en.inspectionPhotos.tabs.withoutPose).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-grid-en-light') });
    await pickLanguage(page, '日本語');
    await panel.getByText(ja.inspectionPhotos.tabs.withoutPose).waitFor();
    await page.getByTestId('theme-toggle').click();
    await page.screenshot({ path: screenshotPath('inspection-photos-grid-ja-dark') });
    await panel.getByTestId('photo-upload-open').first().click();
    await page.getByTestId('photo-upload').getByText(ja.inspectionPhotos.upload.chooseFolder).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-upload-ja-dark') });
    await page.getByTestId('photo-upload-close').click();
    await pickLanguage(page, '简体中文');
    await panel.getByText(ui.tabs.withoutPose).waitFor();
  });

  it('continues a large photo after a reload from the bytes the server holds', async () => {
    // About 30 MB of noise in a JPEG with EXIF: several tus chunks, well under the single-file limit.
    const width = 4000;
    const height = 3000;
    const big = path.join(scratch, 'DJI_9999.JPG');
    await sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
      .withExif({ IFD0: { Make: 'DJI', Model: 'FC220', DateTime: '2026:05:01 10:00:00' } })
      .toFile(big);
    const size = statSync(big).size;
    expect(size).toBeGreaterThan(20 * 1024 * 1024);
    expect(size).toBeLessThan(LIMITS.singleFileBytes);

    const page = await signIn();
    const { inspectionId } = await seedInspection(page, 'Resumed flight');
    await page.goto(`${suite.server.url}/inspection/${inspectionId}`);
    const panel = page.getByTestId('inspection-photos');

    // Each chunk waits before it leaves, so the reload comes while the photo is part-way.
    const uploadUrl = `**${INSPECTION_IMAGE_UPLOAD_PATH}**`;
    const patches: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes(INSPECTION_IMAGE_UPLOAD_PATH)) {
        patches.push(Number(request.headers()['upload-offset']));
      }
    });
    await page.route(uploadUrl, async (route) => {
      if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue().catch(() => undefined);
    });

    await panel.getByTestId('photo-upload-open').first().click();
    const dialog = page.getByTestId('photo-upload');
    await chooseFiles(dialog, big);
    const row = dialog.locator('[data-testid="photo-upload-row"][data-file-name="DJI_9999.JPG"]');
    await row.waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-upload-progress') });
    // One chunk accepted by the server (the next one's offset says so), several still to go: reload now.
    await expect.poll(() => patches.filter((offset) => offset > 0).length, { timeout: 60_000 }).toBeGreaterThan(0);
    const stoppedAt = Math.max(...patches);
    expect(stoppedAt).toBeGreaterThan(0);
    expect(stoppedAt).toBeLessThan(size);
    patches.length = 0;
    await page.reload();
    await page.unroute(uploadUrl);
    await panel.getByTestId('inspection-no-photos').waitFor();

    // The dialog lists the unfinished photo and asks for it again; the same file continues, not from zero.
    await panel.getByTestId('photo-upload-open').first().click();
    const resume = dialog.getByTestId('photo-upload-resume');
    await resume.getByText(text(ui.upload.resumeTitle, { count: 1 })).waitFor();
    await resume.getByText(/DJI_9999\.JPG/).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-photos-resume') });
    await chooseFiles(dialog, big);
    const finished = dialog.getByTestId('photo-upload-finished');
    await finished.waitFor({ timeout: 120_000 });
    expect(await finished.textContent()).toContain(text(ui.upload.finished, { done: 1, already: 0, failed: 0 }));
    expect(patches.length).toBeGreaterThan(0);
    expect(Math.min(...patches)).toBeGreaterThanOrEqual(stoppedAt);
    expect(await resume.count()).toBe(0);

    // The server holds the whole photo, once.
    await expect
      .poll(async () => (await photos(page, inspectionId)).records.map((photo) => [photo.name, photo.sizeBytes]), {
        timeout: 30_000,
      })
      .toEqual([['DJI_9999.JPG', size]]);
    await page.getByTestId('photo-upload-close').click();
    await panel.locator('[data-testid="photo-tile"]', { hasText: 'DJI_9999.JPG' }).waitFor({ timeout: 60_000 });
    // Nothing is left to resume.
    expect(await page.evaluate((id) => localStorage.getItem(`sightline:photo-upload:${id}`), inspectionId)).toBeNull();
  });
});
