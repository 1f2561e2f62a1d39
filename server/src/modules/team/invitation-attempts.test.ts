import { expect, it } from 'vitest';
import { LIMITS, type InvitationLink } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { BURST, burst, tally } from '../../../test/bursts.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser } from '../../../test/factories/user.js';

/*
 * The link password's limit (five wrong, then an hour) must hold when every guess is sent at once:
 * counting a guess and checking the count are one step.
 */
describeOnEachDatabase('invitation password under parallel guesses', (server) => {
  async function customLink() {
    const team = await buildStaffedTeam(server().db);
    const response = await server().call<InvitationLink>('POST', '/api/team-client/invitation-link', {
      token: team.owner.token,
      body: {
        passwordMode: 'custom',
        password: 'Right123',
        validityDays: 7,
        roleId: 'ROLE_TEAM_INSPECTOR',
        scope: 'team',
      },
    });
    if (response.body.code !== 2000) throw new Error(`link not created: ${response.body.msg}`);
    return { team, link: response.body.data };
  }
  const join = (token: string, sid: string, password: string, remoteAddress: string) =>
    server().call<{ params?: { count: number } } | null>('POST', '/api/team-client/join', {
      token,
      query: { sid, password },
      remoteAddress,
    });
  const failuresOf = async (userId: number) =>
    (
      await server()
        .db.selectFrom('team_join_attempts')
        .select('failed_count')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).failed_count;

  it(`weighs ${LIMITS.teamJoinWrongPasswords} of ${BURST} parallel wrong passwords and blocks the rest`, async () => {
    const { link } = await customLink();
    const guesser = await buildSignedInUser(server().db);
    const answers = await burst(BURST, (address) => join(guesser.token, link.sid, 'Wrong123', address));
    const counted = LIMITS.teamJoinWrongPasswords - 1;
    expect(tally(answers)).toEqual({
      TEAM_INVITATION_CODE_INVALID: counted,
      TEAM_USER_JOIN_COUNT_LIMIT: BURST - counted,
    });
    // Each try left is announced once: no two guesses shared a count.
    const left = answers.flatMap((answer) => (answer.body.data?.params ? [answer.body.data.params.count] : []));
    expect(left.sort()).toEqual([1, 2, 3, 4]);
    expect(await failuresOf(guesser.id)).toBe(LIMITS.teamJoinWrongPasswords);
    expect((await join(guesser.token, link.sid, 'Right123', '10.200.1.1')).body.msg).toBe('TEAM_USER_JOIN_COUNT_LIMIT');
  });

  it('does not let the right password in behind a parallel burst of wrong ones', async () => {
    const { team, link } = await customLink();
    const guesser = await buildSignedInUser(server().db);
    const answers = await burst(BURST, (address, index) =>
      join(guesser.token, link.sid, index === BURST - 1 ? 'Right123' : 'Wrong123', address),
    );
    expect(answers.at(-1)?.body.msg).toBe('TEAM_USER_JOIN_COUNT_LIMIT');
    expect(await failuresOf(guesser.id)).toBe(LIMITS.teamJoinWrongPasswords);
    const member = await server()
      .db.selectFrom('team_members')
      .select('user_id')
      .where('team_id', '=', team.id)
      .where('user_id', '=', guesser.id)
      .executeTakeFirst();
    expect(member).toBeUndefined();
  });
});
