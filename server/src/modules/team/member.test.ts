import { describe, expect, it } from 'vitest';
import type { MyTeam, TeamDetails, TeamMember } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import type { Issues } from '../../../test/validation.js';
import { buildProject } from '../../../test/factories/project.js';
import { DAY_MS, buildStaffedTeam, buildTeam } from '../../../test/factories/team.js';
import { addMembership, buildSignedInUser, buildUser } from '../../../test/factories/user.js';

describeOnEachDatabase('team members', (server) => {
  const roleOf = async (teamId: number, userId: number) =>
    (
      await server()
        .db.selectFrom('team_members')
        .select(['role_code', 'member_type', 'expires_at'])
        .where('team_id', '=', teamId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
    )?.role_code;

  async function schoolTeam() {
    const team = await buildStaffedTeam(server().db);
    await server().db.updateTable('teams').set({ kind: 'school' }).where('id', '=', team.id).execute();
    const teacher = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_SCHOOL_TEACHER' });
    return { ...team, teacher };
  }

  describe('role changes', () => {
    it('changes a role and the member type, and tells the member', async () => {
      const team = await buildStaffedTeam(server().db);
      const token = team.owner.token;
      const expiresAt = new Date(Date.now() + 7 * DAY_MS).toISOString();
      const changed = await server().call<TeamMember>('PUT', '/api/team-client/user-role', {
        token,
        body: { userId: team.viewer.id, roleId: 'ROLE_TEAM_INSPECTOR', memberType: 'temporary', expiresAt },
      });
      expect(changed.body.code).toBe(2000);
      expect(changed.body.data).toMatchObject({
        userId: team.viewer.id,
        roleId: 'ROLE_TEAM_INSPECTOR',
        memberType: 'temporary',
        expiresAt,
        expired: false,
      });
      expect(server().events).toContainEqual({
        userId: team.viewer.id,
        name: 'teamRoleChanged',
        value: { teamId: team.id, roleId: 'ROLE_TEAM_INSPECTOR' },
      });

      // Without memberType a new expiry moves a temporary member's expiry and keeps the type.
      const later = new Date(Date.now() + 30 * DAY_MS).toISOString();
      const moved = await server().call<TeamMember>('PUT', '/api/team-client/user-role', {
        token,
        body: { userId: team.viewer.id, roleId: 'ROLE_TEAM_INSPECTOR', expiresAt: later },
      });
      expect(moved.body.data).toMatchObject({ memberType: 'temporary', expiresAt: later });

      const full = await server().call<TeamMember>('PUT', '/api/team-client/user-role', {
        token,
        body: { userId: team.viewer.id, roleId: 'ROLE_TEAM_VIEWER', memberType: 'full' },
      });
      expect(full.body.data).toMatchObject({ roleId: 'ROLE_TEAM_VIEWER', memberType: 'full', expiresAt: null });
    });

    it('validates the body: a temporary member needs an expiry in the future', async () => {
      const team = await buildStaffedTeam(server().db);
      const token = team.admin.token;
      const noExpiry = await server().call<Issues>('PUT', '/api/team-client/user-role', {
        token,
        body: { userId: team.viewer.id, roleId: 'ROLE_TEAM_VIEWER', memberType: 'temporary' },
      });
      expect(noExpiry.body.msg).toBe('VALIDATION_ERROR');
      expect(noExpiry.body.data.issues).toEqual([{ path: 'expiresAt', key: 'required' }]);
      const past = await server().call<Issues>('PUT', '/api/team-client/user-role', {
        token,
        body: {
          userId: team.viewer.id,
          roleId: 'ROLE_TEAM_VIEWER',
          memberType: 'temporary',
          expiresAt: new Date(Date.now() - 1000).toISOString(),
        },
      });
      expect(past.body.data.issues).toEqual([{ path: 'expiresAt', key: 'futureDate' }]);
      const bad = await server().call<Issues>('PUT', '/api/team-client/user-role', {
        token,
        body: { roleId: 'ROLE_KING', memberType: 'guest', expiresAt: 'tomorrow' },
      });
      expect(Object.fromEntries(bad.body.data.issues.map((issue) => [issue.path, issue.key]))).toEqual({
        userId: 'required',
        roleId: 'invalidValue',
        memberType: 'invalidValue',
        expiresAt: 'invalidValue',
      });
      expect((await roleOf(team.id, team.viewer.id)) ?? null).toBe('ROLE_TEAM_VIEWER');
    });

    it('answers ROLE_CHANGE_LIMIT outside the assignable roles, for the owner and for oneself', async () => {
      const team = await buildStaffedTeam(server().db);
      const owner = team.owner.token;
      const admin = team.admin.token;
      const change = (token: string, userId: number, roleId: string) =>
        server().call('PUT', '/api/team-client/user-role', { token, body: { userId, roleId } });

      expect((await change(admin, team.owner.id, 'ROLE_TEAM_VIEWER')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await change(owner, team.owner.id, 'ROLE_TEAM_ADMIN')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await change(admin, team.admin.id, 'ROLE_TEAM_VIEWER')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      // An administrator manages inspectors and viewers only.
      expect((await change(admin, team.viewer.id, 'ROLE_TEAM_ADMIN')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      // One administrator per team: only the handover moves the role.
      expect((await change(owner, team.viewer.id, 'ROLE_TEAM_ADMIN')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      // Roles of another team kind, and the owner role, are never handed out here.
      expect((await change(owner, team.viewer.id, 'ROLE_CORP_SALES')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await change(owner, team.viewer.id, 'ROLE_SCHOOL_TEACHER')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await change(owner, team.viewer.id, 'ROLE_TEAM_OWNER')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      const refused = await change(admin, team.inspector.id, 'ROLE_TEAM_ADMIN');
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe(4001);
      expect(await roleOf(team.id, team.viewer.id)).toBe('ROLE_TEAM_VIEWER');

      // With the administrator gone the owner may appoint one.
      await server()
        .db.updateTable('team_members')
        .set({ role_code: 'ROLE_TEAM_INSPECTOR' })
        .where('user_id', '=', team.admin.id)
        .execute();
      expect((await change(owner, team.viewer.id, 'ROLE_TEAM_ADMIN')).body.code).toBe(2000);
      expect(await roleOf(team.id, team.viewer.id)).toBe('ROLE_TEAM_ADMIN');
    });

    it('lets a school owner appoint teachers and a teacher manage students only', async () => {
      const team = await schoolTeam();
      const owner = team.owner.token;
      const teacher = team.teacher.token;
      const change = (token: string, userId: number, roleId: string) =>
        server().call('PUT', '/api/team-client/user-role', { token, body: { userId, roleId } });
      expect((await change(owner, team.viewer.id, 'ROLE_SCHOOL_TEACHER')).body.code).toBe(2000);
      expect((await change(owner, team.inspector.id, 'ROLE_SCHOOL_STUDENT')).body.code).toBe(2000);
      expect((await change(teacher, team.inspector.id, 'ROLE_TEAM_VIEWER')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await change(teacher, team.viewer.id, 'ROLE_SCHOOL_STUDENT')).body.msg).toBe('ROLE_CHANGE_LIMIT');
      const student = await buildUser(server().db, { teamId: team.id, role: 'ROLE_SCHOOL_STUDENT' });
      const temporary = await server().call<TeamMember>('PUT', '/api/team-client/user-role', {
        token: teacher,
        body: {
          userId: student.id,
          roleId: 'ROLE_SCHOOL_STUDENT',
          memberType: 'temporary',
          expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
        },
      });
      expect(temporary.body.data).toMatchObject({ roleId: 'ROLE_SCHOOL_STUDENT', memberType: 'temporary' });
    });

    it('answers NO_AUTH for someone outside the team', async () => {
      const team = await buildStaffedTeam(server().db);
      const other = await buildStaffedTeam(server().db);
      const response = await server().call('PUT', '/api/team-client/user-role', {
        token: team.owner.token,
        body: { userId: other.viewer.id, roleId: 'ROLE_TEAM_INSPECTOR' },
      });
      expect(response.body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
      expect(await roleOf(other.id, other.viewer.id)).toBe('ROLE_TEAM_VIEWER');
    });
  });

  describe('temporary members', () => {
    it('lose access when the expiry passes, stay listed as expired, and return when extended', async () => {
      const team = await buildStaffedTeam(server().db);
      const guest = await buildSignedInUser(server().db, {
        teamId: team.id,
        role: 'ROLE_TEAM_INSPECTOR',
        expiresAt: new Date(Date.now() + DAY_MS),
      });
      const token = guest.token;
      expect((await server().call('GET', '/api/team-client/details', { token })).body.code).toBe(2000);

      await server()
        .db.updateTable('team_members')
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where('user_id', '=', guest.id)
        .execute();
      expect((await server().call('GET', '/api/team-client/details', { token })).body.msg).toBe('NO_AUTH');
      expect((await server().call<MyTeam[]>('GET', '/api/team-client/teams', { token })).body.data).toEqual([]);
      const listed = await server().call<TeamMember[]>('GET', '/api/team-client/users', {
        token: team.viewer.token,
      });
      expect(listed.body.data.find((member) => member.userId === guest.id)).toMatchObject({
        memberType: 'temporary',
        expired: true,
      });

      await server().call('PUT', '/api/team-client/user-role', {
        token: team.admin.token,
        body: {
          userId: guest.id,
          roleId: 'ROLE_TEAM_INSPECTOR',
          expiresAt: new Date(Date.now() + DAY_MS).toISOString(),
        },
      });
      const back = await server().call<TeamDetails>('GET', '/api/team-client/details', { token });
      expect(back.body.data.teamId).toBe(team.id);
    });

    it('fall back to another team of theirs when the temporary one lapses', async () => {
      const home = await buildTeam(server().db, { name: 'Home' });
      const guestTeam = await buildTeam(server().db, { name: 'Guest' });
      const user = await buildSignedInUser(server().db, { teamId: home.id, role: 'ROLE_TEAM_INSPECTOR' });
      await addMembership(server().db, {
        teamId: guestTeam.id,
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
      });
      await server().db.updateTable('users').set({ current_team_id: guestTeam.id }).where('id', '=', user.id).execute();
      const details = await server().call<TeamDetails>('GET', '/api/team-client/details', {
        token: user.token,
      });
      expect(details.body.data).toMatchObject({ teamId: home.id, name: 'Home' });
    });
  });

  describe('removal', () => {
    it('removes a member with their project rights; they move to another team and are told so, keeping the session', async () => {
      const team = await buildStaffedTeam(server().db, { name: 'Removing team' });
      const elsewhere = await buildTeam(server().db, { name: 'Elsewhere' });
      await addMembership(server().db, { teamId: elsewhere.id, userId: team.viewer.id });
      const [granted, assigned, elsewhereProject] = [
        (await buildProject(server().db, { teamId: team.id })).id,
        (await buildProject(server().db, { teamId: team.id })).id,
        (await buildProject(server().db, { teamId: elsewhere.id })).id,
      ];
      await server()
        .db.insertInto('invitation_project_grants')
        .values({ user_id: team.viewer.id, team_id: team.id, project_id: granted })
        .execute();
      await server()
        .db.insertInto('project_members')
        .values([
          { project_id: assigned, user_id: team.viewer.id },
          { project_id: elsewhereProject, user_id: team.viewer.id },
        ])
        .execute();
      const viewerToken = team.viewer.token;

      const removed = await server().call('PUT', '/api/team-client/remove-user', {
        token: team.admin.token,
        body: { userId: team.viewer.id },
      });
      expect(removed.body.code).toBe(2000);
      expect(await roleOf(team.id, team.viewer.id)).toBeUndefined();
      expect(server().events).toContainEqual({
        userId: team.viewer.id,
        name: 'teamRemoved',
        value: { teamId: team.id, teamName: 'Removing team', currentTeamId: elsewhere.id },
      });
      expect((await server().call('GET', '/api/web/check', { token: viewerToken })).body.code).toBe(2000);
      const teams = await server().call<MyTeam[]>('GET', '/api/team-client/teams', { token: viewerToken });
      expect(teams.body.data).toEqual([expect.objectContaining({ teamId: elsewhere.id, current: true })]);
      const grants = await server()
        .db.selectFrom('invitation_project_grants')
        .selectAll()
        .where('user_id', '=', team.viewer.id)
        .execute();
      expect(grants).toEqual([]);
      const projects = await server()
        .db.selectFrom('project_members')
        .select('project_id')
        .where('user_id', '=', team.viewer.id)
        .execute();
      expect(projects).toEqual([{ project_id: elsewhereProject }]);

      // A member with no other team is left with none.
      await server().call('PUT', '/api/team-client/remove-user', {
        token: team.owner.token,
        body: { userId: team.inspector.id },
      });
      const user = await server()
        .db.selectFrom('users')
        .select('current_team_id')
        .where('id', '=', team.inspector.id)
        .executeTakeFirst();
      expect(user?.current_team_id).toBeNull();
    });

    it('never removes the owner: TEAM_OWNER_CAN_NOT_REMOVE', async () => {
      const team = await buildStaffedTeam(server().db);
      for (const caller of [team.admin, team.owner]) {
        const response = await server().call('PUT', '/api/team-client/remove-user', {
          token: caller.token,
          body: { userId: team.owner.id },
        });
        expect(response.status).toBe(403);
        expect(response.body).toMatchObject({ code: 4001, msg: 'TEAM_OWNER_CAN_NOT_REMOVE' });
      }
      expect(await roleOf(team.id, team.owner.id)).toBe('ROLE_TEAM_OWNER');
    });

    it('lets an administrator leave, but not remove members above their rank or outside the team', async () => {
      const team = await schoolTeam();
      const other = await buildStaffedTeam(server().db);
      const teacher = team.teacher.token;
      const outside = await server().call('PUT', '/api/team-client/remove-user', {
        token: team.owner.token,
        body: { userId: other.viewer.id },
      });
      expect(outside.body.msg).toBe('NO_AUTH');
      const aboveRank = await server().call('PUT', '/api/team-client/remove-user', {
        token: teacher,
        body: { userId: team.inspector.id },
      });
      expect(aboveRank.body.msg).toBe('NO_AUTH');
      const validation = await server().call<Issues>('PUT', '/api/team-client/remove-user', {
        token: teacher,
        body: { userId: 'x' },
      });
      expect(validation.body.data.issues).toEqual([{ path: 'userId', key: 'invalidValue' }]);
      const leave = await server().call('PUT', '/api/team-client/remove-user', {
        token: team.admin.token,
        body: { userId: team.admin.id },
      });
      expect(leave.body.code).toBe(2000);
      expect(await roleOf(team.id, team.admin.id)).toBeUndefined();
    });
  });

  describe('administrator handover', () => {
    it('moves the administrator role; the previous administrator becomes an inspector', async () => {
      const team = await buildStaffedTeam(server().db);
      const response = await server().call('PUT', '/api/team-client/admin-handover', {
        token: team.admin.token,
        body: { userId: team.viewer.id },
      });
      expect(response.body).toMatchObject({
        code: 2000,
        data: { administratorId: team.viewer.id, formerAdministratorIds: [team.admin.id] },
      });
      expect(await roleOf(team.id, team.viewer.id)).toBe('ROLE_TEAM_ADMIN');
      expect(await roleOf(team.id, team.admin.id)).toBe('ROLE_TEAM_INSPECTOR');
      expect(server().events).toEqual(
        expect.arrayContaining([
          { userId: team.viewer.id, name: 'teamRoleChanged', value: { teamId: team.id, roleId: 'ROLE_TEAM_ADMIN' } },
          { userId: team.admin.id, name: 'teamRoleChanged', value: { teamId: team.id, roleId: 'ROLE_TEAM_INSPECTOR' } },
        ]),
      );

      // The owner may hand it on too.
      const byOwner = await server().call('PUT', '/api/team-client/admin-handover', {
        token: team.owner.token,
        body: { userId: team.inspector.id },
      });
      expect(byOwner.body.data).toEqual({
        administratorId: team.inspector.id,
        formerAdministratorIds: [team.viewer.id],
      });
    });

    it('refuses the owner, oneself, a lapsed member, outsiders and callers who are not administrator or owner', async () => {
      const team = await schoolTeam();
      const other = await buildStaffedTeam(server().db);
      const lapsed = await buildUser(server().db, {
        teamId: team.id,
        expiresAt: new Date(Date.now() - 1000),
      });
      const admin = team.admin.token;
      const handOver = (token: string, userId: number) =>
        server().call('PUT', '/api/team-client/admin-handover', { token, body: { userId } });
      expect((await handOver(admin, team.owner.id)).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await handOver(admin, team.admin.id)).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await handOver(admin, lapsed.id)).body.msg).toBe('ROLE_CHANGE_LIMIT');
      expect((await handOver(admin, other.viewer.id)).body.msg).toBe('NO_AUTH');
      // A teacher holds the handover permission through the administrator's set, but not the role.
      expect((await handOver(team.teacher.token, team.viewer.id)).body.msg).toBe('NO_AUTH');
      expect(await roleOf(team.id, team.admin.id)).toBe('ROLE_TEAM_ADMIN');
    });
  });
});
