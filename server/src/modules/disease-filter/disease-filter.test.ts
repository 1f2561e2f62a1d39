import { beforeAll, describe, expect, it } from 'vitest';
import type { DefectFilterRange, ReportFilterConfiguration } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import {
  buildOutsider,
  buildProject,
  buildProjectScene,
  builtInDefectTypeId,
} from '../../../test/factories/project.js';
import type { StaffedTeam } from '../../../test/factories/team.js';

describeOnEachDatabase('damage filter range and report filter', (server) => {
  let team: StaffedTeam;
  let projectId: number;

  beforeAll(async () => {
    ({ team, projectId } = await buildProjectScene(server().db));
  });

  const save = (body: Record<string, unknown>, token = team.admin.token) =>
    server().call<DefectFilterRange>('PUT', '/api/disease-filter', { token, body: { projectId, ...body } });
  const read = (id = projectId, token = team.admin.token) =>
    server().call<DefectFilterRange>('GET', '/api/disease-filter', { token, query: { projectId: String(id) } });

  describe('damage filter range', () => {
    it('is empty until set, then keeps what was saved', async () => {
      expect((await read(projectId, team.inspector.token)).body.data).toEqual({
        projectId,
        crackLengthMin: null,
        crackLengthMax: null,
        crackWidthMin: null,
        crackWidthMax: null,
        areaMin: null,
        areaMax: null,
      });
      const saved = await save({ crackLengthMax: 0.5, crackWidthMin: 0.1, crackWidthMax: 0.2, areaMax: 0.04 });
      expect(saved.body.code).toBe(2000);
      expect((await read()).body.data).toMatchObject({
        crackLengthMin: null,
        crackLengthMax: 0.5,
        crackWidthMin: 0.1,
        crackWidthMax: 0.2,
        areaMin: null,
        areaMax: 0.04,
      });
      await save({ areaMin: 1, areaMax: 2 });
      expect((await read()).body.data).toMatchObject({ crackLengthMax: null, areaMin: 1, areaMax: 2 });
    });

    it('names each broken rule with its own key per dimension', async () => {
      const response = await save({
        crackLengthMin: 2,
        crackLengthMax: 1,
        crackWidthMin: -0.1,
        crackWidthMax: 3,
        areaMin: 4,
        areaMax: 4,
      });
      expect(response.body.data).toEqual({
        issues: expect.arrayContaining([
          { path: 'crackLengthMin', key: 'lengthRangeMinGreater' },
          { path: 'crackWidthMin', key: 'widthRangeNegative' },
          { path: 'areaMin', key: 'areaRangeEqual' },
        ]),
      });
      const more = await save({ crackLengthMax: -1, crackWidthMin: 5, crackWidthMax: 5, areaMin: 3, areaMax: 1 });
      expect(more.body.data).toEqual({
        issues: expect.arrayContaining([
          { path: 'crackLengthMax', key: 'lengthRangeNegative' },
          { path: 'crackWidthMin', key: 'widthRangeEqual' },
          { path: 'areaMin', key: 'areaRangeMinGreater' },
        ]),
      });
      const typed = await save({ areaMax: 'big' });
      expect(typed.body.data).toEqual({ issues: [{ path: 'areaMax', key: 'invalidValue' }] });
    });

    it('keeps changes to owners and administrators, and other projects out of reach', async () => {
      expect((await save({ areaMax: 1 }, team.inspector.token)).body.msg).toBe('NO_AUTH');
      const outsider = await buildOutsider(server().db);
      expect((await read(projectId, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await read(projectId, team.viewer.token)).body.msg).toBe('PROJECT_NO_ERROR');
    });
  });

  describe('report filter', () => {
    const configuration = (id = projectId, token = team.admin.token) =>
      server().call<ReportFilterConfiguration>('POST', '/api/report-filter/findConfiguration', {
        token,
        body: { projectId: id },
      });

    it('stores the intervals and defect types a report includes, and clears the types', async () => {
      expect((await configuration(projectId, team.inspector.token)).body.data).toEqual({
        projectId,
        ranges: [],
        diseaseTypeIds: [],
      });
      const ranges = await server().call<ReportFilterConfiguration>('POST', '/api/report-filter/adds', {
        token: team.inspector.token,
        body: {
          projectId,
          ranges: [
            { dimension: 'length', min: 0, max: 0.5 },
            { dimension: 'width', min: 0.2, max: 1 },
          ],
        },
      });
      expect(ranges.body.data.ranges).toEqual([
        { id: expect.any(Number), dimension: 'length', min: 0, max: 0.5 },
        { id: expect.any(Number), dimension: 'width', min: 0.2, max: 1 },
      ]);
      const replaced = await server().call<ReportFilterConfiguration>('POST', '/api/report-filter/adds', {
        token: team.inspector.token,
        body: { projectId, ranges: [{ dimension: 'area', min: 1, max: 10 }] },
      });
      expect(replaced.body.data.ranges).toEqual([{ id: expect.any(Number), dimension: 'area', min: 1, max: 10 }]);

      const crack = await builtInDefectTypeId(server().db, 'crack');
      const custom = await server().call<{ id: number }>('POST', '/api/disease-type', {
        token: team.admin.token,
        body: { projectId, name: 'Moss', color: '#00FF00' },
      });
      const types = await server().call<ReportFilterConfiguration>('POST', '/api/report-filter/disease/type/adds', {
        token: team.inspector.token,
        body: { projectId, diseaseTypeIds: [custom.body.data.id, crack] },
      });
      expect(types.body.data.diseaseTypeIds).toEqual([crack, custom.body.data.id].sort((a, b) => a - b));
      const cleared = await server().call<ReportFilterConfiguration>('POST', '/api/report-filter/clean/type', {
        token: team.inspector.token,
        body: { projectId },
      });
      expect(cleared.body.data).toMatchObject({
        diseaseTypeIds: [],
        ranges: [expect.objectContaining({ dimension: 'area' })],
      });
    });

    it('validates intervals: at least one, and the range rules per dimension', async () => {
      const none = await server().call('POST', '/api/report-filter/adds', {
        token: team.admin.token,
        body: { projectId, ranges: [] },
      });
      expect(none.body.data).toEqual({ issues: [{ path: 'ranges', key: 'rangeRequired' }] });
      const bad = await server().call('POST', '/api/report-filter/adds', {
        token: team.admin.token,
        body: {
          projectId,
          ranges: [
            { dimension: 'length', min: 3, max: 1 },
            { dimension: 'width', min: 2, max: 2 },
            { dimension: 'area', min: -1, max: 1 },
            { dimension: 'depth', min: 0, max: 1 },
            { dimension: 'area', min: 0 },
          ],
        },
      });
      expect(bad.body.data).toEqual({
        issues: expect.arrayContaining([
          { path: 'ranges.0.min', key: 'lengthRangeMinGreater' },
          { path: 'ranges.1.min', key: 'widthRangeEqual' },
          { path: 'ranges.2.min', key: 'areaRangeNegative' },
          { path: 'ranges.3.dimension', key: 'invalidValue' },
          { path: 'ranges.4.max', key: 'invalidValue' },
        ]),
      });
    });

    it("refuses defect types of other projects and other teams' projects", async () => {
      const other = (await buildProject(server().db, { teamId: team.id })).id;
      const foreignType = await server().call<{ id: number }>('POST', '/api/disease-type', {
        token: team.admin.token,
        body: { projectId: other, name: 'Elsewhere', color: '#0000FF' },
      });
      const crack = await builtInDefectTypeId(server().db, 'crack');
      const response = await server().call('POST', '/api/report-filter/disease/type/adds', {
        token: team.admin.token,
        body: { projectId, diseaseTypeIds: [crack, foreignType.body.data.id] },
      });
      expect(response.body.data).toEqual({ issues: [{ path: 'diseaseTypeIds.1', key: 'invalidValue' }] });
      const empty = await server().call('POST', '/api/report-filter/disease/type/adds', {
        token: team.admin.token,
        body: { projectId, diseaseTypeIds: [] },
      });
      expect(empty.body.data).toEqual({ issues: [{ path: 'diseaseTypeIds', key: 'required' }] });

      const outsider = await buildOutsider(server().db);
      const calls = [
        () => configuration(projectId, outsider.token),
        () => server().call('POST', '/api/report-filter/clean/type', { token: outsider.token, body: { projectId } }),
        () =>
          server().call('POST', '/api/report-filter/adds', {
            token: outsider.token,
            body: { projectId, ranges: [{ dimension: 'area', min: 0, max: 1 }] },
          }),
      ];
      for (const call of calls) expect((await call()).body.msg).toBe('PROJECT_NO_ERROR');
      expect(
        (
          await server().call('POST', '/api/report-filter/clean/type', {
            token: team.viewer.token,
            body: { projectId },
          })
        ).body.msg,
      ).toBe('NO_AUTH');
    });
  });
});
