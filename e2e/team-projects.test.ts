/**
 * Who sees which project, and the storage warning, in a real browser against the built product: the
 * owner grants an inspector one project in the member's project authorization and takes it back, and
 * the inspector's home follows; a user who administers two teams hands a project (cover included) from
 * one to the other; a team at 90 % of its storage is warned in Team settings and on the model upload,
 * and no longer once it is below.
 *
 * The server runs on a database of its own on the machine's PostgreSQL, so that the storage journey can
 * set the team's storage counter as fixture: reaching 90 % of even a 1 GB maximum through uploads would
 * take minutes, and nothing in the product lowers a maximum below 1 GB (a sales manager's upgrade takes
 * whole gigabytes). Without PostgreSQL that journey is skipped and the others run on the embedded one.
 */
import type { Locator, Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { attemptName, attemptPhone } from './support/attempt';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { createScratchDatabase, postgresAnswers, type ScratchDatabase } from './support/postgres';
import {
  apiData,
  buttonName,
  createProject,
  deleteTeamProjects,
  logInByApi,
  logInThroughUi,
  registerUser,
  startSnapshotServer,
  text,
  tokenOf,
  zh,
} from './support/team-api';

const GIB = 1024 ** 3;
const COVER_WIDTH = 64;

const skipReason = browserSkipReason('e2e/team-projects.test.ts');
const postgresReady = skipReason === null && (await postgresAnswers());
if (skipReason === null && !postgresReady) {
  console.warn(
    'e2e/team-projects.test.ts: no PostgreSQL answers (127.0.0.1:5432, or TEST_POSTGRES_URL): the storage journey is skipped',
  );
}

/** A small PNG, a cover the server accepts (it reads the type from the bytes). */
function coverPng(): Blob {
  const png = new PNG({ width: COVER_WIDTH, height: 40 });
  png.data.fill(200);
  return new Blob([new Uint8Array(PNG.sync.write(png))], { type: 'image/png' });
}

describe.skipIf(skipReason !== null)('project access across members and teams, and the storage warning', () => {
  let database: ScratchDatabase | null = null;
  const suite = browserSuite(async () => {
    if (postgresReady) database = await createScratchDatabase();
    const server = await startSnapshotServer(database ? { DATABASE_URL: database.url } : {});
    // The database goes with the server, once nothing uses it any more.
    return {
      ...server,
      async stop() {
        await server.stop();
        await database?.drop();
      },
    };
  });

  /** A user signed in through the login form in a browser of their own, on their home page. */
  async function signedIn(identifier: string, password?: string): Promise<Page> {
    const context = await suite.newContext();
    const page = await context.newPage();
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, identifier, /\/home$/, password);
    return page;
  }

  /** The names on the home page's project cards, in their order. */
  const projectNames = (page: Page) =>
    page
      .getByTestId('project-card')
      .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-project-name')));
  const projectCard = (page: Page, name: string) =>
    page.locator(`[data-testid="project-card"][data-project-name="${name}"]`);

  async function switchTeam(page: Page, name: string) {
    await page.getByTestId('team-switcher').click();
    await page.getByRole('menuitem', { name }).click();
    await page.getByText(text(zh.ui.header.teamSwitched, { team: name })).waitFor();
    await expect.poll(() => page.getByTestId('team-name').textContent()).toBe(name);
    await page.waitForURL(/\/home$/);
  }

  /**
   * Opens a member's project authorization from their row. Its transfer lists the team's projects on
   * the left and the member's on the right; `move` clicks a project on one side and sends it across.
   */
  async function openMemberProjects(page: Page, member: string) {
    await page.getByTestId('members-table').locator('tr', { hasText: member }).getByTestId('member-projects').click();
    const dialog = page.getByRole('dialog').filter({ hasText: text(zh.teamUi.projects.title, { name: member }) });
    const available = dialog.locator('.ant-transfer-section').first();
    const assigned = dialog.locator('.ant-transfer-section').last();
    const titles = (side: Locator) =>
      side.locator('li').evaluateAll((items) => items.map((item) => item.getAttribute('title')));
    const move = async (project: string, to: 'assigned' | 'available') => {
      const [from, target] = to === 'assigned' ? [available, assigned] : [assigned, available];
      await from.getByTitle(project, { exact: true }).click();
      await dialog
        .locator('.ant-transfer-actions button')
        .nth(to === 'assigned' ? 0 : 1)
        .click();
      await target.getByTitle(project, { exact: true }).waitFor();
    };
    const save = async () => {
      await dialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
      await page.getByText(text(zh.teamUi.projects.saved, { name: member })).waitFor();
      await dialog.waitFor({ state: 'hidden' });
    };
    await available.locator('li').first().waitFor();
    return { dialog, available, assigned, titles, move, save };
  }

  it("grants an inspector one project and takes it back; the inspector's home follows", async () => {
    const owner = await signedIn('demoowner');
    const token = await tokenOf(owner);
    // Only this attempt's projects in the team: a retry's first attempt left its own (and perhaps its grant).
    await deleteTeamProjects(suite.server, token);
    const granted = attemptName('Jurisdiction Bridge');
    const withheld = attemptName('Withheld Tunnel');
    await createProject(suite.server, token, granted);
    await createProject(suite.server, token, withheld);

    // An inspector sees only the projects granted to them: none yet.
    const inspector = await signedIn('demoinspector');
    await inspector.getByTestId('no-projects').waitFor();

    await owner.goto(`${suite.server.url}/team/members`);
    const grant = await openMemberProjects(owner, 'Demo Inspector');
    expect((await grant.titles(grant.available)).sort()).toEqual([granted, withheld]);
    expect(await grant.titles(grant.assigned)).toEqual([]);
    await grant.move(granted, 'assigned');
    await owner.screenshot({ path: screenshotPath('team-member-projects-granted') });
    await grant.save();

    await inspector.reload();
    await inspector.getByTestId('project-list').waitFor();
    expect(await projectNames(inspector)).toEqual([granted]);
    await inspector.screenshot({ path: screenshotPath('team-projects-inspector-home') });

    // The dialog opens on what the member holds; sending it back takes the project away.
    const withdraw = await openMemberProjects(owner, 'Demo Inspector');
    expect(await withdraw.titles(withdraw.assigned)).toEqual([granted]);
    await withdraw.move(granted, 'available');
    await withdraw.save();

    await inspector.reload();
    await inspector.getByTestId('no-projects').waitFor();
    expect(await projectNames(inspector)).toEqual([]);
  });

  it('hands a project and its cover over to another team its user administers', async () => {
    const password = 'TwoTeams2026';
    // Phones of the attempt's own: a retry registers new users, with teams of their own.
    const chenPhone = attemptPhone('13700000011');
    const harbourPhone = attemptPhone('13700000012');
    await registerUser(suite.server, chenPhone, 'Chen Two Teams', password);
    await registerUser(suite.server, harbourPhone, 'Harbour Works', password);
    // Each new user owns a team named after them. Chen joins Harbour Works' team by invitation and is
    // made its administrator, which lets Chen hand projects over to it.
    const chen = await logInByApi(suite.server, chenPhone, password);
    const harbour = await logInByApi(suite.server, harbourPhone, password);
    const form = new FormData();
    form.append('file', coverPng(), 'cover.png');
    const { coverUrl } = await apiData<{ coverUrl: string }>(suite.server, '/project/cover', {
      method: 'POST',
      token: chen,
      form,
    });
    await createProject(suite.server, chen, 'Pearl River Bridge', { coverUrl });
    const link = await apiData<{ sid: string; password: string }>(suite.server, '/team-client/invitation-link', {
      method: 'POST',
      token: harbour,
      body: { passwordMode: 'random', validityDays: 1, roleId: 'ROLE_TEAM_VIEWER' },
    });
    await apiData(suite.server, '/team-client/join', {
      method: 'POST',
      token: chen,
      query: { sid: link.sid, password: link.password },
    });
    const members = await apiData<Array<{ userId: number; name: string }>>(suite.server, '/team-client/users', {
      token: harbour,
    });
    await apiData(suite.server, '/team-client/user-role', {
      method: 'PUT',
      token: harbour,
      body: { userId: members.find((member) => member.name === 'Chen Two Teams')?.userId, roleId: 'ROLE_TEAM_ADMIN' },
    });
    // Joining made the new team Chen's current one; the project is in Chen's own.
    const teams = await apiData<Array<{ teamId: number; teamName: string }>>(suite.server, '/team-client/teams', {
      token: chen,
    });
    const own = teams.find((team) => team.teamName === 'Chen Two Teams');
    await apiData(suite.server, `/role-menu/changeTeam/${own?.teamId}`, { token: chen });

    const page = await signedIn(chenPhone, password);
    await expect.poll(() => page.getByTestId('team-name').textContent()).toBe('Chen Two Teams');
    await projectCard(page, 'Pearl River Bridge').getByTestId('project-more').click();
    await page.getByRole('menuitem', { name: zh.projectUi.card.handover }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('handover-team').click();
    await page.locator('.ant-select-item-option[title="Harbour Works"]').click();
    await dialog
      .getByText(text(zh.projectUi.handover.warning, { name: 'Pearl River Bridge', team: 'Harbour Works' }))
      .waitFor();
    await page.screenshot({ path: screenshotPath('team-project-handover') });
    await dialog.getByTestId('handover-confirm').click();
    await page
      .getByText(text(zh.projectUi.handover.done, { name: 'Pearl River Bridge', team: 'Harbour Works' }))
      .waitFor();
    // Gone from the team that had it, without a reload.
    await page.getByTestId('no-projects').waitFor();

    await switchTeam(page, 'Harbour Works');
    const moved = projectCard(page, 'Pearl River Bridge');
    await moved.waitFor();
    expect(await projectNames(page)).toEqual(['Pearl River Bridge']);
    // The cover came along: it loads from the new team's files.
    await expect
      .poll(() => moved.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(COVER_WIDTH);
    await page.screenshot({ path: screenshotPath('team-project-handed-over') });

    await switchTeam(page, 'Chen Two Teams');
    await page.getByTestId('no-projects').waitFor();
  });

  it.skipIf(!postgresReady)('warns from 90 % of the team storage used, and stops below', async () => {
    if (!database) throw new Error('no database to set the storage counter in');
    const db = database;
    const page = await signedIn('demoowner');
    const token = await tokenOf(page);
    const projectId = await createProject(suite.server, token, attemptName('Storage Viaduct'));
    const team = await apiData<{ teamId: number; teamVolumeMax: number }>(suite.server, '/team-client/details', {
      token,
    });
    // What uploads would have counted: the share of the team's maximum in bytes.
    const useShare = (share: number) =>
      db.query('update teams set volume_used_bytes = $1 where id = $2', [
        Math.ceil(team.teamVolumeMax * GIB * share),
        team.teamId,
      ]);
    const storage = page.getByTestId('team-storage');
    const warning = page.getByTestId('storage-almost-full');
    const uploadStorage = (used: string) =>
      page
        .getByTestId('upload-card')
        .getByText(text(zh.projectUi.upload.storage, { used, max: `${team.teamVolumeMax} GB` }));
    const modelStep = `${suite.server.url}/home/projects/${projectId}/edit?step=model`;

    await useShare(0.9);
    await page.goto(`${suite.server.url}/team/settings`);
    await storage.getByText(text(zh.teamUi.settings.storageAlmostFull, { percent: 90 })).waitFor();
    await storage.screenshot({ path: screenshotPath('team-storage-almost-full') });
    // The model upload, where new bytes would go, warns too.
    await page.goto(modelStep);
    await uploadStorage('90 GB').waitFor();
    await warning.getByText(zh.projectUi.upload.almostFull).waitFor();
    await page.screenshot({ path: screenshotPath('project-upload-storage-almost-full') });

    // Below 90 % (some bytes freed), neither place warns.
    await useShare(0.89);
    await page.goto(`${suite.server.url}/team/settings`);
    await storage.getByText(zh.teamUi.settings.storageHint).waitFor();
    expect(await warning.count()).toBe(0);
    await page.goto(modelStep);
    await uploadStorage('89 GB').waitFor();
    expect(await warning.count()).toBe(0);
  });
});
