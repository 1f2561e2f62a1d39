import { describe, expect, it } from 'vitest';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser } from '../../../test/factories/user.js';

describeOnEachDatabase('feedback', (server) => {
  const send = (token: string | undefined, body: unknown) =>
    server().call<{ id: number; issues: unknown[] }>('POST', '/api/feedback', { token, body });
  const stored = (id: number) =>
    server().db.selectFrom('feedback').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('POST /api/feedback', () => {
    it('stores a suggestion, trimmed, with the user and their current team', async () => {
      const team = await buildStaffedTeam(server().db);
      const response = await send(team.inspector.token, {
        type: 'suggestion',
        content: '  Show crack widths in the defect list  ',
        contact: ' li.wei@example.com ',
      });
      expect(response.body.code).toBe(2000);
      expect(await stored(response.body.data.id)).toMatchObject({
        user_id: team.inspector.id,
        team_id: team.id,
        type: 'suggestion',
        content: 'Show crack widths in the defect list',
        contact: 'li.wei@example.com',
      });
    });

    it('stores a software bug from a user without a team, contact left out', async () => {
      const user = await buildSignedInUser(server().db);
      const response = await send(user.token, {
        type: 'bug',
        content: 'The map is blank',
      });
      expect(await stored(response.body.data.id)).toMatchObject({
        user_id: user.id,
        team_id: null,
        type: 'bug',
        contact: null,
      });
    });

    it('never accepts empty feedback, and checks type, length and contact', async () => {
      const user = await buildSignedInUser(server().db);
      const token = user.token;
      for (const content of [undefined, '', '   \n\t ']) {
        const response = await send(token, { type: 'bug', content });
        expect(response.status).toBe(400);
        expect(response.body.data.issues).toEqual([{ path: 'content', key: 'required' }]);
      }
      const invalid = await send(token, { type: 'praise', content: 'x'.repeat(501), contact: 'y'.repeat(51) });
      expect(invalid.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'type', key: 'invalidValue' },
          { path: 'content', key: 'tooLong', params: { max: 500 } },
          { path: 'contact', key: 'tooLong', params: { max: 50 } },
        ]),
      );
      const longest = await send(token, { type: 'suggestion', content: 'z'.repeat(500) });
      expect(longest.body.code).toBe(2000);
      const count = await server()
        .db.selectFrom('feedback')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(Number(count.count)).toBe(1);
    });

    it('needs a signed-in user', async () => {
      const response = await send(undefined, { type: 'bug', content: 'Anonymous' });
      expect(response.body).toMatchObject({ code: 4003, msg: 'LOGIN_FAILURE' });
    });
  });
});
