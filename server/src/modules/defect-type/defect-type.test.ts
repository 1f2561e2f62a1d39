import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_DEFECT_SHAPES, type DefectType, type Page } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { insertDefect } from '../../../test/factories/defect.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import {
  buildOutsider,
  buildProject,
  buildProjectScene,
  builtInDefectTypeId,
} from '../../../test/factories/project.js';
import type { StaffedTeam } from '../../../test/factories/team.js';

describeOnEachDatabase('defect types', (server) => {
  let team: StaffedTeam;
  let projectId: number;

  beforeAll(async () => {
    ({ team, projectId } = await buildProjectScene(server().db));
  });

  const list = (id = projectId, token = team.admin.token, language = 'en') =>
    server().call<DefectType[]>('GET', '/api/disease-type/list', {
      token,
      query: { projectId: String(id) },
      headers: { 'accept-language': language },
    });
  const create = (body: Record<string, unknown>, token = team.admin.token) =>
    server().call<{ id: number }>('POST', '/api/disease-type', {
      token,
      body: { projectId, color: '#123456', ...body },
    });

  describe('built-in types', () => {
    it('lists the twenty built-in types with distinct colours and their shape kinds', async () => {
      const { body } = await list(projectId, team.inspector.token);
      const builtIn = body.data.filter((type) => type.system);
      expect(builtIn).toHaveLength(20);
      expect(new Set(builtIn.map((type) => type.color)).size).toBe(20);
      expect(builtIn.filter((type) => type.shapeKind === 'line').map((type) => type.code)).toEqual([
        'crack',
        'linear_crack',
        'scratch',
      ]);
      // The stored catalogue is the contract's, which the vision engine also follows.
      expect(Object.fromEntries(builtIn.map((type) => [type.code, type.shapeKind]))).toEqual(BUILT_IN_DEFECT_SHAPES);
      expect(builtIn[0]).toMatchObject({
        code: 'crack',
        name: 'Crack',
        nameKey: 'diseaseType.crack',
        visibleOnAdd: true,
        projectId: null,
      });
      expect((await list(projectId, team.inspector.token, 'zh-CN')).body.data[0]?.name).toBe('裂缝');
    });

    it('answers DISEASE_TYPE_UPDATE_ERROR for any change to a built-in type', async () => {
      const crack = await builtInDefectTypeId(server().db);
      const update = await server().call('PUT', '/api/disease-type', {
        token: team.admin.token,
        body: { id: crack, name: 'Fissure' },
      });
      expect(update.body.msg).toBe('DISEASE_TYPE_UPDATE_ERROR');
      expect((await server().call('DELETE', `/api/disease-type/${crack}`, { token: team.admin.token })).body.msg).toBe(
        'DISEASE_TYPE_UPDATE_ERROR',
      );
    });
  });

  describe('custom types', () => {
    it('creates, updates and lists a custom type', async () => {
      const created = await create({ name: 'Moss', color: '#00aa00', visibleOnAdd: false });
      expect(created.body.code).toBe(2000);
      const id = created.body.data.id;
      const updated = await server().call('PUT', '/api/disease-type', {
        token: team.admin.token,
        body: { id, name: 'Moss growth', visibleOnAdd: true },
      });
      expect(updated.body.code).toBe(2000);
      const type = (await list()).body.data.find((item) => item.id === id);
      expect(type).toEqual({
        id,
        projectId,
        code: null,
        name: 'Moss growth',
        nameKey: null,
        color: '#00AA00',
        shapeKind: 'area',
        visibleOnAdd: true,
        system: false,
      });
    });

    it('adds several types at once, all or none', async () => {
      const added = await server().call<{ ids: number[] }>('POST', '/api/disease-type/adds', {
        token: team.admin.token,
        body: {
          projectId,
          items: [
            { name: 'Graffiti', color: '#FF00AA' },
            { name: 'Weld crack', color: '#AA0000', shapeKind: 'line' },
          ],
        },
      });
      expect(added.body.data.ids).toHaveLength(2);
      const refused = await server().call('POST', '/api/disease-type/adds', {
        token: team.admin.token,
        body: {
          projectId,
          items: [
            { name: 'Fresh', color: '#000000' },
            { name: 'graffiti', color: '#000000' },
          ],
        },
      });
      expect(refused.body.msg).toBe('DISEASE_TYPE_NAME_ERROR');
      expect((await list()).body.data.some((type) => type.name === 'Fresh')).toBe(false);
    });

    it('answers DISEASE_TYPE_NAME_ERROR for a name in use, repeated, or of a built-in type in any language', async () => {
      await create({ name: 'Efflorescence' });
      for (const name of ['EFFLORESCENCE', 'Crack', '裂缝', 'ひび割れ']) {
        expect((await create({ name })).body.msg).toBe('DISEASE_TYPE_NAME_ERROR');
      }
      const other = await create({ name: 'Stain' });
      const renamed = await server().call('PUT', '/api/disease-type', {
        token: team.admin.token,
        body: { id: other.body.data.id, name: 'efflorescence' },
      });
      expect(renamed.body.msg).toBe('DISEASE_TYPE_NAME_ERROR');
      // Another project may use the name.
      const second = (await buildProject(server().db, { teamId: team.id })).id;
      expect((await create({ projectId: second, name: 'Efflorescence' })).body.code).toBe(2000);
    });

    it('validates name, colour and shape kind', async () => {
      const response = await create({ name: '', color: 'red', shapeKind: 'blob', visibleOnAdd: 'no' });
      expect(response.body.data).toEqual({
        issues: expect.arrayContaining([
          { path: 'name', key: 'required' },
          { path: 'color', key: 'colorFormat' },
          { path: 'shapeKind', key: 'invalidValue' },
          { path: 'visibleOnAdd', key: 'invalidValue' },
        ]),
      });
      const long = await create({ name: 'n'.repeat(51) });
      expect(long.body.data).toEqual({ issues: [{ path: 'name', key: 'tooLong', params: { max: 50 } }] });
    });

    it('deletes an unused type; a type bound to defects answers DISEASE_TYPE_BING_DISEASE', async () => {
      const unused = await create({ name: 'Temporary' });
      expect(
        (await server().call('DELETE', `/api/disease-type/${unused.body.data.id}`, { token: team.admin.token })).body
          .code,
      ).toBe(2000);
      const bound = await create({ name: 'Bound' });
      await insertDefect(server().db, {
        teamId: team.id,
        createdBy: team.admin.id,
        projectId,
        typeId: bound.body.data.id,
      });
      expect(
        (await server().call('DELETE', `/api/disease-type/${bound.body.data.id}`, { token: team.admin.token })).body
          .msg,
      ).toBe('DISEASE_TYPE_BING_DISEASE');
      // A key defect holds its type too: without a defect, its type is bound all the same.
      const keyed = await create({ name: 'Keyed' });
      const scene = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id, projectId });
      await server()
        .db.insertInto('key_defects')
        .values({
          project_id: projectId,
          inspection_id: scene.inspectionId,
          name: 'K1',
          type_id: keyed.body.data.id,
          level: 3,
          shape_kind: 'polyline',
          positions: JSON.stringify([]),
          screenshot: 'k1.png',
          screenshot_key: 'k1.png',
          screenshot_bytes: 1,
        })
        .execute();
      expect(
        (await server().call('DELETE', `/api/disease-type/${keyed.body.data.id}`, { token: team.admin.token })).body
          .msg,
      ).toBe('DISEASE_TYPE_BING_DISEASE');
    });
  });

  describe('lists', () => {
    it('filters by shape kind and origin, pages by name, and lists the types offered when adding', async () => {
      const project = (await buildProject(server().db, { teamId: team.id })).id;
      await server().call('POST', '/api/disease-type/adds', {
        token: team.admin.token,
        body: {
          projectId: project,
          items: [
            { name: 'Hairline', color: '#111111', shapeKind: 'line' },
            { name: 'Hidden', color: '#222222', visibleOnAdd: false },
          ],
        },
      });
      const byKind = await server().call<DefectType[]>('POST', '/api/disease-type/list/type', {
        token: team.admin.token,
        body: { projectId: project, shapeKind: 'line', system: false },
      });
      expect(byKind.body.data.map((type) => type.name)).toEqual(['Hairline']);
      const system = await server().call<DefectType[]>('POST', '/api/disease-type/list/type', {
        token: team.admin.token,
        body: { projectId: project, system: true },
      });
      expect(system.body.data).toHaveLength(20);

      const page = await server().call<Page<DefectType>>('GET', '/api/disease-type/page', {
        token: team.admin.token,
        query: { projectId: String(project), pageNum: '2', pageSize: '10' },
        headers: { 'accept-language': 'en' },
      });
      expect(page.body.data).toMatchObject({ total: 22, pageNum: 2, pageSize: 10 });
      expect(page.body.data.records).toHaveLength(10);
      const searched = await server().call<Page<DefectType>>('GET', '/api/disease-type/page', {
        token: team.admin.token,
        query: { projectId: String(project), keyword: 'crack' },
        headers: { 'accept-language': 'en' },
      });
      expect(searched.body.data.records.map((type) => type.code)).toEqual(['crack', 'linear_crack', 'net_crack']);

      const offered = await server().call<DefectType[]>('POST', '/api/disease-type/findProjectDiseaseTypeList', {
        token: team.admin.token,
        body: { projectId: project },
      });
      expect(offered.body.data).toHaveLength(21);
      const hidden = await server().call<DefectType[]>('POST', '/api/disease-type/findProjectDiseaseTypeList', {
        token: team.admin.token,
        body: { projectId: project, visibleOnAdd: false },
      });
      expect(hidden.body.data.map((type) => type.name)).toEqual(['Hidden']);
    });
  });

  describe('rights', () => {
    it('keeps changes to owners and administrators, and other projects out of reach', async () => {
      expect((await create({ name: 'By inspector' }, team.inspector.token)).body.msg).toBe('NO_AUTH');
      const outsider = await buildOutsider(server().db);
      const theirs = (await buildProject(server().db, { teamId: outsider.teamId })).id;
      const theirType = await create({ projectId: theirs, name: 'Theirs' }, outsider.token);
      const calls = [
        () => list(theirs),
        () => create({ projectId: theirs, name: 'Mine' }),
        () =>
          server().call('PUT', '/api/disease-type', {
            token: team.admin.token,
            body: { id: theirType.body.data.id, name: 'Mine' },
          }),
        () => server().call('DELETE', `/api/disease-type/${theirType.body.data.id}`, { token: team.admin.token }),
        () => list(projectId, team.viewer.token),
      ];
      for (const call of calls) expect((await call()).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await server().call('DELETE', '/api/disease-type/99999999', { token: team.admin.token })).body.msg).toBe(
        'notFound',
      );
    });
  });
});
