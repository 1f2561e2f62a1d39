import { beforeAll, describe, expect, it } from 'vitest';
import type { DisplacementRecord, MonitorPoint } from '@sightline/shared';
import { describeOnEachDatabase, type ApiResponse } from '../../../test/harness.js';
import { fieldKeys } from '../../../test/validation.js';
import { buildOutsider, buildProject, buildProjectScene } from '../../../test/factories/project.js';
import { DAY_MS, buildStaffedTeam, setFunction, type StaffedTeam } from '../../../test/factories/team.js';
import { unique } from '../../../test/factories/unique.js';

describeOnEachDatabase('total-station monitoring', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let place = 0;

  const grantTotalStation = (teamId: number) =>
    setFunction(server().db, {
      teamId,
      code: 'total_station',
      activatedAt: new Date(Date.now() - DAY_MS),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });

  beforeAll(async () => {
    ({ team, projectId } = await buildProjectScene(server().db));
    await grantTotalStation(team.id);
  });

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token = team.admin.token) =>
    server().call<T>(method, `/api${path}`, { token, body });
  const ok = <T>(response: ApiResponse<T>): T => {
    expect(response.body).toMatchObject({ code: 2000 });
    return response.body.data;
  };
  /** A valid point at a place no other test uses. */
  const pointBody = (extra: Record<string, unknown> = {}) => {
    place += 1;
    return {
      projectId,
      name: `P${unique()}`,
      lon: 120 + place * 1e-5,
      lat: 30,
      baseX: 1000,
      baseY: 2000,
      baseZ: 50,
      thresholdMm: 10,
      temperature: 20,
      ...extra,
    };
  };
  const createPoint = async (extra: Record<string, unknown> = {}, token = team.admin.token) =>
    ok(await call<MonitorPoint>('POST', '/monitor-point', pointBody(extra), token));
  const listPoints = (id = projectId, token = team.admin.token, orderDesc?: 'true' | 'false') =>
    server().call<MonitorPoint[]>('GET', '/api/monitor-point/list', {
      token,
      query: { projectId: String(id), ...(orderDesc ? { orderDesc } : {}) },
    });
  const survey = (monitorTime: string, dxMm: number, dyMm = 0) => ({
    monitorTime,
    temperature: 18.5,
    x: 1000 + dxMm / 1000,
    y: 2000 + dyMm / 1000,
  });
  const addRecord = (monitorPointId: number, record: Record<string, unknown>, token = team.admin.token) =>
    call<DisplacementRecord[]>('POST', '/monitor-point-displacement', { monitorPointId, ...record }, token);
  const addRecords = (monitorPointId: number, records: unknown[]) =>
    call<DisplacementRecord[]>('POST', '/monitor-point-displacement/batch', { monitorPointId, records });
  const listRecords = (monitorPointId: number, token = team.admin.token) =>
    server().call<DisplacementRecord[]>('GET', '/api/monitor-point-displacement/list', {
      token,
      query: { monitorPointId: String(monitorPointId) },
    });
  const series = (records: DisplacementRecord[]) =>
    records.map((record) => [record.monitorTime, record.currentMm, record.cumulativeMm, record.alarm]);
  const alarmNotices = async (userId: number) =>
    server()
      .db.selectFrom('notices')
      .select(['params'])
      .where('user_id', '=', userId)
      .where('title', '=', 'monitorUi.notice.alarmTitle')
      .orderBy('id')
      .execute();

  describe('monitoring points', () => {
    it('creates, lists, changes and deletes points', async () => {
      const project = (await buildProject(server().db, { teamId: team.id })).id;
      const first = await createPoint({ projectId: project, name: 'North pier', lon: 121.123456789, lat: 31.5 });
      expect(first).toMatchObject({
        projectId: project,
        name: 'North pier',
        lon: 121.1234568,
        lat: 31.5,
        baseX: 1000,
        baseY: 2000,
        baseZ: 50,
        thresholdMm: 10,
        temperature: 20,
        recordCount: 0,
        latestCumulativeMm: null,
        alarm: false,
      });
      const batch = ok(
        await call<MonitorPoint[]>('POST', '/monitor-point/batch', {
          projectId: project,
          points: [pointBody({ name: 'South pier', baseZ: null }), pointBody({ name: 'Deck' })],
        }),
      );
      expect(batch.map((point) => [point.name, point.baseZ])).toEqual([
        ['South pier', null],
        ['Deck', 50],
      ]);
      expect(ok(await listPoints(project)).map((point) => point.name)).toEqual(['North pier', 'South pier', 'Deck']);
      expect(ok(await listPoints(project, team.admin.token, 'true')).map((point) => point.name)).toEqual([
        'Deck',
        'South pier',
        'North pier',
      ]);
      const changed = ok(
        await call<MonitorPoint>('PUT', '/monitor-point', {
          ...pointBody({ name: 'North pier (east)', thresholdMm: 99999.999 }),
          id: first.id,
        }),
      );
      expect(changed).toMatchObject({ id: first.id, name: 'North pier (east)', thresholdMm: 99999.999 });
      ok(await call('DELETE', `/monitor-point/${first.id}`));
      expect(ok(await call('DELETE', '/monitor-point/batch', { ids: batch.map((point) => point.id) }))).toEqual({
        count: 2,
      });
      expect(ok(await listPoints(project))).toEqual([]);
      expect((await call('DELETE', `/monitor-point/${first.id}`)).body.msg).toBe('MONITOR_POINT_NOT_EXISTING');
    });

    it('refuses each broken limit with its field and key', async () => {
      const post = async (extra: Record<string, unknown>) =>
        fieldKeys((await call('POST', '/monitor-point', pointBody(extra))).body);
      expect(await post({ thresholdMm: 100000 })).toEqual({ thresholdMm: 'thresholdRange' });
      expect(await post({ thresholdMm: 0 })).toEqual({ thresholdMm: 'thresholdRange' });
      expect(await post({ thresholdMm: 12.3456 })).toEqual({ thresholdMm: 'thresholdDecimals' });
      expect(await post({ lon: 180.5, lat: -91 })).toEqual({ lon: 'numberRange', lat: 'numberRange' });
      expect(await post({ name: '  ', baseX: undefined, temperature: undefined, thresholdMm: 'ten' })).toEqual({
        name: 'required',
        baseX: 'required',
        temperature: 'required',
        thresholdMm: 'invalidValue',
      });
      expect(await post({ name: 'x'.repeat(51) })).toEqual({ name: 'tooLong' });
      // 0.1 + 0.2 is 0.30000000000000004 in binary: still three decimals as typed.
      expect((await call('POST', '/monitor-point', pointBody({ thresholdMm: 0.1 + 0.2 }))).body.code).toBe(2000);
      const threshold = await call('PUT', '/monitor-point/threshold/batch', { ids: [], thresholdMm: 12.0001 });
      expect(fieldKeys(threshold.body)).toEqual({ ids: 'required', thresholdMm: 'thresholdDecimals' });
    });

    it('keeps names (without case) and GPS places (to 1e-7 degrees) unique in the project', async () => {
      const taken = await createPoint({ name: 'Abutment A', lon: 100.00000004, lat: 20 });
      expect((await call('POST', '/monitor-point', pointBody({ name: 'ABUTMENT a' }))).body.msg).toBe(
        'MONITOR_POINT_NAME_EXISTING',
      );
      // 100.00000004 and 99.99999996 both keep 100.0000000.
      const samePlace = await call('POST', '/monitor-point', pointBody({ lon: 99.99999996, lat: 20 }));
      expect(samePlace.body.msg).toBe('MONITOR_POINT_GPS_EXISTING');
      expect((await createPoint({ lon: 100.0000001, lat: 20 })).lon).toBe(100.0000001);
      const repeated = await call('POST', '/monitor-point/batch', {
        projectId,
        points: [pointBody({ name: 'Twin' }), pointBody({ name: 'twin' })],
      });
      expect(repeated.body.msg).toBe('MONITOR_POINT_NAME_EXISTING');
      const rename = await call('PUT', '/monitor-point', {
        ...pointBody({ name: 'abutment A' }),
        id: (await createPoint()).id,
      });
      expect(rename.body.msg).toBe('MONITOR_POINT_NAME_EXISTING');
      // Its own name and place are no conflict.
      const same = await call('PUT', '/monitor-point', {
        ...pointBody({ name: 'Abutment A', lon: 100, lat: 20 }),
        id: taken.id,
      });
      expect(same.body.code).toBe(2000);
      // Another project may use both.
      const other = (await buildProject(server().db, { teamId: team.id })).id;
      expect((await createPoint({ projectId: other, name: 'Abutment A', lon: 100, lat: 20 })).projectId).toBe(other);
    });
  });

  describe('rights', () => {
    it('lets every member who sees the project view, and only those who edit monitoring data change', async () => {
      const viewed = (
        await buildProject(server().db, { teamId: team.id, memberIds: [team.inspector.id, team.viewer.id] })
      ).id;
      const point = await createPoint({ projectId: viewed });
      ok(await addRecord(point.id, survey('2024-05-01 08:00', 3, 4)));
      for (const member of [team.owner, team.inspector, team.viewer]) {
        expect((await listRecords(point.id, member.token)).body.code).toBe(2000);
      }
      expect(ok(await listPoints(viewed, team.viewer.token)).map((listed) => listed.id)).toEqual([point.id]);
      for (const member of [team.inspector, team.viewer]) {
        const body = pointBody({ projectId: viewed });
        expect((await call('POST', '/monitor-point', body, member.token)).body.msg).toBe('NO_AUTH');
        expect((await addRecord(point.id, survey('2024-06-01', 1), member.token)).body.msg).toBe('NO_AUTH');
        expect((await call('DELETE', `/monitor-point/${point.id}`, undefined, member.token)).body.msg).toBe('NO_AUTH');
        expect(
          (await call('PUT', '/monitor-point/threshold/batch', { ids: [point.id], thresholdMm: 5 }, member.token)).body
            .msg,
        ).toBe('NO_AUTH');
      }
      expect((await createPoint({}, team.owner.token)).name).toMatch(/^P/);
    });

    it("refuses another team's projects, points and records", async () => {
      const point = await createPoint();
      const [record] = ok(await addRecord(point.id, survey('2024-05-01 08:00', 1)));
      const outsider = await buildOutsider(server().db);
      await grantTotalStation(outsider.teamId);
      expect((await listPoints(projectId, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await call('POST', '/monitor-point', pointBody(), outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await listRecords(point.id, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await addRecord(point.id, survey('2024-06-01', 1), outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      const edit = await call(
        'PUT',
        '/monitor-point-displacement',
        { id: record?.id, ...survey('2024-07-01', 2) },
        outsider.token,
      );
      expect(edit.body.msg).toBe('PROJECT_NO_ERROR');
      expect((await call('DELETE', '/monitor-point/batch', { ids: [point.id] }, outsider.token)).body.msg).toBe(
        'PROJECT_NO_ERROR',
      );
      expect((await listRecords(point.id)).body.data).toHaveLength(1);
    });

    it("needs the team's total-station function package", async () => {
      const lapsed = await buildStaffedTeam(server().db);
      const project = await buildProject(server().db, { teamId: lapsed.id });
      expect((await listPoints(project.id, lapsed.admin.token)).body.msg).toBe('TEAM_FUNCTION_INACTIVE');
      await grantTotalStation(lapsed.id);
      expect((await listPoints(project.id, lapsed.admin.token)).body.code).toBe(2000);
    });
  });

  describe('displacement records', () => {
    it('computes current and cumulative displacements and recomputes those after an inserted, edited or deleted survey', async () => {
      const point = await createPoint({ thresholdMm: 1000 });
      ok(await addRecord(point.id, survey('2024-05-01 08:00', 3, 4)));
      const afterThird = ok(await addRecord(point.id, survey('2024-05-03 08:00', 6, 8)));
      // By hand: 5 mm from the baseline, then 5 mm further along the same line, 10 mm from the baseline.
      expect(series(afterThird)).toEqual([
        ['2024-05-01 08:00', 5, 5, false],
        ['2024-05-03 08:00', 5, 10, false],
      ]);
      // A survey in the middle, at (0, 12) mm: 13 mm... from (3, 4) hypot(3, 8) = 8.544 mm; the next one's
      // current becomes hypot(6, 4) = 7.211 mm; the cumulative values do not depend on the order.
      const inserted = ok(await addRecord(point.id, survey('2024-05-02 08:00', 0, 12)));
      expect(series(inserted)).toEqual([
        ['2024-05-01 08:00', 5, 5, false],
        ['2024-05-02 08:00', 8.544, 12, false],
        ['2024-05-03 08:00', 7.211, 10, false],
      ]);
      const middle = inserted[1] as DisplacementRecord;
      const edited = ok(
        await call<DisplacementRecord[]>('PUT', '/monitor-point-displacement', {
          id: middle.id,
          ...survey('2024-05-02 09:30', 3, 4),
        }),
      );
      expect(series(edited)).toEqual([
        ['2024-05-01 08:00', 5, 5, false],
        ['2024-05-02 09:30', 0, 5, false],
        ['2024-05-03 08:00', 5, 10, false],
      ]);
      const [first] = edited as [DisplacementRecord];
      const removed = ok(await call<DisplacementRecord[]>('DELETE', `/monitor-point-displacement/${first.id}`));
      expect(series(removed)).toEqual([
        ['2024-05-02 09:30', 5, 5, false],
        ['2024-05-03 08:00', 5, 10, false],
      ]);
      expect(ok(await listRecords(point.id))).toEqual(removed);
      // A new baseline moves every cumulative displacement.
      ok(
        await call('PUT', '/monitor-point', {
          ...pointBody({ name: point.name, lon: point.lon, thresholdMm: 1000 }),
          baseX: 1000.003,
          baseY: 2000.004,
          id: point.id,
        }),
      );
      expect(series(ok(await listRecords(point.id)))).toEqual([
        ['2024-05-02 09:30', 0, 0, false],
        ['2024-05-03 08:00', 5, 5, false],
      ]);
      const [listed] = ok(await listPoints()).filter((candidate) => candidate.id === point.id);
      expect(listed).toMatchObject({ recordCount: 2, latestCumulativeMm: 5, alarm: false });
    });

    it('keeps survey times unique per point and names the rows of a batch that repeat one', async () => {
      const point = await createPoint();
      ok(await addRecord(point.id, survey('2024-05-01 08:00', 1)));
      const again = await addRecord(point.id, survey('2024-05-01T08:00:00', 2));
      expect(again.body).toMatchObject({
        msg: 'MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING',
        data: { issues: [{ path: 'monitorTime', key: 'monitorTimeTaken' }] },
      });
      const batch = await addRecords(point.id, [
        survey('2024-05-02', 1),
        survey('2024/05/01 08:00', 1),
        survey('2024-05-03', 1),
        survey('2024-05-02 00:00', 1),
      ]);
      expect(batch.body).toMatchObject({
        msg: 'MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING',
        data: {
          issues: [
            { path: 'records.1.monitorTime', key: 'monitorTimeTaken' },
            { path: 'records.3.monitorTime', key: 'monitorTimeRepeated' },
          ],
        },
      });
      expect(ok(await listRecords(point.id))).toHaveLength(1);
      const [second] = ok(await addRecords(point.id, [survey('2024-05-02', 1), survey('2024-05-03', 1)])).slice(1);
      const clash = await call('PUT', '/monitor-point-displacement', {
        id: second?.id,
        ...survey('2024-05-01 08:00', 0),
      });
      expect(clash.body.msg).toBe('MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING');
      expect((await call('DELETE', '/monitor-point-displacement/2147483647')).body.msg).toBe(
        'MONITOR_POINT_DISPLACEMENT_ERROR',
      );
      expect((await addRecord(2147483647, survey('2024-05-01', 1))).body.msg).toBe('MONITOR_POINT_NOT_EXISTING');
    });

    it('refuses empty and malformed survey fields, row by row in a batch', async () => {
      const point = await createPoint();
      expect(fieldKeys((await addRecord(point.id, { monitorTime: '', temperature: null, x: 'a' })).body)).toEqual({
        monitorTime: 'required',
        temperature: 'invalidValue',
        x: 'invalidValue',
        y: 'required',
      });
      expect(fieldKeys((await addRecord(point.id, survey('2024-02-30 08:00', 1))).body)).toEqual({
        monitorTime: 'monitorTimeFormat',
      });
      expect(fieldKeys((await addRecord(point.id, { ...survey('2024-05-01', 1), temperature: 150 })).body)).toEqual({
        temperature: 'numberRange',
      });
      const batch = await addRecords(point.id, [survey('2024-05-01', 1), { ...survey('yesterday', 1), y: undefined }]);
      expect(fieldKeys(batch.body)).toEqual({
        'records.1.monitorTime': 'monitorTimeFormat',
        'records.1.y': 'required',
      });
      expect(fieldKeys((await addRecords(point.id, [])).body)).toEqual({ records: 'required' });
      expect(ok(await listRecords(point.id))).toEqual([]);
    });
  });

  describe('alarms', () => {
    it('flags surveys over the threshold and notifies the project members once per crossing', async () => {
      const project = (await buildProject(server().db, { teamId: team.id, memberIds: [team.inspector.id] })).id;
      const point = await createPoint({ projectId: project, thresholdMm: 10 });
      const before = (await alarmNotices(team.inspector.id)).length;
      const records = ok(
        await addRecords(point.id, [
          survey('2024-05-01', 6),
          survey('2024-05-02', 12),
          survey('2024-05-03', 15),
          survey('2024-05-04', 8),
        ]),
      );
      expect(records.map((record) => record.alarm)).toEqual([false, true, true, false]);
      const noticesNow = async (userId: number) =>
        (await alarmNotices(userId)).slice(userId === team.inspector.id ? before : 0);
      expect((await noticesNow(team.inspector.id)).map((notice) => notice.params)).toEqual([
        { project: expect.any(String), point: point.name, time: '2024-05-02 00:00', cumulative: 12, threshold: 10 },
      ]);
      // The owner and the administrator see every project; the viewer is no member of this one.
      expect(await noticesNow(team.owner.id)).toHaveLength(1);
      expect(await noticesNow(team.viewer.id)).toHaveLength(0);
      // Editing the crossing survey keeps it a crossing, already announced.
      ok(await call('PUT', '/monitor-point-displacement', { id: records[1]?.id, ...survey('2024-05-02', 13) }));
      ok(await addRecord(point.id, survey('2024-05-05', 9)));
      expect(await noticesNow(team.inspector.id)).toHaveLength(1);
      // A second crossing is a second alarm.
      ok(await addRecord(point.id, survey('2024-05-06', 10.5)));
      expect((await noticesNow(team.inspector.id)).map((notice) => notice.params?.time)).toEqual([
        '2024-05-02 00:00',
        '2024-05-06 00:00',
      ]);
      // A lower threshold makes the first survey a crossing, which is announced; the point shows the alarm.
      const [lowered] = ok(
        await call<MonitorPoint[]>('PUT', '/monitor-point/threshold/batch', { ids: [point.id], thresholdMm: 5.5 }),
      );
      expect(lowered).toMatchObject({ thresholdMm: 5.5, alarm: true, latestCumulativeMm: 10.5 });
      expect((await noticesNow(team.inspector.id)).map((notice) => notice.params?.time)).toEqual([
        '2024-05-02 00:00',
        '2024-05-06 00:00',
        '2024-05-01 00:00',
      ]);
      expect(series(ok(await listRecords(point.id))).map((row) => row[3])).toEqual([
        true,
        true,
        true,
        true,
        true,
        true,
      ]);
    });
  });
});
