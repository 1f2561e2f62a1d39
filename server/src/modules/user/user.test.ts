import { describe, expect, it } from 'vitest';
import { LIMITS, type LocalUser } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { fieldKeys } from '../../../test/validation.js';
import { buildStaffedTeam, buildTeam } from '../../../test/factories/team.js';
import { uniquePhone } from '../../../test/factories/unique.js';
import { buildUser, localUserBody } from '../../../test/factories/user.js';

describeOnEachDatabase('local users: create and read', (server) => {
  const staffed = (options: { memberMax?: number } = {}) => buildStaffedTeam(server().db, options);

  describe('create', () => {
    it('creates an account that logs in as a member of the team with its role', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      const body = localUserBody({ phone, email: 'zhao@example.com' });
      const created = await server().call<LocalUser>('POST', '/api/user', { token: team.admin.token, body });
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
      const fetched = await server().call('GET', `/api/user/${created.body.data.id}`, { token: team.owner.token });
      expect(fetched.body.data).toEqual({ ...created.body.data, lastLoginTime: expect.any(String) });
    });

    it('validates every field with its own key', async () => {
      const team = await staffed();
      const invalid = await server().call('POST', '/api/user', {
        token: team.owner.token,
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
      const missing = await server().call('POST', '/api/user', { token: team.owner.token, body: {} });
      expect(fieldKeys(missing.body)).toEqual({
        account: 'required',
        password: 'required',
        confirmPassword: 'required',
        name: 'required',
        roleId: 'required',
      });
      for (const account of ['a'.repeat(17), 'with space1', 'accent\u00e9123']) {
        const response = await server().call('POST', '/api/user', {
          token: team.owner.token,
          body: localUserBody({ account }),
        });
        expect(fieldKeys(response.body), account).toEqual({ account: 'accountFormat' });
      }
      const mismatch = await server().call('POST', '/api/user', {
        token: team.owner.token,
        body: localUserBody({ confirmPassword: 'Other12345' }),
      });
      expect(fieldKeys(mismatch.body)).toEqual({ confirmPassword: 'passwordMismatch' });
      const blankName = await server().call('POST', '/api/user', {
        token: team.owner.token,
        body: localUserBody({ name: ' ' }),
      });
      expect(fieldKeys(blankName.body)).toEqual({ name: 'required' });
    });

    it('refuses a taken account (any case) or phone', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      await buildUser(server().db, { phone });
      const duplicate = await server().call('POST', '/api/user', {
        token: team.owner.token,
        body: localUserBody({ account: team.viewer.account.toUpperCase() }),
      });
      expect(duplicate.body).toMatchObject({ code: 4000, msg: 'USER_ACCOUNT_EXISTING' });
      const phoneTaken = await server().call('POST', '/api/user', {
        token: team.owner.token,
        body: localUserBody({ phone }),
      });
      expect(phoneTaken.body.msg).toBe('USER_PHONE_IN_USE');
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
        const token = caller === 'owner' ? team.owner.token : team.admin.token;
        const response = await server().call('POST', '/api/user', { token, body: localUserBody({ roleId }) });
        expect(response.body.msg, `${caller} -> ${roleId}`).toBe(error);
      }
      const viewer = await server().call('POST', '/api/user', {
        token: team.admin.token,
        body: localUserBody({ roleId: 'ROLE_TEAM_VIEWER' }),
      });
      expect(viewer.body.code).toBe(2000);
    });

    it('stops at the team member maximum', async () => {
      const team = await staffed({ memberMax: 5 });
      const fifth = await server().call('POST', '/api/user', { token: team.owner.token, body: localUserBody() });
      expect(fifth.body.code).toBe(2000);
      const sixth = await server().call('POST', '/api/user', { token: team.owner.token, body: localUserBody() });
      expect(sixth.body).toMatchObject({ code: 4000, msg: 'USER_COUNT_MAXIMUM' });
    });
  });

  describe('read', () => {
    it('pages and lists only the local users of the current team', async () => {
      const team = await staffed();
      await buildUser(server().db, {
        teamId: (await buildTeam(server().db)).id,
        role: 'ROLE_TEAM_INSPECTOR',
        local: true,
      });
      const invited = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
      const first = await server().call<{ records: LocalUser[]; total: number }>('POST', '/api/user/page', {
        token: team.owner.token,
        body: { pageNum: 1, pageSize: 3 },
      });
      expect(first.body.data.total).toBe(4);
      expect(first.body.data.records).toHaveLength(3);
      expect(first.body.data).toMatchObject({ pageNum: 1, pageSize: 3 });
      const second = await server().call<{ records: LocalUser[] }>('POST', '/api/user/page', {
        token: team.owner.token,
        body: { pageNum: 2, pageSize: 3 },
      });
      const pagedIds = [...first.body.data.records, ...second.body.data.records].map((record) => record.id).sort();
      const expected = [team.owner.id, team.admin.id, team.inspector.id, team.viewer.id].sort();
      expect(pagedIds).toEqual(expected);
      const list = await server().call<LocalUser[]>('GET', '/api/user/list', { token: team.admin.token });
      expect(list.body.data.map((record) => record.id).sort()).toEqual(expected);
      expect(list.body.data.map((record) => record.id)).not.toContain(invited.id);
      const owner = list.body.data.find((record) => record.id === team.owner.id);
      expect(owner).toMatchObject({ roleId: 'ROLE_TEAM_OWNER', status: 'active' });
      expect(new Date(owner?.createdAt ?? '').getTime()).toBeGreaterThan(0);
    });

    it('filters by a keyword on account, name or phone, with wildcards taken literally', async () => {
      const team = await staffed();
      const byAccount = await server().call<{ records: LocalUser[]; total: number }>('POST', '/api/user/page', {
        token: team.owner.token,
        body: { pageNum: 1, pageSize: 10, keyword: team.viewer.account.slice(2).toUpperCase() },
      });
      expect(byAccount.body.data.records.map((record) => record.id)).toEqual([team.viewer.id]);
      const wildcard = await server().call<{ total: number }>('POST', '/api/user/page', {
        token: team.owner.token,
        body: { pageNum: 1, pageSize: 10, keyword: '%' },
      });
      expect(wildcard.body.data.total).toBe(0);
      const invalid = await server().call('POST', '/api/user/page', {
        token: team.owner.token,
        body: { pageNum: 0, pageSize: 500, keyword: 'k'.repeat(51) },
      });
      expect(fieldKeys(invalid.body)).toEqual({ pageNum: 'numberRange', pageSize: 'numberRange', keyword: 'tooLong' });
    });

    it("answers NO_AUTH for another team's user and USER_NOT_EXISTING for an unknown id", async () => {
      const team = await staffed();
      const other = await buildUser(server().db, {
        teamId: (await buildTeam(server().db)).id,
        role: 'ROLE_TEAM_INSPECTOR',
        local: true,
      });
      const invited = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
      expect((await server().call('GET', `/api/user/${other.id}`, { token: team.owner.token })).body.msg).toBe(
        'NO_AUTH',
      );
      expect((await server().call('GET', `/api/user/${invited.id}`, { token: team.owner.token })).body.msg).toBe(
        'NO_AUTH',
      );
      const unknown = await server().call('GET', '/api/user/99999999', { token: team.owner.token });
      expect(unknown.body).toMatchObject({ msg: 'USER_NOT_EXISTING' });
      expect(unknown.status).toBe(404);
      const badId = await server().call('GET', '/api/user/abc', { token: team.owner.token });
      expect(fieldKeys(badId.body)).toEqual({ 'params.id': 'invalidValue' });
    });
  });
});
