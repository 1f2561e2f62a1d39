import { describe, expect, it } from 'vitest';
import { LIMITS } from '@sightline/shared';
import { buildTeam, describeOnEachDatabase, TEST_PASSWORD, unique, uniquePhone } from '../../../test/harness.js';
import { buildAccount, buildLocalUser, buildSession, buildStaffedTeam } from '../../../test/factories/user.js';

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

describeOnEachDatabase('local users', (server) => {
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

  describe('edit', () => {
    it('edits name, role and contacts; a blank password leaves the password unchanged', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      const edited = await server().call<LocalUserBody>('PUT', `/api/user/${team.inspector.id}`, {
        token: team.tokens.admin,
        body: { name: 'Sun Li', roleId: 'ROLE_TEAM_VIEWER', password: '', phone, email: 'sun@example.com' },
      });
      expect(edited.body.data).toMatchObject({
        name: 'Sun Li',
        roleId: 'ROLE_TEAM_VIEWER',
        phone,
        email: 'sun@example.com',
      });
      await server().login(team.inspector.account, TEST_PASSWORD);
      const cleared = await server().call<LocalUserBody>('POST', '/api/user/edit', {
        token: team.tokens.admin,
        body: { id: team.inspector.id, name: 'Sun Li', roleId: 'ROLE_TEAM_VIEWER', phone: '', email: '' },
      });
      expect(cleared.body.data).toMatchObject({ phone: null, email: null });
    });

    it('sets a new password and ends the sessions of that user', async () => {
      const team = await staffed();
      const token = team.tokens.viewer;
      const edited = await server().call('POST', '/api/user/edit', {
        token: team.tokens.owner,
        body: {
          id: team.viewer.id,
          name: 'Viewer',
          roleId: 'ROLE_TEAM_VIEWER',
          password: 'Fresh12345',
          confirmPassword: 'Fresh12345',
        },
      });
      expect(edited.body.code).toBe(2000);
      expect((await server().call('GET', '/api/web/check', { token })).body.msg).toBe('LOGIN_FAILURE');
      await server().login(team.viewer.account, 'Fresh12345');
    });

    it('disables an account, which ends its sessions and refuses its login, and enables it again', async () => {
      const team = await staffed();
      const token = team.tokens.inspector;
      const edit = (status: string) =>
        server().call<LocalUserBody>('PUT', `/api/user/${team.inspector.id}`, {
          token: team.tokens.admin,
          body: { name: 'Inspector', roleId: 'ROLE_TEAM_INSPECTOR', status },
        });
      expect((await edit('disabled')).body.data.status).toBe('disabled');
      expect((await server().call('GET', '/api/web/check', { token })).body.code).toBe(4003);
      const session = await server()
        .db.selectFrom('sessions')
        .select('revoke_reason')
        .where('user_id', '=', team.inspector.id)
        .executeTakeFirstOrThrow();
      expect(session.revoke_reason).toBe('disabled');
      expect(server().events).toContainEqual(
        expect.objectContaining({
          userId: team.inspector.id,
          name: 'forceOffline',
          value: { reason: 'USER_ACCOUNT_ABNORMALITY' },
        }),
      );
      const login = await server().call('POST', '/api/web/login', {
        body: { account: team.inspector.account, password: TEST_PASSWORD },
      });
      expect(login.body.msg).toBe('USER_ACCOUNT_ABNORMALITY');
      expect((await edit('active')).body.data.status).toBe('active');
      await server().login(team.inspector.account, TEST_PASSWORD);
    });

    it('guards roles, the owner and the caller', async () => {
      const team = await staffed();
      const body = (overrides: Record<string, unknown>) => ({
        name: 'Someone',
        roleId: 'ROLE_TEAM_INSPECTOR',
        ...overrides,
      });
      const cases: Array<[string, number, Record<string, unknown>, string]> = [
        ['admin', team.owner.id, body({ roleId: 'ROLE_TEAM_OWNER' }), 'NO_AUTH'],
        ['admin', team.admin.id, body({}), 'ROLE_CHANGE_LIMIT'],
        ['admin', team.inspector.id, body({ roleId: 'ROLE_TEAM_ADMIN' }), 'ROLE_CHANGE_LIMIT'],
        ['owner', team.inspector.id, body({ roleId: 'ROLE_TEAM_ADMIN' }), 'ROLE_CHANGE_LIMIT'],
        ['owner', team.owner.id, body({ roleId: 'ROLE_TEAM_ADMIN' }), 'ROLE_CHANGE_LIMIT'],
        ['owner', team.owner.id, body({ roleId: 'ROLE_TEAM_OWNER', status: 'disabled' }), 'TEAM_OWNER_CAN_NOT_REMOVE'],
        ['admin', team.admin.id, body({ roleId: 'ROLE_TEAM_ADMIN', status: 'disabled' }), 'ABNORMAL_OPERATION'],
      ];
      for (const [caller, id, payload, error] of cases) {
        const token = caller === 'owner' ? team.tokens.owner : team.tokens.admin;
        const response = await server().call('PUT', `/api/user/${id}`, { token, body: payload });
        expect(response.body.msg, `${caller} edits ${id} with ${JSON.stringify(payload)}`).toBe(error);
      }
      const own = await server().call<LocalUserBody>('PUT', `/api/user/${team.admin.id}`, {
        token: team.tokens.admin,
        body: body({ roleId: 'ROLE_TEAM_ADMIN', name: 'Admin Self' }),
      });
      expect(own.body.data.name).toBe('Admin Self');
    });

    it('refuses a taken phone, unknown or foreign users, and invalid fields', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      await buildAccount(server().db, { phone });
      const valid = { name: 'Someone', roleId: 'ROLE_TEAM_VIEWER' };
      const taken = await server().call('PUT', `/api/user/${team.viewer.id}`, {
        token: team.tokens.owner,
        body: { ...valid, phone },
      });
      expect(taken.body.msg).toBe('USER_PHONE_EXISTING');
      const foreign = await buildLocalUser(server().db, { teamId: (await buildTeam(server().db)).id });
      expect(
        (await server().call('PUT', `/api/user/${foreign.id}`, { token: team.tokens.owner, body: valid })).body.msg,
      ).toBe('NO_AUTH');
      expect(
        (await server().call('POST', '/api/user/edit', { token: team.tokens.owner, body: { ...valid, id: 99999999 } }))
          .body.msg,
      ).toBe('USER_NOT_EXISTING');
      const invalid = await server().call('PUT', `/api/user/${team.viewer.id}`, {
        token: team.tokens.owner,
        body: { name: '', roleId: 'NOPE', password: 'short', status: 'gone', phone: '1', email: 'x' },
      });
      expect(fieldKeys(invalid.body)).toEqual({
        name: 'required',
        roleId: 'invalidValue',
        password: 'passwordFormat',
        status: 'invalidValue',
        phone: 'phoneInvalid',
        email: 'emailInvalid',
      });
      const mismatch = await server().call('PUT', `/api/user/${team.viewer.id}`, {
        token: team.tokens.owner,
        body: { ...valid, password: 'Fresh12345', confirmPassword: 'Other12345' },
      });
      expect(fieldKeys(mismatch.body)).toEqual({ confirmPassword: 'passwordMismatch' });
      const noId = await server().call('POST', '/api/user/edit', { token: team.tokens.owner, body: valid });
      expect(fieldKeys(noId.body)).toEqual({ id: 'required' });
      const badId = await server().call('POST', '/api/user/edit', {
        token: team.tokens.owner,
        body: { ...valid, id: -4 },
      });
      expect(fieldKeys(badId.body)).toEqual({ id: 'invalidValue' });
    });
  });

  describe('batch deletion', () => {
    it('deletes with the login password: accounts, memberships and sessions go; the account name is free again', async () => {
      const team = await staffed();
      const first = await buildLocalUser(server().db, { teamId: team.id });
      const second = await buildLocalUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
      const third = await buildLocalUser(server().db, { teamId: team.id });
      const token = await buildSession(server().db, { userId: first.id });
      const viaPost = await server().call('POST', '/api/user/del/batch', {
        token: team.tokens.admin,
        body: { ids: [first.id, second.id, first.id], password: TEST_PASSWORD },
      });
      expect(viaPost.body.code).toBe(2000);
      const viaDelete = await server().call('DELETE', '/api/user/batch', {
        token: team.tokens.owner,
        body: { ids: [third.id], password: TEST_PASSWORD },
      });
      expect(viaDelete.body.code).toBe(2000);
      expect((await server().call('GET', '/api/web/check', { token })).body.code).toBe(4003);
      expect(server().events).toContainEqual(expect.objectContaining({ userId: first.id, name: 'forceOffline' }));
      const members = await server()
        .db.selectFrom('team_members')
        .select('user_id')
        .where('user_id', 'in', [first.id, second.id, third.id])
        .execute();
      expect(members).toEqual([]);
      expect((await server().call('GET', `/api/user/${first.id}`, { token: team.tokens.owner })).body.msg).toBe(
        'USER_NOT_EXISTING',
      );
      const login = await server().call('POST', '/api/web/login', {
        body: { account: first.account, password: first.password },
      });
      expect(login.body.msg).toBe('USER_OR_PASSWORD_ERROR');
      const again = await server().call('POST', '/api/user', {
        token: team.tokens.owner,
        body: creation({ account: first.account }),
      });
      expect(again.body.code).toBe(2000);
    });

    it('refuses a wrong password, the owner, the caller, foreign or unknown users, and leaves all in place', async () => {
      const team = await staffed();
      const foreign = await buildLocalUser(server().db, { teamId: (await buildTeam(server().db)).id });
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['admin', { ids: [team.viewer.id], password: 'Wrong12345' }, 'USER_PASSWORD_CHECK'],
        ['admin', { ids: [team.viewer.id, team.owner.id], password: TEST_PASSWORD }, 'TEAM_OWNER_CAN_NOT_REMOVE'],
        ['owner', { ids: [team.owner.id], password: TEST_PASSWORD }, 'TEAM_OWNER_CAN_NOT_REMOVE'],
        ['admin', { ids: [team.viewer.id, team.admin.id], password: TEST_PASSWORD }, 'ABNORMAL_OPERATION'],
        ['admin', { ids: [team.viewer.id, foreign.id], password: TEST_PASSWORD }, 'NO_AUTH'],
        ['admin', { ids: [team.viewer.id, 99999999], password: TEST_PASSWORD }, 'USER_NOT_EXISTING'],
      ];
      for (const [caller, body, error] of cases) {
        const token = caller === 'owner' ? team.tokens.owner : team.tokens.admin;
        const response = await server().call('POST', '/api/user/del/batch', { token, body });
        expect(response.body.msg, JSON.stringify(body)).toBe(error);
      }
      const ownerDeletesAdmin = await server().call('DELETE', '/api/user/batch', {
        token: team.tokens.owner,
        body: { ids: [team.admin.id], password: 'Wrong12345' },
      });
      expect(ownerDeletesAdmin.body.msg).toBe('USER_PASSWORD_CHECK');
      const list = await server().call<LocalUserBody[]>('GET', '/api/user/list', { token: team.tokens.owner });
      expect(list.body.data).toHaveLength(4);
      const invalid = await server().call('POST', '/api/user/del/batch', {
        token: team.tokens.owner,
        body: { ids: [] },
      });
      expect(fieldKeys(invalid.body)).toEqual({ ids: 'required', password: 'required' });
      const badIds = await server().call('DELETE', '/api/user/batch', {
        token: team.tokens.owner,
        body: { ids: ['x', 0], password: 'p' },
      });
      expect(fieldKeys(badIds.body)).toEqual({ 'ids.0': 'invalidValue', 'ids.1': 'invalidValue' });
      const tooMany = await server().call('DELETE', '/api/user/batch', {
        token: team.tokens.owner,
        body: { ids: Array.from({ length: 201 }, (_, index) => index + 1), password: 'p' },
      });
      expect(fieldKeys(tooMany.body)).toEqual({ ids: 'invalidValue' });
    });
  });
});
