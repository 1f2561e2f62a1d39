/**
 * Inspections in a real browser against the built product: the demo team's administrator imports a camera file
 * (a bad one first, refused row by row), creates an inspection with an image group (after the shared rules refuse
 * a group name of 11 characters and a photo distance of 0), edits it, opens its detail, deletes it and finds it in
 * the recycle bin; a viewer reads the list without the create button.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chooseOption } from './support/antd';
import { browserSkipReason, screenshotPath } from './support/browser';
import { attemptName } from './support/attempt';
import { browserSuite } from './support/browser-suite';
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

const skipReason = browserSkipReason('e2e/inspection.test.ts');

const HEADER = 'model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx';
const GOOD_CSV = `${HEADER}\nM3E,17.3,13,12.29,5280,3956\nZH20T,7.6,5.7,4.5,5184,3888\n`;
/** Row 2 (counted from 1) has a focal length of 0. */
const BAD_CSV = `${HEADER}\nM3E,17.3,13,12.29,5280,3956\nBAD1,7.6,5.7,0,5184,3888\n`;

const ui = zh.inspectionUi;

describe.skipIf(skipReason !== null)('inspections', () => {
  const suite = browserSuite(startSnapshotServer);
  let projectId = 0;
  let projectName = '';

  async function signIn(account: string, query: string | null = null): Promise<Page> {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, account, /\/home$/);
    if (query !== null) await page.goto(`${suite.server.url}/inspection${query}`);
    return page;
  }

  /**
   * Saves the open form dialog. By the OK button's place rather than its name: after a refused save, the button's
   * loading icon can linger in its leave animation on a loaded machine, and its accessible name then starts with
   * "loading".
   */
  const saveDialog = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal-footer .ant-btn-primary').click();

  it('imports cameras, creates, edits, opens and deletes an inspection to the recycle bin', async () => {
    // A project the viewer is a member of, made by the administrator with the page's own session (a second
    // login by API would force it offline).
    const page = await signIn('demoadmin');
    const adminToken = await tokenOf(page);
    const members = await apiData<Array<{ userId: number; name: string }>>(suite.server, '/team-client/users', {
      token: adminToken,
    });
    const viewerId = members.find((member) => member.name === 'Demo Viewer')?.userId;
    expect(viewerId).toBeDefined();
    projectName = attemptName('Inspection Bridge');
    // Names in the recycle bin, which a retry shares with its first attempt.
    const inspection = attemptName('Spring 2026');
    const renamed = `${inspection} north`;
    projectId = await createProject(suite.server, adminToken, projectName, { memberIds: [viewerId] });

    // From the project's card on the home page to its inspections.
    await page.reload();
    await page
      .locator(`[data-testid="project-card"][data-project-id="${projectId}"]`)
      .getByTestId('project-inspections')
      .click();
    await page.waitForURL(new RegExp(`/inspection\\?projectId=${projectId}$`));
    await page.getByTestId('inspection-list-page').waitFor();
    await page.getByTestId('inspection-empty').waitFor();
    await page.getByText(ui.list.empty).waitFor();

    // Cameras: a bad file is refused row by row and imports nothing; the good one is listed.
    // The team's cameras outlive an attempt: a retry's import replaces the ones its first attempt added.
    const known = await apiData<Array<{ model: string }>>(suite.server, '/camera-param/list', { token: adminToken });
    const kept = known.filter((camera) => ['M3E', 'ZH20T'].includes(camera.model)).length;
    await page.getByTestId('inspection-cameras').click();
    const cameras = page.getByTestId('camera-params');
    await cameras.waitFor();
    const fileInput = cameras.locator('input[type=file]');
    await fileInput.setInputFiles({ name: 'cameras.csv', mimeType: 'text/csv', buffer: Buffer.from(BAD_CSV) });
    const problems = cameras.getByTestId('camera-import-problems');
    await problems
      .getByText(text(ui.camera.rowIssue, { row: 2, field: 'focalLengthMm', message: zh.validation.invalidValue }))
      .waitFor();
    expect(await cameras.getByTestId('camera-table').getByText('BAD1').count()).toBe(0);
    await page.screenshot({ path: screenshotPath('inspection-camera-errors') });
    await fileInput.setInputFiles({ name: 'cameras.csv', mimeType: 'text/csv', buffer: Buffer.from(GOOD_CSV) });
    await page.getByText(text(ui.camera.imported, { added: 2 - kept, updated: kept })).waitFor();
    await cameras.getByTestId('camera-table').getByText('ZH20T').waitFor();
    expect(await problems.count()).toBe(0);
    await page.getByTestId('camera-close').click();

    // Create with one group: the shared rules first refuse an 11-character name and a distance of 0.
    await page.getByTestId('inspection-create').click();
    const dialog = page.getByRole('dialog');
    const form = dialog.getByTestId('inspection-form');
    await form.getByTestId('inspection-name').fill(inspection);
    await form.getByTestId('inspection-add-group').click();
    const row = form.getByTestId('inspection-group-row');
    await row.getByTestId('group-name').fill('ABCDEFGHIJK');
    await chooseOption(page, row.getByTestId('group-camera'), 'M3E');
    await row.getByTestId('group-distance').fill('0');
    await saveDialog(page);
    await row.getByText(text(zh.validation.tooLong, { max: 10 })).waitFor();
    await row.getByText(zh.validation.invalidValue).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-group-validation') });
    await row.getByTestId('group-name').fill('North');
    await row.getByTestId('group-distance').fill('12');
    await saveDialog(page);
    await page.getByText(text(ui.form.created, { name: inspection })).waitFor();
    const table = page.getByTestId('inspection-table');
    const listRow = table.locator('tr', { hasText: inspection });
    await listRow.waitFor();
    await listRow.getByText('1', { exact: true }).waitFor();

    // Edit the name.
    await listRow.getByTestId('inspection-edit').click();
    await dialog.getByTestId('inspection-name').fill(renamed);
    await saveDialog(page);
    await page.getByText(text(ui.form.saved, { name: renamed })).waitFor();
    const edited = table.locator('tr', { hasText: renamed });
    await edited.waitFor();
    await page.screenshot({ path: screenshotPath('inspection-list') });

    // The detail: fields, the group tree, no photos yet; a second group with the same name is refused.
    await edited.getByTestId('inspection-open').click();
    await page.waitForURL(/\/inspection\/\d+$/);
    const detail = page.getByTestId('inspection-detail');
    await detail.getByTestId('inspection-title').getByText(renamed).waitFor();
    await detail.getByText(projectName).waitFor();
    const tree = detail.getByTestId('image-group-tree');
    await tree.getByText('North', { exact: true }).waitFor();
    await tree.getByText(/M3E/).waitFor();
    await detail.getByTestId('inspection-no-photos').getByText(ui.detail.noPhotos).waitFor();
    await detail.getByTestId('image-group-add').click();
    const groupForm = dialog.getByTestId('image-group-form');
    await groupForm.getByTestId('group-name').fill('North');
    await chooseOption(page, groupForm.getByTestId('group-camera'), 'ZH20T');
    await groupForm.getByTestId('group-distance').fill('8');
    await saveDialog(page);
    await groupForm.getByText(text(zh.errors.INSPECTION_IMAGE_GROUP_NAME_EXISTING, { name: 'North' })).waitFor();
    await groupForm.getByTestId('group-name').fill('South');
    await saveDialog(page);
    await page.getByText(text(ui.group.created, { name: 'South' })).waitFor();
    await tree.getByText('South', { exact: true }).waitFor();
    await page.screenshot({ path: screenshotPath('inspection-detail') });

    // A second inspection stays for the viewer; made on the administrator's behalf.
    const token = await tokenOf(page);
    await apiData(suite.server, '/inspection-task/add', {
      method: 'POST',
      token,
      body: { projectId, name: 'Autumn 2026', inspectionDate: '2026-10-01' },
    });

    // Delete to the recycle bin, and find it there.
    await detail.getByTestId('inspection-back').click();
    await page.waitForURL(new RegExp(`/inspection\\?projectId=${projectId}$`));
    await table.locator('tr', { hasText: renamed }).getByTestId('inspection-delete').click();
    await page.getByText(ui.list.deleteContent).waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: buttonName(ui.list.delete) })
      .click();
    await page.getByText(text(ui.list.deleted, { name: renamed })).waitFor();
    await expect.poll(() => table.locator('tr', { hasText: renamed }).count()).toBe(0);
    await table.locator('tr', { hasText: 'Autumn 2026' }).waitFor();

    await page.getByTestId('side-menu').getByText(zh.menu.recycle).click();
    await page.waitForURL(/\/recycle$/);
    const binRow = page.getByTestId('recycle-table').locator('tr', { hasText: renamed });
    await binRow.getByText(zh.teamUi.recycle.kind.inspection).waitFor();
  });

  it('lets a viewer read the list without the create button', async () => {
    expect(projectId).toBeGreaterThan(0);
    const page = await signIn('demoviewer', `?projectId=${projectId}`);
    const table = page.getByTestId('inspection-table');
    await table.locator('tr', { hasText: 'Autumn 2026' }).waitFor();
    expect(await page.getByTestId('inspection-create').count()).toBe(0);
    expect(await table.getByTestId('inspection-edit').count()).toBe(0);
    expect(await table.getByTestId('inspection-delete').count()).toBe(0);
    // The cameras are readable, without the import.
    await page.getByTestId('inspection-cameras').click();
    await page.getByTestId('camera-table').getByText('M3E').waitFor();
    expect(await page.getByTestId('camera-import').count()).toBe(0);
  });
});
