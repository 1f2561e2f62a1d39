import { describe, expect, it } from 'vitest';
import type { InvitationLink, InvitationLinkBody, JoinResult, LinkAnalysis, TeamDetails } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import type { Issues } from '../../../test/validation.js';
import { buildProject } from '../../../test/factories/project.js';
import { DAY_MS, buildStaffedTeam, buildTeam } from '../../../test/factories/team.js';
import { buildSignedInUser, buildUser, sessionToken } from '../../../test/factories/user.js';

type ErrorData = { params?: Record<string, number> };

describeOnEachDatabase('team invitations', (server) => {
  async function createLink(token: string, body: Partial<InvitationLinkBody> = {}) {
    const response = await server().call<InvitationLink>('POST', '/api/team-client/invitation-link', {
      token,
      body: { passwordMode: 'random', validityDays: 7, roleId: 'ROLE_TEAM_INSPECTOR', scope: 'team', ...body },
    });
    if (response.body.code !== 2000) throw new Error(`link not created: ${response.body.msg}`);
    return response.body.data;
  }

  const join = (token: string | undefined, sid: string, password: string) =>
    server().call<JoinResult & ErrorData>('POST', '/api/team-client/join', { token, query: { sid, password } });

  describe('links', () => {
    it('creates a link with a random password, shows it again, and replaces it with the next one', async () => {
      const team = await buildStaffedTeam(server().db);
      const token = team.owner.token;
      expect((await server().call('GET', '/api/team-client/invitation-link', { token })).body.data).toBeNull();

      const first = await createLink(token, { roleId: 'ROLE_TEAM_VIEWER', validityDays: 7 });
      expect(first).toMatchObject({
        url: `/invite?sid=${first.sid}`,
        passwordMode: 'random',
        roleId: 'ROLE_TEAM_VIEWER',
        scope: 'team',
        projectIds: [],
        inviter: { userId: team.owner.id, name: `Test ${team.owner.account}` },
      });
      expect(first.sid).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(first.password).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(Math.round((Date.parse(first.expiresAt) - Date.now()) / DAY_MS)).toBe(7);
      const current = await server().call<InvitationLink>('GET', '/api/team-client/invitation-link', {
        token: team.admin.token,
      });
      expect(current.body.data).toEqual(first);

      const [bridge, tunnel] = [
        (await buildProject(server().db, { teamId: team.id })).id,
        (await buildProject(server().db, { teamId: team.id })).id,
      ];
      const second = await createLink(token, {
        passwordMode: 'custom',
        password: 'Bridge2024',
        validityDays: 365,
        scope: 'projects',
        projectIds: [bridge, tunnel, bridge],
      });
      expect(second).toMatchObject({
        password: 'Bridge2024',
        passwordMode: 'custom',
        scope: 'projects',
        projectIds: [bridge, tunnel],
      });
      expect(Math.round((Date.parse(second.expiresAt) - Date.now()) / DAY_MS)).toBe(365);
      expect(
        (await server().call<InvitationLink>('GET', '/api/team-client/invitation-link', { token })).body.data.sid,
      ).toBe(second.sid);
      const old = await server().call('GET', '/api/team-client/link-analysis', { query: { sid: first.sid } });
      expect(old.body.msg).toBe('TEAM_INVITATION_LINK_INVALID');
    });

    it('validates each field', async () => {
      const team = await buildStaffedTeam(server().db);
      const token = team.admin.token;
      const post = (body: unknown) =>
        server().call<Issues>('POST', '/api/team-client/invitation-link', { token, body });
      const keys = async (body: unknown) =>
        Object.fromEntries((await post(body)).body.data.issues.map((issue) => [issue.path, issue.key]));

      expect(await keys({})).toEqual({ passwordMode: 'required', validityDays: 'required', roleId: 'required' });
      expect(await keys({ passwordMode: 'secret', validityDays: 0, roleId: 'ROLE_KING', scope: 'all' })).toEqual({
        passwordMode: 'invalidValue',
        validityDays: 'invalidValue',
        roleId: 'invalidValue',
        scope: 'invalidValue',
      });
      expect(await keys({ passwordMode: 'random', validityDays: 1.5, roleId: 'ROLE_TEAM_VIEWER' })).toEqual({
        validityDays: 'invalidValue',
      });
      const valid = { validityDays: 7, roleId: 'ROLE_TEAM_VIEWER' };
      expect(await keys({ ...valid, passwordMode: 'custom' })).toEqual({ password: 'required' });
      expect(await keys({ ...valid, passwordMode: 'custom', password: 'abc' })).toEqual({
        password: 'invitePasswordFormat',
      });
      expect(await keys({ ...valid, passwordMode: 'custom', password: 'abc$12' })).toEqual({
        password: 'invitePasswordFormat',
      });
      expect(await keys({ ...valid, passwordMode: 'custom', password: 'a'.repeat(21) })).toEqual({
        password: 'invitePasswordFormat',
      });
      expect(await keys({ ...valid, passwordMode: 'random', scope: 'projects' })).toEqual({ projectIds: 'required' });
      expect(await keys({ ...valid, passwordMode: 'random', scope: 'projects', projectIds: [0] })).toEqual({
        'projectIds.0': 'invalidValue',
      });
      expect((await post({ ...valid, passwordMode: 'custom', password: 'abcd' })).body.code).toBe(2000);
    });

    it('answers PROJECT_NO_ERROR for a project of another team or in the recycle bin', async () => {
      const team = await buildStaffedTeam(server().db);
      const other = await buildTeam(server().db);
      const token = team.owner.token;
      const own = (await buildProject(server().db, { teamId: team.id })).id;
      const binned = (await buildProject(server().db, { teamId: team.id, deleted: true })).id;
      const foreign = (await buildProject(server().db, { teamId: other.id })).id;
      for (const projectIds of [[own, foreign], [binned], [99999999]]) {
        const response = await server().call('POST', '/api/team-client/invitation-link', {
          token,
          body: { passwordMode: 'random', validityDays: 7, roleId: 'ROLE_TEAM_VIEWER', scope: 'projects', projectIds },
        });
        expect(response.body.msg).toBe('PROJECT_NO_ERROR');
      }
      expect((await server().call('GET', '/api/team-client/invitation-link', { token })).body.data).toBeNull();
    });

    it('answers USE_DEADLINE_EXCEEDED_MAXIMUM_LIMIT beyond 365 days', async () => {
      const team = await buildStaffedTeam(server().db);
      const response = await server().call<ErrorData>('POST', '/api/team-client/invitation-link', {
        token: team.owner.token,
        body: { passwordMode: 'random', validityDays: 366, roleId: 'ROLE_TEAM_VIEWER' },
      });
      expect(response.body.msg).toBe('USE_DEADLINE_EXCEEDED_MAXIMUM_LIMIT');
      expect(response.body.data.params).toEqual({ max: 365 });
    });

    it('answers TEAM_INVITATION_LINK_ROLE_ERROR for the owner, a single-holder role or a role the caller cannot give', async () => {
      const team = await buildStaffedTeam(server().db);
      const owner = team.owner.token;
      const admin = team.admin.token;
      const post = (token: string, roleId: string) =>
        server().call('POST', '/api/team-client/invitation-link', {
          token,
          body: { passwordMode: 'random', validityDays: 1, roleId },
        });
      for (const roleId of ['ROLE_TEAM_OWNER', 'ROLE_TEAM_ADMIN', 'ROLE_SCHOOL_STUDENT', 'ROLE_CORP_SALES']) {
        expect((await post(owner, roleId)).body.msg).toBe('TEAM_INVITATION_LINK_ROLE_ERROR');
      }
      expect((await post(admin, 'ROLE_TEAM_INSPECTOR')).body.code).toBe(2000);

      await server().db.updateTable('teams').set({ kind: 'school' }).where('id', '=', team.id).execute();
      const teacher = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_SCHOOL_TEACHER' });
      const teacherToken = teacher.token;
      expect((await post(teacherToken, 'ROLE_SCHOOL_STUDENT')).body.code).toBe(2000);
      expect((await post(teacherToken, 'ROLE_TEAM_VIEWER')).body.msg).toBe('TEAM_INVITATION_LINK_ROLE_ERROR');
      expect((await post(owner, 'ROLE_SCHOOL_TEACHER')).body.code).toBe(2000);
    });

    it('answers TEAM_USER_COUNT_UPPER_LIMIT when the team is full', async () => {
      const team = await buildStaffedTeam(server().db, { memberMax: 4 });
      const response = await server().call('POST', '/api/team-client/invitation-link', {
        token: team.owner.token,
        body: { passwordMode: 'random', validityDays: 7, roleId: 'ROLE_TEAM_VIEWER' },
      });
      expect(response.status).toBe(409);
      expect(response.body.msg).toBe('TEAM_USER_COUNT_UPPER_LIMIT');
    });
  });

  describe('link analysis', () => {
    it('shows anyone the team, inviter, role and expiry; whether they joined; whether there is room', async () => {
      const team = await buildStaffedTeam(server().db, { name: 'Dam crew', memberMax: 5 });
      const link = await createLink(team.admin.token, { roleId: 'ROLE_TEAM_VIEWER' });
      const anonymous = await server().call<LinkAnalysis>('GET', '/api/team-client/link-analysis', {
        query: { sid: link.sid },
      });
      expect(anonymous.body.data).toEqual({
        teamName: 'Dam crew',
        inviter: { userId: team.admin.id, name: `Test ${team.admin.account}`, headImgUrl: null },
        roleId: 'ROLE_TEAM_VIEWER',
        scope: 'team',
        expiresAt: link.expiresAt,
        valid: true,
        joined: false,
      });
      expect(JSON.stringify(anonymous.body.data)).not.toContain(link.password);
      const asMember = await server().call<LinkAnalysis>('GET', '/api/team-client/link-analysis', {
        token: team.viewer.token,
        query: { sid: link.sid },
      });
      expect(asMember.body.data.joined).toBe(true);

      await buildUser(server().db, { teamId: team.id });
      const full = await server().call<LinkAnalysis>('GET', '/api/team-client/link-analysis', {
        query: { sid: link.sid },
      });
      expect(full.body.data.valid).toBe(false);
    });

    it('answers TEAM_INVITATION_LINK_INVALID for an unknown or expired link', async () => {
      const team = await buildStaffedTeam(server().db);
      const link = await createLink(team.owner.token);
      expect(
        (await server().call('GET', '/api/team-client/link-analysis', { query: { sid: 'no-such-link' } })).body.msg,
      ).toBe('TEAM_INVITATION_LINK_INVALID');
      await server()
        .db.updateTable('team_invitation_links')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('sid', '=', link.sid)
        .execute();
      expect(
        (await server().call('GET', '/api/team-client/link-analysis', { query: { sid: link.sid } })).body.msg,
      ).toBe('TEAM_INVITATION_LINK_INVALID');
      expect(
        (await server().call('GET', '/api/team-client/invitation-link', { token: team.owner.token })).body.data,
      ).toBeNull();
      const missing = await server().call<Issues>('GET', '/api/team-client/link-analysis');
      expect(missing.body.data.issues).toEqual([{ path: 'querystring.sid', key: 'required' }]);
    });
  });

  describe('joining', () => {
    it('joins with the password: role of the link, inviter, current team, project grants and an event', async () => {
      const team = await buildStaffedTeam(server().db, { name: 'Joined team' });
      const projectIds = [
        (await buildProject(server().db, { teamId: team.id })).id,
        (await buildProject(server().db, { teamId: team.id })).id,
      ].sort((a, b) => a - b);
      const link = await createLink(team.admin.token, {
        roleId: 'ROLE_TEAM_INSPECTOR',
        scope: 'projects',
        projectIds,
      });
      const newcomer = await buildTeam(server().db, { name: 'Own team' });
      const token = await sessionToken(server().db, newcomer.owner.id);
      const joined = await join(token, link.sid, link.password);
      expect(joined.body).toMatchObject({
        code: 2000,
        data: { teamId: team.id, teamName: 'Joined team', roleId: 'ROLE_TEAM_INSPECTOR' },
      });
      expect(server().events).toContainEqual({
        userId: newcomer.owner.id,
        name: 'teamJoined',
        value: { teamId: team.id, teamName: 'Joined team', roleId: 'ROLE_TEAM_INSPECTOR' },
      });
      const details = await server().call<TeamDetails>('GET', '/api/team-client/details', { token });
      expect(details.body.data).toMatchObject({ teamId: team.id, memberCount: 5 });
      const user = await server()
        .db.selectFrom('users')
        .select(['inviter_id', 'current_team_id'])
        .where('id', '=', newcomer.owner.id)
        .executeTakeFirstOrThrow();
      expect(user).toEqual({ inviter_id: team.admin.id, current_team_id: team.id });
      const membership = await server()
        .db.selectFrom('team_members')
        .select(['role_code', 'member_type', 'expires_at'])
        .where('team_id', '=', team.id)
        .where('user_id', '=', newcomer.owner.id)
        .executeTakeFirstOrThrow();
      expect(membership).toEqual({ role_code: 'ROLE_TEAM_INSPECTOR', member_type: 'full', expires_at: null });
      const grants = await server()
        .db.selectFrom('invitation_project_grants')
        .select(['team_id', 'project_id'])
        .where('user_id', '=', newcomer.owner.id)
        .orderBy('project_id')
        .execute();
      expect(grants).toEqual(projectIds.map((projectId) => ({ team_id: team.id, project_id: projectId })));

      expect((await join(token, link.sid, link.password)).body.msg).toBe('TEAM_USER_IN_TEAM');
    });

    it('counts wrong passwords down and blocks the user for an hour after five: TEAM_USER_JOIN_COUNT_LIMIT', async () => {
      const team = await buildStaffedTeam(server().db);
      const link = await createLink(team.owner.token, { passwordMode: 'custom', password: 'Right123' });
      const guesser = await buildSignedInUser(server().db);
      const token = guesser.token;
      for (const remaining of [4, 3, 2, 1]) {
        const wrong = await join(token, link.sid, 'Wrong123');
        expect(wrong.body.msg).toBe('TEAM_INVITATION_CODE_INVALID');
        expect(wrong.body.data.params).toEqual({ count: remaining });
      }
      const fifth = await join(token, link.sid, 'Wrong123');
      expect(fifth.status).toBe(429);
      expect(fifth.body.msg).toBe('TEAM_USER_JOIN_COUNT_LIMIT');
      expect((await join(token, link.sid, 'Right123')).body.msg).toBe('TEAM_USER_JOIN_COUNT_LIMIT');

      // The block is per user and team: someone else still joins.
      const other = await buildSignedInUser(server().db);
      expect((await join(other.token, link.sid, 'Right123')).body.code).toBe(2000);

      // An hour later the count starts over.
      await server()
        .db.updateTable('team_join_attempts')
        .set({ last_failed_at: new Date(Date.now() - 61 * 60_000) })
        .where('user_id', '=', guesser.id)
        .execute();
      expect((await join(token, link.sid, 'Wrong123')).body.data.params).toEqual({ count: 4 });
      expect((await join(token, link.sid, 'Right123')).body.code).toBe(2000);
      const attempts = await server()
        .db.selectFrom('team_join_attempts')
        .selectAll()
        .where('user_id', '=', guesser.id)
        .execute();
      expect(attempts).toEqual([]);
    });

    it('answers TEAM_INVITATION_LINK_INVALID for an expired, replaced or unknown link', async () => {
      const team = await buildStaffedTeam(server().db);
      const owner = team.owner.token;
      const first = await createLink(owner);
      const second = await createLink(owner);
      const { token } = await buildSignedInUser(server().db);
      expect((await join(token, first.sid, first.password)).body.msg).toBe('TEAM_INVITATION_LINK_INVALID');
      expect((await join(token, 'unknown', 'whatever')).body.msg).toBe('TEAM_INVITATION_LINK_INVALID');
      await server()
        .db.updateTable('team_invitation_links')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('sid', '=', second.sid)
        .execute();
      expect((await join(token, second.sid, second.password)).body.msg).toBe('TEAM_INVITATION_LINK_INVALID');
    });

    it('answers TEAM_USER_COUNT_UPPER_LIMIT when the team filled up, letting one of two racing users in', async () => {
      const team = await buildStaffedTeam(server().db, { memberMax: 5 });
      const link = await createLink(team.owner.token);
      const [first, second] = [await buildSignedInUser(server().db), await buildSignedInUser(server().db)];
      const answers = await Promise.all([
        join(first.token, link.sid, link.password),
        join(second.token, link.sid, link.password),
      ]);
      expect(answers.map((answer) => answer.body.msg).sort()).toEqual(['TEAM_USER_COUNT_UPPER_LIMIT', 'success']);
      const late = await join((await buildSignedInUser(server().db)).token, link.sid, link.password);
      expect(late.body.msg).toBe('TEAM_USER_COUNT_UPPER_LIMIT');
    });

    it('renews a lapsed temporary member as a full member', async () => {
      const team = await buildStaffedTeam(server().db);
      const link = await createLink(team.owner.token, { roleId: 'ROLE_TEAM_VIEWER' });
      const lapsed = await buildSignedInUser(server().db, {
        teamId: team.id,
        role: 'ROLE_TEAM_INSPECTOR',
        expiresAt: new Date(Date.now() - 1000),
      });
      expect((await join(lapsed.token, link.sid, link.password)).body.code).toBe(2000);
      const membership = await server()
        .db.selectFrom('team_members')
        .select(['role_code', 'member_type', 'expires_at'])
        .where('team_id', '=', team.id)
        .where('user_id', '=', lapsed.id)
        .executeTakeFirstOrThrow();
      expect(membership).toEqual({ role_code: 'ROLE_TEAM_VIEWER', member_type: 'full', expires_at: null });
    });

    it('needs a login and both query parameters', async () => {
      const team = await buildStaffedTeam(server().db);
      const link = await createLink(team.owner.token);
      expect((await join(undefined, link.sid, link.password)).body.msg).toBe('LOGIN_FAILURE');
      const missing = await server().call<Issues>('POST', '/api/team-client/join', {
        token: (await buildSignedInUser(server().db)).token,
        query: { sid: link.sid },
      });
      expect(missing.body.data.issues).toEqual([{ path: 'querystring.password', key: 'required' }]);
    });
  });
});
