import { beforeAll, describe, expect, it } from 'vitest';
import type { DefectField } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import type { Issues } from '../../../test/validation.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { buildOutsider, buildProject, buildProjectScene } from '../../../test/factories/project.js';
import type { StaffedTeam } from '../../../test/factories/team.js';

describeOnEachDatabase('defect fields', (server) => {
  let team: StaffedTeam;
  let projectId: number;

  beforeAll(async () => {
    ({ team, projectId } = await buildProjectScene(server().db));
  });

  const list = (id = projectId, token = team.admin.token) =>
    server().call<DefectField[]>('GET', '/api/disease-field/list', { token, query: { projectId: String(id) } });
  const create = (body: Record<string, unknown>, token = team.admin.token) =>
    server().call<{ id: number }>('POST', '/api/disease-field', { token, body: { projectId, ...body } });
  const importFile = (data: string, id = projectId, token = team.admin.token) => {
    const file = multipartFile(Buffer.from(data), { fileName: 'fields.csv' });
    return server().call<{ imported: number } & Issues>('POST', '/api/disease-field/import', {
      token,
      query: { projectId: String(id) },
      body: file.payload,
      headers: file.headers,
    });
  };

  describe('add, change, delete', () => {
    it('adds fields in order, changes and deletes them', async () => {
      const project = (await buildProject(server().db, { teamId: team.id })).id;
      const grade = await create({ projectId: project, name: 'Grade', widget: 'single', options: ['A', 'B', 'C'] });
      const note = await create({
        projectId: project,
        name: 'Note',
        widget: 'input',
        options: ['ignored'],
        visibleWhenMarking: false,
      });
      expect(grade.body.code).toBe(2000);
      const changed = await server().call('PUT', '/api/disease-field', {
        token: team.admin.token,
        body: { id: grade.body.data.id, name: 'Grades', widget: 'multi', options: ['A', 'B'] },
      });
      expect(changed.body.code).toBe(2000);
      expect((await list(project)).body.data).toEqual([
        {
          id: grade.body.data.id,
          projectId: project,
          name: 'Grades',
          widget: 'multi',
          options: ['A', 'B'],
          visibleWhenMarking: true,
          sort: 0,
        },
        {
          id: note.body.data.id,
          projectId: project,
          name: 'Note',
          widget: 'input',
          options: [],
          visibleWhenMarking: false,
          sort: 1,
        },
      ]);
      expect(
        (await server().call('DELETE', `/api/disease-field/${note.body.data.id}`, { token: team.admin.token })).body
          .code,
      ).toBe(2000);
      expect((await list(project)).body.data.map((field) => field.name)).toEqual(['Grades']);
    });

    it('validates options: dropdowns need them and they must not repeat', async () => {
      const empty = await create({ name: 'Level', widget: 'single', options: [] });
      expect(empty.body.data).toEqual({ issues: [{ path: 'options', key: 'required' }] });
      const repeated = await create({ name: 'Level', widget: 'multi', options: ['Low', 'High', 'Low'] });
      expect(repeated.body.data).toEqual({ issues: [{ path: 'options.2', key: 'duplicateOption' }] });
      const bad = await create({ name: '', widget: 'slider', options: [''], visibleWhenMarking: 'yes' });
      expect((bad.body.data as unknown as Issues).issues).toEqual(
        expect.arrayContaining([
          { path: 'name', key: 'required' },
          { path: 'widget', key: 'invalidValue' },
          { path: 'options.0', key: 'required' },
          { path: 'visibleWhenMarking', key: 'invalidValue' },
        ]),
      );
    });

    it('answers DISEASE_FIELD_NAME_ERROR for a name the project uses', async () => {
      await create({ name: 'Cause', widget: 'input' });
      expect((await create({ name: 'cause', widget: 'input' })).body.msg).toBe('DISEASE_FIELD_NAME_ERROR');
      const other = await create({ name: 'Remedy', widget: 'input' });
      const renamed = await server().call('PUT', '/api/disease-field', {
        token: team.admin.token,
        body: { id: other.body.data.id, name: 'CAUSE', widget: 'input' },
      });
      expect(renamed.body.msg).toBe('DISEASE_FIELD_NAME_ERROR');
    });
  });

  describe('import', () => {
    it('imports CSV and JSON files', async () => {
      const project = (await buildProject(server().db, { teamId: team.id })).id;
      const csv =
        'name,widget,options,visibleWhenMarking\nCrack grade,single,I|II|III,true\nInspector note,input,,no\n';
      expect((await importFile(csv, project)).body).toMatchObject({ code: 2000, data: { imported: 2 } });
      const json = JSON.stringify([{ name: 'Tags', widget: 'multi', options: ['wet', 'dry'] }]);
      expect((await importFile(json, project)).body.data).toEqual({ imported: 1 });
      expect(
        (await list(project)).body.data.map((field) => [
          field.name,
          field.widget,
          field.options,
          field.visibleWhenMarking,
        ]),
      ).toEqual([
        ['Crack grade', 'single', ['I', 'II', 'III'], true],
        ['Inspector note', 'input', [], false],
        ['Tags', 'multi', ['wet', 'dry'], true],
      ]);
    });

    it('refuses the whole file for a bad row, naming each problem, and for a name in use', async () => {
      const project = (await buildProject(server().db, { teamId: team.id })).id;
      const csv = 'name,widget,options\nGood,input,\n,single,\nLevel,multi,A|A\nKind,slider,\n';
      const response = await importFile(csv, project);
      expect(response.body.msg).toBe('VALIDATION_ERROR');
      expect(response.body.data.issues).toEqual(
        expect.arrayContaining([
          { path: 'rows.1.name', key: 'required' },
          { path: 'rows.1.options', key: 'required' },
          { path: 'rows.2.options.1', key: 'duplicateOption' },
          { path: 'rows.3.widget', key: 'invalidValue' },
        ]),
      );
      expect((await list(project)).body.data).toEqual([]);

      await create({ projectId: project, name: 'Existing', widget: 'input' });
      const taken = await importFile('name,widget\nFresh,input\nexisting,input\n', project);
      expect(taken.body.msg).toBe('DISEASE_FIELD_NAME_ERROR');
      const repeated = await importFile('name,widget\nTwice,input\nTwice,input\n', project);
      expect(repeated.body.msg).toBe('DISEASE_FIELD_NAME_ERROR');
      expect((await list(project)).body.data.map((field) => field.name)).toEqual(['Existing']);
    });

    it('refuses unreadable and empty files', async () => {
      expect((await importFile('{"fields": 3}')).body.data).toEqual({
        issues: [{ path: 'file', key: 'invalidValue' }],
      });
      expect((await importFile('[{"name": "x"')).body.data).toEqual({
        issues: [{ path: 'file', key: 'invalidValue' }],
      });
      expect((await importFile('name,widget\n"unterminated,input\n')).body.data).toEqual({
        issues: [{ path: 'file', key: 'invalidValue' }],
      });
      expect((await importFile('   ')).body.data).toEqual({ issues: [{ path: 'file', key: 'required' }] });
      expect((await importFile('name,widget\n')).body.data).toEqual({ issues: [{ path: 'file', key: 'required' }] });
    });
  });

  describe('rights', () => {
    it('keeps changes to owners and administrators, and other projects out of reach', async () => {
      expect((await list(projectId, team.inspector.token)).body.code).toBe(2000);
      expect((await create({ name: 'By inspector', widget: 'input' }, team.inspector.token)).body.msg).toBe('NO_AUTH');
      expect((await importFile('name,widget\nX,input\n', projectId, team.inspector.token)).body.msg).toBe('NO_AUTH');
      const outsider = await buildOutsider(server().db);
      const theirs = (await buildProject(server().db, { teamId: outsider.teamId })).id;
      const field = await create({ projectId: theirs, name: 'Theirs', widget: 'input' }, outsider.token);
      const calls = [
        () => list(theirs),
        () => create({ projectId: theirs, name: 'Mine', widget: 'input' }),
        () =>
          server().call('PUT', '/api/disease-field', {
            token: team.admin.token,
            body: { id: field.body.data.id, name: 'M', widget: 'input' },
          }),
        () => server().call('DELETE', `/api/disease-field/${field.body.data.id}`, { token: team.admin.token }),
        () => importFile('name,widget\nX,input\n', theirs),
      ];
      for (const call of calls) expect((await call()).body.msg).toBe('PROJECT_NO_ERROR');
    });
  });
});
