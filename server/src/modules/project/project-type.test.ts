import { beforeAll, expect, it } from 'vitest';
import type { ProjectType } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildOutsider, buildProject, builtInProjectTypeId } from '../../../test/factories/project.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';

describeOnEachDatabase('project types', (server) => {
  let team: StaffedTeam;

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
  });

  const list = (body: Record<string, unknown> = {}, token = team.admin.token, language = 'en') =>
    server().call<ProjectType[]>('POST', '/api/project-type/findTeam', {
      token,
      body,
      headers: { 'accept-language': language },
    });
  const save = (body: Record<string, unknown>, token = team.admin.token) =>
    server().call<{ id: number }>('POST', '/api/project-type', { token, body });

  it('lists the ten built-in types with i18n names and icons', async () => {
    const { body } = await list({}, team.viewer.token);
    const builtIn = body.data.filter((type) => type.builtIn);
    expect(builtIn.map((type) => type.code)).toEqual([
      'bridge',
      'road',
      'building',
      'dam',
      'test',
      'tunnel',
      'side_slope',
      'culvert',
      'electromechanical',
      'wind_turbine',
    ]);
    expect(builtIn[0]).toMatchObject({ name: 'Bridge', nameKey: 'projectType.bridge', icon: 'bridge', enabled: true });
    const japanese = await list({}, team.viewer.token, 'ja');
    expect(japanese.body.data[5]?.name).toBe('トンネル');
  });

  it('creates and updates a team type; the list counts its projects', async () => {
    const created = await save({ name: 'Pier', icon: 'pier', code: 'pier' });
    expect(created.body.code).toBe(2000);
    const id = created.body.data.id;
    await buildProject(server().db, { teamId: team.id, typeId: id });
    expect((await save({ id, name: 'Pier cap', icon: 'pier-cap' })).body.code).toBe(2000);
    const type = (await list()).body.data.find((item) => item.id === id);
    expect(type).toEqual({
      id,
      code: 'pier',
      name: 'Pier cap',
      nameKey: null,
      icon: 'pier-cap',
      enabled: true,
      builtIn: false,
      projectCount: 1,
    });
  });

  it('answers PROJECT_TYPE_NAME_ERROR and PROJECT_TYPE_CODE_ERROR for names and codes in use', async () => {
    await save({ name: 'Tower', icon: 'tower', code: 'tower' });
    expect((await save({ name: 'TOWER', icon: 'tower' })).body.msg).toBe('PROJECT_TYPE_NAME_ERROR');
    expect((await save({ name: '桥梁', icon: 'bridge' })).body.msg).toBe('PROJECT_TYPE_NAME_ERROR');
    expect((await save({ name: 'Mast', icon: 'mast', code: 'Tower' })).body.msg).toBe('PROJECT_TYPE_CODE_ERROR');
    expect((await save({ name: 'Viaduct', icon: 'viaduct', code: 'bridge' })).body.msg).toBe('PROJECT_TYPE_CODE_ERROR');
    // Another team may use the same name and code.
    const outsider = await buildOutsider(server().db);
    expect((await save({ name: 'Tower', icon: 'tower', code: 'tower' }, outsider.token)).body.code).toBe(2000);
  });

  it('validates name, icon and code', async () => {
    const response = await save({ name: '', icon: 'no spaces', code: 'bad code!' });
    expect(response.body.data).toEqual({
      issues: expect.arrayContaining([
        { path: 'name', key: 'required' },
        { path: 'icon', key: 'invalidValue' },
        { path: 'code', key: 'invalidValue' },
      ]),
    });
  });

  it('fixes the built-in types: no update, no deletion', async () => {
    const bridge = await builtInProjectTypeId(server().db);
    expect((await save({ id: bridge, name: 'My bridge', icon: 'bridge' })).body.msg).toBe('PROJECT_TYPE_BUILT_IN');
    expect((await server().call('DELETE', `/api/project-type/${bridge}`, { token: team.admin.token })).body.msg).toBe(
      'PROJECT_TYPE_BUILT_IN',
    );
  });

  it('deletes an unused type and refuses one that projects use, even from the recycle bin', async () => {
    const unused = await save({ name: 'Unused', icon: 'x' });
    expect(
      (await server().call('DELETE', `/api/project-type/${unused.body.data.id}`, { token: team.admin.token })).body
        .code,
    ).toBe(2000);
    const used = await save({ name: 'Used', icon: 'x' });
    await buildProject(server().db, { teamId: team.id, typeId: used.body.data.id, deleted: true });
    expect(
      (await server().call('DELETE', `/api/project-type/${used.body.data.id}`, { token: team.admin.token })).body.msg,
    ).toBe('PROJECT_TYPE_IN_USE');
  });

  it('enables and disables types per team; the enabled list leaves disabled ones out', async () => {
    const dam = await builtInProjectTypeId(server().db, 'dam');
    expect(
      (
        await server().call('POST', '/api/project-type/isEnable', {
          token: team.admin.token,
          body: { id: dam, enabled: false },
        })
      ).body.code,
    ).toBe(2000);
    expect((await list({ enabledOnly: true })).body.data.some((type) => type.id === dam)).toBe(false);
    expect((await list()).body.data.find((type) => type.id === dam)?.enabled).toBe(false);
    const outsider = await buildOutsider(server().db);
    expect((await list({}, outsider.token)).body.data.find((type) => type.id === dam)?.enabled).toBe(true);
    const missing = await server().call('POST', '/api/project-type/isEnable', {
      token: team.admin.token,
      body: { id: dam },
    });
    expect(missing.body.data).toEqual({ issues: [{ path: 'enabled', key: 'required' }] });
  });

  it("keeps other teams' types out of reach and type changes to owners and administrators", async () => {
    const outsider = await buildOutsider(server().db);
    const theirs = await save({ name: 'Theirs', icon: 'x' }, outsider.token);
    expect((await save({ id: theirs.body.data.id, name: 'Mine', icon: 'x' })).body.msg).toBe('notFound');
    expect(
      (await server().call('DELETE', `/api/project-type/${theirs.body.data.id}`, { token: team.admin.token })).body.msg,
    ).toBe('notFound');
    expect((await save({ name: 'Inspector type', icon: 'x' }, team.inspector.token)).body.msg).toBe('NO_AUTH');
  });
});
