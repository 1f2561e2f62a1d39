import { beforeAll, describe, expect, it } from 'vitest';
import type { Defect, RepeatDefects } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import {
  buildDefectScene,
  insertDefectFilterRange,
  ROUND_CAMERA_METRE_PX as M,
  wallSceneAt,
  wallSceneTileset,
} from '../../../test/factories/defect.js';
import { buildServedModel } from '../../../test/factories/project-model.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { insertMarkers, okData as ok, type PoseTuple } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys } from '../../../test/validation.js';

/**
 * The model: a wall 20 m north of the origin facing south, 120 m wide and 40 m tall. A level camera looking north
 * (yaw 0) at (e0, n0, 10 m) sees the wall point (e, 20, u) at pixel u = 2736 + 3648·(e − e0)/(20 − n0),
 * v = 1824 + 3648·(10 − u)/(20 − n0) (fx = fy = 3648 px).
 */
const pose = (e: number, n: number): PoseTuple => {
  const camera = wallSceneAt(e, n, 10);
  return [camera.lon, camera.lat, camera.height, 0, 0, 0];
};
/** The pixel where a camera at (e0, n0, 10) sees the wall point (e, 20, up). */
const pixelOf = (camera: [number, number], e: number, up: number): [number, number] => {
  const depth = 20 - camera[1];
  return [2736 + (3648 * (e - camera[0])) / depth, 1824 + (3648 * (10 - up)) / depth];
};
/** A 100 px crack centred on a pixel (its halfway point, where the defect is placed). */
const crackAt = ([u, v]: [number, number]) => ({
  kind: 'polyline',
  points: [
    [u - 50, v],
    [u + 50, v],
  ],
});
const square = (u: number, v: number, side: number, kind = 'polygon') => ({
  kind,
  points: [
    [u, v],
    [u + side, v],
    [u + side, v + side],
    [u, v + side],
  ],
});

