import { beforeAll, expect, it } from 'vitest';
import { DEFECT_CALIBRATION_EVENT, type CalibrationInfo, type CalibrationStatus, type Defect } from '@sightline/shared';
import { waitForEvent } from '../../../test/events.js';
import { describeOnEachDatabase, type TestServer } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildServedModel } from '../../../test/factories/project-model.js';
import { PNG_BYTES, buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { SQUARE_ON_WALL, copyDefect, wallSceneAt, wallSceneTileset } from '../../../test/factories/defect.js';
import { insertMarkers, insertPhotos, okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys } from '../../../test/validation.js';

/** The group camera of defect.test.ts: fx = fy = 5472 × 8.8 / 13.2 = 3648 px, principal point (2736, 1824). */
const GROUP = {
  name: 'Facade',
  camera_model: 'test',
  sensor_width_mm: 13.2,
  sensor_height_mm: 8.8,
  focal_length_mm: 8.8,
  image_width_px: 5472,
  image_height_px: 3648,
  photo_distance_m: 8,
};
const SIZE: [number, number] = [5472, 3648];
/** A high-precision camera of half the focal length: a pixel's offset from the centre counts twice as much. */
const HP_INTRINSICS = { width: 5472, height: 3648, fx: 1824, fy: 1824, cx: 2736, cy: 1824 };

function expectAt(position: Defect['position'], e: number, n: number, u: number) {
  const expected = wallSceneAt(e, n, u);
  expect(position).not.toBeNull();
  expect(position!.lon).toBeCloseTo(expected.lon, 7);
  expect(position!.lat).toBeCloseTo(expected.lat, 7);
  expect(position!.height).toBeCloseTo(expected.height, 2);
}

function waitForState(
  server: TestServer,
  inspectionId: number,
  after: number,
  states: readonly string[],
): Promise<CalibrationStatus> {
  return waitForEvent<CalibrationStatus>(server.events, {
    name: DEFECT_CALIBRATION_EVENT,
    after,
    found: (value) => value.inspectionId === inspectionId && states.includes(value.state),
    what: `the calibration did not reach ${states.join(' or ')}`,
  });
}

describeOnEachDatabase('defect position calibration', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let inspectionId: number;
  let photo: Record<string, number>;
  let spallType: number;
  const made: Record<string, Defect> = {};

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) =>
    server().call<T>(method, `/api${url}`, {
      token: token ?? team.inspector.token,
      ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
    });
  const calibrate = (mode: string, token?: string, inspection = inspectionId) =>
    call<CalibrationStatus>('PUT', '/inspection-disease/calibration', { inspectionId: inspection, mode }, token);
  const defect = async (id: number) => okData(await call<Defect>('GET', `/inspection-disease/${id}`));
  const calibratedAt = async (ids: readonly number[]) => {
    const rows = await server()
      .db.selectFrom('defects')
      .select(['id', 'calibrated_at', 'high_precision'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(rows.map((row) => [row.id, row.calibrated_at?.toISOString() ?? null]));
  };

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    ({ projectId, inspectionId } = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    }));
    const group = await db
      .insertInto('inspection_image_groups')
      .values({ ...GROUP, inspection_id: inspectionId })
      .returning('id')
      .executeTakeFirstOrThrow();
    const camera = wallSceneAt(0, 0, 10);
    const level: [number, number, number, number, number, number] = [camera.lon, camera.lat, camera.height, 0, 0, 0];
    const rows = await insertPhotos(
      db,
      inspectionId,
      group.id,
      ['hp.JPG', 'plain.JPG', 'key.JPG'].map((name) => ({ name, pose: level, size: SIZE })),
    );
    photo = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    await buildServedModel(db, server().config.FILES_DIR, {
      teamId: team.id,
      projectId,
      entries: await wallSceneTileset(),
    });
    spallType = await builtInDefectTypeId(db, 'spalling');
    for (const name of Object.keys(photo)) {
      made[name] = okData(
        await call<Defect>('POST', '/inspection-disease', {
          imageId: photo[name],
          typeId: spallType,
          level: 3,
          shape: SQUARE_ON_WALL,
        }),
      );
    }
    // hp.JPG's history: its metadata pose, a high-precision pose 5 m east, then its metadata pose restored by hand
    // (the newest, which its columns hold). Calibration must still place its defect from the high-precision pose.
    const hpCamera = wallSceneAt(5, 0, 10);
    await db
      .insertInto('inspection_image_poses')
      .values([
        {
          image_id: photo['hp.JPG']!,
          source: 'metadata',
          longitude: camera.lon,
          latitude: camera.lat,
          altitude: camera.height,
          yaw: 0,
          pitch: 0,
          roll: 0,
        },
        {
          image_id: photo['hp.JPG']!,
          source: 'highPrecision',
          longitude: hpCamera.lon,
          latitude: hpCamera.lat,
          altitude: hpCamera.height,
          yaw: 0,
          pitch: 0,
          roll: 0,
          intrinsics: JSON.stringify(HP_INTRINSICS),
        },
        {
          image_id: photo['hp.JPG']!,
          source: 'manual',
          longitude: camera.lon,
          latitude: camera.lat,
          altitude: camera.height,
          yaw: 0,
          pitch: 0,
          roll: 0,
        },
      ])
      .execute();
    // key.JPG's defect is a key point: a key defect stands for it.
    await db
      .insertInto('key_defects')
      .values({
        project_id: projectId,
        inspection_id: inspectionId,
        name: 'Key',
        type_id: spallType,
        level: 5,
        shape_kind: 'polyline',
        positions: JSON.stringify([wallSceneAt(0, 20, 5), wallSceneAt(1, 20, 5)]),
        screenshot: 'kd-000000000000000000000001.png',
        screenshot_key: 'test/kd-000000000000000000000001.png',
        screenshot_bytes: PNG_BYTES.length,
        defect_id: made['key.JPG']!.id,
      })
      .execute();
  });

  it('before: every defect is placed from the newest pose, (1 E, 20 N, 9 U), none calibrated', async () => {
    for (const name of Object.keys(made)) expectAt(made[name]!.position, 1, 20, 9);
    const info = okData(
      await call<CalibrationInfo>('GET', '/inspection-disease/calibration/info', { imageId: String(photo['hp.JPG']) }),
    );
    expect(info).toMatchObject({ inspectionId, state: 'idle', done: 0, total: 2, highPrecision: 0 });
    expect(info.defects).toEqual([
      { id: made['hp.JPG']!.id, calibrated: false, highPrecision: false, keyPoint: false, calibratedAt: null },
    ]);
  });

  it('a photo with a high-precision pose relocates its defect from that pose and camera; key defects stay', async () => {
    const after = server().events.length;
    const started = okData(await calibrate('continue'));
    expect(['queued', 'running']).toContain(started.state);
    // A running calibration refuses a second start and a reset.
    const again = await calibrate('all');
    const reset = await call('PUT', `/inspection-disease/calibration/init/${inspectionId}`);
    const ended = await waitForState(server(), inspectionId, after, ['done', 'failed']);
    expect(ended).toMatchObject({ state: 'done', done: 2, total: 2, highPrecision: 1, errorKey: null });
    if (again.body.code !== 2000) expect(again.body.msg).toBe('PROJECT_IMAGE_CALIBRATION_ING');
    if (reset.body.code !== 2000) expect(reset.body.msg).toBe('PROJECT_IMAGE_CALIBRATION_ING');

    // From (5, 0, 10) with fx = 1824: the centroid is 182.4 / 1824 = 0.1 off the axis, 2 m at 20 m: (7 E, 20 N, 8 U).
    expectAt((await defect(made['hp.JPG']!.id)).position, 7, 20, 8);
    expectAt((await defect(made['plain.JPG']!.id)).position, 1, 20, 9);
    expectAt((await defect(made['key.JPG']!.id)).position, 1, 20, 9);
    const info = okData(
      await call<CalibrationInfo>('GET', '/inspection-disease/calibration/info', { imageId: String(photo['key.JPG']) }),
    );
    expect(info).toMatchObject({ state: 'done', done: 2, total: 2, highPrecision: 1 });
    expect(info.defects).toEqual([
      { id: made['key.JPG']!.id, calibrated: false, highPrecision: false, keyPoint: true, calibratedAt: null },
    ]);
    const hpInfo = okData(
      await call<CalibrationInfo>('GET', '/inspection-disease/calibration/info', { imageId: String(photo['hp.JPG']) }),
    );
    expect(hpInfo.defects[0]).toMatchObject({ calibrated: true, highPrecision: true });
    const keyDefect = await server()
      .db.selectFrom('key_defects')
      .select(['positions', 'updated_at', 'created_at'])
      .where('defect_id', '=', made['key.JPG']!.id)
      .executeTakeFirstOrThrow();
    expect(keyDefect.positions).toEqual([wallSceneAt(0, 20, 5), wallSceneAt(1, 20, 5)]);
    expect(keyDefect.updated_at).toEqual(keyDefect.created_at);
  });

  it('continue does only defects not yet calibrated; cancel stops between batches and continue finishes', async () => {
    const db = server().db;
    // 200 more defects on plain.JPG (copies of its defect), not calibrated: four batches.
    await copyDefect(db, made['plain.JPG']!.id, { count: 200, fromNumber: 1000 });
    const all = (await db.selectFrom('defects').select('id').where('inspection_id', '=', inspectionId).execute()).map(
      (row) => row.id,
    );
    const first = await calibratedAt([made['hp.JPG']!.id, made['plain.JPG']!.id]);

    const after = server().events.length;
    okData(await calibrate('continue'));
    const cancelled = okData(await calibrate('cancel'));
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.done).toBeLessThan(cancelled.total);
    const stopped = await calibratedAt(all);
    // A calibration cancelled stays so: no batch commits after the cancel.
    await waitForState(server(), inspectionId, after, ['cancelled']);
    expect(
      (
        await db
          .selectFrom('jobs')
          .select('state')
          .where('name', '=', 'defect.calibrate')
          .orderBy('created_at', 'desc')
          .executeTakeFirstOrThrow()
      ).state,
    ).toBe('cancelled');
    expect(await calibratedAt(all)).toEqual(stopped);

    const resumed = server().events.length;
    okData(await calibrate('continue'));
    const ended = await waitForState(server(), inspectionId, resumed, ['done', 'failed']);
    expect(ended).toMatchObject({ state: 'done', done: 202, total: 202 });
    const now = await calibratedAt(all);
    for (const [id, at] of stopped) {
      // Those calibrated before (the first run, or before the cancel) kept their time; the others have one now.
      if (at !== null) expect(now.get(id)).toBe(at);
      else if (id !== made['key.JPG']!.id) expect(now.get(id)).not.toBeNull();
    }
    for (const [id, at] of first) expect(now.get(id)).toBe(at);
    expect(now.get(made['key.JPG']!.id)).toBeNull();
  });

  it('all calibrates every defect again; a reset makes every defect remaining', async () => {
    const before = await calibratedAt([made['hp.JPG']!.id]);
    const after = server().events.length;
    okData(await calibrate('all'));
    expect(await waitForState(server(), inspectionId, after, ['done', 'failed'])).toMatchObject({
      state: 'done',
      done: 202,
    });
    const again = await calibratedAt([made['hp.JPG']!.id]);
    expect(again.get(made['hp.JPG']!.id)! > before.get(made['hp.JPG']!.id)!).toBe(true);
    expectAt((await defect(made['hp.JPG']!.id)).position, 7, 20, 8);

    const reset = okData(await call<CalibrationStatus>('PUT', `/inspection-disease/calibration/init/${inspectionId}`));
    expect(reset).toMatchObject({ state: 'idle', done: 0, total: 202, highPrecision: 0 });
    // The place stays until the next calibration.
    expectAt((await defect(made['hp.JPG']!.id)).position, 7, 20, 8);
  });

  it('refuses bad input, the viewer and other teams; a project without a model', async () => {
    expect(fieldKeys((await calibrate('sideways')).body)).toEqual({ mode: 'invalidValue' });
    expect(fieldKeys((await call('PUT', '/inspection-disease/calibration', { mode: 'all' })).body)).toEqual({
      inspectionId: 'required',
    });
    expect(fieldKeys((await call('GET', '/inspection-disease/calibration/info', { imageId: 'x' })).body)).toEqual({
      'querystring.imageId': 'invalidValue',
    });
    expect(fieldKeys((await call('GET', '/inspection-disease/calibration/info', {})).body)).toEqual({
      'querystring.imageId': 'required',
    });
    const both = { imageId: String(photo['hp.JPG']), inspectionId: String(inspectionId) };
    expect(fieldKeys((await call('GET', '/inspection-disease/calibration/info', both)).body)).toEqual({
      'querystring.imageId': 'required',
    });
    expect(
      okData(
        await call<CalibrationInfo>('GET', '/inspection-disease/calibration/info', {
          inspectionId: String(inspectionId),
        }),
      ),
    ).toMatchObject({ inspectionId, state: 'idle', total: 202, defects: [] });
    expect((await calibrate('all', undefined, 2_000_000_000)).body.msg).toBe('INSPECTION_NOT_EXISTING');
    expect((await call('GET', '/inspection-disease/calibration/info', { imageId: '2000000000' })).body.msg).toBe(
      'INSPECTION_IMAGE_NOT_EXISTING',
    );

    const viewer = team.viewer.token;
    expect((await calibrate('all', viewer)).body.msg).toBe('NO_AUTH');
    expect((await calibrate('cancel', viewer)).body.msg).toBe('NO_AUTH');
    expect(
      (await call('PUT', `/inspection-disease/calibration/init/${inspectionId}`, undefined, viewer)).body.msg,
    ).toBe('NO_AUTH');
    expect(
      okData(
        await call<CalibrationInfo>(
          'GET',
          '/inspection-disease/calibration/info',
          { imageId: String(photo['hp.JPG']) },
          viewer,
        ),
      ).inspectionId,
    ).toBe(inspectionId);

    const outsider = await buildOutsider(server().db);
    for (const response of [
      await calibrate('all', outsider.token),
      await call('PUT', `/inspection-disease/calibration/init/${inspectionId}`, undefined, outsider.token),
      await call('GET', '/inspection-disease/calibration/info', { imageId: String(photo['hp.JPG']) }, outsider.token),
    ]) {
      expect(response.body.msg).toBe('PROJECT_NO_ERROR');
    }

    const bare = await buildInspection(server().db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id],
    });
    expect((await calibrate('all', undefined, bare.inspectionId)).body.msg).toBe('PROJECT_MODEL_NOT_UPLOADED');
  });

  it('a defect without a component is bound to the nearest one at its new place; a chosen component stays', async () => {
    const db = server().db;
    await db.updateTable('inspections').set({ space_binding_distance_cm: 50 }).where('id', '=', inspectionId).execute();
    // NEW is 0.3 m from where the high-precision pose places hp.JPG's defect, (7 E, 20 N, 8 U); OLD is 0.2 m from
    // where it stood before, (1 E, 20 N, 9 U), which is also where plain.JPG's defect is placed.
    const { ids } = await insertMarkers(db, projectId, [
      { code: 'NEW', position: wallSceneAt(7, 20, 8.3) },
      { code: 'OLD', position: wallSceneAt(1, 20, 9.2) },
    ]);
    const stale = wallSceneAt(1, 20, 9);
    await db
      .updateTable('defects')
      .set({ lon: stale.lon, lat: stale.lat, height: stale.height })
      .where('id', '=', made['hp.JPG']!.id)
      .execute();
    // Someone chose NEW for plain.JPG's defect, though OLD is nearer.
    await db.updateTable('defects').set({ marker_id: ids.NEW! }).where('id', '=', made['plain.JPG']!.id).execute();

    const after = server().events.length;
    okData(await calibrate('all'));
    expect(await waitForState(server(), inspectionId, after, ['done', 'failed'])).toMatchObject({ state: 'done' });
    const hp = await defect(made['hp.JPG']!.id);
    expectAt(hp.position, 7, 20, 8);
    expect(hp.markerId).toBe(ids.NEW);
    expect((await defect(made['plain.JPG']!.id)).markerId).toBe(ids.NEW);
    // The copies of plain.JPG's defect, unbound, go to OLD; the key point is not calibrated and stays unbound.
    const copies = await db
      .selectFrom('defects')
      .select(({ fn }) => ['marker_id', fn.countAll<string>().as('count')])
      .where('inspection_id', '=', inspectionId)
      .where('id', 'not in', [made['hp.JPG']!.id, made['plain.JPG']!.id, made['key.JPG']!.id])
      .groupBy('marker_id')
      .execute();
    expect(copies).toEqual([{ marker_id: ids.OLD, count: expect.anything() }]);
    expect(Number(copies[0]!.count)).toBe(200);
    expect((await defect(made['key.JPG']!.id)).markerId).toBeNull();
  });
});
