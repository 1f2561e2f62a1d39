import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '@sightline/shared';
import { sha256 } from '../../platform/auth/tokens.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { fieldKeys } from '../../../test/validation.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { buildTeam } from '../../../test/factories/team.js';
import { uniquePhone } from '../../../test/factories/unique.js';
import { TEST_PASSWORD, buildSignedInUser, buildUser, sessionToken } from '../../../test/factories/user.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(64)]);

describeOnEachDatabase('user-client', (server) => {
  function uploadAvatar(token: string, field: string, filename: string, data: Buffer) {
    const file = multipartFile(data, { fieldName: field, fileName: filename, contentType: 'image/png' });
    return server().call('PUT', '/api/user-client/head-portrait', { token, body: file.payload, headers: file.headers });
  }

  describe('password check and change', () => {
    it('tells whether a password is the login password', async () => {
      const user = await buildSignedInUser(server().db);
      const right = await server().call('GET', '/api/user-client/check-password', {
        token: user.token,
        query: { password: TEST_PASSWORD },
      });
      const wrong = await server().call('GET', '/api/user-client/check-password', {
        token: user.token,
        query: { password: 'Wrong12345' },
      });
      expect(right.body.data).toEqual({ valid: true });
      expect(wrong.body.data).toEqual({ valid: false });
      const missing = await server().call('GET', '/api/user-client/check-password', { token: user.token });
      expect(missing.body.msg).toBe('VALIDATION_ERROR');
      expect(fieldKeys(missing.body)).toEqual({ 'querystring.password': 'required' });
      expect(
        (await server().call('GET', '/api/user-client/check-password', { query: { password: 'x' } })).body.code,
      ).toBe(4003);
    });

    it('changes the password, ends the other sessions and keeps this one', async () => {
      const user = await buildSignedInUser(server().db);
      const mobile = await sessionToken(server().db, user.id, 'MOBILE');
      const changed = await server().call('PUT', '/api/user-client/password', {
        token: user.token,
        body: { oldPassword: TEST_PASSWORD, password: 'NewSecret99', confirmPassword: 'NewSecret99' },
      });
      expect(changed.body.code).toBe(2000);
      expect((await server().call('GET', '/api/web/check', { token: mobile })).body).toMatchObject({
        msg: 'LOGIN_FAILURE',
        data: { reason: 'PASSWORD_CHANGED' },
      });
      expect((await server().call('GET', '/api/web/check', { token: user.token })).body.code).toBe(2000);
      expect(server().events).toContainEqual(
        expect.objectContaining({ userId: user.id, name: 'forceOffline', value: { reason: 'PASSWORD_CHANGED' } }),
      );
      await server().login(user.account, 'NewSecret99');
    });

    it('refuses a wrong old password and invalid new ones', async () => {
      const user = await buildSignedInUser(server().db);
      const wrongOld = await server().call('PUT', '/api/user-client/password', {
        token: user.token,
        body: { oldPassword: 'Wrong12345', password: 'NewSecret99', confirmPassword: 'NewSecret99' },
      });
      expect(wrongOld.body).toMatchObject({ code: 4000, msg: 'USER_PASSWORD_CHECK' });
      const invalid = await server().call('PUT', '/api/user-client/password', {
        token: user.token,
        body: { oldPassword: '', password: 'short' },
      });
      expect(fieldKeys(invalid.body)).toEqual({ oldPassword: 'required', password: 'passwordFormat' });
      const mismatch = await server().call('PUT', '/api/user-client/password', {
        token: user.token,
        body: { oldPassword: TEST_PASSWORD, password: 'NewSecret99', confirmPassword: 'Other12345' },
      });
      expect(fieldKeys(mismatch.body)).toEqual({ confirmPassword: 'passwordMismatch' });
      await server().login(user.account, TEST_PASSWORD);
    });
  });

  describe('profile, phone and details', () => {
    it('updates the profile and answers the user info', async () => {
      const team = await buildTeam(server().db, { name: 'Dam crew' });
      const token = await sessionToken(server().db, team.owner.id);
      const updated = await server().call<Record<string, unknown>>('PUT', '/api/user-client', {
        token,
        body: {
          name: ' Wang Fang ',
          email: 'wang@example.com',
          position: 'Engineer',
          organization: 'Tongji',
          language: 'en',
        },
      });
      expect(updated.body.data).toMatchObject({
        name: 'Wang Fang',
        email: 'wang@example.com',
        position: 'Engineer',
        organization: 'Tongji',
        language: 'en',
        teamName: 'Dam crew',
      });
      const cleared = await server().call<Record<string, unknown>>('PUT', '/api/user-client', {
        token,
        body: { name: 'Wang Fang', email: '', position: '' },
      });
      expect(cleared.body.data).toMatchObject({ email: null, position: null, organization: 'Tongji', language: 'en' });
    });

    it('validates every profile field', async () => {
      const user = await buildSignedInUser(server().db);
      const response = await server().call('PUT', '/api/user-client', {
        token: user.token,
        body: {
          name: 'x'.repeat(LIMITS.nameMax + 1),
          email: 'not-an-email',
          position: 'p'.repeat(51),
          organization: 'o'.repeat(51),
          language: 'fr',
        },
      });
      expect(response.status).toBe(400);
      expect(fieldKeys(response.body)).toEqual({
        name: 'tooLong',
        email: 'emailInvalid',
        position: 'tooLong',
        organization: 'tooLong',
        language: 'invalidValue',
      });
      const blank = await server().call('PUT', '/api/user-client', { token: user.token, body: { name: '  ' } });
      expect(fieldKeys(blank.body)).toEqual({ name: 'required' });
    });

    it('changes the phone with a code of scene "phone"', async () => {
      const user = await buildSignedInUser(server().db);
      const phone = uniquePhone();
      expect((await server().call('POST', '/api/web/sms', { query: { phone, scene: 'phone' } })).body.code).toBe(2000);
      const code = server().sms.lastCode(phone);
      const wrongCode = code === '000000' ? '111111' : '000000';
      const wrong = await server().call('PUT', '/api/user-client/phone', {
        token: user.token,
        body: { phone, smsCode: wrongCode },
      });
      expect(wrong.body.msg).toBe('USER_SMS_CODE_CHECK_FAIL');
      const changed = await server().call<{ phone: string }>('PUT', '/api/user-client/phone', {
        token: user.token,
        body: { phone: `+86${phone}`, smsCode: code },
      });
      expect(changed.body.data.phone).toBe(phone);
      const reused = await server().call('PUT', '/api/user-client/phone', {
        token: user.token,
        body: { phone, smsCode: code },
      });
      expect(reused.body.msg).toBe('USER_PHONE_IN_USE');
    });

    it('refuses a phone registered to another account, and invalid fields', async () => {
      const phone = uniquePhone();
      await buildUser(server().db, { phone });
      const user = await buildSignedInUser(server().db);
      const taken = await server().call('PUT', '/api/user-client/phone', {
        token: user.token,
        body: { phone, smsCode: '123456' },
      });
      expect(taken.body).toMatchObject({ code: 4000, msg: 'USER_PHONE_IN_USE' });
      expect(taken.status).toBe(409);
      // The code for a new phone is refused the same way; only a registration is told to log in instead.
      const code = await server().call('POST', '/api/web/sms', { query: { phone, scene: 'phone' } });
      expect(code.body.msg).toBe('USER_PHONE_IN_USE');
      const invalid = await server().call('PUT', '/api/user-client/phone', {
        token: user.token,
        body: { phone: '12345', smsCode: 'abc' },
      });
      expect(fieldKeys(invalid.body)).toEqual({ phone: 'phoneInvalid', smsCode: 'smsCodeFormat' });
    });

    it('answers the details for the PC client and checks the client type', async () => {
      const team = await buildTeam(server().db);
      const token = await sessionToken(server().db, team.owner.id);
      const details = await server().call('GET', '/api/user-client/details', { token, query: { clientType: 'PC' } });
      expect(details.body.data).toMatchObject({
        userId: team.owner.id,
        teamId: team.id,
        roleId: 'ROLE_TEAM_OWNER',
        storage: { ip: expect.any(String), port: expect.any(Number) },
      });
      const bad = await server().call('GET', '/api/user-client/details', { token, query: { clientType: 'TV' } });
      expect(fieldKeys(bad.body)).toEqual({ 'querystring.clientType': 'invalidValue' });
    });
  });

  describe('avatar', () => {
    it('stores a PNG or JPEG by content, serves it with its type and frees the previous one', async () => {
      const team = await buildTeam(server().db);
      const token = await sessionToken(server().db, team.owner.id);
      const first = await uploadAvatar(token, 'file', 'me.bin', PNG);
      const firstUrl = (first.body.data as { headImgUrl: string }).headImgUrl;
      expect(firstUrl).toMatch(new RegExp(`^/api/files/avatars/${team.owner.id}/avatar-[a-f0-9]{24}\\.png$`));
      const served = await server().app.inject({
        method: 'GET',
        url: firstUrl,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['cache-control']).toContain('max-age');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(PNG)).toBe(true);

      const second = await uploadAvatar(token, 'file', 'photo.png', JPEG);
      const secondUrl = (second.body.data as { headImgUrl: string }).headImgUrl;
      expect(secondUrl).toMatch(/\.jpg$/);
      const viaHeader = await server().app.inject({
        method: 'GET',
        url: secondUrl,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(viaHeader.headers['content-type']).toBe('image/jpeg');
      const gone = await server().app.inject({
        method: 'GET',
        url: firstUrl,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toMatchObject({ msg: 'notFound' });
      const details = await server().call('GET', '/api/user-client/details', { token });
      expect(details.body.data).toMatchObject({ headImgUrl: secondUrl });
    });

    it('refuses content that is not JPEG or PNG whatever its name, and files over 10 MB', async () => {
      const user = await buildSignedInUser(server().db);
      const text = await uploadAvatar(
        user.token,
        'file',
        'fake.png',
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      );
      expect(text.status).toBe(415);
      expect(text.body.msg).toBe('FILE_TYPE_ERROR');
      const large = Buffer.concat([JPEG, Buffer.alloc(LIMITS.avatarMaxBytes)]);
      const tooLarge = await uploadAvatar(user.token, 'file', 'big.jpg', large);
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body).toMatchObject({ msg: 'FILE_TOO_LARGE', data: { params: { max: 10 } } });
      const nearLimit = Buffer.concat([JPEG, Buffer.alloc(LIMITS.avatarMaxBytes - JPEG.length)]);
      expect((await uploadAvatar(user.token, 'file', 'large.jpg', nearLimit)).body.code).toBe(2000);
      const wrongField = await uploadAvatar(user.token, 'avatar', 'me.png', PNG);
      expect(fieldKeys(wrongField.body)).toEqual({ file: 'required' });
      const nothing = await server().call('PUT', '/api/user-client/head-portrait', { token: user.token });
      expect(fieldKeys(nothing.body)).toEqual({ file: 'required' });
      const details = await server().call<{ headImgUrl: string }>('GET', '/api/user-client/details', {
        token: user.token,
      });
      expect(details.body.data.headImgUrl).toMatch(/\.jpg$/);
    });

    it('reuses only an avatar URL this server returned to this user', async () => {
      const user = await buildSignedInUser(server().db);
      const other = await buildSignedInUser(server().db);
      const mine = (await uploadAvatar(user.token, 'file', 'a.png', PNG)).body.data as { headImgUrl: string };
      const theirs = (await uploadAvatar(other.token, 'file', 'b.png', PNG)).body.data as { headImgUrl: string };
      const reuse = await server().call('PUT', '/api/user-client/head-portrait', {
        token: user.token,
        query: { headImgUrl: `https://sightline.example${mine.headImgUrl}?sig=abc` },
      });
      expect(reuse.body.data).toEqual({ headImgUrl: mine.headImgUrl });
      const served = await server().app.inject({
        method: 'GET',
        url: mine.headImgUrl,
        headers: { authorization: `Bearer ${user.token}` },
      });
      expect(served.statusCode).toBe(200);
      for (const headImgUrl of [
        theirs.headImgUrl,
        'https://elsewhere.example/me.png',
        `/api/files/avatars/${user.id}/avatar-${'0'.repeat(24)}.png`,
        `/api/files/avatars/${user.id}/../../secret.png`,
      ]) {
        const refused = await server().call('PUT', '/api/user-client/head-portrait', {
          token: user.token,
          query: { headImgUrl },
        });
        expect(refused.body.msg, headImgUrl).toBe('ABNORMAL_OPERATION');
      }
      const tooLong = await server().call('PUT', '/api/user-client/head-portrait', {
        token: user.token,
        query: { headImgUrl: `/api/${'x'.repeat(600)}` },
      });
      expect(fieldKeys(tooLong.body)).toEqual({ 'querystring.headImgUrl': 'tooLong' });
    });

    it('lets the user and members of a shared team read an avatar, nobody else', async () => {
      const team = await buildTeam(server().db);
      const ownerToken = await sessionToken(server().db, team.owner.id);
      const url = ((await uploadAvatar(ownerToken, 'file', 'a.png', PNG)).body.data as { headImgUrl: string })
        .headImgUrl;
      const mate = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER', local: true });
      const mateToken = await sessionToken(server().db, mate.id);
      const stranger = await buildSignedInUser(server().db);
      const expired = await buildSignedInUser(server().db, {
        teamId: team.id,
        role: 'ROLE_TEAM_VIEWER',
        expiresAt: new Date(Date.now() - 60_000),
      });
      const read = (token?: string) =>
        server().app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      expect((await read(mateToken)).statusCode).toBe(200);
      expect((await read(stranger.token)).json()).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
      expect((await read(expired.token)).json()).toMatchObject({ msg: 'NO_AUTH' });
      expect((await read()).json()).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
      const badName = await server().app.inject({
        method: 'GET',
        url: `/api/files/avatars/${team.owner.id}/passwd`,
        headers: { authorization: `Bearer ${ownerToken}` },
      });
      expect(badName.json()).toMatchObject({ msg: 'VALIDATION_ERROR' });
    });
  });

  describe('presence and team members', () => {
    it('marks this session away and back, and tells the user and team mates', async () => {
      const team = await buildTeam(server().db);
      const mate = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR', local: true });
      const token = await sessionToken(server().db, team.owner.id);
      const sessionStatus = async () =>
        (
          await server()
            .db.selectFrom('sessions')
            .select('status')
            .where('token_hash', '=', sha256(token))
            .executeTakeFirstOrThrow()
        ).status;
      expect((await server().call('POST', '/api/user-client/temp-offline', { token })).body.code).toBe(2000);
      expect(await sessionStatus()).toBe('away');
      const presence = { name: 'presence', value: { userId: team.owner.id, clientType: 'PC', status: 'away' } };
      expect(server().events).toContainEqual(expect.objectContaining({ userId: team.owner.id, ...presence }));
      expect(server().events).toContainEqual(expect.objectContaining({ userId: mate.id, ...presence }));
      expect((await server().call('GET', '/api/web/check', { token })).body.code).toBe(2000);
      expect((await server().call('POST', '/api/user-client/wake-up', { token })).body.code).toBe(2000);
      expect(await sessionStatus()).toBe('active');
      expect(server().events).toContainEqual(
        expect.objectContaining({
          userId: mate.id,
          name: 'presence',
          value: expect.objectContaining({ status: 'active' }),
        }),
      );
    });

    it('lists the current members of the caller’s team who hold a role', async () => {
      const team = await buildTeam(server().db);
      const first = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR', local: true });
      const second = await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR', local: true });
      await buildUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER', local: true });
      await buildUser(server().db, {
        teamId: team.id,
        role: 'ROLE_TEAM_INSPECTOR',
        expiresAt: new Date(Date.now() - 1000),
      });
      const elsewhere = await buildTeam(server().db);
      await buildUser(server().db, { teamId: elsewhere.id, role: 'ROLE_TEAM_INSPECTOR', local: true });
      const token = await sessionToken(server().db, team.owner.id);
      const response = await server().call<Array<Record<string, unknown>>>('GET', '/api/user-client/findTeamRoleUser', {
        token,
        query: { roleCode: 'ROLE_TEAM_INSPECTOR' },
      });
      expect(response.body.data.map((row) => row.userId)).toEqual([first.id, second.id]);
      expect(response.body.data[0]).toEqual({
        userId: first.id,
        name: `Test ${first.account}`,
        account: first.account,
        phone: null,
        headImgUrl: null,
        roleId: 'ROLE_TEAM_INSPECTOR',
      });
      const bad = await server().call('GET', '/api/user-client/findTeamRoleUser', {
        token,
        query: { roleCode: 'BOSS' },
      });
      expect(fieldKeys(bad.body)).toEqual({ 'querystring.roleCode': 'invalidValue' });
      const missing = await server().call('GET', '/api/user-client/findTeamRoleUser', { token });
      expect(fieldKeys(missing.body)).toEqual({ 'querystring.roleCode': 'required' });
      const loner = await buildSignedInUser(server().db);
      const noTeam = await server().call('GET', '/api/user-client/findTeamRoleUser', {
        token: loner.token,
        query: { roleCode: 'ROLE_TEAM_OWNER' },
      });
      expect(noTeam.body.msg).toBe('NO_AUTH');
    });
  });
});
