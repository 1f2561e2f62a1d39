import { beforeEach, describe, expect, it } from 'vitest';
import type { FeedbackItem, Page } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildCorporateUser, buildStaffedTeam } from '../../../test/factories/team.js';
import { uniquePhone } from '../../../test/factories/unique.js';
import { buildSignedInUser } from '../../../test/factories/user.js';

describeOnEachDatabase('feedback', (server) => {
  const send = (token: string | undefined, body: unknown) =>
    server().call<{ id: number; issues: unknown[] }>('POST', '/api/feedback', { token, body });
  const stored = (id: number) =>
    server().db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('POST /api/feedback', () => {
    it('stores a suggestion, trimmed, with the user and their current team', async () => {
      const team = await buildStaffedTeam(server().db);
      const response = await send(team.inspector.token, {
        type: 'suggestion',
        content: '  Show crack widths in the defect list  ',
        contact: ' li.wei@example.com ',
      });
      expect(response.body.code).toBe(2000);
      expect(await stored(response.body.data.id)).toMatchObject({
        user_id: team.inspector.id,
        team_id: team.id,
        type: 'suggestion',
        content: 'Show crack widths in the defect list',
        contact: 'li.wei@example.com',
      });
    });

    it('stores a software bug from a user without a team, contact left out', async () => {
      const user = await buildSignedInUser(server().db);
      const response = await send(user.token, {
        type: 'bug',
        content: 'The map is blank',
      });
      expect(await stored(response.body.data.id)).toMatchObject({
        user_id: user.id,
        team_id: null,
        type: 'bug',
        contact: null,
      });
    });

    it('never accepts empty feedback, and checks type, length and contact', async () => {
      const user = await buildSignedInUser(server().db);
      const token = user.token;
      for (const content of [undefined, '', '   \n\t ']) {
        const response = await send(token, { type: 'bug', content });
        expect(response.status).toBe(400);
        expect(response.body.data.issues).toEqual([{ path: 'content', key: 'required' }]);
      }
      const invalid = await send(token, { type: 'praise', content: 'x'.repeat(501), contact: 'y'.repeat(51) });
      expect(invalid.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'type', key: 'invalidValue' },
          { path: 'content', key: 'tooLong', params: { max: 500 } },
          { path: 'contact', key: 'tooLong', params: { max: 50 } },
        ]),
      );
      const longest = await send(token, { type: 'suggestion', content: 'z'.repeat(500) });
      expect(longest.body.code).toBe(2000);
      const count = await server()
        .db.selectFrom('feedback')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(1);
    });

    it('needs a signed-in user', async () => {
      const response = await send(undefined, { type: 'bug', content: 'Anonymous' });
      expect(response.body).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
    });
  });

  describe('the inbox of corporate management', () => {
    const page = (token: string, query: Record<string, string> = {}) =>
      server().call<Page<FeedbackItem>>('GET', '/api/feedback/page', { token, query });
    const setHandled = (token: string, id: number | string, handled: unknown) =>
      server().call<{ issues: unknown[] }>('PUT', `/api/feedback/${id}/handled`, { token, body: { handled } });
    const contents = (response: { body: { data: Page<FeedbackItem> } }) =>
      response.body.data.records.map((item) => item.content);

    // The inbox holds every user's feedback: each test starts from an empty one.
    beforeEach(async () => {
      await server().db.deleteFrom('feedback').execute();
    });

    /** Feedback from a team's inspector (with a contact), a user without a team, and an older one. */
    async function inbox() {
      const db = server().db;
      const team = await buildStaffedTeam(db, { name: 'Bridge crew' });
      const phone = uniquePhone();
      const loner = { ...(await buildSignedInUser(db, { phone })), phone };
      await send(team.inspector.token, { type: 'suggestion', content: 'Sort by date', contact: 'li@example.com' });
      await send(loner.token, { type: 'bug', content: 'The map is blank' });
      // Stored last but sent yesterday: the inbox follows the time sent, not the id.
      await db
        .insertInto('feedback')
        .values({
          user_id: loner.id,
          team_id: null,
          type: 'bug',
          content: 'Old: the export hangs',
          contact: null,
          created_at: new Date(Date.now() - 24 * 3600 * 1000),
        })
        .execute();
      const manager = await buildCorporateUser(db, 'ROLE_CORP_MANAGEMENT');
      const ids = new Map((await page(manager.token)).body.data.records.map((item) => [item.content, item.id]));
      const idOf = (content: string) => ids.get(content) ?? 0;
      return { team, loner, manager, idOf };
    }

    it('lists every user’s feedback newest first, with sender, team and contact, in pages', async () => {
      const { team, loner, manager } = await inbox();
      const first = await page(manager.token, { pageSize: '2' });
      expect(first.body.code).toBe(2000);
      expect(first.body.data).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
      expect(first.body.data.records).toEqual([
        {
          id: expect.any(Number),
          type: 'bug',
          content: 'The map is blank',
          contact: null,
          sender: { userId: loner.id, name: `Test ${loner.account}`, account: loner.account, phone: loner.phone },
          team: null,
          handled: false,
          handledAt: null,
          handledBy: null,
          createdAt: expect.any(String),
        },
        expect.objectContaining({
          type: 'suggestion',
          content: 'Sort by date',
          contact: 'li@example.com',
          sender: expect.objectContaining({ userId: team.inspector.id, account: team.inspector.account }),
          team: { teamId: team.id, name: 'Bridge crew' },
        }),
      ]);
      const second = await page(manager.token, { pageNum: '2', pageSize: '2' });
      expect(second.body.data).toMatchObject({ total: 3, pageNum: 2 });
      expect(contents(second)).toEqual(['Old: the export hangs']);
      expect((await page(manager.token, { pageNum: '3', pageSize: '2' })).body.data).toMatchObject({
        total: 3,
        records: [],
      });
    });

    it('filters by type and by handled state, and marks feedback handled or unhandled', async () => {
      const { manager, idOf } = await inbox();
      expect(contents(await page(manager.token, { type: 'bug' }))).toEqual([
        'The map is blank',
        'Old: the export hangs',
      ]);
      expect(contents(await page(manager.token, { type: 'suggestion' }))).toEqual(['Sort by date']);

      const marked = await setHandled(manager.token, idOf('The map is blank'), true);
      expect(marked.body).toMatchObject({ code: 2000, data: null });
      const handled = await page(manager.token, { handled: 'true' });
      expect(handled.body.data.records).toEqual([
        expect.objectContaining({
          content: 'The map is blank',
          handled: true,
          handledAt: expect.any(String),
          handledBy: { userId: manager.id, name: `Test ${manager.account}` },
        }),
      ]);
      expect(contents(await page(manager.token, { handled: 'false' }))).toEqual([
        'Sort by date',
        'Old: the export hangs',
      ]);
      expect(contents(await page(manager.token, { type: 'bug', handled: 'false' }))).toEqual(['Old: the export hangs']);

      // A second manager marking it again leaves who handled it first, and when.
      const colleague = await buildCorporateUser(server().db, 'ROLE_CORP_MANAGEMENT');
      await setHandled(colleague.token, idOf('The map is blank'), true);
      const again = await page(manager.token, { handled: 'true' });
      expect(again.body.data.records).toEqual(handled.body.data.records);

      expect((await setHandled(colleague.token, idOf('The map is blank'), false)).body.code).toBe(2000);
      const reopened = await page(manager.token, { handled: 'false' });
      expect(reopened.body.data.total).toBe(3);
      expect(reopened.body.data.records[0]).toMatchObject({ handled: false, handledAt: null, handledBy: null });
    });

    it('checks the filters, the id and the handled flag', async () => {
      const { manager, idOf } = await inbox();
      const bad = await page(manager.token, { type: 'praise', handled: 'maybe', pageSize: '500' });
      expect(bad.status).toBe(400);
      expect(bad.body.data).toMatchObject({
        issues: expect.arrayContaining([
          { path: 'querystring.type', key: 'invalidValue' },
          { path: 'querystring.handled', key: 'invalidValue' },
        ]),
      });
      const missing = await setHandled(manager.token, 999999, true);
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: 4000, msg: 'notFound' });
      expect((await setHandled(manager.token, 'abc', true)).body.msg).toBe('VALIDATION_ERROR');
      const noFlag = await setHandled(manager.token, idOf('Sort by date'), 'yes');
      expect(noFlag.body.data.issues).toEqual([{ path: 'handled', key: 'required' }]);
    });

    it('is closed to everyone but corporate management (4001 NO_AUTH) and to guests (4003)', async () => {
      const { team, idOf } = await inbox();
      const sales = await buildCorporateUser(server().db, 'ROLE_CORP_SALES');
      for (const token of [team.owner.token, team.inspector.token, sales.token]) {
        const listed = await page(token);
        expect(listed.status).toBe(403);
        expect(listed.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
        expect((await setHandled(token, idOf('Sort by date'), true)).body).toMatchObject({
          code: 4001,
          msg: 'NO_AUTH',
        });
      }
      expect((await server().call('GET', '/api/feedback/page')).body.code).toBe(4003);
      const untouched = await server()
        .db.selectFrom('feedback')
        .select('handled_at')
        .where('handled_at', 'is not', null)
        .execute();
      expect(untouched).toEqual([]);
    });
  });
});
