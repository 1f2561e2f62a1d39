import { beforeAll, expect, it } from 'vitest';
import type { MemberJurisdiction, ProjectMember, ProjectRef } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildOutsider, buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser } from '../../../test/factories/user.js';

describeOnEachDatabase("members' projects", (server) => {
  let team: StaffedTeam;
  let projects: { a: number; b: number; c: number };

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    const a = await buildProject(server().db, { teamId: team.id, name: 'A bridge', memberIds: [team.inspector.id] });
    const b = await buildProject(server().db, { teamId: team.id, name: 'B road' });
    const c = await buildProject(server().db, { teamId: team.id, name: 'C dam' });
    projects = { a: a.id, b: b.id, c: c.id };
  });

  const projectsOf = (userId: number, token = team.admin.token) =>
    server().call<ProjectRef[]>('GET', `/api/project-belong/findProjectByUser/${userId}`, { token });

  it("lists a member's projects and the caller's own", async () => {
    expect((await projectsOf(team.inspector.id)).body.data).toEqual([{ id: projects.a, name: 'A bridge' }]);
    const mine = await server().call<ProjectRef[]>('GET', '/api/project-belong/findProjectByUserId', {
      token: team.inspector.token,
    });
    expect(mine.body.data).toEqual([{ id: projects.a, name: 'A bridge' }]);
    const ownerSees = await server().call<ProjectRef[]>('GET', '/api/project-belong/findProjectByUserId', {
      token: team.owner.token,
    });
    expect(ownerSees.body.data.map((project) => project.id)).toEqual([projects.a, projects.b, projects.c]);
  });

  it("replaces a member's projects by both calls, which then decide what the member sees", async () => {
    const member = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
    const bind = await server().call('POST', '/api/project-belong/bingUserToProjectS', {
      token: team.admin.token,
      body: { userId: member.id, projectIds: [projects.b, projects.c] },
    });
    expect(bind.body.code).toBe(2000);
    expect((await projectsOf(member.id)).body.data.map((project) => project.id)).toEqual([projects.b, projects.c]);
    expect((await server().call('GET', `/api/project/${projects.a}`, { token: member.token })).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
    expect((await server().call('GET', `/api/project/${projects.b}`, { token: member.token })).body.code).toBe(2000);

    await server().call('POST', '/api/team-jurisdiction', {
      token: team.admin.token,
      body: { userId: member.id, projectIds: [projects.a] },
    });
    expect((await projectsOf(member.id)).body.data.map((project) => project.id)).toEqual([projects.a]);
    await server().call('POST', '/api/team-jurisdiction', {
      token: team.admin.token,
      body: { userId: member.id, projectIds: [] },
    });
    expect((await projectsOf(member.id)).body.data).toEqual([]);
  });

  it('replaces the projects of several members at once, or of none when one is wrong', async () => {
    const first = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR' });
    const second = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_VIEWER' });
    const outsider = await buildOutsider(server().db);
    const refused = await server().call('POST', '/api/team-jurisdiction/adds', {
      token: team.admin.token,
      body: {
        items: [
          { userId: first.id, projectIds: [projects.a] },
          { userId: outsider.id, projectIds: [projects.b] },
        ],
      },
    });
    expect(refused.body.msg).toBe('USER_NOT_EXISTING');
    expect((await projectsOf(first.id)).body.data).toEqual([]);

    const done = await server().call('POST', '/api/team-jurisdiction/adds', {
      token: team.admin.token,
      body: {
        items: [
          { userId: first.id, projectIds: [projects.a, projects.c] },
          { userId: second.id, projectIds: [projects.b] },
        ],
      },
    });
    expect(done.body.code).toBe(2000);
    const table = await server().call<MemberJurisdiction[]>('GET', '/api/team-jurisdiction/list', {
      token: team.admin.token,
    });
    const rowOf = (userId: number) => table.body.data.find((row) => row.userId === userId);
    expect(rowOf(first.id)?.projects.map((project) => project.id)).toEqual([projects.a, projects.c]);
    expect(rowOf(second.id)).toMatchObject({
      roleCode: 'ROLE_TEAM_VIEWER',
      allProjects: false,
      projects: [{ id: projects.b }],
    });
    expect(rowOf(team.owner.id)).toMatchObject({ roleCode: 'ROLE_TEAM_OWNER', allProjects: true });
    expect(rowOf(outsider.id)).toBeUndefined();
  });

  it("replaces a project's members and lists them", async () => {
    const response = await server().call('POST', '/api/project-belong/addOrUpdateList', {
      token: team.admin.token,
      body: { projectId: projects.c, userIds: [team.viewer.id, team.inspector.id] },
    });
    expect(response.body.code).toBe(2000);
    const members = await server().call<ProjectMember[]>(
      'GET',
      `/api/project-belong/findProjectByProjectId/${projects.c}`,
      {
        token: team.admin.token,
      },
    );
    expect(members.body.data.map((member) => member.userId).sort()).toEqual([team.inspector.id, team.viewer.id].sort());
    expect(members.body.data[0]).toEqual(
      expect.objectContaining({ name: expect.any(String), roleCode: expect.stringMatching(/^ROLE_TEAM_/) }),
    );
  });

  it('reads the projects an invitation link granted, until an administrator replaces them', async () => {
    const invited = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR' });
    await server()
      .db.insertInto('invitation_project_grants')
      .values({ user_id: invited.id, team_id: team.id, project_id: projects.b })
      .execute();
    expect((await projectsOf(invited.id)).body.data.map((project) => project.id)).toEqual([projects.b]);
    expect((await server().call('GET', `/api/project/${projects.b}`, { token: invited.token })).body.code).toBe(2000);
    await server().call('POST', '/api/project-belong/bingUserToProjectS', {
      token: team.admin.token,
      body: { userId: invited.id, projectIds: [projects.c] },
    });
    expect((await projectsOf(invited.id)).body.data.map((project) => project.id)).toEqual([projects.c]);
  });

  it('refuses projects and users outside the team', async () => {
    const outsider = await buildOutsider(server().db);
    const foreign = await buildProject(server().db, { teamId: outsider.teamId });
    const binned = await buildProject(server().db, { teamId: team.id, deleted: true });
    const calls: Array<[() => Promise<{ body: { msg: string } }>, string]> = [
      [() => projectsOf(outsider.id), 'USER_NOT_EXISTING'],
      [
        () =>
          server().call('POST', '/api/project-belong/bingUserToProjectS', {
            token: team.admin.token,
            body: { userId: team.viewer.id, projectIds: [foreign.id] },
          }),
        'PROJECT_NO_ERROR',
      ],
      [
        () =>
          server().call('POST', '/api/team-jurisdiction', {
            token: team.admin.token,
            body: { userId: team.viewer.id, projectIds: [binned.id] },
          }),
        'PROJECT_NO_ERROR',
      ],
      [
        () =>
          server().call('POST', '/api/project-belong/addOrUpdateList', {
            token: team.admin.token,
            body: { projectId: projects.a, userIds: [outsider.id] },
          }),
        'USER_NOT_EXISTING',
      ],
      [
        () =>
          server().call('POST', '/api/project-belong/addOrUpdateList', {
            token: team.admin.token,
            body: { projectId: foreign.id, userIds: [] },
          }),
        'PROJECT_NO_ERROR',
      ],
      [
        () =>
          server().call('GET', `/api/project-belong/findProjectByProjectId/${foreign.id}`, { token: team.admin.token }),
        'PROJECT_NO_ERROR',
      ],
    ];
    for (const [call, key] of calls) expect((await call()).body.msg).toBe(key);
  });

  it('keeps the administration calls to owners and administrators', async () => {
    for (const member of [team.inspector, team.viewer]) {
      const calls = [
        () => projectsOf(team.viewer.id, member.token),
        () => server().call('GET', '/api/team-jurisdiction/list', { token: member.token }),
        () =>
          server().call('POST', '/api/team-jurisdiction', {
            token: member.token,
            body: { userId: member.id, projectIds: [projects.b] },
          }),
        () =>
          server().call('POST', '/api/team-jurisdiction/adds', {
            token: member.token,
            body: { items: [{ userId: member.id, projectIds: [] }] },
          }),
        () =>
          server().call('POST', '/api/project-belong/bingUserToProjectS', {
            token: member.token,
            body: { userId: member.id, projectIds: [] },
          }),
        () =>
          server().call('POST', '/api/project-belong/addOrUpdateList', {
            token: member.token,
            body: { projectId: projects.a, userIds: [] },
          }),
        () => server().call('GET', `/api/project-belong/findProjectByProjectId/${projects.a}`, { token: member.token }),
      ];
      for (const call of calls) expect((await call()).body.msg).toBe('NO_AUTH');
    }
  });

  it('validates the bodies', async () => {
    const response = await server().call<{ issues: unknown[] }>('POST', '/api/team-jurisdiction/adds', {
      token: team.admin.token,
      body: { items: [] },
    });
    expect(response.body.data.issues).toEqual([{ path: 'items', key: 'required' }]);
    const bad = await server().call<{ issues: unknown[] }>('POST', '/api/project-belong/bingUserToProjectS', {
      token: team.admin.token,
      body: { projectIds: ['x'] },
    });
    expect(bad.body.data.issues).toEqual(
      expect.arrayContaining([
        { path: 'userId', key: 'required' },
        { path: 'projectIds.0', key: 'invalidValue' },
      ]),
    );
  });
});
