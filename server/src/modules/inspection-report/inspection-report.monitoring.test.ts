import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisplacementRecord, InspectionReport, MonitorPoint } from '@sightline/shared';
import { backends, startTestServer, type TestServer } from '../../../test/harness.js';
import { docxLines, download, unzip, waitForReport } from '../../../test/factories/inspection-report.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider } from '../../../test/factories/project.js';
import { insertPhotos, okData } from '../../../test/factories/spatial-marker.js';
import { DAY_MS, buildStaffedTeam, setFunction, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys } from '../../../test/validation.js';

/** The lines after `label`'s first occurrence, for reading a table's row. */
const after = (lines: readonly string[], label: string, count: number) => {
  const at = lines.indexOf(label);
  expect(at, `${label} in ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(0);
  return lines.slice(at + 1, at + 1 + count);
};

// Word only: this deployment's LibreOffice is elsewhere (inspection-report.libreoffice.test.ts converts to PDF).
describe.each(backends())('%s: monitoring reports', (backend) => {
  let server: TestServer;
  let team: StaffedTeam;
  let outsider: Awaited<ReturnType<typeof buildOutsider>>;
  let projectId: number;
  let baselineId: number;
  let north: MonitorPoint;
  let south: MonitorPoint;
  let targetId: number;

  const call = <T>(method: 'GET' | 'POST', url: string, body?: unknown, token = team.inspector.token) =>
    server.call<T>(method, `/api${url}`, { token, body });
  const create = (body: Record<string, unknown>, token = team.inspector.token, language = 'en') =>
    server.call<InspectionReport>('POST', '/api/inspection-report/create/monitor/report', {
      token,
      body: { inspectionId: baselineId, ...body },
      headers: { 'accept-language': language },
    });
  const again = (id: number, token = team.inspector.token) =>
    call<InspectionReport>('POST', '/inspection-report/again/monitor/data', { id }, token);
  async function generated(body: Record<string, unknown>, language = 'en') {
    const report = okData(await create(body, team.inspector.token, language));
    expect(report).toMatchObject({ state: 'generating', template: 'monitoring', sections: [] });
    return waitForReport(server, team.inspector.token, report);
  }
  const linesOf = async (report: InspectionReport) => {
    const { response, bytes } = await download(server, team.inspector.token, report.wordUrl!);
    expect(response.statusCode).toBe(200);
    return { lines: await docxLines(bytes), entries: await unzip(bytes) };
  };
  const grant = (teamId: number, code: 'monitoring' | 'total_station') =>
    setFunction(server.db, {
      teamId,
      code,
      activatedAt: new Date(Date.now() - DAY_MS),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });

  beforeAll(async () => {
    server = await startTestServer(backend, { SOFFICE_PATH: '/nonexistent/soffice' });
    const db = server.db;
    team = await buildStaffedTeam(db);
    outsider = await buildOutsider(db);
    for (const teamId of [team.id, outsider.teamId])
      for (const code of ['monitoring', 'total_station'] as const) await grant(teamId, code);
    // A baseline with a drone target and two rounds after it: 2.5 mm on the first, 7.25 mm (above 5) on the second.
    const baseline = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
      name: 'Baseline',
      inspectionDate: '2026-01-10',
    });
    ({ projectId } = baseline);
    baselineId = baseline.inspectionId;
    const photoOf = async (name: string, date: string) => {
      const inspection =
        name === 'Baseline'
          ? baseline
          : await buildInspection(db, {
              teamId: team.id,
              createdBy: team.admin.id,
              projectId,
              name,
              inspectionDate: date,
            });
      const [photo] = await insertPhotos(db, inspection.inspectionId, inspection.groupId, [
        { name: `${name}.JPG`, pose: null },
      ]);
      return photo!.id;
    };
    const basePhoto = await photoOf('Baseline', '2026-01-10');
    const rounds = [await photoOf('Round 1', '2026-02-10'), await photoOf('Round 2', '2026-03-10')];
    // The target and its positions as identification leaves them (identification has its own tests).
    ({ id: targetId } = await db
      .insertInto('monitor_targets')
      .values({
        project_id: projectId,
        inspection_id: baselineId,
        image_id: basePhoto,
        name: 'Target A',
        type: 'virtual',
        region_x: 100,
        region_y: 100,
        region_width: 64,
        region_height: 64,
        threshold_mm: 5,
        state: 'identified',
        progress: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow());
    await db
      .insertInto('monitor_target_fixes')
      .values([
        { target_id: targetId, image_id: basePhoto, x: 132, y: 132, source: 'detected' },
        { target_id: targetId, image_id: rounds[0]!, x: 134, y: 132, source: 'detected', displacement_mm: 2.5 },
        {
          target_id: targetId,
          image_id: rounds[1]!,
          x: 140,
          y: 132,
          source: 'detected',
          displacement_mm: 7.25,
          alarm: true,
        },
      ])
      .execute();
    // Total-station points through their calls: the north pier moves 4 mm, then 12 mm (above its 10 mm threshold).
    const point = async (name: string, lon: number) =>
      okData(
        await server.call<MonitorPoint>('POST', '/api/monitor-point', {
          token: team.admin.token,
          body: {
            projectId,
            name,
            lon,
            lat: 30,
            baseX: 1000,
            baseY: 2000,
            baseZ: 50,
            thresholdMm: 10,
            temperature: 20,
          },
        }),
      );
    north = await point('North pier', 120.001);
    south = await point('South abutment', 120.002);
    okData(
      await server.call<DisplacementRecord[]>('POST', '/api/monitor-point-displacement/batch', {
        token: team.admin.token,
        body: {
          monitorPointId: north.id,
          records: [
            { monitorTime: '2026-02-01 09:00', temperature: 18.5, x: 1000.004, y: 2000 },
            { monitorTime: '2026-03-01 09:00', temperature: 21, x: 1000.012, y: 2000 },
            { monitorTime: '2026-05-01 09:00', temperature: 25, x: 1000.013, y: 2000 },
          ],
        },
      }),
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes the points with their records, cumulative displacements and alarms, and the targets per round', async () => {
    const report = await generated({ name: 'Spring monitoring', to: '2026-04-30' });
    expect(report, JSON.stringify(report)).toMatchObject({
      state: 'latest',
      errorKey: null,
      inspectionId: baselineId,
      projectId,
      defectCount: null,
      monitor: { from: null, to: '2026-04-30', pointIds: null, targetIds: null },
    });
    const { lines, entries } = await linesOf(report);
    expect(lines.slice(0, 5)).toEqual([
      'Sightline',
      'Spring monitoring',
      expect.stringMatching(/^Project: /),
      'Baseline: Baseline (2026-01-10)',
      'Period: any – 2026-04-30',
    ]);
    for (const heading of ['Monitoring summary', 'Total-station monitoring points', 'Drone targets'])
      expect(lines).toContain(heading);
    expect(after(lines, 'Monitoring points', 1)).toEqual(['2']);
    expect(after(lines, 'Targets', 1)).toEqual(['1']);
    // The May record is after the period; one record and one round are above their thresholds.
    expect(after(lines, 'Displacement records', 1)).toEqual(['2']);
    expect(after(lines, 'Alarms', 1)).toEqual(['2']);
    // North pier: date, temperature, X, Y, current, cumulative, alarm; the second survey is marked.
    expect(after(lines, 'North pier', 1)).toEqual(['Threshold 10 mm']);
    expect(after(lines, '2026-02-01 09:00', 6)).toEqual(['18.5', '1000.004', '2000', '4', '4', '2026-03-01 09:00']);
    expect(after(lines, '2026-03-01 09:00', 6)).toEqual(['21', '1000.012', '2000', '8', '12', 'ALARM']);
    expect(lines).not.toContain('2026-05-01 09:00');
    // South abutment has no record in the period.
    expect(after(lines, 'South abutment', 2)).toEqual(['Threshold 10 mm', 'No data in the period']);
    // Target A: round, date, displacement, alarm.
    expect(after(lines, 'Target A', 1)).toEqual(['Threshold 5 mm']);
    expect(after(lines, 'Round 1', 3)).toEqual(['2026-02-10', '2.5', 'Round 2']);
    expect(after(lines, 'Round 2', 3)).toEqual(['2026-03-10', '7.25', 'ALARM']);
    // A line chart each for the north pier and the target (the south abutment has none).
    expect([...entries.keys()].filter((name) => name.startsWith('word/media/')).length).toBe(2);
  });

  it('writes in the caller language and keeps the chosen points, targets and days', async () => {
    const report = await generated({ pointIds: [north.id], targetIds: [], from: '2026-03-01' }, 'zh-CN');
    expect(report.monitor).toEqual({ from: '2026-03-01', to: null, pointIds: [north.id], targetIds: [] });
    const { lines } = await linesOf(report);
    expect(lines).toContain('全站仪监测点');
    expect(lines).not.toContain('无人机靶标');
    expect(lines).not.toContain('South abutment');
    expect(after(lines, '2026-03-01 09:00', 6)).toEqual(['21', '1000.012', '2000', '8', '12', '告警']);
    expect(after(lines, '2026-05-01 09:00', 6)).toEqual(['25', '1000.013', '2000', '1', '13', '告警']);
    expect(lines).not.toContain('2026-02-01 09:00');
  });

  it('refuses a selection without displacement data and ids that are not the project points or baseline targets', async () => {
    expect((await create({ pointIds: [south.id], targetIds: [] })).body.msg).toBe('MONITOR_POINT_DISPLACEMENT_ERROR');
    expect((await create({ from: '2027-01-01' })).body.msg).toBe('MONITOR_POINT_DISPLACEMENT_ERROR');
    expect((await create({ pointIds: [north.id, 999_999] })).body.msg).toBe('MONITOR_POINT_NOT_EXISTING');
    expect((await create({ targetIds: [999_999] })).body.msg).toBe('PROJECT_TARGET_MISSING');
    expect((await create({ inspectionId: 999_999 })).body.msg).toBe('INSPECTION_NOT_EXISTING');
  });

  it('validates the body', async () => {
    expect(fieldKeys((await create({ inspectionId: undefined })).body)).toEqual({ inspectionId: 'required' });
    expect(fieldKeys((await create({ from: '2026-02-30' })).body)).toEqual({ from: 'invalidValue' });
    expect(fieldKeys((await create({ from: '2026-03-01', to: '2026-02-01' })).body)).toEqual({ to: 'invalidValue' });
    expect(fieldKeys((await create({ pointIds: ['x'] })).body)).toEqual({ 'pointIds.0': 'invalidValue' });
    expect(fieldKeys((await create({ name: 'x'.repeat(51) })).body)).toEqual({ name: 'tooLong' });
    expect(fieldKeys((await again(0)).body)).toEqual({ id: 'invalidValue' });
  });

  it('regenerates from the data as it is now: the older report becomes historical, an inspection report stays latest', async () => {
    // An inspection report of the baseline (its summary): monitoring reports do not make it historical.
    const inspectionReport = await waitForReport(
      server,
      team.inspector.token,
      okData(
        await call<InspectionReport>('POST', '/inspection-report', { inspectionId: baselineId, sections: ['summary'] }),
      ),
    );
    expect(inspectionReport.state).toBe('latest');
    const first = await generated({ pointIds: [north.id], targetIds: [targetId] });
    const second = await waitForReport(server, team.inspector.token, okData(await again(first.id)));
    expect(second).toMatchObject({ state: 'latest', name: first.name, monitor: first.monitor });
    expect(okData(await call<InspectionReport>('GET', `/inspection-report/${first.id}`)).state).toBe('historical');
    // A new survey changes the data: the latest report becomes historical, and the one written again shows it.
    okData(
      await server.call<DisplacementRecord[]>('POST', '/api/monitor-point-displacement', {
        token: team.admin.token,
        body: { monitorPointId: north.id, monitorTime: '2026-06-01 09:00', temperature: 26, x: 1000.02, y: 2000 },
      }),
    );
    expect(okData(await call<InspectionReport>('GET', `/inspection-report/${second.id}`)).state).toBe('historical');
    const third = await waitForReport(server, team.inspector.token, okData(await again(second.id)));
    expect(after((await linesOf(third)).lines, '2026-06-01 09:00', 6)).toEqual([
      '26',
      '1000.02',
      '2000',
      '7',
      '20',
      'ALARM',
    ]);
    // The inspection reports' /again writes a monitoring report the same way; again/monitor/data takes only those.
    const fourth = await waitForReport(
      server,
      team.inspector.token,
      okData(await call<InspectionReport>('POST', `/inspection-report/${third.id}/again`)),
    );
    expect(fourth).toMatchObject({ state: 'latest', template: 'monitoring', monitor: first.monitor });
    expect(okData(await call<InspectionReport>('GET', `/inspection-report/${third.id}`)).state).toBe('historical');
    expect(okData(await call<InspectionReport>('GET', `/inspection-report/${inspectionReport.id}`)).state).toBe(
      'latest',
    );
    expect((await again(inspectionReport.id)).body.msg).toBe('INSPECTION_REPORT_NOT_EXISTING');
    expect((await again(999_999)).body.msg).toBe('INSPECTION_REPORT_NOT_EXISTING');
  });

  it('lets the viewer read but not generate or regenerate; another team can do neither', async () => {
    const report = await generated({ targetIds: [targetId], pointIds: [] });
    expect((await create({}, team.viewer.token)).body).toMatchObject({ code: 4001 });
    expect((await again(report.id, team.viewer.token)).body).toMatchObject({ code: 4001 });
    expect(
      okData(await call<InspectionReport>('GET', `/inspection-report/${report.id}`, undefined, team.viewer.token)).id,
    ).toBe(report.id);
    expect((await create({}, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect((await again(report.id, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
  });
});
