import { beforeAll, describe, expect, it } from 'vitest';
import type { Defect } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import {
  addRoundCameraGroup as addGroup,
  buildDefectScene,
  insertDefectFilterRange,
  SQUARE_ON_WALL,
  wallSceneAt,
  wallSceneTileset,
  ROUND_CAMERA_METRE_PX as METRE_PX,
  ROUND_CAMERA_SIZE as SIZE,
} from '../../../test/factories/defect.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildServedModel } from '../../../test/factories/project-model.js';
import { buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { insertMarkers, insertPhotos, okData, type PoseTuple } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys } from '../../../test/validation.js';

/** The round camera (server/test/factories/defect.ts): 456 px make a metre at the group's 8 m. */

/** A crack of 456 + 228 px (1.5 m at 8 m) drawn 2 px wide (2 × 8 / 3648 m = 4.386 mm). */
const CRACK = {
  kind: 'polyline',
  points: [
    [1000, 1000],
    [1000 + METRE_PX, 1000],
    [1000 + METRE_PX, 1000 + METRE_PX / 2],
  ],
  widthPx: 2,
};
/** A 912 × 456 px rectangle: 2 m × 1 m, 2 m² at 8 m. */
const SPALL = {
  kind: 'rectangle',
  points: [
    [0, 0],
    [2 * METRE_PX, 0],
    [2 * METRE_PX, METRE_PX],
    [0, METRE_PX],
  ],
};

