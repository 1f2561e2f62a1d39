import { beforeAll, describe, expect, it } from 'vitest';
import type { Notice, NoticeType, Page } from '@sightline/shared';
import { PROJECT_VERSION } from '../../version.js';
import { createNoticeRepo } from './notice.repo.js';
import { createNoticeService, type NoticeService } from './notice.service.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser } from '../../../test/factories/user.js';

describeOnEachDatabase('notices', (server) => {
  let notices: NoticeService;

  beforeAll(() => {
    notices = createNoticeService({ repo: createNoticeRepo(server().db), bus: server().bus });
  });

  const notify = (userId: number, type: NoticeType, title = `${type} notice`) =>
    notices.notify({ userId, type, title, content: `About ${title}`, params: { num: 3 } });

  const page = (token: string, query: Record<string, string> = {}) =>
    server().call<Page<Notice>>('GET', '/api/notice/page', { token, query });

  describe('notify', () => {
    it('stores the notice for its recipient and pushes it on their event stream', async () => {
      const user = await buildSignedInUser(server().db);
      const notice = await notify(user.id, 'ai', 'AI screening finished');
      expect(notice).toMatchObject({ type: 'ai', title: 'AI screening finished', params: { num: 3 }, read: false });
      expect(server().events).toContainEqual({ userId: user.id, name: 'notice', value: notice });
      const response = await server().call<Notice>('GET', `/api/notice/${notice.id}`, { token: user.token });
      expect(response.body.data).toEqual(notice);
    });
  });

  describe('send', () => {
    it("sends to every member of the sender's team by default, each on their own stream", async () => {
      const team = await buildStaffedTeam(server().db);
      const outsider = await buildSignedInUser(server().db);
      const response = await server().call('POST', '/api/notice/send', {
        token: team.admin.token,
        body: { title: '  Site visit  ', content: 'Bridge closed on Monday', type: 'team' },
      });
      expect(response.body).toMatchObject({ code: 2000, data: { count: 4 } });
      for (const member of [team.owner, team.admin, team.inspector, team.viewer]) {
        expect(server().events).toContainEqual(
          expect.objectContaining({
            userId: member.id,
            name: 'notice',
            value: expect.objectContaining({ title: 'Site visit' }),
          }),
        );
      }
      const viewerPage = await page(team.viewer.token);
      expect(viewerPage.body.data.records).toEqual([
        expect.objectContaining({
          type: 'team',
          title: 'Site visit',
          content: 'Bridge closed on Monday',
          teamId: team.id,
        }),
      ]);
      expect((await page(outsider.token)).body.data.total).toBe(0);
    });

    it('sends to chosen members only, and refuses anyone outside the team with NO_AUTH', async () => {
      const team = await buildStaffedTeam(server().db);
      const outsider = await buildSignedInUser(server().db);
      const chosen = await server().call('POST', '/api/notice/send', {
        token: team.owner.token,
        body: { title: 'Review', content: 'Please review span 3', type: 'project', userIds: [team.inspector.id] },
      });
      expect(chosen.body.data).toEqual({ count: 1 });
      expect((await page(team.inspector.token)).body.data.total).toBe(1);
      expect((await page(team.viewer.token)).body.data.total).toBe(0);

      const foreign = await server().call('POST', '/api/notice/send', {
        token: team.owner.token,
        body: { title: 'Hello', content: 'Hi', type: 'team', userIds: [team.viewer.id, outsider.id] },
      });
      expect(foreign.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
      expect((await page(team.viewer.token)).body.data.total).toBe(0);
    });

    it('is for roles with notice:send only, and validates every field', async () => {
      const team = await buildStaffedTeam(server().db);
      for (const token of [team.inspector.token, team.viewer.token]) {
        const refused = await server().call('POST', '/api/notice/send', {
          token,
          body: { title: 'Hi', content: 'Hi', type: 'team' },
        });
        expect(refused.body.msg).toBe('NO_AUTH');
      }
      const invalid = await server().call<{ issues: unknown[] }>('POST', '/api/notice/send', {
        token: team.admin.token,
        body: { title: '   ', content: 'x'.repeat(2001), type: 'gossip', userIds: [] },
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'title', key: 'required' },
          { path: 'content', key: 'tooLong', params: { max: 2000 } },
          { path: 'type', key: 'invalidValue' },
          { path: 'userIds', key: 'required' },
        ]),
      );
      const long = await server().call<{ issues: unknown[] }>('POST', '/api/notice/send', {
        token: team.admin.token,
        body: { title: 'x'.repeat(51), content: '', type: 'team' },
      });
      expect(long.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'title', key: 'tooLong', params: { max: 50 } },
          { path: 'content', key: 'required' },
        ]),
      );
    });
  });

  describe('reading', () => {
    it('pages my notices newest first, by type and read state', async () => {
      const user = await buildSignedInUser(server().db);
      const other = await buildSignedInUser(server().db);
      const first = await notify(user.id, 'project', 'first');
      await notify(user.id, 'inspection', 'second');
      await notify(user.id, 'project', 'third');
      await notify(other.id, 'project', 'not mine');
      await server().call('PUT', `/api/notice/read/${first.id}`, { token: user.token });

      const all = await page(user.token);
      expect(all.body.data.total).toBe(3);
      expect(all.body.data.records.map((notice) => notice.title)).toEqual(['third', 'second', 'first']);
      const projects = await page(user.token, { type: 'project' });
      expect(projects.body.data.records.map((notice) => notice.title)).toEqual(['third', 'first']);
      const unread = await page(user.token, { read: 'false' });
      expect(unread.body.data.records.map((notice) => notice.title)).toEqual(['third', 'second']);
      const read = await page(user.token, { read: 'true' });
      expect(read.body.data.records).toEqual([
        expect.objectContaining({ title: 'first', read: true, readAt: expect.any(String) }),
      ]);
      const paged = await page(user.token, { pageNum: '2', pageSize: '2' });
      expect(paged.body.data).toMatchObject({ total: 3, pageNum: 2, pageSize: 2, records: [{ title: 'first' }] });

      const bad = await server().call<{ issues: unknown[] }>('GET', '/api/notice/page', {
        token: user.token,
        query: { type: 'gossip', read: 'maybe' },
      });
      expect(bad.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'querystring.type', key: 'invalidValue' },
          { path: 'querystring.read', key: 'invalidValue' },
        ]),
      );
    });

    it('lets only the recipient see or read a notice (NO_AUTH), and says notFound for none', async () => {
      const user = await buildSignedInUser(server().db);
      const other = await buildSignedInUser(server().db);
      const notice = await notify(user.id, 'system');
      expect((await server().call('GET', `/api/notice/${notice.id}`, { token: other.token })).body.msg).toBe('NO_AUTH');
      expect((await server().call('PUT', `/api/notice/read/${notice.id}`, { token: other.token })).body.msg).toBe(
        'NO_AUTH',
      );
      expect(
        (await server().call<Notice>('GET', `/api/notice/${notice.id}`, { token: user.token })).body.data.read,
      ).toBe(false);
      expect((await server().call('GET', '/api/notice/999999', { token: user.token })).body.msg).toBe('notFound');
      expect((await server().call('GET', '/api/notice/abc', { token: user.token })).body.msg).toBe('VALIDATION_ERROR');
      expect((await server().call('GET', `/api/notice/${notice.id}`)).body.msg).toBe('LOGIN_FAILURE');

      const read = await server().call('PUT', `/api/notice/read/${notice.id}`, { token: user.token });
      expect(read.body.code).toBe(2000);
      const after = await server().call<Notice>('GET', `/api/notice/${notice.id}`, { token: user.token });
      expect(after.body.data).toMatchObject({ read: true, readAt: expect.any(String) });
    });

    it('marks a whole type read, for me only', async () => {
      const user = await buildSignedInUser(server().db);
      const other = await buildSignedInUser(server().db);
      await notify(user.id, 'report');
      await notify(user.id, 'report');
      await notify(user.id, 'ai');
      await notify(other.id, 'report');
      const response = await server().call('PUT', '/api/notice/read-type/report', { token: user.token });
      expect(response.body.data).toEqual({ count: 2 });
      expect((await page(user.token, { read: 'false' })).body.data.records.map((notice) => notice.type)).toEqual([
        'ai',
      ]);
      expect((await page(other.token, { read: 'false' })).body.data.total).toBe(1);
      expect((await server().call('PUT', '/api/notice/read-type/gossip', { token: user.token })).body.msg).toBe(
        'VALIDATION_ERROR',
      );
    });

    it('counts unread notices per type and shows the latest five unread on the tip card', async () => {
      const user = await buildSignedInUser(server().db);
      for (let index = 1; index <= 6; index += 1) await notify(user.id, 'inspection', `inspection ${index}`);
      const readOne = await notify(user.id, 'team', 'read team notice');
      await server().call('PUT', `/api/notice/read/${readOne.id}`, { token: user.token });
      await notify(user.id, 'ai', 'latest');

      const status = await server().call('GET', '/api/notice/type-status', { token: user.token });
      expect(status.body.data).toEqual([
        { type: 'system', unread: 0 },
        { type: 'team', unread: 0 },
        { type: 'project', unread: 0 },
        { type: 'inspection', unread: 6 },
        { type: 'ai', unread: 1 },
        { type: 'report', unread: 0 },
      ]);
      const card = await server().call<Notice[]>('GET', '/api/notice/tip-card', { token: user.token });
      expect(card.body.data.map((notice) => notice.title)).toEqual([
        'latest',
        'inspection 6',
        'inspection 5',
        'inspection 4',
        'inspection 3',
      ]);
    });
  });

  describe('deleting a type', () => {
    it('removes my notices of that type and nobody else’s', async () => {
      const user = await buildSignedInUser(server().db);
      const other = await buildSignedInUser(server().db);
      const gone = await notify(user.id, 'project');
      await notify(user.id, 'project');
      await notify(user.id, 'system', 'stays');
      await notify(other.id, 'project');
      const response = await server().call('DELETE', '/api/notice/type/project', { token: user.token });
      expect(response.body.data).toEqual({ count: 2 });
      expect((await page(user.token)).body.data.records.map((notice) => notice.title)).toEqual(['stays']);
      expect((await server().call('GET', `/api/notice/${gone.id}`, { token: user.token })).body.msg).toBe('notFound');
      expect((await page(other.token)).body.data.total).toBe(1);
      expect((await server().call('DELETE', '/api/notice/type/gossip', { token: user.token })).body.msg).toBe(
        'VALIDATION_ERROR',
      );
    });
  });

  describe('product version', () => {
    it("answers the running build's version to anyone", async () => {
      const response = await server().call('POST', '/api/product-version/find/version');
      expect(response.body).toMatchObject({ code: 2000, data: { version: PROJECT_VERSION, notes: [] } });
    });
  });
});
