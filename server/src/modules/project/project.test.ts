import { beforeAll, describe, expect, it } from 'vitest';
import {
  CATALOGUES,
  type Page,
  type ProjectCard,
  type ProjectDetail,
  type ProjectMapItem,
  type ProjectRef,
} from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import type { Issues } from '../../../test/validation.js';
import { buildOutsider, buildProject, builtInProjectTypeId } from '../../../test/factories/project.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { buildSignedInUser } from '../../../test/factories/user.js';

const LINE = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'G4 Beijing-Hong Kong' },
      geometry: {
        type: 'LineString',
        coordinates: [
          [116.3, 39.9],
          [116.4, 39.8],
        ],
      },
    },
  ],
};

describeOnEachDatabase('projects', (server) => {
  let team: StaffedTeam;
  let bridge: number;

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    bridge = await builtInProjectTypeId(server().db, 'bridge');
  });

  const create = (body: Record<string, unknown>, token = team.admin.token) =>
    server().call<{ id: number }>('POST', '/api/project', { token, body: { typeId: bridge, ...body } });
  const detail = (id: number, token = team.admin.token) =>
    server().call<ProjectDetail>('GET', `/api/project/${id}`, { token });

  describe('create and detail', () => {
    it('creates a project in the default group with members, location and default view', async () => {
      const created = await create({
        name: 'Yangtze bridge',
        description: 'Cable-stayed',
        memberIds: [team.inspector.id],
        locationGeojson: LINE,
        defaultView: { position: { lon: 116.3, lat: 39.9, height: 500 }, heading: 10, pitch: -45, roll: 0 },
        highPrecision: true,
      });
      expect(created.body).toMatchObject({ code: 2000 });
      const { body } = await detail(created.body.data.id);
      expect(body.data).toMatchObject({
        name: 'Yangtze bridge',
        typeId: bridge,
        typeCode: 'bridge',
        typeName: '桥梁',
        description: 'Cable-stayed',
        locationKind: 'line',
        routeName: 'G4 Beijing-Hong Kong',
        highPrecision: true,
        status: 'normal',
        modelState: 'none',
        memberCount: 1,
        defaultView: { position: { lon: 116.3, lat: 39.9, height: 500 }, heading: 10, pitch: -45, roll: 0 },
        members: [expect.objectContaining({ userId: team.inspector.id, roleCode: 'ROLE_TEAM_INSPECTOR' })],
      });
      expect(body.data.locationGeojson).toMatchObject({ type: 'FeatureCollection' });
      const groups = await server().call<Array<{ id: number; isDefault: boolean }>>(
        'GET',
        '/api/project-group/find/project/group',
        { token: team.admin.token },
      );
      expect(body.data.groupId).toBe(groups.body.data.find((group) => group.isDefault)?.id);
    });

    it('names a built-in type, and the default group, in the language asked for', async () => {
      const { body } = await create({ name: 'Language check' });
      const english = await server().call<ProjectDetail>('GET', `/api/project/${body.data.id}`, {
        token: team.admin.token,
        headers: { 'accept-language': 'en' },
      });
      expect(english.body.data.typeName).toBe('Bridge');
      expect(english.body.data.groupName).toBe(CATALOGUES.en.projectGroup.default);
    });

    it('answers PROJECT_NAME_EXITS_ERROR for a name the team already uses', async () => {
      await create({ name: 'Twin' });
      const again = await create({ name: 'Twin' });
      expect(again.body.msg).toBe('PROJECT_NAME_EXITS_ERROR');
      expect(again.status).toBe(409);
    });

    it('allows the name of a project in another team or in the recycle bin', async () => {
      const outsider = await buildOutsider(server().db);
      await buildProject(server().db, { teamId: outsider.teamId, name: 'Shared name' });
      await buildProject(server().db, { teamId: team.id, name: 'Binned name', deleted: true });
      expect((await create({ name: 'Shared name' })).body.code).toBe(2000);
      expect((await create({ name: 'Binned name' })).body.code).toBe(2000);
    });

    it('validates every field', async () => {
      const response = await server().call<Issues>('POST', '/api/project', {
        token: team.admin.token,
        body: {
          name: 'x'.repeat(51),
          typeId: 'abc',
          memberIds: 'all',
          defaultView: { position: { lon: 181, lat: -91, height: -1 }, heading: 361, pitch: -361, roll: 400 },
          highPrecision: 'yes',
          description: 'd'.repeat(501),
          routeName: 'r'.repeat(51),
        },
      });
      expect(response.body.msg).toBe('VALIDATION_ERROR');
      expect(response.body.data.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'name', key: 'tooLong' }),
          expect.objectContaining({ path: 'typeId', key: 'invalidValue' }),
          expect.objectContaining({ path: 'memberIds', key: 'invalidValue' }),
          expect.objectContaining({ path: 'defaultView.position.lon', key: 'numberRange' }),
          expect.objectContaining({ path: 'defaultView.position.lat', key: 'numberRange' }),
          expect.objectContaining({ path: 'defaultView.position.height', key: 'numberRange' }),
          expect.objectContaining({ path: 'defaultView.heading', key: 'numberRange' }),
          expect.objectContaining({ path: 'defaultView.pitch', key: 'numberRange' }),
          expect.objectContaining({ path: 'defaultView.roll', key: 'numberRange' }),
          expect.objectContaining({ path: 'highPrecision', key: 'invalidValue' }),
          expect.objectContaining({ path: 'description', key: 'tooLong' }),
          expect.objectContaining({ path: 'routeName', key: 'tooLong' }),
        ]),
      );
      const blank = await server().call<Issues>('POST', '/api/project', {
        token: team.admin.token,
        body: { name: '  ' },
      });
      expect(blank.body.data.issues).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'name', key: 'required' }),
          expect.objectContaining({ path: 'typeId', key: 'required' }),
        ]),
      );
    });

    it('refuses a disabled type, a type or group of another team, and a member of another team', async () => {
      const outsider = await buildOutsider(server().db);
      const foreignType = await server().call<{ id: number }>('POST', '/api/project-type', {
        token: outsider.token,
        body: { name: 'Pier', icon: 'pier' },
      });
      const foreignGroup = await server().call<{ id: number }>('POST', '/api/project-group', {
        token: outsider.token,
        body: { name: 'Theirs' },
      });
      const disabled = await builtInProjectTypeId(server().db, 'dam');
      await server().call('POST', '/api/project-type/isEnable', {
        token: team.admin.token,
        body: { id: disabled, enabled: false },
      });
      const cases: Array<[Record<string, unknown>, string, string?]> = [
        [{ typeId: disabled }, 'VALIDATION_ERROR', 'typeId'],
        [{ typeId: foreignType.body.data.id }, 'VALIDATION_ERROR', 'typeId'],
        [{ groupId: foreignGroup.body.data.id }, 'VALIDATION_ERROR', 'groupId'],
        [{ memberIds: [outsider.id] }, 'USER_NOT_EXISTING'],
      ];
      for (const [body, key, path] of cases) {
        const response = await create({ name: `Refused ${key} ${path ?? ''}`, ...body });
        expect(response.body.msg).toBe(key);
        if (path) expect((response.body.data as unknown as Issues).issues).toEqual([{ path, key: 'invalidValue' }]);
      }
      await server().call('POST', '/api/project-type/isEnable', {
        token: team.admin.token,
        body: { id: disabled, enabled: true },
      });
    });

    it('answers PROJECT_VECTOR_FILE_ERROR with the reason for a bad location and stores nothing', async () => {
      const before = await server().db.selectFrom('projects').select('id').execute();
      const response = await create({
        name: 'Bad location',
        locationGeojson: { type: 'LineString', coordinates: [[116.3, 39.9]] },
      });
      expect(response.body).toMatchObject({
        msg: 'PROJECT_VECTOR_FILE_ERROR',
        data: { params: { reason: 'tooFewPoints' } },
      });
      const after = await server().db.selectFrom('projects').select('id').execute();
      expect(after.length).toBe(before.length);
    });

    it('is refused to roles without project:create', async () => {
      for (const member of [team.inspector, team.viewer]) {
        expect((await create({ name: 'Not mine' }, member.token)).body).toMatchObject({ code: 4001, msg: 'NO_AUTH' });
      }
    });
  });

  describe('update', () => {
    it('changes the fields named and keeps the others', async () => {
      const { body } = await create({
        name: 'Before',
        description: 'kept',
        locationGeojson: LINE,
        memberIds: [team.viewer.id],
      });
      const id = body.data.id;
      const updated = await server().call('PUT', '/api/project', {
        token: team.admin.token,
        body: { id, name: 'After', routeName: 'S1', highPrecision: true, memberIds: [team.inspector.id] },
      });
      expect(updated.body.code).toBe(2000);
      const after = (await detail(id)).body.data;
      expect(after).toMatchObject({
        name: 'After',
        description: 'kept',
        routeName: 'S1',
        highPrecision: true,
        locationKind: 'line',
      });
      expect(after.members.map((member) => member.userId)).toEqual([team.inspector.id]);

      const cleared = await server().call('PUT', '/api/project', {
        token: team.admin.token,
        body: { id, locationGeojson: null, description: null, defaultView: null },
      });
      expect(cleared.body.code).toBe(2000);
      expect((await detail(id)).body.data).toMatchObject({
        locationGeojson: null,
        locationKind: null,
        description: null,
      });
    });

    it('answers PROJECT_NAME_EXITS_ERROR when renaming onto another project', async () => {
      await create({ name: 'Taken' });
      const { body } = await create({ name: 'Renamed later' });
      const response = await server().call('PUT', '/api/project', {
        token: team.admin.token,
        body: { id: body.data.id, name: 'Taken' },
      });
      expect(response.body.msg).toBe('PROJECT_NAME_EXITS_ERROR');
    });

    it('refuses a bad location on update and keeps the old one', async () => {
      const { body } = await create({ name: 'Keeps line', locationGeojson: LINE });
      const response = await server().call('PUT', '/api/project', {
        token: team.admin.token,
        body: {
          id: body.data.id,
          locationGeojson: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [0, 0],
              ],
            ],
          },
        },
      });
      expect(response.body.msg).toBe('PROJECT_VECTOR_FILE_ERROR');
      expect((await detail(body.data.id)).body.data.locationKind).toBe('line');
    });

    it('refuses a project that is being handed over with PROJECT_ERROR', async () => {
      const project = await buildProject(server().db, { teamId: team.id });
      await server().db.updateTable('projects').set({ status: 'moving' }).where('id', '=', project.id).execute();
      const response = await server().call('PUT', '/api/project', {
        token: team.admin.token,
        body: { id: project.id, name: 'Moved' },
      });
      expect(response.body.msg).toBe('PROJECT_ERROR');
      expect((await detail(project.id)).body.data.status).toBe('moving');
    });
  });

  describe('lists', () => {
    let listTeam: StaffedTeam;
    let ids: { a: number; b: number; c: number };
    let groupId: number;

    beforeAll(async () => {
      listTeam = await buildStaffedTeam(server().db);
      const tunnel = await builtInProjectTypeId(server().db, 'tunnel');
      groupId = (
        await server().call<{ id: number }>('POST', '/api/project-group', {
          token: listTeam.admin.token,
          body: { name: 'North' },
        })
      ).body.data.id;
      const a = await buildProject(server().db, {
        teamId: listTeam.id,
        name: 'Alpha bridge',
        memberIds: [listTeam.inspector.id],
        routeName: 'G4 line',
      });
      const b = await buildProject(server().db, { teamId: listTeam.id, name: 'Beta tunnel', typeId: tunnel, groupId });
      const c = await buildProject(server().db, { teamId: listTeam.id, name: 'Gamma bridge', routeName: 'S2 line' });
      await buildProject(server().db, { teamId: listTeam.id, name: 'Binned', deleted: true });
      ids = { a: a.id, b: b.id, c: c.id };
    });

    const page = (body: Record<string, unknown>, token = listTeam.admin.token) =>
      server().call<Page<ProjectCard>>('POST', '/api/project/findPage', {
        token,
        body: { pageNum: 1, pageSize: 10, ...body },
      });

    it('pages the live projects, newest first, with type, model state and member count', async () => {
      const { body } = await page({ pageSize: 2 });
      expect(body.data.total).toBe(3);
      expect(body.data.records.map((card) => card.id)).toEqual([ids.c, ids.b]);
      const second = await page({ pageNum: 2, pageSize: 2 });
      expect(second.body.data.records.map((card) => card.id)).toEqual([ids.a]);
      expect(second.body.data.records[0]).toMatchObject({
        typeCode: 'bridge',
        typeIcon: 'bridge',
        modelState: 'none',
        memberCount: 1,
        status: 'normal',
      });
    });

    it('filters by group, type and keyword', async () => {
      const tunnel = await builtInProjectTypeId(server().db, 'tunnel');
      expect((await page({ groupId })).body.data.records.map((card) => card.id)).toEqual([ids.b]);
      expect((await page({ typeId: tunnel })).body.data.records.map((card) => card.id)).toEqual([ids.b]);
      expect((await page({ keyword: 'bridge' })).body.data.records.map((card) => card.id)).toEqual([ids.c, ids.a]);
      expect((await page({ keyword: '100%_' })).body.data.total).toBe(0);
    });

    it("reads the model's state from project_models", async () => {
      await server()
        .db.insertInto('project_models')
        .values({ project_id: ids.b, team_id: listTeam.id, storage_key: `test/${ids.b}`, state: 'unzipping' })
        .execute();
      const card = (await page({ groupId })).body.data.records[0];
      expect(card?.modelState).toBe('unzipping');
    });

    it('shows inspectors and viewers only their projects', async () => {
      const inspectorPage = await page({}, listTeam.inspector.token);
      expect(inspectorPage.body.data.records.map((card) => card.id)).toEqual([ids.a]);
      expect((await page({}, listTeam.viewer.token)).body.data.total).toBe(0);
      const refs = await server().call<ProjectRef[]>('POST', '/api/project/findTeamAll', {
        token: listTeam.inspector.token,
      });
      expect(refs.body.data).toEqual([{ id: ids.a, name: 'Alpha bridge' }]);
    });

    it('lists every project of the team for pickers, by name', async () => {
      const refs = await server().call<ProjectRef[]>('POST', '/api/project/findTeamAll', {
        token: listTeam.owner.token,
      });
      expect(refs.body.data.map((ref) => ref.name)).toEqual(['Alpha bridge', 'Beta tunnel', 'Gamma bridge']);
    });

    it('lists projects with their locations for the map', async () => {
      const { body } = await server().call<ProjectMapItem[]>('POST', '/api/project/find/List/map', {
        token: listTeam.admin.token,
        body: { keyword: 'Alpha' },
      });
      expect(body.data).toEqual([
        expect.objectContaining({ id: ids.a, routeName: 'G4 line', locationGeojson: null, locationKind: null }),
      ]);
    });

    it('finds projects by route name and type code', async () => {
      const find = (query: Record<string, string>) =>
        server().call<ProjectMapItem[]>('GET', '/api/project/find/mode/line', { token: listTeam.admin.token, query });
      expect((await find({})).body.data.map((item) => item.id)).toEqual([ids.c, ids.a]);
      expect((await find({ modeLine: 'G4' })).body.data.map((item) => item.id)).toEqual([ids.a]);
      expect((await find({ modeLine: 'line', typeCode: 'tunnel' })).body.data).toEqual([]);
      expect((await find({ modeLine: 'S2', typeCode: 'BRIDGE' })).body.data.map((item) => item.id)).toEqual([ids.c]);
    });
  });

  describe('project rights', () => {
    it('answers PROJECT_NO_ERROR to a non-member inspector, another team and a binned project', async () => {
      const project = await buildProject(server().db, { teamId: team.id, memberIds: [team.viewer.id] });
      const binned = await buildProject(server().db, { teamId: team.id, deleted: true });
      const outsider = await buildOutsider(server().db);
      const inspectorOnly = await buildSignedInUser(server().db, { teamId: team.id, role: 'ROLE_TEAM_INSPECTOR' });

      expect((await detail(project.id, inspectorOnly.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await detail(project.id, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await detail(binned.id)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await detail(999999)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await detail(project.id, team.viewer.token)).body.code).toBe(2000);
      const outsiderEdit = await server().call('PUT', '/api/project', {
        token: outsider.token,
        body: { id: project.id, name: 'Hijacked' },
      });
      expect(outsiderEdit.body.msg).toBe('PROJECT_NO_ERROR');
    });

    it('refuses edits, deletion and handover to inspectors and viewers with NO_AUTH', async () => {
      const project = await buildProject(server().db, { teamId: team.id, memberIds: [team.inspector.id] });
      for (const member of [team.inspector, team.viewer]) {
        const calls = [
          () => server().call('PUT', '/api/project', { token: member.token, body: { id: project.id, name: 'x' } }),
          () => server().call('DELETE', `/api/project/${project.id}`, { token: member.token }),
          () =>
            server().call('POST', '/api/project/handover', {
              token: member.token,
              body: { projectId: project.id, targetTeamId: team.id },
            }),
        ];
        for (const call of calls) expect((await call()).body.msg).toBe('NO_AUTH');
      }
    });

    it('answers LOGIN_FAILURE without a token', async () => {
      expect((await server().call('POST', '/api/project/findPage', { body: {} })).body.code).toBe(4003);
    });
  });
});
