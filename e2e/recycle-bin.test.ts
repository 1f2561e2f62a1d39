/**
 * The recycle bin in a real browser against the built product: a project deleted to the bin is
 * restored, deleted again and then deleted for good with the login password (a wrong one first);
 * batch restore and emptying the bin.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { attemptName } from './support/attempt';
import { DEMO_PASSWORD } from './support/app-server';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import {
  apiData,
  buttonName,
  callApi,
  createProject,
  logInThroughUi,
  startSnapshotServer,
  text,
  tokenOf,
  zh,
} from './support/team-api';

const skipReason = browserSkipReason('e2e/recycle-bin.test.ts');

describe.skipIf(skipReason !== null)('recycle bin', () => {
  let page: Page;
  let token: string;
  const suite = browserSuite(startSnapshotServer);

  async function signIn() {
    const context = await suite.newContext();
    page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoowner', /\/home$/);
    // The session's own token: a second login by API would force this one offline.
    token = await tokenOf(page);
  }

  /**
   * A retry finds its first attempt's projects, restored or in the bin: it names its own after the attempt and starts
   * from an empty bin, as a first attempt does (emptying an empty bin changes nothing).
   */
  const emptyBin = () =>
    apiData(suite.server, '/transaction/clean', { method: 'POST', token, body: { password: DEMO_PASSWORD } });

  const deleteProject = (id: number) => apiData(suite.server, `/project/${id}`, { method: 'DELETE', token });
  const projectExists = async (id: number) => (await callApi(suite.server, `/project/${id}`, { token })).code === 2000;
  const binRow = (name: string) => page.getByTestId('recycle-table').locator('tr', { hasText: name });

  it('restores a deleted project, then deletes it for good with the login password', async () => {
    await signIn();
    await emptyBin();
    const id = await createProject(suite.server, token, attemptName('Yangtze River Bridge'));
    await deleteProject(id);
    expect(await projectExists(id)).toBe(false);

    await page.getByTestId('side-menu').getByText(zh.menu.recycle).click();
    await page.waitForURL(/\/recycle$/);
    const row = binRow(attemptName('Yangtze River Bridge'));
    await row.getByText(zh.teamUi.recycle.kind.project).waitFor();
    await row.getByText('Demo Owner').waitFor();
    await page.getByTestId('recycle-count').getByText('1').waitFor();
    await page.screenshot({ path: screenshotPath('recycle-bin-list') });

    await row.getByTestId('recycle-restore').click();
    await page.getByText(text(zh.teamUi.recycle.restored, { count: 1 })).waitFor();
    await page.getByText(zh.teamUi.recycle.emptyState).waitFor();
    expect(await projectExists(id)).toBe(true);

    await deleteProject(id);
    await page.reload();
    await binRow(attemptName('Yangtze River Bridge')).getByTestId('recycle-delete').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(zh.teamUi.recycle.deleteContent).waitFor();
    await dialog.getByRole('button', { name: zh.teamUi.recycle.deleteForever }).click();
    await dialog.getByText(zh.validation.required).waitFor();
    await dialog.getByTestId('password-confirm-input').fill('WrongPass2026');
    await dialog.getByRole('button', { name: zh.teamUi.recycle.deleteForever }).click();
    await dialog.getByText(zh.errors.USER_PASSWORD_CHECK).waitFor();
    await page.screenshot({ path: screenshotPath('recycle-bin-password') });
    expect(await binRow(attemptName('Yangtze River Bridge')).count()).toBe(1);

    await dialog.getByTestId('password-confirm-input').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: zh.teamUi.recycle.deleteForever }).click();
    await page.getByText(text(zh.teamUi.recycle.deleted, { count: 1, size: '0 B' })).waitFor();
    await page.getByText(zh.teamUi.recycle.emptyState).waitFor();
    expect(await projectExists(id)).toBe(false);
    // Gone for good: the bin cannot bring it back.
    const total = await apiData<{ count: number }>(suite.server, '/transaction/total/size', { token });
    expect(total.count).toBe(0);
  });

  it('restores several items at once and empties the bin with the password', async () => {
    await signIn();
    await emptyBin();
    const ids = [
      await createProject(suite.server, token, attemptName('Harbour Tunnel')),
      await createProject(suite.server, token, attemptName('North Dam')),
      await createProject(suite.server, token, attemptName('Old Culvert')),
    ];
    for (const id of ids) await deleteProject(id);

    await page.goto(`${suite.server.url}/recycle`);
    await binRow(attemptName('Harbour Tunnel')).waitFor();
    await binRow(attemptName('Harbour Tunnel')).locator('input[type=checkbox]').check();
    await binRow(attemptName('North Dam')).locator('input[type=checkbox]').check();
    await page.getByTestId('recycle-restore-selected').click();
    await page.getByText(text(zh.teamUi.recycle.restored, { count: 2 })).waitFor();
    await expect.poll(() => binRow(attemptName('Harbour Tunnel')).count()).toBe(0);
    expect(await projectExists(ids[0] ?? 0)).toBe(true);
    expect(await projectExists(ids[1] ?? 0)).toBe(true);

    // Emptying deletes whatever is left in the bin (here the third project).
    const left = await apiData<{ count: number }>(suite.server, '/transaction/total/size', { token });
    await page.getByTestId('recycle-empty').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('password-confirm-input').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: buttonName(zh.teamUi.recycle.empty) }).click();
    await page.getByText(text(zh.teamUi.recycle.emptied, { count: left.count, size: '0 B' })).waitFor();
    await page.getByText(zh.teamUi.recycle.emptyState).waitFor();
    expect(await projectExists(ids[2] ?? 0)).toBe(false);
  });

  it('keeps the bin from members without the permission', async () => {
    const context = await suite.newContext();
    const viewer = await context.newPage();
    await viewer.goto(`${suite.server.url}/login`);
    await logInThroughUi(viewer, 'demoviewer', /\/home$/);
    expect(await viewer.getByTestId('side-menu').getByText(zh.menu.recycle).count()).toBe(0);
    // The server refuses the call too.
    const answer = await callApi(suite.server, '/transaction', { token: await tokenOf(viewer) });
    expect(answer.msg).toBe('NO_AUTH');
  });
});
