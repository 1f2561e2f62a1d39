/**
 * Photo pose adjustment in a real browser against the built product: three fixture photos are uploaded over tus to
 * a new inspection; /poseAdjustment sets one photo's pose by hand (the latitude input clamps at 90) and shows the new
 * values and history; two photos are offset together; their initial pose is restored after a confirmation; an offset
 * taking a photo below the ground is refused with the message naming it, and nothing changes. Without a session, the
 * page asks for a login.
 */
import { describe, expect, it } from 'vitest';
import { INSPECTION_IMAGE_UPLOAD_PATH, type ImagePose, type PoseFindResult } from '@sightline/shared';
import { readFixture } from '@sightline/imagery/test-fixtures';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import type { AppServer } from './support/app-server';
import { apiData, createProject, logInByApi, startSnapshotServer, text, zh } from './support/team-api';

const NAMES = ['DJI_0012.JPG', 'DJI_0030.JPG', 'M3T_DJI_0001_R_pose-stripped.JPG'] as const;
const photos = NAMES.map((name) => readFixture('drone-photos', name));
const skipReason = browserSkipReason('e2e/pose-adjustment.test.ts', {
  fixture: photos.every(Boolean) ? null : 'skipped: no drone-photos fixture (SIGHTLINE_FIXTURES)',
});

const ui = zh.pose;

