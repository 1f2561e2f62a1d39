import { beforeAll, expect, it } from 'vitest';
import { CATALOGUES, type ProjectGroup } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildOutsider, buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';

describeOnEachDatabase('project groups', (server) => {
  let team: StaffedTeam;

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
  });

  const list = (token = team.admin.token, language = 'zh-CN') =>
    server().call<ProjectGroup[]>('GET', '/api/project-group/find/project/group', {
      token,
      headers: { 'accept-language': language },
    });
  const create = (name: unknown, token = team.admin.token) =>
    server().call<{ id: number }>('POST', '/api/project-group', { token, body: { name } });

  it("creates the default group on first use, named in the caller's language, and only once", async () => {
    const fresh = await buildStaffedTeam(server().db);
    const first = await list(fresh.admin.token, 'en');
    const second = await list(fresh.viewer.token);
    expect(first.body.data).toEqual([
      { id: expect.any(Number), name: expect.any(String), isDefault: true, projectCount: 0 },
    ]);
    expect(second.body.data.map((group) => group.id)).toEqual(first.body.data.map((group) => group.id));
    const rows = await server()
      .db.selectFrom('project_groups')
      .select('name')
      .where('team_id', '=', fresh.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(['Default group', '默认分组']).toContain(rows[0]?.name);
  });

  it("shows the default group in each reader's language until it is renamed", async () => {
    const fresh = await buildStaffedTeam(server().db);
    const [created] = (await list(fresh.admin.token, 'ja')).body.data;
    const nameIn = async (language: string) => (await list(fresh.viewer.token, language)).body.data[0]?.name;
    expect(await nameIn('en')).toBe(CATALOGUES.en.projectGroup.default);
    expect(await nameIn('zh-CN')).toBe(CATALOGUES['zh-CN'].projectGroup.default);
    const detail = await server().call<ProjectGroup>('GET', `/api/project-group/find/project/group/${created?.id}`, {
      token: fresh.viewer.token,
      headers: { 'accept-language': 'en' },
    });
    expect(detail.body.data.name).toBe(CATALOGUES.en.projectGroup.default);

    const renamed = await server().call('PUT', '/api/project-group', {
      token: fresh.admin.token,
      body: { id: created?.id, name: 'Inbox' },
    });
    expect(renamed.body.code).toBe(2000);
    expect(await nameIn('en')).toBe('Inbox');
    expect(await nameIn('ja')).toBe('Inbox');
  });

  it('creates, renames, reads and lists groups with the projects the caller may see', async () => {
    const created = await create('South');
    expect(created.body.code).toBe(2000);
    const id = created.body.data.id;
    await buildProject(server().db, { teamId: team.id, groupId: id, memberIds: [team.inspector.id] });
    await buildProject(server().db, { teamId: team.id, groupId: id });
    await buildProject(server().db, { teamId: team.id, groupId: id, deleted: true });

    expect(
      (await server().call('PUT', '/api/project-group', { token: team.admin.token, body: { id, name: 'South bank' } }))
        .body.code,
    ).toBe(2000);
    const one = await server().call<ProjectGroup>('GET', `/api/project-group/find/project/group/${id}`, {
      token: team.admin.token,
    });
    expect(one.body.data).toEqual({ id, name: 'South bank', isDefault: false, projectCount: 2 });
    const asInspector = await list(team.inspector.token);
    expect(asInspector.body.data.find((group) => group.id === id)?.projectCount).toBe(1);
    expect(asInspector.body.data[0]?.isDefault).toBe(true);
  });

  it('answers PROJECT_GROUP_NAME_ERROR for a name in use, whatever its case', async () => {
    await create('East');
    expect((await create('east')).body.msg).toBe('PROJECT_GROUP_NAME_ERROR');
    const other = await create('West');
    const renamed = await server().call('PUT', '/api/project-group', {
      token: team.admin.token,
      body: { id: other.body.data.id, name: 'EAST' },
    });
    expect(renamed.body.msg).toBe('PROJECT_GROUP_NAME_ERROR');
  });

  it('validates the name', async () => {
    expect((await create('')).body.data).toEqual({ issues: [{ path: 'name', key: 'required' }] });
    expect((await create('g'.repeat(51))).body.data).toEqual({
      issues: [{ path: 'name', key: 'tooLong', params: { max: 50 } }],
    });
    expect((await create(undefined)).body.data).toEqual({ issues: [{ path: 'name', key: 'required' }] });
  });

  it('deletes an empty group; refuses one with projects and the default group', async () => {
    const empty = await create('Empty');
    expect(
      (await server().call('DELETE', `/api/project-group/${empty.body.data.id}`, { token: team.admin.token })).body
        .code,
    ).toBe(2000);
    const used = await create('Used');
    await buildProject(server().db, { teamId: team.id, groupId: used.body.data.id });
    expect(
      (await server().call('DELETE', `/api/project-group/${used.body.data.id}`, { token: team.admin.token })).body.msg,
    ).toBe('PROJECT_GROUP_IN_USE');
    const defaultGroup = (await list()).body.data.find((group) => group.isDefault);
    expect(
      (await server().call('DELETE', `/api/project-group/${defaultGroup?.id}`, { token: team.admin.token })).body.msg,
    ).toBe('PROJECT_GROUP_DEFAULT_UNDELETABLE');
  });

  it("keeps other teams' groups out of reach and group changes to owners and administrators", async () => {
    const outsider = await buildOutsider(server().db);
    const theirs = await create('Theirs', outsider.token);
    const calls = [
      () =>
        server().call('GET', `/api/project-group/find/project/group/${theirs.body.data.id}`, {
          token: team.admin.token,
        }),
      () =>
        server().call('PUT', '/api/project-group', {
          token: team.admin.token,
          body: { id: theirs.body.data.id, name: 'Mine' },
        }),
      () => server().call('DELETE', `/api/project-group/${theirs.body.data.id}`, { token: team.admin.token }),
    ];
    for (const call of calls) expect((await call()).body.msg).toBe('notFound');
    expect((await create('Inspector group', team.inspector.token)).body.msg).toBe('NO_AUTH');
    expect((await create('Viewer group', team.viewer.token)).body.msg).toBe('NO_AUTH');
  });
});
