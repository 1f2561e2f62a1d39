import { describe, expect, it } from 'vitest';
import { LIMITS } from '@sightline/shared';
import { buildTeam, describeOnEachDatabase, unique, uniquePhone } from '../../../test/harness.js';
import { buildAccount, buildLocalUser, buildStaffedTeam } from '../../../test/factories/user.js';

type Issues = { issues: Array<{ path: string; key: string }> };
interface LocalUserBody {
  id: number;
  account: string;
  name: string;
  roleId: string;
  status: string;
  phone: string | null;
  email: string | null;
  createdAt: string;
}

function fieldKeys(body: { data: unknown }) {
  return Object.fromEntries((body.data as Issues).issues.map((issue) => [issue.path, issue.key]));
}

const newAccount = () => `loc${unique()}`.slice(0, 16);
const creation = (overrides: Record<string, unknown> = {}) => ({
  account: newAccount(),
  password: 'Local12345',
  confirmPassword: 'Local12345',
  name: 'Zhao Lei',
  roleId: 'ROLE_TEAM_INSPECTOR',
  ...overrides,
});

describeOnEachDatabase('local users: create and read', (server) => {
  const staffed = (options: { memberMax?: number } = {}) => buildStaffedTeam(server().db, options);

  describe('create', () => {
    it('creates an account that logs in as a member of the team with its role', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      const body = creation({ phone, email: 'zhao@example.com' });
      const created = await server().call<LocalUserBody>('POST', '/api/user', { token: team.tokens.admin, body });
      expect(created.body.code).toBe(2000);
      expect(created.body.data).toMatchObject({
        account: body.account,
        name: 'Zhao Lei',
        roleId: 'ROLE_TEAM_INSPECTOR',
        status: 'active',
        phone,
        email: 'zhao@example.com',
      });
      const token = await server().login(body.account, 'Local12345');
      const details = await server().call('GET', '/api/user-client/details', { token });
      expect(details.body.data).toMatchObject({ teamId: team.id, roleId: 'ROLE_TEAM_INSPECTOR' });
      const fetched = await server().call('GET', `/api/user/${created.body.data.id}`, { token: team.tokens.owner });
      expect(fetched.body.data).toEqual({ ...created.body.data, lastLoginTime: expect.any(String) });
    });

    it('validates every field with its own key', async () => {
      const team = await staffed();
      const invalid = await server().call('POST', '/api/user', {
        token: team.tokens.owner,
        body: {
          account: 'short',
          password: 'bad pass',
          confirmPassword: 'x',
          name: 'n'.repeat(LIMITS.nameMax + 1),
          roleId: 'ROLE_BOSS',
          phone: '12345',
          email: 'nope',
        },
      });
      expect(invalid.status).toBe(400);
      expect(fieldKeys(invalid.body)).toEqual({
        account: 'accountFormat',
        password: 'passwordFormat',
        name: 'tooLong',
        roleId: 'invalidValue',
        phone: 'phoneInvalid',
        email: 'emailInvalid',
      });
      const missing = await server().call('POST', '/api/user', { token: team.tokens.owner, body: {} });
      expect(fieldKeys(missing.body)).toEqual({
        account: 'required',
        password: 'required',
        confirmPassword: 'required',
        name: 'required',
        roleId: 'required',
      });
      for (const account of ['a'.repeat(17), 'with space1', 'accent\u00e9123']) {
        const response = await server().call('POST', '/api/user', {
          token: team.tokens.owner,
          body: creation({ account }),
        });
        expect(fieldKeys(response.body), account).toEqual({ account: 'accountFormat' });
      }
      const mismatch = await server().call('POST', '/api/user', {
        token: team.tokens.owner,
        body: creation({ confirmPassword: 'Other12345' }),
      });
      expect(fieldKeys(mismatch.body)).toEqual({ confirmPassword: 'passwordMismatch' });
      const blankName = await server().call('POST', '/api/user', {
        token: team.tokens.owner,
        body: creation({ name: ' ' }),
      });
      expect(fieldKeys(blankName.body)).toEqual({ name: 'required' });
    });

    it('refuses a taken account (any case) or phone', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      await buildAccount(server().db, { phone });
      const duplicate = await server().call('POST', '/api/user', {
        token: team.tokens.owner,
        body: creation({ account: team.viewer.account.toUpperCase() }),
      });
      expect(duplicate.body).toMatchObject({ code: 4000, msg: 'USER_ACCOUNT_EXISTING' });
      const phoneTaken = await server().call('POST', '/api/user', {
        token: team.tokens.owner,
        body: creation({ phone }),
      });
      expect(phoneTaken.body.msg).toBe('USER_PHONE_EXISTING');
    });

    it('hands out only roles the caller may assign, and one administrator per team', async () => {
      const team = await staffed();
      const cases: Array<[string, string, string]> = [
        ['admin', 'ROLE_TEAM_ADMIN', 'ROLE_CHANGE_LIMIT'],
        ['owner', 'ROLE_TEAM_OWNER', 'ROLE_CHANGE_LIMIT'],
        ['owner', 'ROLE_CORP_SALES', 'ROLE_CHANGE_LIMIT'],
        ['owner', 'ROLE_TEAM_ADMIN', 'ROLE_CHANGE_LIMIT'],
      ];
      for (const [caller, roleId, error] of cases) {
        const token = caller === 'owner' ? team.tokens.owner : team.tokens.admin;
        const response = await server().call('POST', '/api/user', { token, body: creation({ roleId }) });
        expect(response.body.msg, `${caller} -> ${roleId}`).toBe(error);
      }
      const viewer = await server().call('POST', '/api/user', {
        token: team.tokens.admin,
        body: creation({ roleId: 'ROLE_TEAM_VIEWER' }),
      });
      expect(viewer.body.code).toBe(2000);
    });

    it('stops at the team member maximum', async () => {
      const team = await staffed({ memberMax: 5 });
      const fifth = await server().call('POST', '/api/user', { token: team.tokens.owner, body: creation() });
      expect(fifth.body.code).toBe(2000);
      const sixth = await server().call('POST', '/api/user', { token: team.tokens.owner, body: creation() });
      expect(sixth.body).toMatchObject({ code: 4000, msg: 'USER_COUNT_MAXIMUM' });
    });
  });

  describe('read', () => {
    it('pages and lists only the local users of the current team', async () => {
      const team = await staffed();
      await buildLocalUser(server().db, { teamId: (await buildTeam(server().db)).id });
      const invited = await buildAccount(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
      const first = await server().call<{ records: LocalUserBody[]; total: number }>('POST', '/api/user/page', {
        token: team.tokens.owner,
        body: { pageNum: 1, pageSize: 3 },
      });
      expect(first.body.data.total).toBe(4);
      expect(first.body.data.records).toHaveLength(3);
      expect(first.body.data).toMatchObject({ pageNum: 1, pageSize: 3 });
      const second = await server().call<{ records: LocalUserBody[] }>('POST', '/api/user/page', {
        token: team.tokens.owner,
        body: { pageNum: 2, pageSize: 3 },
      });
      const pagedIds = [...first.body.data.records, ...second.body.data.records].map((record) => record.id).sort();
      const expected = [team.owner.id, team.admin.id, team.inspector.id, team.viewer.id].sort();
      expect(pagedIds).toEqual(expected);
      const list = await server().call<LocalUserBody[]>('GET', '/api/user/list', { token: team.tokens.admin });
      expect(list.body.data.map((record) => record.id).sort()).toEqual(expected);
      expect(list.body.data.map((record) => record.id)).not.toContain(invited.id);
      const owner = list.body.data.find((record) => record.id === team.owner.id);
      expect(owner).toMatchObject({ roleId: 'ROLE_TEAM_OWNER', status: 'active' });
      expect(new Date(owner?.createdAt ?? '').getTime()).toBeGreaterThan(0);
    });

    it('filters by a keyword on account, name or phone, with wildcards taken literally', async () => {
      const team = await staffed();
      const byAccount = await server().call<{ records: LocalUserBody[]; total: number }>('POST', '/api/user/page', {
        token: team.tokens.owner,
        body: { pageNum: 1, pageSize: 10, keyword: team.viewer.account.slice(2).toUpperCase() },
      });
      expect(byAccount.body.data.records.map((record) => record.id)).toEqual([team.viewer.id]);
      const wildcard = await server().call<{ total: number }>('POST', '/api/user/page', {
        token: team.tokens.owner,
        body: { pageNum: 1, pageSize: 10, keyword: '%' },
      });
      expect(wildcard.body.data.total).toBe(0);
      const invalid = await server().call('POST', '/api/user/page', {
        token: team.tokens.owner,
        body: { pageNum: 0, pageSize: 500, keyword: 'k'.repeat(51) },
      });
      expect(fieldKeys(invalid.body)).toEqual({ pageNum: 'numberRange', pageSize: 'numberRange', keyword: 'tooLong' });
    });

    it("answers NO_AUTH for another team's user and USER_NOT_EXISTING for an unknown id", async () => {
      const team = await staffed();
      const other = await buildLocalUser(server().db, { teamId: (await buildTeam(server().db)).id });
      const invited = await buildAccount(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
      expect((await server().call('GET', `/api/user/${other.id}`, { token: team.tokens.owner })).body.msg).toBe(
        'NO_AUTH',
      );
      expect((await server().call('GET', `/api/user/${invited.id}`, { token: team.tokens.owner })).body.msg).toBe(
        'NO_AUTH',
      );
      const unknown = await server().call('GET', '/api/user/99999999', { token: team.tokens.owner });
      expect(unknown.body).toMatchObject({ msg: 'USER_NOT_EXISTING' });
      expect(unknown.status).toBe(404);
      const badId = await server().call('GET', '/api/user/abc', { token: team.tokens.owner });
      expect(fieldKeys(badId.body)).toEqual({ 'params.id': 'invalidValue' });
    });
  });
});