describeOnEachDatabase('defects', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let inspectionId: number;
  let photo: Record<string, number>;
  let crackType: number;
  let spallType: number;

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, token?: string) =>
    server().call<T>(method, `/api${path}`, { token: token ?? team.inspector.token, body });
  const ok = okData;
  const create = (body: Record<string, unknown>, token?: string) =>
    call<Defect>('POST', '/inspection-disease', { level: 3, ...body }, token);

  /** A new inspection in a new project of the team (the inspector a member), its 8 m group, and photos in it. */
  const freshScene = (photos: ReadonlyArray<{ name: string; pose: PoseTuple | null }>) =>
    buildDefectScene(
      server().db,
      { teamId: team.id, createdBy: team.admin.id, memberIds: [team.inspector.id] },
      photos,
    );

  /** The photo's has-defect count, as the photo list shows it. */
  async function defectCount(imageId: number) {
    return ok(await call<{ defectCount: number }>('GET', `/inspection-image/${imageId}`)).defectCount;
  }

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    ({ projectId, inspectionId } = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    }));
    const facade = await addGroup(db, inspectionId, 8);
    const blind = await addGroup(db, inspectionId, 0);
    const rows = [
      ...(await insertPhotos(db, inspectionId, facade, [
        { name: 'a.JPG', pose: null, size: SIZE },
        { name: 'b.JPG', pose: null, size: SIZE },
      ])),
      // No shooting distance, no pose: nothing to measure with.
      ...(await insertPhotos(db, inspectionId, blind, [{ name: 'blind.JPG', pose: null, size: SIZE }])),
    ];
    photo = Object.fromEntries(rows.map((row) => [row.name, row.id]));
    crackType = await builtInDefectTypeId(db, 'crack');
    spallType = await builtInDefectTypeId(db, 'spalling');
  });

  describe('measuring on a photo without a model: the plane at the group distance', () => {
    it('a crack of 684 px at 2 px width is 1.5 m long and 4.386 mm wide, numbered D-0001, the photo flagged', async () => {
      const before = await defectCount(photo['a.JPG']!);
      const crack = ok(
        await create({ imageId: photo['a.JPG'], typeId: crackType, shape: CRACK, description: 'north pier' }),
      );
      expect(crack).toMatchObject({
        code: expect.stringMatching(/^D-\d{4}$/),
        inspectionId,
        projectId,
        imageId: photo['a.JPG'],
        imageName: 'a.JPG',
        typeId: crackType,
        level: 3,
        sizeBasis: 'distance',
        sizeEdited: null,
        description: 'north pier',
        source: 'manual',
        star: false,
        position: null,
        locationState: 'noModel',
        createdBy: team.inspector.id,
        updatedBy: team.inspector.id,
        createdByName: expect.any(String),
      });
      expect(crack.size.lengthM).toBeCloseTo(1.5, 9);
      expect(crack.size.widthMm).toBeCloseTo((2 * 8 * 1000) / 3648, 9);
      expect(crack.size.areaM2).toBeNull();
      expect(await defectCount(photo['a.JPG']!)).toBe(before + 1);
    });

    it('a 912 × 456 px rectangle is 2 m by 1000 mm, 2 m²; numbers follow one another', async () => {
      const first = ok(await create({ imageId: photo['b.JPG'], typeId: spallType, shape: SPALL }));
      const second = ok(await create({ imageId: photo['b.JPG'], typeId: spallType, shape: SPALL, level: 5 }));
      expect(first.size.lengthM).toBeCloseTo(2, 9);
      expect(first.size.widthMm).toBeCloseTo(1000, 6);
      expect(first.size.areaM2).toBeCloseTo(2, 9);
      expect(Number(second.code.slice(2))).toBe(Number(first.code.slice(2)) + 1);
      expect(await defectCount(photo['b.JPG']!)).toBe(2);
    });

    it('a photo with no shooting distance and no pose: IMAGE_PX_LENGTH_CALCULATION_ERROR, nothing stored', async () => {
      const response = await create({ imageId: photo['blind.JPG'], typeId: crackType, shape: CRACK });
      expect(response.body.msg).toBe('IMAGE_PX_LENGTH_CALCULATION_ERROR');
      expect(await defectCount(photo['blind.JPG']!)).toBe(0);
    });
  });

  describe('what a defect refuses', () => {
    it('too few points, a level outside 1..5, a shape kind it does not know', async () => {
      const keys = async (body: Record<string, unknown>) => {
        const response = await create({ imageId: photo['a.JPG'], typeId: crackType, ...body });
        expect(response.body.msg).toBe('VALIDATION_ERROR');
        return fieldKeys(response.body);
      };
      expect(await keys({ shape: { kind: 'polyline', points: [[1, 1]] } })).toEqual({
        'shape.points': 'defectShapePoints',
      });
      expect(
        await keys({
          shape: {
            kind: 'polygon',
            points: [
              [1, 1],
              [5, 5],
            ],
          },
        }),
      ).toEqual({ 'shape.points': 'defectShapePoints' });
      expect(await keys({ shape: CRACK, level: 0 })).toEqual({ level: 'numberRange' });
      expect(await keys({ shape: CRACK, level: 6 })).toEqual({ level: 'numberRange' });
      expect(await keys({ shape: { ...CRACK, kind: 'circle' } })).toEqual({ 'shape.kind': 'invalidValue' });
      expect(
        await keys({
          shape: {
            ...CRACK,
            points: [
              [-1, 0],
              [3, 4],
            ],
          },
        }),
      ).toMatchObject({
        'shape.points.0.0': 'invalidValue',
      });
    });

    it('a type of another project, unknown photo, marker or defect, a marker of another project', async () => {
      const db = server().db;
      const other = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id });
      const foreignType = await db
        .insertInto('defect_types')
        .values({ project_id: other.projectId, name: 'Elsewhere', color: '#FF0000', shape_kind: 'line' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { ids: foreignMarkers } = await insertMarkers(db, other.projectId, [{ code: 'X1' }]);
      const base = { imageId: photo['a.JPG'], typeId: crackType, shape: CRACK };
      expect((await create({ ...base, typeId: foreignType.id })).body.msg).toBe('DISEASE_TYPE_NOT_EXISTING');
      expect((await create({ ...base, imageId: 2_000_000_000 })).body.msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
      expect((await create({ ...base, markerId: foreignMarkers.X1 })).body.msg).toBe('SPACE_MARKING_NOT_EXISTING');
      expect((await call('GET', '/inspection-disease/2000000000')).body.msg).toBe('INSPECTION_DISEASE_NOT_EXISTING');
      expect((await call('PUT', '/inspection-disease', { id: 2_000_000_000, level: 2 })).body.msg).toBe(
        'INSPECTION_DISEASE_NOT_EXISTING',
      );
    });

    it('custom field values only for the project’s fields and their offered options', async () => {
      const db = server().db;
      const [input, single, multi] = await db
        .insertInto('defect_fields')
        .values([
          { project_id: projectId, name: 'Note', widget: 'input', options: '[]', visible_when_marking: true },
          {
            project_id: projectId,
            name: 'Side',
            widget: 'single',
            options: JSON.stringify(['left', 'right']),
            visible_when_marking: true,
          },
          {
            project_id: projectId,
            name: 'Causes',
            widget: 'multi',
            options: JSON.stringify(['water', 'load', 'age']),
            visible_when_marking: true,
          },
        ])
        .returning('id')
        .execute();
      const base = { imageId: photo['a.JPG'], typeId: crackType, shape: CRACK };
      const fields = { [input!.id]: 'wet', [single!.id]: 'left', [multi!.id]: ['water', 'age'] };
      expect(ok(await create({ ...base, fields })).fields).toEqual(fields);
      for (const wrong of [
        { [single!.id]: 'middle' },
        { [single!.id]: ['left', 'right'] },
        { [multi!.id]: ['fire'] },
        { [input!.id]: ['a'] },
        { 2000000000: 'x' },
      ]) {
        expect((await create({ ...base, fields: wrong })).body.msg).toBe('DISEASE_FIELD_VALUE_ERROR');
      }
    });

    it('a photo of a binned inspection is not found', async () => {
      const db = server().db;
      const binned = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id, projectId });
      const group = await addGroup(db, binned.inspectionId, 8);
      const [row] = await insertPhotos(db, binned.inspectionId, group, [{ name: 'gone.JPG', pose: null, size: SIZE }]);
      await db
        .updateTable('inspections')
        .set({ deleted_at: new Date() })
        .where('id', '=', binned.inspectionId)
        .execute();
      expect((await create({ imageId: row!.id, typeId: crackType, shape: CRACK })).body.msg).toBe(
        'INSPECTION_IMAGE_NOT_EXISTING',
      );
    });
  });

  describe('rights (SPEC section 6)', () => {
    it('the viewer reads but neither creates, edits, stars nor deletes; an outsider sees nothing', async () => {
      const defect = ok(await create({ imageId: photo['a.JPG'], typeId: crackType, shape: CRACK }));
      const viewer = team.viewer.token;
      expect(ok(await call<Defect>('GET', `/inspection-disease/${defect.id}`, undefined, viewer)).id).toBe(defect.id);
      expect(
        ok(await call<{ total: number }>('POST', '/inspection-disease/page', { inspectionId }, viewer)).total,
      ).toBeGreaterThan(0);
      expect((await create({ imageId: photo['a.JPG'], typeId: crackType, shape: CRACK }, viewer)).body.msg).toBe(
        'NO_AUTH',
      );
      expect((await call('PUT', '/inspection-disease', { id: defect.id, level: 1 }, viewer)).body.msg).toBe('NO_AUTH');
      expect((await call('PUT', '/inspection-disease/star', { ids: [defect.id] }, viewer)).body.msg).toBe('NO_AUTH');
      expect((await call('DELETE', `/inspection-disease/${defect.id}`, undefined, viewer)).body.msg).toBe('NO_AUTH');

      const outsider = await buildOutsider(server().db);
      for (const response of [
        await create({ imageId: photo['a.JPG'], typeId: crackType, shape: CRACK }, outsider.token),
        await call('GET', `/inspection-disease/${defect.id}`, undefined, outsider.token),
        await call('GET', `/inspection-disease/details/${defect.id}`, undefined, outsider.token),
        await call('POST', '/inspection-disease/page', { inspectionId }, outsider.token),
        await call('POST', '/inspection-disease/list/img', { imageId: photo['a.JPG'] }, outsider.token),
        await call('DELETE', '/inspection-disease/deleteIds', { ids: [defect.id] }, outsider.token),
      ]) {
        expect(response.body.msg).toBe('PROJECT_NO_ERROR');
      }
      // The outsider's own photo is no door into this project either.
      const theirs = await buildInspection(server().db, { teamId: outsider.teamId, createdBy: outsider.id });
      const group = await addGroup(server().db, theirs.inspectionId, 8);
      const [their] = await insertPhotos(server().db, theirs.inspectionId, group, [{ name: 't.JPG', pose: null }]);
      expect((await create({ imageId: their!.id, typeId: crackType, shape: CRACK })).body.msg).toBe('PROJECT_NO_ERROR');
      expect(ok(await call<Defect>('GET', `/inspection-disease/${defect.id}`)).id).toBe(defect.id);
    });
  });

  describe('editing, starring, listing and deleting', () => {
    it('a new shape is measured again; typed sizes are kept beside the computed ones until cleared', async () => {
      const defect = ok(await create({ imageId: photo['a.JPG'], typeId: crackType, shape: CRACK }));
      const longer = {
        kind: 'polyline',
        points: [
          [0, 0],
          [3 * METRE_PX, 0],
        ],
      };
      const edited = ok(
        await call<Defect>('PUT', '/inspection-disease', {
          id: defect.id,
          shape: longer,
          level: 4,
          description: 'checked',
          sizeEdited: { lengthM: 2.9, widthMm: 0.3, areaM2: null },
        }),
      );
      expect(edited.size.lengthM).toBeCloseTo(3, 9);
      expect(edited.size.widthMm).toBeNull();
      expect(edited.sizeEdited).toEqual({ lengthM: 2.9, widthMm: 0.3, areaM2: null });
      expect(edited).toMatchObject({ level: 4, description: 'checked', typeId: crackType, code: defect.code });
      const cleared = ok(await call<Defect>('PUT', '/inspection-disease', { id: defect.id, sizeEdited: null }));
      expect(cleared.sizeEdited).toBeNull();
      expect(cleared.size.lengthM).toBeCloseTo(3, 9);
      expect((await call('PUT', '/inspection-disease', { id: defect.id, level: 6 })).body.msg).toBe('VALIDATION_ERROR');
    });

    it('pages by filters and hides what the damage filter range leaves out, saying how many', async () => {
      const db = server().db;
      const scene = await freshScene([{ name: 'p.JPG', pose: null }]);
      const p = { id: scene.photo['p.JPG']! };
      const short = {
        kind: 'polyline',
        points: [
          [0, 0],
          [METRE_PX / 2, 0],
        ],
      };
      const made = [
        ok(await create({ imageId: p!.id, typeId: crackType, shape: short, level: 1 })),
        ok(await create({ imageId: p!.id, typeId: crackType, shape: CRACK, level: 2 })),
        ok(await create({ imageId: p!.id, typeId: spallType, shape: SPALL, level: 2 })),
      ];
      expect(made.map((defect) => defect.code)).toEqual(['D-0001', 'D-0002', 'D-0003']);
      type Found = { records: Defect[]; total: number; hiddenCount: number };
      const page = async (filter: Record<string, unknown>) =>
        ok(await call<Found>('POST', '/inspection-disease/page', { inspectionId: scene.inspectionId, ...filter }));
      const codes = (found: Found) => found.records.map((defect) => defect.code);

      expect(codes(await page({}))).toEqual(['D-0003', 'D-0002', 'D-0001']);
      expect(codes(await page({ typeIds: [spallType] }))).toEqual(['D-0003']);
      expect(codes(await page({ levels: [2], pageSize: 1, pageNum: 2 }))).toEqual(['D-0002']);
      expect((await page({ levels: [2], pageSize: 1 })).total).toBe(2);

      // Cracks shorter than 1 m and areas over 1.5 m² are hidden: the 0.5 m crack and the 2 m² spalling.
      await insertDefectFilterRange(db, scene.projectId, { crack_length_min: 1, area_max: 1.5 });
      const filtered = await page({});
      expect(codes(filtered)).toEqual(['D-0002']);
      expect(filtered).toMatchObject({ total: 1, hiddenCount: 2 });
      expect(await page({ filterRange: false })).toMatchObject({ total: 3, hiddenCount: 0 });
      // A typed size counts over the computed one: the short crack said to be 1.2 m shows again.
      await call('PUT', '/inspection-disease', {
        id: made[0]!.id,
        sizeEdited: { lengthM: 1.2, widthMm: null, areaM2: null },
      });
      expect(codes(await page({}))).toEqual(['D-0002', 'D-0001']);
      const list = ok(
        await call<Found>('POST', '/inspection-disease/list', { inspectionId: scene.inspectionId, levels: [1, 2] }),
      );
      expect(list).toMatchObject({ total: 2, hiddenCount: 1 });

      // Star, the star filter, batch changes, the photo's list.
      expect(ok(await call('PUT', '/inspection-disease/star', { ids: [made[1]!.id, made[2]!.id] }))).toEqual({
        count: 2,
      });
      expect(ok(await call('PUT', '/inspection-disease/star-cancel', { ids: [made[2]!.id] }))).toEqual({ count: 1 });
      expect(codes(await page({ star: true, filterRange: false }))).toEqual(['D-0002']);
      expect(
        ok(await call('PUT', '/inspection-disease/update', { ids: [made[1]!.id, made[2]!.id], level: 5 })),
      ).toEqual({ count: 2 });
      expect(codes(await page({ levels: [5], filterRange: false }))).toEqual(['D-0003', 'D-0002']);
      expect((await call('PUT', '/inspection-disease/update', { ids: [made[1]!.id] })).body.msg).toBe(
        'VALIDATION_ERROR',
      );
      const onPhoto = ok(await call<Defect[]>('POST', '/inspection-disease/list/img', { imageId: p!.id }));
      expect(onPhoto.map((defect) => defect.code)).toEqual(['D-0001', 'D-0002', 'D-0003']);
      const onPhotos = ok(
        await call<Defect[]>('POST', '/inspection-disease/list/imgS', { imageIds: [p!.id, photo['b.JPG']] }),
      );
      expect(onPhotos.length).toBe(3 + (await defectCount(photo['b.JPG']!)));

      const details = ok(
        await call<{ typeName: string; typeNameKey: string | null; markerName: string | null }>(
          'GET',
          `/inspection-disease/details/${made[2]!.id}`,
        ),
      );
      expect(details).toMatchObject({ typeNameKey: 'diseaseType.spalling', markerName: null });

      // Deleting: unknown ids refuse the whole batch; one, then the rest; the photo's flag follows.
      expect(
        (await call('DELETE', '/inspection-disease/deleteIds', { ids: [made[0]!.id, 2_000_000_000] })).body.msg,
      ).toBe('INSPECTION_DISEASE_NOT_EXISTING');
      expect(await defectCount(p!.id)).toBe(3);
      ok(await call('DELETE', `/inspection-disease/${made[0]!.id}`));
      expect(await defectCount(p!.id)).toBe(2);
      expect(ok(await call('DELETE', '/inspection-disease/deleteIds', { ids: [made[1]!.id, made[2]!.id] }))).toEqual({
        count: 2,
      });
      expect(await defectCount(p!.id)).toBe(0);
      expect((await call('GET', `/inspection-disease/${made[1]!.id}`)).body.msg).toBe(
        'INSPECTION_DISEASE_NOT_EXISTING',
      );
      const tooMany = Array.from({ length: 1001 }, (_, i) => i + 1);
      const refused = await call('DELETE', '/inspection-disease/deleteIds', { ids: tooMany });
      expect(fieldKeys(refused.body)).toEqual({ ids: 'numberRange' });
    });
  });

  it('defects marked at the same moment get distinct numbers, one after another', async () => {
    const scene = await freshScene([{ name: 'busy.JPG', pose: null }]);
    const p = { id: scene.photo['busy.JPG']! };
    const made = await Promise.all(
      Array.from({ length: 6 }, () => create({ imageId: p!.id, typeId: crackType, shape: CRACK })),
    );
    expect(made.map((response) => ok(response).code).sort()).toEqual([
      'D-0001',
      'D-0002',
      'D-0003',
      'D-0004',
      'D-0005',
      'D-0006',
    ]);
    expect(await defectCount(p!.id)).toBe(6);
  });

  describe('on a model: placed where the photo sees it, measured on the mesh', () => {
    let modelPhoto: Record<string, number>;
    let modelInspection: number;
    let markerId: number;

    beforeAll(async () => {
      const db = server().db;
      const camera = wallSceneAt(0, 0, 10);
      const scene = await freshScene([
        { name: 'wall.JPG', pose: [camera.lon, camera.lat, camera.height, 0, 0, 0] },
        { name: 'away.JPG', pose: [camera.lon, camera.lat, camera.height, 180, 0, 0] },
        { name: 'unposed.JPG', pose: null },
      ]);
      modelInspection = scene.inspectionId;
      modelPhoto = scene.photo;
      await buildServedModel(db, server().config.FILES_DIR, {
        teamId: team.id,
        projectId: scene.projectId,
        entries: await wallSceneTileset(),
      });
      const { ids } = await insertMarkers(db, scene.projectId, [{ code: 'C1', position: wallSceneAt(1, 20, 9) }]);
      markerId = ids.C1!;
    });

    it('a 2 m square on the wall 20 m away: 4 m² from the mesh ranges, its centre at (1 E, 20 N, 9 U)', async () => {
      const defect = ok(
        await create({ imageId: modelPhoto['wall.JPG'], typeId: spallType, shape: SQUARE_ON_WALL, markerId }),
      );
      expect(defect).toMatchObject({ sizeBasis: 'mesh', locationState: 'located', markerId });
      // At the group's 8 m the same pixels would be a 0.8 m square: the wall's 20 m made it 2 m.
      expect(defect.size.lengthM).toBeCloseTo(2, 3);
      expect(defect.size.widthMm).toBeCloseTo(2000, 0);
      expect(defect.size.areaM2).toBeCloseTo(4, 3);
      // The centroid pixel (2918.4, 2006.4) is x = y = 0.05: east 20 × 0.05 = 1 m, up 10 − 1 = 9 m.
      const expected = wallSceneAt(1, 20, 9);
      expect(defect.position!.lon).toBeCloseTo(expected.lon, 7);
      expect(defect.position!.lat).toBeCloseTo(expected.lat, 7);
      expect(defect.position!.height).toBeCloseTo(expected.height, 2);
      const named = ok(await call<{ markerName: string | null }>('GET', `/inspection-disease/details/${defect.id}`));
      expect(named.markerName).toBe('C1');
      expect(
        ok(
          await call<{ records: Defect[] }>('POST', '/inspection-disease/page', {
            inspectionId: modelInspection,
            markerId,
          }),
        ).records.map((found) => found.id),
      ).toEqual([defect.id]);
    });

    it('moving the shape places it again: a crack along the wall at eye level runs 20·0.1 = 2 m', async () => {
      const defect = ok(await create({ imageId: modelPhoto['wall.JPG'], typeId: crackType, shape: CRACK }));
      const moved = ok(
        await call<Defect>('PUT', '/inspection-disease', {
          id: defect.id,
          shape: {
            kind: 'polyline',
            points: [
              [2736, 1824],
              [3100.8, 1824],
            ],
          },
        }),
      );
      expect(moved.size.lengthM).toBeCloseTo(2, 3);
      const expected = wallSceneAt(1, 20, 10);
      expect(moved.position!.lon).toBeCloseTo(expected.lon, 7);
      expect(moved.position!.height).toBeCloseTo(expected.height, 2);
    });

    it('a photo looking away misses the model, one without pose has none: sizes from the group distance', async () => {
      const away = ok(await create({ imageId: modelPhoto['away.JPG'], typeId: spallType, shape: SPALL }));
      expect(away).toMatchObject({ locationState: 'missed', position: null, sizeBasis: 'distance' });
      expect(away.size.areaM2).toBeCloseTo(2, 9);
      const unposed = ok(await create({ imageId: modelPhoto['unposed.JPG'], typeId: spallType, shape: SPALL }));
      expect(unposed).toMatchObject({ locationState: 'noPose', position: null, sizeBasis: 'distance' });
    });
  });
});
