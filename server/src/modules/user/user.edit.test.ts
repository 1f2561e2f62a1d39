import { describe, expect, it } from 'vitest';
import type { LocalUser } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { fieldKeys } from '../../../test/validation.js';
import { buildStaffedTeam, buildTeam } from '../../../test/factories/team.js';
import { buildProject } from '../../../test/factories/project.js';
import { uniquePhone } from '../../../test/factories/unique.js';
import { TEST_PASSWORD, buildUser, localUserBody, sessionToken } from '../../../test/factories/user.js';

describeOnEachDatabase('local users: edit and deletion', (server) => {
  const staffed = (options: { memberMax?: number } = {}) => buildStaffedTeam(server().db, options);

  describe('edit', () => {
    it('edits name, role and contacts; a blank password leaves the password unchanged', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      const edited = await server().call<LocalUser>('PUT', `/api/user/${team.inspector.id}`, {
        token: team.admin.token,
        body: { name: 'Sun Li', roleId: 'ROLE_TEAM_VIEWER', password: '', phone, email: 'sun@example.com' },
      });
      expect(edited.body.data).toMatchObject({
        name: 'Sun Li',
        roleId: 'ROLE_TEAM_VIEWER',
        phone,
        email: 'sun@example.com',
      });
      await server().login(team.inspector.account, TEST_PASSWORD);
      const cleared = await server().call<LocalUser>('POST', '/api/user/edit', {
        token: team.admin.token,
        body: { id: team.inspector.id, name: 'Sun Li', roleId: 'ROLE_TEAM_VIEWER', phone: '', email: '' },
      });
      expect(cleared.body.data).toMatchObject({ phone: null, email: null });
    });

    it('sets a new password and ends the sessions of that user', async () => {
      const team = await staffed();
      const token = team.viewer.token;
      const edited = await server().call('POST', '/api/user/edit', {
        token: team.owner.token,
        body: {
          id: team.viewer.id,
          name: 'Viewer',
          roleId: 'ROLE_TEAM_VIEWER',
          password: 'Fresh12345',
          confirmPassword: 'Fresh12345',
        },
      });
      expect(edited.body.code).toBe(2000);
      expect((await server().call('GET', '/api/web/check', { token })).body).toMatchObject({
        msg: 'LOGIN_FAILURE',
        data: { reason: 'PASSWORD_CHANGED' },
      });
      expect(server().events).toContainEqual(
        expect.objectContaining({
          userId: team.viewer.id,
          name: 'forceOffline',
          value: { reason: 'PASSWORD_CHANGED' },
        }),
      );
      await server().login(team.viewer.account, 'Fresh12345');
    });

    it('disables an account, which ends its sessions and refuses its login, and enables it again', async () => {
      const team = await staffed();
      const token = team.inspector.token;
      const edit = (status: string) =>
        server().call<LocalUser>('PUT', `/api/user/${team.inspector.id}`, {
          token: team.admin.token,
          body: { name: 'Inspector', roleId: 'ROLE_TEAM_INSPECTOR', status },
        });
      expect((await edit('disabled')).body.data.status).toBe('disabled');
      expect((await server().call('GET', '/api/web/check', { token })).body).toMatchObject({
        code: 4003,
        data: { reason: 'USER_ACCOUNT_ABNORMALITY' },
      });
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
        const token = caller === 'owner' ? team.owner.token : team.admin.token;
        const response = await server().call('PUT', `/api/user/${id}`, { token, body: payload });
        expect(response.body.msg, `${caller} edits ${id} with ${JSON.stringify(payload)}`).toBe(error);
      }
      const own = await server().call<LocalUser>('PUT', `/api/user/${team.admin.id}`, {
        token: team.admin.token,
        body: body({ roleId: 'ROLE_TEAM_ADMIN', name: 'Admin Self' }),
      });
      expect(own.body.data.name).toBe('Admin Self');
    });

    it('refuses a taken phone, unknown or foreign users, and invalid fields', async () => {
      const team = await staffed();
      const phone = uniquePhone();
      await buildUser(server().db, { phone });
      const valid = { name: 'Someone', roleId: 'ROLE_TEAM_VIEWER' };
      const taken = await server().call('PUT', `/api/user/${team.viewer.id}`, {
        token: team.owner.token,
        body: { ...valid, phone },
      });
      expect(taken.body.msg).toBe('USER_PHONE_IN_USE');
      const foreign = await buildUser(server().db, {
        teamId: (await buildTeam(server().db)).id,
        role: 'ROLE_TEAM_INSPECTOR',
        local: true,
      });
      expect(
        (await server().call('PUT', `/api/user/${foreign.id}`, { token: team.owner.token, body: valid })).body.msg,
      ).toBe('NO_AUTH');
      expect(
        (await server().call('POST', '/api/user/edit', { token: team.owner.token, body: { ...valid, id: 99999999 } }))
          .body.msg,
      ).toBe('USER_NOT_EXISTING');
      const invalid = await server().call('PUT', `/api/user/${team.viewer.id}`, {
        token: team.owner.token,
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
        token: team.owner.token,
        body: { ...valid, password: 'Fresh12345', confirmPassword: 'Other12345' },
      });
      expect(fieldKeys(mismatch.body)).toEqual({ confirmPassword: 'passwordMismatch' });
      const noId = await server().call('POST', '/api/user/edit', { token: team.owner.token, body: valid });
      expect(fieldKeys(noId.body)).toEqual({ id: 'required' });
      const badId = await server().call('POST', '/api/user/edit', {
        token: team.owner.token,
        body: { ...valid, id: -4 },
      });
      expect(fieldKeys(badId.body)).toEqual({ id: 'invalidValue' });
    });
  });

  describe('batch deletion', () => {
    it("takes a deleted account's project rights with it, as a removal from the team does", async () => {
      const team = await staffed();
      const { id: projectId } = await buildProject(server().db, { teamId: team.id, memberIds: [team.inspector.id] });
      const deleted = await server().call('POST', '/api/user/del/batch', {
        token: team.owner.token,
        body: { ids: [team.inspector.id], password: TEST_PASSWORD },
      });
      expect(deleted.body.code).toBe(2000);
      const rights = await server()
        .db.selectFrom('project_members')
        .select('user_id')
        .where('project_id', '=', projectId)
        .execute();
      expect(rights).toEqual([]);
    });

    it('deletes with the login password: accounts, memberships and sessions go; the account name is free again', async () => {
      const team = await staffed();
      const first = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR', local: true });
      const second = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER', local: true });
      const third = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR', local: true });
      const token = await sessionToken(server().db, first.id);
      const viaPost = await server().call('POST', '/api/user/del/batch', {
        token: team.admin.token,
        body: { ids: [first.id, second.id, first.id], password: TEST_PASSWORD },
      });
      expect(viaPost.body.code).toBe(2000);
      const viaDelete = await server().call('DELETE', '/api/user/batch', {
        token: team.owner.token,
        body: { ids: [third.id], password: TEST_PASSWORD },
      });
      expect(viaDelete.body.code).toBe(2000);
      expect((await server().call('GET', '/api/web/check', { token })).body.code).toBe(4003);
      expect(server().events).toContainEqual(
        expect.objectContaining({ userId: first.id, name: 'forceOffline', value: { reason: 'USER_DELETED' } }),
      );
      const members = await server()
        .db.selectFrom('team_members')
        .select('user_id')
        .where('user_id', 'in', [first.id, second.id, third.id])
        .execute();
      expect(members).toEqual([]);
      expect((await server().call('GET', `/api/user/${first.id}`, { token: team.owner.token })).body.msg).toBe(
        'USER_NOT_EXISTING',
      );
      const login = await server().call('POST', '/api/web/login', {
        body: { account: first.account, password: first.password },
      });
      expect(login.body.msg).toBe('USER_OR_PASSWORD_ERROR');
      const again = await server().call('POST', '/api/user', {
        token: team.owner.token,
        body: localUserBody({ account: first.account }),
      });
      expect(again.body.code).toBe(2000);
    });

    it('refuses a wrong password, the owner, the caller, foreign or unknown users, and leaves all in place', async () => {
      const team = await staffed();
      const foreign = await buildUser(server().db, {
        teamId: (await buildTeam(server().db)).id,
        role: 'ROLE_TEAM_INSPECTOR',
        local: true,
      });
      const cases: Array<[string, Record<string, unknown>, string]> = [
        ['admin', { ids: [team.viewer.id], password: 'Wrong12345' }, 'USER_PASSWORD_CHECK'],
        ['admin', { ids: [team.viewer.id, team.owner.id], password: TEST_PASSWORD }, 'TEAM_OWNER_CAN_NOT_REMOVE'],
        ['owner', { ids: [team.owner.id], password: TEST_PASSWORD }, 'TEAM_OWNER_CAN_NOT_REMOVE'],
        ['admin', { ids: [team.viewer.id, team.admin.id], password: TEST_PASSWORD }, 'ABNORMAL_OPERATION'],
        ['admin', { ids: [team.viewer.id, foreign.id], password: TEST_PASSWORD }, 'NO_AUTH'],
        ['admin', { ids: [team.viewer.id, 99999999], password: TEST_PASSWORD }, 'USER_NOT_EXISTING'],
      ];
      for (const [caller, body, error] of cases) {
        const token = caller === 'owner' ? team.owner.token : team.admin.token;
        const response = await server().call('POST', '/api/user/del/batch', { token, body });
        expect(response.body.msg, JSON.stringify(body)).toBe(error);
      }
      const ownerDeletesAdmin = await server().call('DELETE', '/api/user/batch', {
        token: team.owner.token,
        body: { ids: [team.admin.id], password: 'Wrong12345' },
      });
      expect(ownerDeletesAdmin.body.msg).toBe('USER_PASSWORD_CHECK');
      const list = await server().call<LocalUser[]>('GET', '/api/user/list', { token: team.owner.token });
      expect(list.body.data).toHaveLength(4);
      const invalid = await server().call('POST', '/api/user/del/batch', {
        token: team.owner.token,
        body: { ids: [] },
      });
      expect(fieldKeys(invalid.body)).toEqual({ ids: 'required', password: 'required' });
      const badIds = await server().call('DELETE', '/api/user/batch', {
        token: team.owner.token,
        body: { ids: ['x', 0], password: 'p' },
      });
      expect(fieldKeys(badIds.body)).toEqual({ 'ids.0': 'invalidValue', 'ids.1': 'invalidValue' });
      const tooMany = await server().call('DELETE', '/api/user/batch', {
        token: team.owner.token,
        body: { ids: Array.from({ length: 201 }, (_, index) => index + 1), password: 'p' },
      });
      expect(fieldKeys(tooMany.body)).toEqual({ ids: 'invalidValue' });
    });
  });
});
