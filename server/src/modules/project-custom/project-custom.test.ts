import { beforeAll, describe, expect, it } from 'vitest';
import type { ProjectCustom } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildOutsider, buildProject, buildProjectScene } from '../../../test/factories/project.js';
import type { StaffedTeam } from '../../../test/factories/team.js';

const VIEW = { position: { lon: 120.1, lat: 30.2, height: 80 }, heading: 90, pitch: -30, roll: 0 };

describeOnEachDatabase('project custom data and report position', (server) => {
  let team: StaffedTeam;
  let projectId: number;

  beforeAll(async () => {
    ({ team, projectId } = await buildProjectScene(server().db));
  });

  const add = (items: unknown[], id = projectId, token = team.admin.token) =>
    server().call<{ ids: number[] }>('POST', '/api/project-custom/adds', { token, body: { projectId: id, items } });
  const listOf = (id = projectId, token = team.admin.token) =>
    server().call<ProjectCustom[]>('POST', '/api/project-custom/findProjectCustomList', {
      token,
      body: { projectId: id },
    });

  describe('custom data', () => {
    it('adds, lists, changes and deletes entries', async () => {
      const added = await add([
        { name: 'Span', value: '120 m' },
        { name: 'Built', value: '1998' },
      ]);
      expect(added.body.data.ids).toHaveLength(2);
      const [span, built] = added.body.data.ids;
      expect((await listOf(projectId, team.inspector.token)).body.data).toEqual([
        { id: span, projectId, name: 'Span', value: '120 m' },
        { id: built, projectId, name: 'Built', value: '1998' },
      ]);
      const changed = await server().call('PUT', '/api/project-custom', {
        token: team.admin.token,
        body: { id: span, name: 'Main span', value: '125 m' },
      });
      expect(changed.body.code).toBe(2000);
      const removed = await server().call('DELETE', '/api/project-custom/delete', {
        token: team.admin.token,
        body: { ids: [built] },
      });
      expect(removed.body.code).toBe(2000);
      expect((await listOf()).body.data).toEqual([{ id: span, projectId, name: 'Main span', value: '125 m' }]);
    });

    it('answers PROJECT_CUSTOM_NAME_ERROR for a name the project uses or the request repeats', async () => {
      const other = (await buildProject(server().db, { teamId: team.id })).id;
      await add([{ name: 'Owner', value: 'City' }], other);
      expect((await add([{ name: 'Owner', value: 'Province' }], other)).body.msg).toBe('PROJECT_CUSTOM_NAME_ERROR');
      expect(
        (
          await add(
            [
              { name: 'Length', value: '1' },
              { name: 'Length', value: '2' },
            ],
            other,
          )
        ).body.msg,
      ).toBe('PROJECT_CUSTOM_NAME_ERROR');
      const second = await add([{ name: 'Operator', value: 'X' }], other);
      const renamed = await server().call('PUT', '/api/project-custom', {
        token: team.admin.token,
        body: { id: second.body.data.ids[0], name: 'Owner', value: 'X' },
      });
      expect(renamed.body.msg).toBe('PROJECT_CUSTOM_NAME_ERROR');
      // The same name in another project is fine.
      expect((await add([{ name: 'Owner', value: 'City' }])).body.code).toBe(2000);
    });

    it('finds the custom data of every visible project, or of the ones named', async () => {
      const other = (await buildProject(server().db, { teamId: team.id })).id;
      await add([{ name: 'Lanes', value: '4' }], other);
      const all = await server().call<ProjectCustom[]>('POST', '/api/project-custom/findAllCustom', {
        token: team.admin.token,
        body: {},
      });
      expect(all.body.data.some((entry) => entry.projectId === other)).toBe(true);
      const named = await server().call<ProjectCustom[]>('POST', '/api/project-custom/findAllCustom', {
        token: team.admin.token,
        body: { projectIds: [other] },
      });
      expect(named.body.data).toEqual([expect.objectContaining({ projectId: other, name: 'Lanes' })]);
      const inspector = await server().call<ProjectCustom[]>('POST', '/api/project-custom/findAllCustom', {
        token: team.inspector.token,
        body: {},
      });
      expect(inspector.body.data.every((entry) => entry.projectId === projectId)).toBe(true);
    });

    it('validates entries', async () => {
      const response = await add([{ name: '', value: 'v'.repeat(501) }]);
      expect(response.body.data).toEqual({
        issues: expect.arrayContaining([
          { path: 'items.0.name', key: 'required' },
          { path: 'items.0.value', key: 'tooLong', params: { max: 500 } },
        ]),
      });
      expect((await add([])).body.data).toEqual({ issues: [{ path: 'items', key: 'required' }] });
      const noIds = await server().call('DELETE', '/api/project-custom/delete', {
        token: team.admin.token,
        body: { ids: [] },
      });
      expect(noIds.body.data).toEqual({ issues: [{ path: 'ids', key: 'required' }] });
    });

    it('keeps changes to owners and administrators and other projects out of reach', async () => {
      expect((await add([{ name: 'Nope', value: '1' }], projectId, team.inspector.token)).body.msg).toBe('NO_AUTH');
      const outsider = await buildOutsider(server().db);
      const theirs = (await buildProject(server().db, { teamId: outsider.teamId })).id;
      const entry = await add([{ name: 'Theirs', value: '1' }], theirs, outsider.token);
      const calls = [
        () => listOf(theirs),
        () => add([{ name: 'Mine', value: '1' }], theirs),
        () =>
          server().call('PUT', '/api/project-custom', {
            token: team.admin.token,
            body: { id: entry.body.data.ids[0], name: 'M', value: '1' },
          }),
        () =>
          server().call('DELETE', '/api/project-custom/delete', {
            token: team.admin.token,
            body: { ids: entry.body.data.ids },
          }),
      ];
      for (const call of calls) expect((await call()).body.msg).toBe('PROJECT_NO_ERROR');
      const unknown = await server().call('DELETE', '/api/project-custom/delete', {
        token: team.admin.token,
        body: { ids: [99999999] },
      });
      expect(unknown.body.msg).toBe('notFound');
    });
  });

  describe('report position', () => {
    it('is null until saved, then returns the saved view', async () => {
      const empty = await server().call('GET', `/api/project-report-position/${projectId}`, {
        token: team.inspector.token,
      });
      expect(empty.body).toMatchObject({ code: 2000, data: null });
      const saved = await server().call('POST', '/api/project-report-position', {
        token: team.inspector.token,
        body: { projectId, ...VIEW },
      });
      expect(saved.body.code).toBe(2000);
      await server().call('POST', '/api/project-report-position', {
        token: team.inspector.token,
        body: { projectId, ...VIEW, heading: 180 },
      });
      const read = await server().call('GET', `/api/project-report-position/${projectId}`, {
        token: team.inspector.token,
      });
      expect(read.body.data).toEqual({ projectId, ...VIEW, heading: 180, updatedAt: expect.any(String) });
    });

    it('validates the view and the rights', async () => {
      const bad = await server().call('POST', '/api/project-report-position', {
        token: team.admin.token,
        body: { projectId, position: { lon: 0, lat: 95, height: 1 }, heading: 0, pitch: 0 },
      });
      expect(bad.body.data).toEqual({
        issues: expect.arrayContaining([
          expect.objectContaining({ path: 'position.lat', key: 'numberRange' }),
          { path: 'roll', key: 'required' },
        ]),
      });
      expect(
        (
          await server().call('POST', '/api/project-report-position', {
            token: team.viewer.token,
            body: { projectId, ...VIEW },
          })
        ).body.msg,
      ).toBe('NO_AUTH');
      const outsider = await buildOutsider(server().db);
      expect(
        (await server().call('GET', `/api/project-report-position/${projectId}`, { token: outsider.token })).body.msg,
      ).toBe('PROJECT_NO_ERROR');
    });
  });
});
