/**
 * The high-precision transform in a real browser against the built product: the demo administrator opens an
 * inspection of a high-precision project, chooses a folder holding the Metashape fixture (georeferenced here) and
 * three photos named as its cameras, agrees to continue with fewer images than the XML lists, and sees the photos
 * uploaded and the calculation end calculated with the poses on the photos; then uploads a point cloud (.pcd with
 * its .xml) and deletes the transform, whose poses go back. The team's function package is granted in the
 * database (no UI of the demo team does it), so the journey needs the PostgreSQL server.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { fixturePath } from '@sightline/imagery/test-fixtures';
import { afterAll, describe, expect, it } from 'vitest';
import { attemptName } from './support/attempt';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { createScratchDatabase, postgresAnswers, type ScratchDatabase } from './support/postgres';
import {
  apiData,
  buttonName,
  createProject,
  logInThroughUi,
  startSnapshotServer,
  tokenOf,
  zh,
} from './support/team-api';

const CAMERAS_XML = fixturePath('photogrammetry-poses', 'metashape', 'cameras.xml');
const BUNNY = fixturePath('pointclouds-pcd', 'bunny.pcd');

const skipReason = browserSkipReason('e2e/high-precision.test.ts', {
  fixture:
    existsSync(CAMERAS_XML) && existsSync(BUNNY)
      ? null
      : `skipped: no pose export or point cloud fixture under ${fixturePath()}`,
});
const postgresReady = skipReason === null && (await postgresAnswers());
if (skipReason === null && !postgresReady) {
  console.warn('e2e/high-precision.test.ts: no PostgreSQL answers: the journey is skipped');
}

const ui = zh.highPrecisionUi;
const CAMERAS =
  'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx\nEOS,22.3,14.9,37,5184,3456\n';

/** The fixture's local chunk placed on the earth (the server test's georeferencing, near Minsk). */
function georeferenced(xml: string): string {
  const [lat, lon, h] = [(53.9188 * Math.PI) / 180, (27.5767 * Math.PI) / 180, 200];
  const e2 = 6.69437999014e-3;
  const n = 6378137 / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  const origin = [
    (n + h) * Math.cos(lat) * Math.cos(lon),
    (n + h) * Math.cos(lat) * Math.sin(lon),
    (n * (1 - e2) + h) * Math.sin(lat),
  ];
  const east = [-Math.sin(lon), Math.cos(lon), 0];
  const north = [-Math.sin(lat) * Math.cos(lon), -Math.sin(lat) * Math.sin(lon), Math.cos(lat)];
  const up = [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
  const rotation = [0, 1, 2].flatMap((i) => [east[i], north[i], up[i]]).join(' ');
  return xml.replace(
    /<reference>LOCAL_CS\[[^\n]*<\/reference>/,
    `<transform><rotation>${rotation}</rotation><translation>${origin.join(' ')}</translation><scale>1</scale></transform>` +
      '<reference>GEOGCS["WGS 84",DATUM["WGS_1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433]]</reference>',
  );
}

describe.skipIf(skipReason !== null || !postgresReady)('high-precision transform', () => {
  let database: ScratchDatabase | undefined;
  const suite = browserSuite(async () => {
    database = await createScratchDatabase();
    return startSnapshotServer({ DATABASE_URL: database.url });
  });
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'sightline-high-precision-'));
  afterAll(async () => {
    rmSync(scratch, { recursive: true, force: true });
    await database?.drop();
  });

  async function signIn(): Promise<Page> {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoadmin', /\/home$/);
    return page;
  }

  it('imports a folder, uploads its photos, calculates their poses, takes a point cloud and deletes the transform', async () => {
    const page = await signIn();
    const token = await tokenOf(page);
    await database!.query(
      `insert into team_functions (team_id, function_code, validity_days, activated_at, expires_at)
       select current_team_id, 'high_precision', 30, now(), now() + interval '30 days' from users where account = $1
       on conflict (team_id, function_code) do update set activated_at = now(), expires_at = now() + interval '30 days'`,
      ['demoadmin'],
    );
    const form = new FormData();
    form.append('file', new Blob([CAMERAS], { type: 'text/csv' }), 'cameras.csv');
    await apiData(suite.server, '/camera-param/import', { method: 'POST', token, form });
    const cameras = await apiData<Array<{ id: number; model: string }>>(suite.server, '/camera-param/list', { token });
    const projectId = await createProject(suite.server, token, attemptName('Precise bridge'), { highPrecision: true });
    const inspection = await apiData<{ id: number }>(suite.server, '/inspection-task/add', {
      method: 'POST',
      token,
      body: {
        projectId,
        name: 'Aligned flight',
        inspectionDate: '2026-05-01',
        imageGroups: [{ name: 'Deck', cameraParamId: cameras.find((c) => c.model === 'EOS')!.id, photoDistance: 10 }],
      },
    });

    // The folder: the export and three photos named as its first cameras.
    const folder = path.join(scratch, 'aligned');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'cameras.xml'), georeferenced(readFileSync(CAMERAS_XML, 'utf8')));
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#6080a0' } })
      .jpeg()
      .toBuffer();
    for (const name of ['001.JPG', '002.JPG', '003.JPG']) writeFileSync(path.join(folder, name), jpeg);

    // The image groups answer only once the dialog is open, as a busy server may: the photos must still go into the
    // inspection's group.
    let releaseGroups = () => {};
    const groupsHeld = new Promise<void>((resolve) => (releaseGroups = resolve));
    await page.route('**/api/inspection-image-group/tree**', async (route) => {
      await groupsHeld;
      await route.continue();
    });
    await page.goto(`${suite.server.url}/inspection/${inspection.id}`);
    await page.getByTestId('inspection-high-precision').click();
    const dialog = page.getByTestId('high-precision-dialog');
    await dialog.getByText(ui.none).waitFor();
    releaseGroups();
    await expect.poll(() => dialog.getByTestId('high-precision-group').textContent()).toContain('Deck');
    await dialog.getByTestId('high-precision-folder-input').setInputFiles(folder);

    // 3 images, 94 cameras in the XML: asked, and continued.
    const question = page.locator('.ant-modal-confirm', { hasText: ui.fewerTitle });
    await question.waitFor();
    await question.getByRole('button', { name: buttonName(ui.continue) }).click();
    const state = dialog.getByTestId('high-precision-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 120_000 }).toBe('calculated');
    await page.screenshot({ path: screenshotPath('high-precision-calculated') });
    const photos = await apiData<{ records: Array<{ name: string; pose: { latitude: number } | null }> }>(
      suite.server,
      '/inspection-image/findPage',
      { method: 'POST', token, body: { inspectionId: inspection.id, pageNum: 1, pageSize: 20 } },
    );
    expect(photos.records.map((photo) => photo.name).sort()).toEqual(['001.JPG', '002.JPG', '003.JPG']);
    for (const photo of photos.records) expect(photo.pose?.latitude).toBeCloseTo(53.9188, 3);

    // The point cloud: its .pcd with its .xml.
    const metadata = path.join(scratch, 'metadata.xml');
    writeFileSync(metadata, '<?xml version="1.0"?><ModelMetadata version="1"><SRS>EPSG:4326</SRS></ModelMetadata>');
    await dialog.getByTestId('point-cloud-input').setInputFiles([BUNNY, metadata]);
    await dialog.getByTestId('point-cloud').getByText('397').waitFor({ timeout: 60_000 });

    // Deleting the transform (confirmed) takes its poses back.
    await dialog.getByTestId('high-precision-delete').click();
    const confirmation = page.locator('.ant-modal-confirm', { hasText: ui.deleteTitle });
    await confirmation.getByRole('button', { name: buttonName(ui.delete) }).click();
    await dialog.getByText(ui.none).waitFor();
    const after = await apiData<{ records: Array<{ pose: unknown }> }>(suite.server, '/inspection-image/findPage', {
      method: 'POST',
      token,
      body: { inspectionId: inspection.id, pageNum: 1, pageSize: 20 },
    });
    expect(after.records.every((photo) => photo.pose === null)).toBe(true);
  });
});
