import { describe, expect, it } from 'vitest';
import { sha256 } from '../../platform/auth/tokens.js';
import { describeOnEachDatabase, startTestServer } from '../../../test/harness.js';
import { fieldKeys, type Issues } from '../../../test/validation.js';
import { buildTeam } from '../../../test/factories/team.js';
import { uniquePhone } from '../../../test/factories/unique.js';
import { TEST_PASSWORD, buildUser } from '../../../test/factories/user.js';

describeOnEachDatabase('auth', (server) => {
  describe('login', () => {
    it('logs in by account and returns the user info of SPEC section 3', async () => {
      const team = await buildTeam(server().db, { name: 'Bridge crew' });
      const response = await server().call<Record<string, unknown>>('POST', '/api/web/login', {
        body: { account: team.owner.account, password: TEST_PASSWORD },
      });
      expect(response.status).toBe(200);
      expect(response.body.code).toBe(2000);
      expect(response.body.data).toMatchObject({
        userId: team.owner.id,
        teamId: team.id,
        teamName: 'Bridge crew',
        roleId: 'ROLE_TEAM_OWNER',
        storage: { ip: expect.any(String), port: expect.any(Number) },
      });
      expect(String(response.body.data.token)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    });

    it('answers USER_OR_PASSWORD_ERROR for a wrong password and an unknown account alike', async () => {
      const user = await buildUser(server().db);
      const wrong = await server().call('POST', '/api/web/login', {
        body: { account: user.account, password: 'nope12345' },
      });
      const unknown = await server().call('POST', '/api/web/login', {
        body: { account: 'nobody0000', password: 'nope12345' },
      });
      expect(wrong.body).toMatchObject({ code: 4000, msg: 'USER_OR_PASSWORD_ERROR' });
      expect(unknown.body).toMatchObject({ code: 4000, msg: 'USER_OR_PASSWORD_ERROR' });
    });

    it('locks password login after five wrong passwords, even for the right one', async () => {
      const user = await buildUser(server().db);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        await server().call('POST', '/api/web/login', { body: { account: user.account, password: 'wrong1234' } });
      }
      const locked = await server().call('POST', '/api/web/login', {
        body: { account: user.account, password: TEST_PASSWORD },
      });
      expect(locked.body.msg).toBe('USER_LOGIN_LOCKED');
      expect(locked.status).toBe(429);
    });

    it('refuses a disabled account with USER_ACCOUNT_ABNORMALITY', async () => {
      const user = await buildUser(server().db, { status: 'disabled' });
      const response = await server().call('POST', '/api/web/login', {
        body: { account: user.account, password: TEST_PASSWORD },
      });
      expect(response.body.msg).toBe('USER_ACCOUNT_ABNORMALITY');
    });

    it('validates the body with field keys', async () => {
      const response = await server().call<Issues>('POST', '/api/web/login', {
        body: { password: '' },
      });
      expect(response.status).toBe(400);
      expect(response.body.msg).toBe('VALIDATION_ERROR');
      expect(response.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'password', key: 'required' },
          { path: 'account', key: 'required' },
        ]),
      );
    });

    it('answers LOGIN_REPEATED for a second session and, when forced, sends the first one offline', async () => {
      const user = await buildUser(server().db);
      const first = await server().login(user.account, user.password);
      const repeated = await server().call('POST', '/api/web/login', {
        body: { account: user.account, password: user.password, clientType: 'PC' },
      });
      expect(repeated.body).toMatchObject({ code: 2003, msg: 'LOGIN_REPEATED' });
      expect((await server().call('GET', '/api/web/check', { token: first })).body.code).toBe(2000);

      const second = await server().login(user.account, user.password, { force: true });
      expect(server().events).toContainEqual(
        expect.objectContaining({ userId: user.id, name: 'forceOffline', value: { reason: 'LOGIN_REPEATED' } }),
      );
      // A page that missed the event learns the reason from its next request.
      const stale = await server().call('GET', '/api/web/check', { token: first });
      expect(stale.status).toBe(401);
      expect(stale.body).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE', data: { reason: 'LOGIN_REPEATED' } });
      expect((await server().call('GET', '/api/web/check', { token: second })).body.code).toBe(2000);
    });

    it('keeps one session per client type: a mobile login leaves the PC session alone', async () => {
      const user = await buildUser(server().db);
      const pc = await server().login(user.account, user.password, { clientType: 'PC', force: false });
      await server().login(user.account, user.password, { clientType: 'MOBILE', force: false });
      expect((await server().call('GET', '/api/web/check', { token: pc })).body.code).toBe(2000);
    });

    it('logs out, after which the token is refused with no reason to explain', async () => {
      const user = await buildUser(server().db);
      const token = await server().login(user.account, user.password);
      expect((await server().call('POST', '/api/web/logout', { token })).body.code).toBe(2000);
      expect((await server().call('GET', '/api/web/check', { token })).body).toMatchObject({ code: 4003, data: null });
    });
  });

  describe('registration by SMS', () => {
    const registration = (phone: string, smsCode: string) => ({
      phone,
      smsCode,
      password: 'Secret1234',
      confirmPassword: 'Secret1234',
      name: 'Li Wei',
      organization: 'Tongji University',
      position: 'Inspector',
      agreement: true,
    });

    it('registers with the SMS code, creates an own team, then logs in by phone', async () => {
      const phone = uniquePhone();
      const sent = await server().call('POST', '/api/web/sms', { query: { phone, scene: 'register' } });
      expect(sent.body.code).toBe(2000);
      const code = server().sms.lastCode(phone);
      expect(
        (await server().call('POST', '/api/web/check-code', { query: { phone, code, scene: 'register' } })).body.data,
      ).toEqual({
        valid: true,
      });
      const registered = await server().call('POST', '/api/web/register', { body: registration(phone, code) });
      expect(registered.body.code).toBe(2000);
      const login = await server().call<{ teamName: string; roleId: string }>('POST', '/api/web/login', {
        body: { phone, password: 'Secret1234' },
      });
      expect(login.body.data).toMatchObject({ teamName: 'Li Wei', roleId: 'ROLE_TEAM_OWNER' });
      expect((await server().call('POST', '/api/web/check-phone', { query: { phone } })).body.data).toEqual({
        registered: true,
      });
    });

    it('refuses a wrong code, a used code, a registered phone and a missing agreement', async () => {
      const phone = uniquePhone();
      await server().call('POST', '/api/web/sms', { query: { phone } });
      const code = server().sms.lastCode(phone);
      const wrongCode = code === '000000' ? '111111' : '000000';
      expect(
        (await server().call('POST', '/api/web/register', { body: registration(phone, wrongCode) })).body.msg,
      ).toBe('USER_SMS_CODE_CHECK_FAIL');
      const noAgreement = await server().call<Issues>('POST', '/api/web/register', {
        body: { ...registration(phone, code), agreement: false },
      });
      expect(noAgreement.body.data.issues).toContainEqual({ path: 'agreement', key: 'agreementRequired' });
      expect((await server().call('POST', '/api/web/register', { body: registration(phone, code) })).body.code).toBe(
        2000,
      );
      expect((await server().call('POST', '/api/web/register', { body: registration(phone, code) })).body.msg).toBe(
        'USER_PHONE_EXISTING',
      );
      expect((await server().call('POST', '/api/web/sms', { query: { phone } })).body.msg).toBe('USER_PHONE_EXISTING');
    });

    it('validates each field of the registration with its own key', async () => {
      const response = await server().call<Issues>('POST', '/api/web/register', {
        body: {
          phone: '12345',
          smsCode: 'abc',
          password: 'short',
          confirmPassword: 'other',
          name: '',
          organization: '',
          position: '',
        },
      });
      const keys = fieldKeys(response.body);
      expect(keys).toMatchObject({
        phone: 'phoneInvalid',
        smsCode: 'smsCodeFormat',
        password: 'passwordFormat',
        name: 'required',
        organization: 'required',
        position: 'required',
        agreement: 'agreementRequired',
      });
    });

    it('limits SMS codes to one a minute per phone', async () => {
      const phone = uniquePhone();
      expect((await server().call('POST', '/api/web/sms', { query: { phone } })).body.code).toBe(2000);
      const again = await server().call('POST', '/api/web/sms', { query: { phone } });
      expect(again.body.msg).toBe('SEND_SMS_FAIL_MIN');
    });

    it('applies the hourly and daily limits', async () => {
      const phone = uniquePhone();
      const insert = (minutesAgo: number) =>
        server()
          .db.insertInto('sms_codes')
          .values({
            phone,
            scene: 'register',
            code_hash: 'x'.repeat(64),
            created_at: new Date(Date.now() - minutesAgo * 60_000),
            expires_at: new Date(),
          })
          .execute();
      for (const minutes of [2, 10, 20, 30, 40]) await insert(minutes);
      expect((await server().call('POST', '/api/web/sms', { query: { phone } })).body.msg).toBe('SEND_SMS_FAIL_HOUR');
      await server().db.deleteFrom('sms_codes').where('phone', '=', phone).execute();
      for (const hours of [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]) await insert(hours * 60);
      expect((await server().call('POST', '/api/web/sms', { query: { phone } })).body.msg).toBe('SEND_SMS_FAIL_DAY');
    });
  });

  describe('forgotten password', () => {
    it('sets a new password with the SMS code and ends the old sessions', async () => {
      const phone = uniquePhone();
      const user = await buildUser(server().db, { phone });
      const token = await server().login(user.account, user.password);
      await server().call('POST', '/api/web/sms', { query: { phone, scene: 'retrieve' } });
      const code = server().sms.lastCode(phone);
      const retrieved = await server().call('POST', '/api/web/retrieve', {
        body: { phone, smsCode: code, password: 'NewSecret99', confirmPassword: 'NewSecret99' },
      });
      expect(retrieved.body.code).toBe(2000);
      expect((await server().call('GET', '/api/web/check', { token })).body.code).toBe(4003);
      await server().login(user.account, 'NewSecret99');
    });

    it('refuses an unregistered phone and mismatched passwords', async () => {
      const phone = uniquePhone();
      expect((await server().call('POST', '/api/web/sms', { query: { phone, scene: 'retrieve' } })).body.msg).toBe(
        'USER_PHONE_NOT_EXISTING',
      );
      const mismatch = await server().call<Issues>('POST', '/api/web/retrieve', {
        body: { phone, smsCode: '123456', password: 'NewSecret99', confirmPassword: 'Different99' },
      });
      expect(mismatch.body.data.issues).toContainEqual({ path: 'confirmPassword', key: 'passwordMismatch' });
    });
  });

  describe('captcha', () => {
    it('serves an SVG captcha and, when required, refuses an SMS without the right answer', async () => {
      const guarded = await startTestServer(server().backend, { SMS_CAPTCHA: 'true' });
      try {
        const captcha = await guarded.call<{ captchaId: string; image: string }>('GET', '/api/web/verification-code');
        expect(captcha.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
        const phone = uniquePhone();
        const missing = await guarded.call('POST', '/api/web/sms', { query: { phone } });
        expect(missing.body.msg).toBe('INVALID_CODE_ERROR');
        const wrong = await guarded.call('POST', '/api/web/sms', {
          query: { phone, captchaId: captcha.body.data.captchaId, captchaCode: 'zzzz' },
        });
        expect(wrong.body.msg).toBe('INVALID_CODE_ERROR');
        await guarded.db
          .insertInto('captchas')
          .values({ id: 'known', answer_hash: sha256('ab3d'), expires_at: new Date(Date.now() + 60_000) })
          .execute();
        const right = await guarded.call('POST', '/api/web/sms', {
          query: { phone, captchaId: 'known', captchaCode: 'AB3D' },
        });
        expect(right.body.code).toBe(2000);
        expect(guarded.sms.sent).toHaveLength(1);
      } finally {
        await guarded.close();
      }
    });
  });

  describe('platform', () => {
    it('answers an unknown call with the notFound envelope', async () => {
      const response = await server().call('GET', '/api/no/such/call');
      expect(response.status).toBe(404);
      expect(response.body).toMatchObject({ code: 4000, msg: 'notFound' });
    });

    it('answers a call without a token with 4003', async () => {
      const response = await server().call('GET', '/api/web/check');
      expect(response.body).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
    });

    it('answers malformed JSON with a validation envelope, not a crash', async () => {
      const response = await server().app.inject({
        method: 'POST',
        url: '/api/web/login',
        headers: { 'content-type': 'application/json' },
        payload: '{"account": ',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 4000, msg: 'VALIDATION_ERROR' });
    });

    it('serves the OpenAPI document', async () => {
      const response = await server().app.inject({ method: 'GET', url: '/api/docs/json' });
      const document = response.json() as { openapi: string; paths: Record<string, unknown> };
      expect(document.openapi).toMatch(/^3\./);
      expect(Object.keys(document.paths)).toContain('/api/web/login');
    });
  });
});
