/**
 * Team management in a real browser against the built product: the owner invites by link, a
 * second user is blocked after five wrong invite passwords, a third joins, the owner changes the
 * newcomer's role and removes them; local users; team settings; notices live on the event stream;
 * feedback; the licence page of the hosted service.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { attemptName, attemptPhone } from './support/attempt';
import { DEMO_PASSWORD } from './support/app-server';
import { browserSkipReason, screenshotPath } from './support/browser';
import { browserSuite } from './support/browser-suite';
import { apiData, buttonName, logInThroughUi, registerUser, startSnapshotServer, text, zh } from './support/team-api';

const skipReason = browserSkipReason('e2e/team.test.ts');

describe.skipIf(skipReason !== null)('team management', () => {
  const suite = browserSuite(startSnapshotServer);

  async function newPage(): Promise<Page> {
    const context = await suite.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: suite.server.url });
    return context.newPage();
  }

  async function ownerOn(path: string): Promise<Page> {
    const page = await newPage();
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoowner', /\/home$/);
    await page.goto(`${suite.server.url}${path}`);
    return page;
  }

  const memberRow = (page: Page, name: string) => page.getByTestId('members-table').locator('tr', { hasText: name });

  it('invites by link: five wrong passwords block, the right one joins; role change and removal', async () => {
    const password = 'Joiner2026';
    // New users of the attempt's own: a retry's first attempt registered (and may have left in the team) its own.
    const guesserPhone = attemptPhone('13700000001');
    const joinerPhone = attemptPhone('13700000002');
    const newcomer = attemptName('Li Newcomer');
    await registerUser(suite.server, guesserPhone, attemptName('Wrong Guesser'), password);
    await registerUser(suite.server, joinerPhone, newcomer, password);

    // The owner creates a link in the UI and reads its address and password.
    const owner = await ownerOn('/team/members');
    await owner.getByTestId('members-page').waitFor();
    // The owner's row explains why it has no actions.
    await memberRow(owner, 'Demo Owner').getByTestId('owner-fixed').waitFor();
    expect(await memberRow(owner, 'Demo Owner').getByTestId('member-remove').count()).toBe(0);
    await owner.getByTestId('invite-open').click();
    const dialog = owner.getByRole('dialog');
    // A retry finds the link its first attempt made live: it asks for a new one, as an owner would.
    await dialog.getByTestId('invite-form').or(dialog.getByTestId('invite-link-view')).waitFor();
    if (await dialog.getByTestId('invite-link-view').isVisible()) await dialog.getByTestId('invite-renew').click();
    await dialog.getByTestId('invite-form').waitFor();
    await dialog.getByText(zh.teamUi.invite.mode.custom).click();
    await dialog.getByTestId('invite-custom-password').fill('a!');
    await dialog.getByTestId('invite-create').click();
    await dialog.getByText(zh.validation.invitePasswordFormat).waitFor();
    await dialog.getByText(zh.teamUi.invite.mode.random).click();
    await dialog.getByTestId('invite-create').click();
    const url = (await dialog.getByTestId('invite-url').textContent()) ?? '';
    const invitePassword = (await dialog.getByTestId('invite-password').textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${suite.server.url}/invite\\?sid=.+`));
    expect(invitePassword).toMatch(/^[A-Za-z0-9]{6}$/);
    await dialog.getByTestId('invite-copy-all').click();
    await owner.getByText(zh.ui.common.copied).waitFor();
    expect(await owner.evaluate(() => navigator.clipboard.readText())).toContain(invitePassword);
    await owner.screenshot({ path: screenshotPath('team-invite-link') });
    await owner.keyboard.press('Escape');

    // A second user opens the link, signs in, comes back to the invite and guesses wrong five times.
    const guesser = await newPage();
    await guesser.goto(url);
    await guesser.waitForURL(/\/login\?sid=/);
    await logInThroughUi(guesser, guesserPhone, /\/invite\?sid=/, password);
    await guesser.getByTestId('invite-team-name').getByText('Demo').waitFor();
    await guesser.getByTestId('invite-inviter').getByText('Demo Owner').waitFor();
    for (let remaining = 4; remaining >= 1; remaining--) {
      await guesser.getByTestId('invite-join-password').fill(`wrong${remaining}`);
      await guesser.getByTestId('invite-join').click();
      await guesser.getByText(text(zh.errors.TEAM_INVITATION_CODE_INVALID, { count: remaining })).waitFor();
    }
    await guesser.getByTestId('invite-join-password').fill('wrong0');
    await guesser.getByTestId('invite-join').click();
    await guesser.getByTestId('invite-blocked').getByText(zh.errors.TEAM_USER_JOIN_COUNT_LIMIT).waitFor();
    expect(await guesser.getByTestId('invite-join').isDisabled()).toBe(true);
    // Even the right password is refused for the hour.
    await guesser.reload();
    await guesser.getByTestId('invite-join-password').fill(invitePassword);
    await guesser.getByTestId('invite-join').click();
    await guesser.getByTestId('invite-blocked').waitFor();
    await guesser.screenshot({ path: screenshotPath('team-invite-blocked') });

    // A third user joins with the right password and lands in the team.
    const joiner = await newPage();
    await joiner.goto(url);
    await joiner.waitForURL(/\/login\?sid=/);
    await logInThroughUi(joiner, joinerPhone, /\/invite\?sid=/, password);
    await joiner.getByTestId('invite-join-password').fill(invitePassword);
    await joiner.getByTestId('invite-join').click();
    await joiner.getByTestId('invite-joined').waitFor();
    await joiner.getByTestId('invite-enter').click();
    await joiner.waitForURL(/\/home$/);
    await expect.poll(() => joiner.getByTestId('team-name').textContent()).toBe('Demo');
    // Opening the link again says the user is already a member.
    await joiner.goto(url);
    await joiner.getByTestId('invite-already-member').waitFor();

    // The joiner belongs to two teams now: the header switches between them.
    await joiner.goto(`${suite.server.url}/home`);
    await joiner.getByTestId('team-switcher').click();
    await joiner.getByRole('menuitem', { name: new RegExp(newcomer) }).click();
    await expect.poll(() => joiner.getByTestId('team-name').textContent()).toMatch(new RegExp(newcomer));
    await joiner.getByTestId('team-switcher').click();
    await joiner.getByRole('menuitem', { name: 'Demo' }).click();
    await expect.poll(() => joiner.getByTestId('team-name').textContent()).toBe('Demo');

    // The owner sees the newcomer as a viewer, makes them an inspector, then removes them.
    await owner.reload();
    const row = memberRow(owner, newcomer);
    await row.getByText(zh.role.ROLE_TEAM_VIEWER).waitFor();
    await row.getByTestId('member-change-role').click();
    const roleDialog = owner.getByRole('dialog');
    await roleDialog.getByTestId('member-role-select').click();
    await owner.locator(`.ant-select-item-option[title="${zh.role.ROLE_TEAM_INSPECTOR}"]`).click();
    // A temporary member needs an expiry.
    await roleDialog.getByText(zh.memberType.temporary).click();
    await roleDialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await roleDialog.getByText(zh.validation.required).waitFor();
    await roleDialog.getByText(zh.memberType.full).click();
    await roleDialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await owner.getByText(text(zh.teamUi.members.roleChanged, { name: newcomer })).waitFor();
    await row.getByText(zh.role.ROLE_TEAM_INSPECTOR).waitFor();
    await owner.screenshot({ path: screenshotPath('team-members') });

    await row.getByTestId('member-remove').click();
    const confirm = owner
      .getByRole('dialog')
      .filter({ hasText: text(zh.teamUi.members.removeTitle, { name: newcomer }) });
    await confirm.getByRole('button', { name: buttonName(zh.teamUi.members.remove) }).click();
    await owner.getByText(text(zh.teamUi.members.removed, { name: newcomer })).waitFor();
    await expect.poll(() => memberRow(owner, newcomer).count()).toBe(0);

    // The removed member's open page hears it on the event stream and moves to their own team.
    await joiner.getByText(text(zh.teamUi.events.removed, { team: 'Demo' })).waitFor({ timeout: 15_000 });
    await expect.poll(() => joiner.getByTestId('team-name').textContent()).toMatch(new RegExp(newcomer));
  });

  it('says when copying an invitation link that has expired', async () => {
    const page = await newPage();
    await page.clock.install();
    await page.goto(`${suite.server.url}/login`);
    await logInThroughUi(page, 'demoadmin', /\/home$/);
    await page.goto(`${suite.server.url}/team/members`);
    await page.getByTestId('invite-open').click();
    const dialog = page.getByRole('dialog');
    // The live link, or a new one of one day.
    const form = dialog.getByTestId('invite-form');
    await Promise.race([form.waitFor(), dialog.getByTestId('invite-link-view').waitFor()]);
    if (await form.isVisible()) {
      await dialog.getByTestId('invite-validity').fill('1');
      await dialog.getByTestId('invite-create').click();
    }
    await dialog.getByTestId('invite-link-view').waitFor();
    const expires = Date.parse(((await dialog.getByTestId('invite-expires').textContent()) ?? '').replace(' ', 'T'));
    await page.clock.setSystemTime(new Date(expires + 24 * 3600 * 1000));
    await dialog.getByTestId('invite-copy-url').click();
    await page.getByText(zh.teamUi.invite.copyExpired).waitFor();
  });

  it('creates, edits and deletes local users with the login password', async () => {
    // An account of the attempt's own: a retry's first attempt may have left its user.
    const account = attemptName('zhaosite01', '');
    const page = await ownerOn('/team/users');
    await page.getByTestId('local-users-page').waitFor();
    await page.getByTestId('local-user-create').click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('#account').fill('short');
    await dialog.locator('#password').fill('Site2026x');
    await dialog.locator('#confirmPassword').fill('Site2026y');
    await dialog.locator('#name').fill('Zhao Site');
    await dialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await dialog.getByText(zh.validation.accountFormat).waitFor();
    await dialog.getByText(zh.validation.passwordMismatch).waitFor();
    await dialog.locator('#account').fill(account);
    await dialog.locator('#confirmPassword').fill('Site2026x');
    await dialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await page.getByText(text(zh.teamUi.localUsers.created, { name: 'Zhao Site' })).waitFor();
    const row = page.getByTestId('local-users-table').locator('tr', { hasText: account });
    await row.getByText(zh.role.ROLE_TEAM_VIEWER).waitFor();

    // The new account logs in with its password.
    const local = await newPage();
    await local.goto(`${suite.server.url}/login`);
    await logInThroughUi(local, account, /\/home$/, 'Site2026x');

    // A blank password on edit keeps the old one. The team has its administrator: that role is not offered.
    await row.getByTestId('local-user-edit').click();
    await dialog.getByText(zh.teamUi.members.adminByHandover).waitFor();
    await dialog.getByTestId('local-user-role').click();
    await page.locator(`.ant-select-item-option-disabled[title="${zh.role.ROLE_TEAM_ADMIN}"]`).waitFor();
    await dialog.getByTestId('local-user-role').click();
    await dialog.locator('#name').fill('Zhao Site Lead');
    await dialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await page.getByText(text(zh.teamUi.localUsers.saved, { name: 'Zhao Site Lead' })).waitFor();
    await page.screenshot({ path: screenshotPath('team-local-users') });

    // A new password sends the user's open page to login, saying why.
    await row.getByTestId('local-user-edit').click();
    await dialog.locator('#password').fill('Site2027x');
    await dialog.locator('#confirmPassword').fill('Site2027x');
    await dialog.getByRole('button', { name: buttonName(zh.ui.common.save) }).click();
    await local.waitForURL(/\/login$/);
    await local.getByText(zh.ui.session.offline.PASSWORD_CHANGED).waitFor();
    await logInThroughUi(local, account, /\/home$/, 'Site2027x');

    // Batch deletion asks for the caller's login password; a wrong one shows on the field.
    await row.locator('input[type=checkbox]').check();
    await page.getByTestId('local-users-delete').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByTestId('password-confirm-input').fill('NotMyPassword1');
    await confirm.getByRole('button', { name: buttonName(zh.teamUi.localUsers.delete) }).click();
    await confirm.getByText(zh.errors.USER_PASSWORD_CHECK).waitFor();
    await confirm.getByTestId('password-confirm-input').fill(DEMO_PASSWORD);
    await confirm.getByRole('button', { name: buttonName(zh.teamUi.localUsers.delete) }).click();
    await page.getByText(text(zh.teamUi.localUsers.deleted, { count: 1 })).waitFor();
    await expect.poll(() => row.count()).toBe(0);
    await local.waitForURL(/\/login$/);
    await local.getByText(zh.ui.session.offline.USER_DELETED).waitFor();
  });

  it('shows and renames the team, its storage and membership features', async () => {
    const page = await ownerOn('/team/settings');
    await page.getByTestId('team-settings').waitFor();
    await page.getByTestId('team-owner').getByText('Demo Owner').waitFor();
    await page.getByTestId('team-member-usage').waitFor();
    await page.getByTestId('team-storage-progress').waitFor();
    await page.getByTestId('function-base').getByText(zh.teamFunction.status.active).waitFor();
    await page.getByTestId('function-ai_screening').getByText(zh.teamFunction.status.not_activated).waitFor();
    await page.getByTestId('team-name-input').fill('Demo Bridges');
    await page.getByTestId('team-rename-save').click();
    await page.getByText(zh.teamUi.settings.renamed).waitFor();
    await expect.poll(() => page.getByTestId('team-name').textContent()).toBe('Demo Bridges');
    await page.screenshot({ path: screenshotPath('team-settings'), fullPage: true });
    await page.getByTestId('team-name-input').fill('Demo');
    await page.getByTestId('team-rename-save').click();
    await expect.poll(() => page.getByTestId('team-name').textContent()).toBe('Demo');
  });

  it('sends a notice that arrives live, is read, read by type and deleted by type', async () => {
    const viewer = await newPage();
    await viewer.goto(`${suite.server.url}/login`);
    await logInThroughUi(viewer, 'demoviewer', /\/home$/);
    await viewer.getByTestId('notice-bell').waitFor();

    const admin = await newPage();
    await admin.goto(`${suite.server.url}/login`);
    await logInThroughUi(admin, 'demoadmin', /\/home$/);
    await admin.goto(`${suite.server.url}/notice`);
    await admin.getByTestId('notice-send-open').click();
    const dialog = admin.getByRole('dialog');
    await dialog.getByRole('button', { name: buttonName(zh.teamUi.notice.send) }).click();
    await dialog.getByText(zh.validation.required).first().waitFor();
    // A title of the attempt's own: the viewer keeps a retry's first attempt's notice, read.
    const title = attemptName('Bridge inspection Monday');
    await dialog.locator('#title').fill(title);
    await dialog.locator('#content').fill('Meet at the north abutment at 9:00.');
    await dialog.getByRole('button', { name: buttonName(zh.teamUi.notice.send) }).click();
    await admin.getByText(text(zh.teamUi.notice.sent, { count: 4 })).waitFor();

    // The viewer's bell counts it without a reload, and the tip card lists it.
    await viewer.getByTestId('notice-badge').getByText('1').waitFor({ timeout: 15_000 });
    await viewer.getByTestId('notice-bell').click();
    await viewer.getByTestId('notice-tip-card').getByText(title).click();
    await viewer.waitForURL(/\/notice\?id=\d+$/);
    await viewer.getByTestId('notice-detail').getByText('Meet at the north abutment at 9:00.').waitFor();
    await viewer.screenshot({ path: screenshotPath('team-notice-detail') });
    await viewer.keyboard.press('Escape');
    await expect.poll(() => viewer.getByTestId('notice-badge').locator('sup').count()).toBe(0);

    // The admin reads the type at once, then deletes it.
    await admin.reload();
    await admin.getByTestId('notice-tab-team').click();
    await admin.getByTestId('notice-read-all').click();
    await admin.getByText(text(zh.teamUi.notice.readAllDone, { count: 1 })).waitFor();
    await admin.getByTestId('notice-delete-type').click();
    await admin.getByRole('dialog').getByRole('button', { name: zh.teamUi.notice.deleteType }).click();
    await admin.getByText(text(zh.teamUi.notice.deleteTypeDone, { count: 1 })).waitFor();
    await admin.getByText(zh.teamUi.notice.empty).waitFor();
  });

  it('sends feedback from the user menu, never empty', async () => {
    const page = await ownerOn('/home');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: zh.teamUi.feedback.menu }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('feedback-content').fill('   ');
    await dialog.getByRole('button', { name: buttonName(zh.ui.common.submit) }).click();
    await dialog.getByText(zh.validation.required).waitFor();
    await dialog.getByText(zh.teamUi.feedback.types.bug).click();
    await dialog.getByTestId('feedback-content').fill('The inspection list does not remember my filter.');
    await dialog.getByRole('button', { name: buttonName(zh.ui.common.submit) }).click();
    await page.getByText(zh.teamUi.feedback.sent).waitFor();
  });

  it('says that the hosted service needs no licence', async () => {
    const page = await newPage();
    await page.goto(`${suite.server.url}/license`);
    await page.getByTestId('license-unavailable').getByText(zh.teamUi.license.notNeeded).waitFor();
    // The shell shows the company from the system configuration.
    const config = await apiData<Array<{ key: string; value: string }>>(
      suite.server,
      '/dictionary-data/find/system/config',
    );
    const company = config.find((entry) => entry.key === 'companyName')?.value ?? '';
    await page.getByTestId('company-name').getByText(company).waitFor();
    expect(await page.title()).toBe(company);
  });
});