describeOnEachDatabase('defect merge, repeated defects, binding and statistics', (server) => {
  let team: StaffedTeam;
  let outsider: Awaited<ReturnType<typeof buildOutsider>>;
  let crackType: number;
  let spallType: number;

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string) =>
    server().call<T>(method, `/api${path}`, { token: token ?? team.inspector.token, body });
  const create = async (body: Record<string, unknown>) =>
    ok(await call<Defect>('POST', '/inspection-disease', { level: 3, ...body }));
  const merge = (ids: number[], token?: string) => call<Defect>('PUT', '/inspection-disease/merge', { ids }, token);
  const exists = async (id: number) => (await call('GET', `/inspection-disease/${id}`)).body.code === 2000;
  /** The field keys of a call refused as VALIDATION_ERROR. */
  const refusedFields = async (method: 'POST' | 'PUT', path: string, body: unknown) => {
    const response = await call(method, path, body);
    expect(response.body.msg).toBe('VALIDATION_ERROR');
    return fieldKeys(response.body);
  };
  const defectCount = async (imageId: number) =>
    ok(await call<{ defectCount: number }>('GET', `/inspection-image/${imageId}`)).defectCount;
  const scene = (photos: ReadonlyArray<{ name: string; pose: PoseTuple | null }>) =>
    buildDefectScene(
      server().db,
      { teamId: team.id, createdBy: team.admin.id, memberIds: [team.inspector.id, team.viewer.id] },
      photos,
    );
  /** A project of the scene given the wall model. */
  const withWall = async (projectId: number) =>
    buildServedModel(server().db, server().config.FILES_DIR, {
      teamId: team.id,
      projectId,
      entries: await wallSceneTileset(),
    });
  const setBindingRange = (inspectionId: number, cm: number | null) =>
    server()
      .db.updateTable('inspections')
      .set({ space_binding_distance_cm: cm })
      .where('id', '=', inspectionId)
      .execute();

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    outsider = await buildOutsider(server().db);
    crackType = await builtInDefectTypeId(server().db, 'crack');
    spallType = await builtInDefectTypeId(server().db, 'spalling');
  });

  describe('merge (PUT /inspection-disease/merge), on photos without a model: 456 px a metre', () => {
    let photo: Record<string, number>;
    beforeAll(async () => {
      ({ photo } = await scene([
        { name: 'a.JPG', pose: null },
        { name: 'b.JPG', pose: null },
      ]));
    });

    it('two overlapping areas: the union 684 × 456 px is 1.5 m × 1 m, 1.5 m²; the old ones gone, the count follows', async () => {
      const imageId = photo['a.JPG']!;
      const first = await create({ imageId, typeId: spallType, shape: square(0, 0, M, 'rectangle'), level: 2 });
      const second = await create({ imageId, typeId: spallType, shape: square(M / 2, 0, M), level: 4 });
      await call('PUT', '/inspection-disease/star', { ids: [second.id] });
      await call('PUT', '/inspection-disease', { id: first.id, description: 'east pier' });
      expect(await defectCount(imageId)).toBe(2);

      const merged = ok(await merge([first.id, second.id]));
      expect(merged).toMatchObject({
        imageId,
        typeId: spallType,
        level: 4,
        star: true,
        description: 'east pier',
        sizeBasis: 'distance',
        sizeEdited: null,
        source: 'manual',
      });
      expect(merged.shape.kind).toBe('polygon');
      expect(merged.size.lengthM).toBeCloseTo(1.5, 9);
      expect(merged.size.widthMm).toBeCloseTo(1000, 6);
      expect(merged.size.areaM2).toBeCloseTo(1.5, 9);
      expect(Number(merged.code.slice(2))).toBeGreaterThan(Number(second.code.slice(2)));
      expect(await exists(first.id)).toBe(false);
      expect(await exists(second.id)).toBe(false);
      expect(await defectCount(imageId)).toBe(1);
    });

    it('two cracks end to end join into one 456 + 228 px = 1.5 m crack with the wider stroke', async () => {
      const imageId = photo['a.JPG']!;
      const one = {
        kind: 'polyline',
        points: [
          [1000, 1000],
          [1000 + M, 1000],
        ],
        widthPx: 2,
      };
      const two = {
        kind: 'polyline',
        points: [
          [1000 + M, 1000 + M / 2],
          [1000 + M, 1000],
        ],
        widthPx: 4,
      };
      const a = await create({ imageId, typeId: crackType, shape: one });
      const b = await create({ imageId, typeId: crackType, shape: two });
      const merged = ok(await merge([a.id, b.id]));
      expect(merged.shape).toEqual({
        kind: 'polyline',
        points: [
          [1000, 1000],
          [1000 + M, 1000],
          [1000 + M, 1000 + M / 2],
        ],
        widthPx: 4,
      });
      expect(merged.size.lengthM).toBeCloseTo(1.5, 9);
      expect(merged.size.widthMm).toBeCloseTo((4 * 8 * 1000) / 3648, 9);
    });

    it('refuses other types, shape kinds, photos, shapes apart, fewer than two; nothing is deleted', async () => {
      const imageId = photo['b.JPG']!;
      const area = await create({ imageId, typeId: spallType, shape: square(0, 0, 100) });
      const otherType = await create({ imageId, typeId: crackType, shape: square(50, 50, 100) });
      const line = await create({
        imageId,
        typeId: spallType,
        shape: {
          kind: 'polyline',
          points: [
            [0, 0],
            [60, 60],
          ],
        },
      });
      const apart = await create({ imageId, typeId: spallType, shape: square(500, 500, 100) });
      const otherPhoto = await create({ imageId: photo['a.JPG'], typeId: spallType, shape: square(0, 0, 100) });
      const cases: Array<[number[], string]> = [
        [[area.id, otherType.id], 'DISEASE_MERGE_TYPE_ERROR'],
        [[area.id, line.id], 'DISEASE_MERGE_SHAPE_ERROR'],
        [[area.id, apart.id], 'DISEASE_MERGE_NO_INTERSECTION'],
        [[area.id, otherPhoto.id], 'DISEASE_MERGE_IMAGE_ERROR'],
        [[area.id], 'DISEASE_MERGE_COUNT_ERROR'],
        [[area.id, area.id], 'DISEASE_MERGE_COUNT_ERROR'],
        [[area.id, 2_000_000_000], 'INSPECTION_DISEASE_NOT_EXISTING'],
      ];
      for (const [ids, key] of cases) expect((await merge(ids)).body.msg, key).toBe(key);
      for (const defect of [area, otherType, line, apart, otherPhoto]) expect(await exists(defect.id)).toBe(true);
      expect(await defectCount(imageId)).toBe(4);

      const keys = (body: unknown) => refusedFields('PUT', '/inspection-disease/merge', body);
      expect(await keys({ ids: [] })).toEqual({ ids: 'required' });
      expect(await keys({})).toEqual({ ids: 'required' });
      expect(await keys({ ids: Array.from({ length: 101 }, (_, i) => i + 1) })).toEqual({ ids: 'numberRange' });
      expect(await keys({ ids: [area.id, -1] })).toEqual({ 'ids.1': 'invalidValue' });
    });

    it('the viewer cannot merge; an outsider is refused the project', async () => {
      const imageId = photo['b.JPG']!;
      const a = await create({ imageId, typeId: spallType, shape: square(1000, 1000, 100) });
      const b = await create({ imageId, typeId: spallType, shape: square(1050, 1000, 100) });
      expect((await merge([a.id, b.id], team.viewer.token)).body.msg).toBe('NO_AUTH');
      expect((await merge([a.id, b.id], outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
      expect(await exists(a.id)).toBe(true);
      expect(await exists(b.id)).toBe(true);
    });
  });

  describe('statistics (POST /inspection-disease/space/find/type, level, component)', () => {
    type Counts<T> = { items: Array<T & { count: number }>; total: number; hiddenCount: number };
    let inspectionId: number;
    let markerId: number;

    beforeAll(async () => {
      const built = await scene([{ name: 's.JPG', pose: null }]);
      inspectionId = built.inspectionId;
      markerId = (await insertMarkers(server().db, built.projectId, [{ code: 'PIER-1' }])).ids['PIER-1']!;
      const imageId = built.photo['s.JPG'];
      const crack = (px: number) => ({
        kind: 'polyline',
        points: [
          [0, 0],
          [px, 0],
        ],
      });
      // A 0.5 m crack (level 1), a 1.5 m crack (level 2), two spallings on the pier (levels 2 and 5).
      await create({ imageId, typeId: crackType, shape: crack(M / 2), level: 1 });
      await create({ imageId, typeId: crackType, shape: crack(1.5 * M), level: 2 });
      await create({ imageId, typeId: spallType, shape: square(0, 0, M), level: 2, markerId });
      await create({ imageId, typeId: spallType, shape: square(0, 0, M / 2), level: 5, markerId });
      // Cracks under 1 m are hidden by the project's damage filter range.
      await insertDefectFilterRange(server().db, built.projectId, { crack_length_min: 1 });
    });

    const counts = async <T>(leaf: string, filter: Record<string, unknown> = {}, token?: string) =>
      ok(await call<Counts<T>>('POST', `/inspection-disease/space/find/${leaf}`, { inspectionId, ...filter }, token));

    it('by type, most first, with the type names and the hidden count of the damage filter range', async () => {
      const byType = await counts<{ typeId: number; nameKey: string | null; color: string }>('type');
      expect(byType.items.map((item) => [item.typeId, item.count])).toEqual([
        [spallType, 2],
        [crackType, 1],
      ]);
      expect(byType.items[0]!.nameKey).toMatch(/^diseaseType\./);
      expect(byType).toMatchObject({ total: 3, hiddenCount: 1 });
      const unfiltered = await counts<{ typeId: number }>('type', { filterRange: false });
      expect(unfiltered.items.map((item) => [item.typeId, item.count])).toEqual([
        [crackType, 2],
        [spallType, 2],
      ]);
      expect(unfiltered.hiddenCount).toBe(0);
    });

    it('by level, all five with none as 0; by component with the unbound apart; the list filters apply', async () => {
      const byLevel = await counts<{ level: number }>('level');
      expect(byLevel.items.map((item) => [item.level, item.count])).toEqual([
        [1, 0],
        [2, 2],
        [3, 0],
        [4, 0],
        [5, 1],
      ]);
      const byComponent = await counts<{ markerId: number | null; markerName: string | null }>('component');
      expect(byComponent.items).toEqual([
        { markerId, markerName: 'PIER-1', count: 2 },
        { markerId: null, markerName: null, count: 1 },
      ]);
      const cracksOnly = await counts<{ level: number }>('level', { typeIds: [crackType], filterRange: false });
      expect(cracksOnly.items.filter((item) => item.count > 0).map((item) => item.level)).toEqual([1, 2]);
      expect(cracksOnly.total).toBe(2);
    });

    it('the viewer reads them; an outsider is refused; bad filters are refused', async () => {
      expect((await counts<{ level: number }>('level', {}, team.viewer.token)).total).toBe(3);
      for (const leaf of ['type', 'level', 'component']) {
        const response = await call('POST', `/inspection-disease/space/find/${leaf}`, { inspectionId }, outsider.token);
        expect(response.body.msg).toBe('PROJECT_NO_ERROR');
      }
      expect(await refusedFields('POST', '/inspection-disease/space/find/type', { levels: [6] })).toEqual({
        inspectionId: 'required',
        'levels.0': 'numberRange',
      });
      expect(
        (await call('POST', '/inspection-disease/space/find/type', { inspectionId: 2_000_000_000 })).body.msg,
      ).toBe('INSPECTION_NOT_EXISTING');
    });
  });

  describe('on the wall model: binding to components, repeated defects, places', () => {
    let inspectionId: number;
    let projectId: number;
    let photo: Record<string, number>;
    let near: number;
    let farther: number;
    /** Cameras: p1 at (0, 0), p2 at (−2, 0), p3 at (0, 5) (15 m from the wall); all 10 m up, looking north. */
    const P1: [number, number] = [0, 0];
    const P2: [number, number] = [-2, 0];
    const P3: [number, number] = [0, 5];
    const CAMERAS = { 'p1.JPG': P1, 'p2.JPG': P2, 'p3.JPG': P3 };
    /** A crack-shaped mark on a posed photo where its camera sees the wall point (e, 20, 9); a spalling unless said. */
    const markAt = (name: keyof typeof CAMERAS, e: number, body: Record<string, unknown> = {}) =>
      create({ imageId: photo[name], typeId: spallType, shape: crackAt(pixelOf(CAMERAS[name], e, 9)), ...body });

    beforeAll(async () => {
      const built = await scene([
        { name: 'p1.JPG', pose: pose(...P1) },
        { name: 'p2.JPG', pose: pose(...P2) },
        { name: 'p3.JPG', pose: pose(...P3) },
        { name: 'unposed.JPG', pose: null },
      ]);
      ({ inspectionId, projectId, photo } = built);
      await withWall(projectId);
      // 0.3 m and 0.5 m above the wall point (1, 20, 9).
      const { ids } = await insertMarkers(server().db, projectId, [
        { code: 'NEAR', position: wallSceneAt(1, 20, 9.3) },
        { code: 'FARTHER', position: wallSceneAt(1, 20, 9.5) },
      ]);
      near = ids.NEAR!;
      farther = ids.FARTHER!;
    });

    it.each([
      ['an inspection never bound has no binding range: a located defect stays unbound', null, false],
      ['at a 20 cm range the 0.3 m marker is out of reach', 20, false],
      ['within the 40 cm range the nearest marker binds (0.3 m, not 0.5 m)', 40, true],
    ] as const)('%s', async (_, cm, bindsNear) => {
      await setBindingRange(inspectionId, cm);
      const defect = await markAt('p1.JPG', 1);
      expect(defect.locationState).toBe('located');
      expect(defect.markerId).toBe(bindsNear ? near : null);
      await call('DELETE', `/inspection-disease/${defect.id}`);
    });

    it('beyond every range none binds; one chosen is kept; a move binds again unless it unbinds', async () => {
      await setBindingRange(inspectionId, 40);
      const far = await markAt('p1.JPG', 5);
      expect(far.markerId).toBeNull();
      const chosen = await markAt('p1.JPG', 1, { markerId: farther });
      expect(chosen.markerId).toBe(farther);
      const unplaced = await create({ imageId: photo['unposed.JPG'], typeId: spallType, shape: crackAt([100, 100]) });
      expect(unplaced.markerId).toBeNull();

      // Moved next to the markers it binds; moved while unbinding in the same edit it stays unbound.
      const moved = ok(
        await call<Defect>('PUT', '/inspection-disease', { id: far.id, shape: crackAt(pixelOf(P1, 1, 9)) }),
      );
      expect(moved.markerId).toBe(near);
      const unbound = ok(
        await call<Defect>('PUT', '/inspection-disease', {
          id: far.id,
          markerId: null,
          shape: crackAt(pixelOf(P1, 1.05, 9)),
        }),
      );
      expect(unbound.markerId).toBeNull();
      await call('DELETE', '/inspection-disease/deleteIds', { ids: [far.id, chosen.id, unplaced.id] });
    });

    it('a merged area on the model is placed again and bound to the nearest component', async () => {
      const [u, v] = pixelOf(P1, 1, 9);
      const a = await create({ imageId: photo['p1.JPG'], typeId: spallType, shape: square(u - 60, v - 40, 80) });
      const b = await create({ imageId: photo['p1.JPG'], typeId: spallType, shape: square(u - 20, v - 40, 80) });
      const merged = ok(await merge([a.id, b.id]));
      expect(merged).toMatchObject({ locationState: 'located', sizeBasis: 'mesh', markerId: near });
      // 120 × 80 px centred on the pixel of (1, 20, 9): 20 m away a pixel is 20/3648 m.
      expect(merged.size.areaM2).toBeCloseTo(120 * 80 * (20 / 3648) ** 2, 4);
      const expected = wallSceneAt(1, 20, 9);
      expect(merged.position!.lon).toBeCloseTo(expected.lon, 7);
      expect(merged.position!.height).toBeCloseTo(expected.height, 2);
      await call('DELETE', `/inspection-disease/${merged.id}`);
    });

    describe('repeated defects', () => {
      let onP1: Defect;
      let onP2: Defect;
      let onP3: Defect;
      let otherType: Defect;
      let elsewhere: Defect;
      let unposed: Defect;
      const body = (extra: Record<string, unknown> = {}) => ({ inspectionId, distanceM: 0.05, ...extra });
      const listRepeats = async (extra: Record<string, unknown> = {}, token?: string) =>
        ok(await call<RepeatDefects>('POST', '/inspection-disease/repeat', body(extra), token));

      beforeAll(async () => {
        // One crack at (1, 20, 9) seen from three cameras; a spalling there; a crack 4 m east; one with no pose.
        const crack = { typeId: crackType };
        onP1 = await markAt('p1.JPG', 1, crack);
        onP2 = await markAt('p2.JPG', 1, crack);
        onP3 = await markAt('p3.JPG', 1, crack);
        otherType = await markAt('p2.JPG', 1);
        elsewhere = await markAt('p2.JPG', 5, crack);
        unposed = await create({ imageId: photo['unposed.JPG'], typeId: crackType, shape: crackAt([100, 100]) });
      });

      it('the three marks of one crack are one group; the nearest camera (15 m, p3) is kept', async () => {
        const found = await listRepeats();
        expect(found.comparedCount).toBe(5);
        expect(found.unlocatedCount).toBe(1);
        expect(found.groups).toHaveLength(1);
        const [group] = found.groups;
        expect(group!.keep).toMatchObject({ id: onP3.id, code: onP3.code, imageName: 'p3.JPG', typeId: crackType });
        // Camera to (1, 20, 9): p3 √(1 + 225 + 1), p1 √(1 + 400 + 1), p2 √(9 + 400 + 1).
        expect(group!.keep.cameraDistanceM).toBeCloseTo(Math.sqrt(227), 2);
        expect(group!.repeated.map((member) => [member.id, member.cameraDistanceM!.toFixed(2)])).toEqual([
          [onP1.id, Math.sqrt(402).toFixed(2)],
          [onP2.id, Math.sqrt(410).toFixed(2)],
        ]);
        expect((await listRepeats({ typeIds: [spallType] })).groups).toEqual([]);
      });

      it('the threshold is at least 0.05 m and at most 10 m, and required', async () => {
        const keys = (extra: Record<string, unknown>) =>
          refusedFields('POST', '/inspection-disease/repeat', { inspectionId, ...extra });
        expect(await keys({ distanceM: 0.049 })).toEqual({ distanceM: 'numberRange' });
        expect(await keys({ distanceM: 10.5 })).toEqual({ distanceM: 'numberRange' });
        expect(await keys({})).toEqual({ distanceM: 'required' });
        expect(await keys({ distanceM: 'far' })).toEqual({ distanceM: 'invalidValue' });
        const wide = await listRepeats({ distanceM: 10 });
        // 4 m apart, the crack east joins at a 10 m threshold.
        expect(wide.groups[0]!.repeated.map((member) => member.id)).toContain(elsewhere.id);
      });

      it('the viewer lists but cannot delete; an outsider sees nothing; deleting keeps the best view', async () => {
        expect((await listRepeats({}, team.viewer.token)).groups).toHaveLength(1);
        expect((await call('DELETE', '/inspection-disease/repeatDeleteIds', body(), team.viewer.token)).body.msg).toBe(
          'NO_AUTH',
        );
        for (const [method, path] of [
          ['POST', '/inspection-disease/repeat'],
          ['DELETE', '/inspection-disease/repeatDeleteIds'],
        ] as const) {
          expect((await call(method, path, body(), outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
        }
        expect(await exists(onP1.id)).toBe(true);

        const p1Before = await defectCount(photo['p1.JPG']!);
        expect(ok(await call('DELETE', '/inspection-disease/repeatDeleteIds', body()))).toEqual({ count: 2 });
        expect(await exists(onP1.id)).toBe(false);
        expect(await exists(onP2.id)).toBe(false);
        for (const kept of [onP3, otherType, elsewhere, unposed]) expect(await exists(kept.id)).toBe(true);
        expect(await defectCount(photo['p1.JPG']!)).toBe(p1Before - 1);
        expect((await listRepeats()).groups).toEqual([]);
        expect(ok(await call('DELETE', '/inspection-disease/repeatDeleteIds', body()))).toEqual({ count: 0 });
      });

      it('the 3D view gets the located defects that are left, lean; the next inspection finds them near a point', async () => {
        type Places = { records: Array<{ id: number; position: { lon: number; height: number } }>; total: number };
        const places = ok(await call<Places>('POST', '/inspection-disease/find/disease/coordinate', { inspectionId }));
        expect(places.records.map((place) => place.id)).toEqual([onP3.id, otherType.id, elsewhere.id]);
        expect(places.total).toBe(3);
        expect(places.records[0]).toEqual({
          id: onP3.id,
          code: onP3.code,
          imageId: photo['p3.JPG'],
          typeId: crackType,
          level: 3,
          shapeKind: 'polyline',
          markerId: near,
          position: onP3.position,
        });
        const cracks = ok(
          await call<Places>('POST', '/inspection-disease/find/disease/coordinate', {
            inspectionId,
            typeIds: [spallType],
          }),
        );
        expect(cracks.records.map((place) => place.id)).toEqual([otherType.id]);

        const next = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id, projectId });
        await server()
          .db.updateTable('inspections')
          .set({ previous_inspection_id: inspectionId })
          .where('id', '=', next.inspectionId)
          .execute();
        type Near = { previousInspectionId: number | null; records: Array<{ defect: Defect; distanceM: number }> };
        const nearby = async (distanceM: number, position = wallSceneAt(1, 20, 9), token?: string) =>
          call<Near>(
            'POST',
            '/inspection-disease/find/old/near/disease',
            { inspectionId: next.inspectionId, position, distanceM },
            token,
          );
        const within = ok(await nearby(0.5));
        expect(within.previousInspectionId).toBe(inspectionId);
        expect(within.records.map((found) => found.defect.id).sort()).toEqual([onP3.id, otherType.id].sort());
        for (const found of within.records) expect(found.distanceM).toBeLessThan(0.01);
        // 4 m east the other crack joins at 5 m, last.
        const wider = ok(await nearby(5, undefined, team.viewer.token));
        expect(wider.records.at(-1)!.defect.id).toBe(elsewhere.id);
        expect(wider.records.at(-1)!.distanceM).toBeCloseTo(4, 2);
        // Nothing near a point 3 m below; an inspection with no previous one has none.
        expect(ok(await nearby(0.5, wallSceneAt(1, 20, 6))).records).toEqual([]);
        expect(
          ok(
            await call<Near>('POST', '/inspection-disease/find/old/near/disease', {
              inspectionId,
              position: wallSceneAt(1, 20, 9),
              distanceM: 1,
            }),
          ),
        ).toEqual({ previousInspectionId: null, records: [] });

        const keys = (extra: Record<string, unknown>) =>
          refusedFields('POST', '/inspection-disease/find/old/near/disease', {
            inspectionId: next.inspectionId,
            position: wallSceneAt(1, 20, 9),
            distanceM: 1,
            ...extra,
          });
        expect(await keys({ distanceM: 0.01 })).toEqual({ distanceM: 'numberRange' });
        expect(await keys({ distanceM: 11 })).toEqual({ distanceM: 'numberRange' });
        expect(await keys({ position: { lon: 200, lat: 0, height: 0 } })).toEqual({ 'position.lon': 'numberRange' });
        expect((await nearby(1, undefined, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
        expect(
          (await call('POST', '/inspection-disease/find/disease/coordinate', { inspectionId }, outsider.token)).body
            .msg,
        ).toBe('PROJECT_NO_ERROR');
      });
    });
  });
});
