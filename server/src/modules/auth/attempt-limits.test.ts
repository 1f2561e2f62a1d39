import { describe, expect, it } from 'vitest';
import { LIMITS } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { BURST, burst, tally } from '../../../test/bursts.js';
import { uniquePhone } from '../../../test/factories/unique.js';
import { TEST_PASSWORD, buildUser } from '../../../test/factories/user.js';

/** Five wrong tries spend an SMS code (docs/architecture.md, "Sign-in and sessions"). */
const SMS_ATTEMPTS = 5;

/** Six digits that are not `code`, a different guess for each index. */
function wrongCode(code: string, index: number): string {
  const guess = String(index).padStart(6, '0');
  return guess === code ? '999999' : guess;
}

/*
 * A limit holds only if counting a guess and checking the count are one step: these bursts send every
 * guess at once, from as many addresses, and count how many were weighed.
 */
describeOnEachDatabase('attempt limits under parallel guesses', (server) => {
  const login = (account: string, password: string, remoteAddress: string) =>
    server().call('POST', '/api/web/login', {
      body: { account, password, clientType: 'PC', force: true },
      remoteAddress,
    });

  describe('password login', () => {
    it(`weighs ${LIMITS.login.maxFailures} of ${BURST} parallel wrong passwords and locks the rest out`, async () => {
      const user = await buildUser(server().db);
      const answers = await burst(BURST, (address) => login(user.account, 'Wrong1234', address));
      expect(tally(answers)).toEqual({
        USER_OR_PASSWORD_ERROR: LIMITS.login.maxFailures,
        USER_LOGIN_LOCKED: BURST - LIMITS.login.maxFailures,
      });
      expect((await login(user.account, TEST_PASSWORD, '10.200.0.1')).body.msg).toBe('USER_LOGIN_LOCKED');
    });

    it('does not let the right password in behind a parallel burst of wrong ones', async () => {
      const user = await buildUser(server().db);
      const answers = await burst(BURST, (address, index) =>
        login(user.account, index === BURST - 1 ? TEST_PASSWORD : 'Wrong1234', address),
      );
      expect(answers.at(-1)?.body.msg).toBe('USER_LOGIN_LOCKED');
      expect(tally(answers).USER_OR_PASSWORD_ERROR).toBe(LIMITS.login.maxFailures);
    });

    it('locks an unknown account as it locks a known one, so the lock does not tell them apart', async () => {
      const answers = await burst(BURST, (address) => login('nobody7781', 'Wrong1234', address));
      expect(tally(answers)).toEqual({
        USER_OR_PASSWORD_ERROR: LIMITS.login.maxFailures,
        USER_LOGIN_LOCKED: BURST - LIMITS.login.maxFailures,
      });
    });
  });

  describe('SMS codes', () => {
    async function sendCode(phone: string, scene: 'retrieve' | 'register') {
      const sent = await server().call('POST', '/api/web/sms', {
        query: { phone, scene },
        remoteAddress: '10.201.0.1',
      });
      expect(sent.body.code).toBe(2000);
      return server().sms.lastCode(phone);
    }
    const attemptsOf = async (phone: string) =>
      (
        await server()
          .db.selectFrom('sms_codes')
          .select('attempts')
          .where('phone', '=', phone)
          .executeTakeFirstOrThrow()
      ).attempts;

    it(`spends a password-reset code after ${SMS_ATTEMPTS} of ${BURST} parallel wrong codes`, async () => {
      const phone = uniquePhone();
      const user = await buildUser(server().db, { phone });
      const code = await sendCode(phone, 'retrieve');
      const reset = (smsCode: string, remoteAddress: string) =>
        server().call('POST', '/api/web/retrieve', {
          body: { phone, smsCode, password: 'Taken12345', confirmPassword: 'Taken12345' },
          remoteAddress,
        });
      const answers = await burst(BURST, (address, index) => reset(wrongCode(code, index), address));
      expect(tally(answers)).toEqual({ USER_SMS_CODE_CHECK_FAIL: BURST });
      expect(await attemptsOf(phone)).toBe(SMS_ATTEMPTS);
      expect((await reset(code, '10.200.0.2')).body.msg).toBe('USER_SMS_CODE_CHECK_FAIL');
      expect((await login(user.account, TEST_PASSWORD, '10.200.0.3')).body.code).toBe(2000);
    });

    it('does not reset the password with the right code behind a parallel burst of wrong ones', async () => {
      const phone = uniquePhone();
      const user = await buildUser(server().db, { phone });
      const code = await sendCode(phone, 'retrieve');
      const answers = await burst(BURST, (address, index) =>
        server().call('POST', '/api/web/retrieve', {
          body: {
            phone,
            smsCode: index === BURST - 1 ? code : wrongCode(code, index),
            password: 'Taken12345',
            confirmPassword: 'Taken12345',
          },
          remoteAddress: address,
        }),
      );
      expect(tally(answers)).toEqual({ USER_SMS_CODE_CHECK_FAIL: BURST });
      expect((await login(user.account, TEST_PASSWORD, '10.200.0.4')).body.code).toBe(2000);
    });

    it('does not register with the right code behind a parallel burst of wrong ones', async () => {
      const phone = uniquePhone();
      const code = await sendCode(phone, 'register');
      const answers = await burst(BURST, (address, index) =>
        server().call('POST', '/api/web/register', {
          body: {
            phone,
            smsCode: index === BURST - 1 ? code : wrongCode(code, index),
            password: 'Taken12345',
            name: 'Li Wei',
            organization: 'Tongji University',
            position: 'Inspector',
            agreement: true,
          },
          remoteAddress: address,
        }),
      );
      expect(tally(answers)).toEqual({ USER_SMS_CODE_CHECK_FAIL: BURST });
      expect(await attemptsOf(phone)).toBe(SMS_ATTEMPTS);
      expect(await server().db.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst()).toBe(
        undefined,
      );
    });
  });
});
