import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyPassword } from '../../platform/auth/tokens.js';
import type * as Tokens from '../../platform/auth/tokens.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser, buildUser } from '../../../test/factories/user.js';

// The scrypt check is watched rather than timed: equal work is what makes the answers take equal time.
vi.mock('../../platform/auth/tokens.js', async (importOriginal) => {
  const original = await importOriginal<typeof Tokens>();
  return { ...original, verifyPassword: vi.fn(original.verifyPassword) };
});
const verifications = vi.mocked(verifyPassword);

/** The parameters and the lengths of salt and hash of a stored `scrypt$N$r$p$salt$hash`: what the work depends on. */
function shapeOf(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  return { scheme, n, r, p, salt: salt?.length, hash: hash?.length };
}

describeOnEachDatabase('account privacy', (server) => {
  describe('login', () => {
    beforeEach(() => {
      verifications.mockClear();
    });

    it('does the same scrypt work for an unknown account as for a known one with a wrong password', async () => {
      const user = await buildUser(server().db);
      const { password_hash: realHash } = await server()
        .db.selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      const login = (account: string) =>
        server().call('POST', '/api/web/login', { body: { account, password: 'Wrong1234' } });

      const known = await login(user.account);
      expect(verifications).toHaveBeenCalledTimes(1);
      const unknown = await login('nobody4471');
      expect(verifications).toHaveBeenCalledTimes(2);

      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
      const [knownCall, unknownCall] = verifications.mock.calls;
      expect(knownCall?.[1]).toBe(realHash);
      expect(unknownCall?.[0]).toBe('Wrong1234');
      expect(shapeOf(unknownCall?.[1] ?? '')).toEqual(shapeOf(realHash));
      expect(await verifications.mock.results[1]?.value).toBe(false);
    });

    it('weighs an unknown phone number as it weighs an account', async () => {
      const response = await server().call('POST', '/api/web/login', {
        body: { phone: '13912345678', password: 'Wrong1234' },
      });
      expect(response.body.msg).toBe('USER_OR_PASSWORD_ERROR');
      expect(verifications).toHaveBeenCalledTimes(1);
    });
  });

  describe('GET /api/web/info/{id}', () => {
    const info = (id: number, token?: string) =>
      server().call<{ userId: number; name: string } | null>('GET', `/api/web/info/${id}`, { token });

    it('shows the card to the user and their team mates', async () => {
      const team = await buildStaffedTeam(server().db);
      const expected = { userId: team.viewer.id, name: `Test ${team.viewer.account}`, headImgUrl: null };
      expect((await info(team.viewer.id, team.viewer.token)).body.data).toEqual(expected);
      expect((await info(team.viewer.id, team.owner.token)).body.data).toEqual(expected);
    });

    it('answers a stranger, signed in or not, as if the user did not exist', async () => {
      const team = await buildStaffedTeam(server().db);
      const outsider = await buildSignedInUser(server().db);
      const missing = await info(2_000_000_000);
      expect(missing.body).toMatchObject({ msg: 'USER_NOT_EXISTING', data: null });
      for (const answer of [
        await info(team.viewer.id),
        await info(team.viewer.id, outsider.token),
        await info(2_000_000_000, outsider.token),
      ]) {
        expect(answer.status).toBe(missing.status);
        expect(answer.body).toEqual(missing.body);
        expect(JSON.stringify(answer.body)).not.toContain(team.viewer.account);
      }
    });
  });
});