/** One photo over tus, as the web's uploader sends it. */
async function uploadPhoto(server: AppServer, token: string, meta: Record<string, string>, bytes: Buffer) {
  const metadata = Object.entries(meta)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const headers = { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${server.url}${INSPECTION_IMAGE_UPLOAD_PATH}`, {
    method: 'POST',
    headers: { ...headers, 'upload-length': String(bytes.length), 'upload-metadata': metadata },
  });
  expect(created.status).toBe(201);
  const patched = await fetch(new URL(created.headers.get('location')!, server.url).href, {
    method: 'PATCH',
    headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  expect(patched.status).toBe(204);
}

/** A new inspection of a new project with one group, its three photos ingested; answers their ids by name. */
async function seedInspection(server: AppServer, token: string) {
  const projectId = await createProject(server, token, `Poses ${Date.now()}`);
  let cameras = await apiData<Array<{ id: number }>>(server, '/camera-param/list', { token });
  if (cameras.length === 0) {
    const form = new FormData();
    const csv =
      'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx\nM3E,17.3,13,12.29,5280,3956\n';
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'cameras.csv');
    await apiData(server, '/camera-param/import', { method: 'POST', token, form });
    cameras = await apiData<Array<{ id: number }>>(server, '/camera-param/list', { token });
  }
  const inspection = await apiData<{ id: number }>(server, '/inspection-task/add', {
    method: 'POST',
    token,
    body: {
      projectId,
      name: 'Pose check',
      inspectionDate: '2026-11-01',
      imageGroups: [{ name: 'Deck', cameraParamId: cameras[0]!.id, photoDistance: 5 }],
    },
  });
  const tree = await apiData<Array<{ id: number }>>(server, '/inspection-image-group/tree', {
    token,
    query: { inspectionId: String(inspection.id) },
  });
  for (const [index, name] of NAMES.entries()) {
    const meta = { inspectionId: String(inspection.id), imageGroupId: String(tree[0]!.id), category: 'normal' };
    await uploadPhoto(server, token, { ...meta, filename: name }, photos[index]!);
  }
  const ids: Record<string, number> = {};
  await expect
    .poll(
      async () => {
        const page = await apiData<{ records: Array<{ id: number; name: string; state: string }> }>(
          server,
          '/inspection-image/findPage',
          { method: 'POST', token, body: { inspectionId: inspection.id, pageSize: 10 } },
        );
        for (const record of page.records) ids[record.name] = record.id;
        return page.records.map((record) => record.state);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toEqual(['processed', 'processed', 'processed']);
  return { inspectionId: inspection.id, ids };
}

describe.skipIf(skipReason !== null)('photo pose adjustment', () => {
  const suite = browserSuite(startSnapshotServer);

  it('sets one pose, offsets two photos, restores their initial pose and refuses a pose out of range', async () => {
    const { server } = suite;
    const token = await logInByApi(server, 'demoadmin');
    const { inspectionId, ids } = await seedInspection(server, token);
    const [a, b] = [ids[NAMES[0]]!, ids[NAMES[1]]!];
    const newest = async (imageIds: number[], method: 'newest' | 'default' = 'newest') =>
      (
        await apiData<PoseFindResult>(server, '/inspection-image/find/pose', {
          method: 'POST',
          token,
          body: { inspectionId, imageIds, method },
        })
      ).records;
    const initial = Object.fromEntries((await newest([a, b])).map((record) => [record.imageId, record.pose!]));
    expect(initial[a]).toBeTruthy();

    const context = await suite.newContext();
    await context.addInitScript((value) => localStorage.setItem('token', value), token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const field = (name: string) => page.getByTestId(`pose-field-${name}`);
    const fill = async (name: string, value: string) => {
      await field(name).fill(value);
      await field(name).blur();
    };

    // One photo: its metadata pose is the current and the initial one; the whole pose is edited.
    await page.goto(`${server.url}/poseAdjustment?inspectionId=${inspectionId}&imageIds=${a}`);
    await page.getByTestId('pose-page').waitFor();
    const current = (key: keyof ImagePose) => page.getByTestId(`pose-current-${key}`);
    await current('altitude')
      .getByText(String(Number(initial[a]!.altitude.toFixed(3))))
      .waitFor();
    await page.getByTestId('pose-current-source').getByText(ui.source.metadata, { exact: false }).waitFor();
    await page.getByTestId('pose-initial-latitude').waitFor();
    // SPEC 5: the input keeps to its range.
    await fill('latitude', '95');
    expect(Number(await field('latitude').inputValue())).toBe(90);
    await fill('latitude', '22.5');
    await fill('altitude', '150');
    await fill('yaw', '-350');
    await page.getByTestId('pose-save').click();
    await page.getByText(text(ui.single.saved, { name: NAMES[0] })).waitFor();
    await current('altitude').getByText('150', { exact: true }).waitFor();
    await current('latitude').getByText('22.5', { exact: true }).waitFor();
    // Angles are kept within (-180, 180].
    await current('yaw').getByText('10', { exact: true }).waitFor();
    await expect.poll(async () => Number(await field('yaw').inputValue())).toBe(10);
    await page.getByTestId('pose-current-source').getByText(ui.source.manual, { exact: false }).waitFor();
    await expect.poll(() => page.getByTestId('pose-history').locator('tbody tr').count()).toBe(2);
    await page.screenshot({ path: screenshotPath('pose-adjustment-single') });
    expect((await newest([a]))[0]!.pose).toMatchObject({ latitude: 22.5, altitude: 150, yaw: 10 });

    // Two photos: one offset for both.
    await page.goto(`${server.url}/poseAdjustment?inspectionId=${inspectionId}&imageIds=${a},${b}`);
    await page.getByTestId('pose-batch').waitFor();
    await page.getByText(text(ui.titleBatch, { count: 2 })).waitFor();
    await expect.poll(() => page.getByTestId('pose-batch-value').count()).toBe(2);
    await fill('north', '10');
    await fill('up', '5');
    await page.getByTestId('pose-apply').click();
    await page.getByText(text(ui.batch.applied, { count: 2 })).waitFor();
    const moved = await newest([a, b]);
    expect(moved[0]!.pose!.altitude).toBeCloseTo(155, 6);
    expect(moved[1]!.pose!.altitude).toBeCloseTo(initial[b]!.altitude + 5, 6);
    expect(moved[1]!.pose!.latitude).toBeGreaterThan(initial[b]!.latitude);
    await page
      .getByTestId('pose-batch-table')
      .getByText(new RegExp(`, ${Number((initial[b]!.altitude + 5).toFixed(2))} ·`))
      .waitFor();
    await page.screenshot({ path: screenshotPath('pose-adjustment-batch') });

    // Restore, after a confirmation: both back at their metadata pose.
    await page.getByTestId('pose-restore').click();
    await page.locator('.ant-modal-confirm-title', { hasText: ui.restore.confirmTitle }).waitFor();
    await page.getByTestId('pose-restore-ok').click();
    await page.getByText(text(ui.restore.done, { count: 2 })).waitFor();
    const restored = await newest([a, b]);
    expect(restored.map((record) => record.pose)).toEqual([initial[a], initial[b]]);
    expect(restored.map((record) => record.source)).toEqual(['metadata', 'metadata']);

    // An offset taking the photos below the ground is refused with the photo named, and changes nothing.
    await fill('up', '-10000');
    await page.getByTestId('pose-apply').click();
    const refusal = text(zh.errors.INSPECTION_IMAGE_POSE_OUT_OF_RANGE, { name: NAMES[0] });
    await page.getByTestId('pose-refusal').getByText(refusal).waitFor();
    await page.screenshot({ path: screenshotPath('pose-adjustment-refused') });
    // The light theme, same page.
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await page.getByTestId('pose-batch').waitFor();
    await page.screenshot({ path: screenshotPath('pose-adjustment-batch-light') });
    expect((await newest([a, b])).map((record) => record.pose)).toEqual([initial[a], initial[b]]);

    // A photo without pose cannot be offset: the batch says so before anything is sent.
    const stripped = ids[NAMES[2]]!;
    await page.goto(`${server.url}/poseAdjustment?inspectionId=${inspectionId}&imageIds=${a},${stripped}`);
    await page.getByTestId('pose-batch').waitFor();
    await page.getByText(text(ui.batch.withoutPose, { count: 1, names: NAMES[2] })).waitFor();
    expect(errors).toEqual([]);
  });

  it('asks for a login when opened without a session', async () => {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/poseAdjustment?inspectionId=1&imageIds=1`);
    await page.getByTestId('pose-page-sign-in').getByText(zh.pose.page.signInTitle).waitFor();
    await page.getByTestId('pose-sign-in').click();
    await page.waitForURL(/\/login$/);
  });
});
