import { beforeAll, expect, it } from 'vitest';
import type { z } from 'zod';
import type { InspectionImage, Page, SpaceImage, SpatialMarkerNode, historySpaceImagesSchema } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider, buildProject } from '../../../test/factories/project.js';
import { apiCaller, insertMarkers, insertPhotos, okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys } from '../../../test/validation.js';

type History = z.infer<typeof historySpaceImagesSchema>;

describeOnEachDatabase('photos bound to spatial markers', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let groupId: number;
  let markers: Record<string, number>;

  const call = apiCaller(server, () => team.inspector.token);
  const ok = okData;

  /** An inspection of the project with photos named `names` (without pose: binding is by hand). */
  async function inspectionWithPhotos(name: string, inspectionDate: string, names: string[]) {
    const db = server().db;
    const inspection = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      projectId,
      name,
      inspectionDate,
    });
    const photos = await insertPhotos(
      db,
      inspection.inspectionId,
      inspection.groupId,
      names.map((photo) => ({ name: photo, pose: null })),
    );
    return { id: inspection.inspectionId, photo: Object.fromEntries(photos.map((row) => [row.name, row.id])) };
  }
  const bind = (inspectionId: number, markerId: number, imageIds: number[], token = team.inspector.token) =>
    call<{ bound: number | null; jobId: string | null }>(
      'POST',
      '/space-image-assoc/adds',
      { mode: 'manual', inspectionId, markerId, imageIds },
      token,
    );
  const markerImages = async (inspectionId: number, markerId: number) =>
    ok(
      await call<Page<SpaceImage>>('POST', '/space-image-assoc/findSpaceImages', {
        inspectionId,
        markerId,
        pageNum: 1,
        pageSize: 50,
      }),
    ).records.map((record) => record.image.name);
  const counts = async (inspectionId: number) =>
    ok(
      await call<{ total: number; bound: number; unbound: number }>('GET', '/inspection-image/no-space-marking/infos', {
        inspectionId: String(inspectionId),
      }),
    );

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    ({ id: projectId } = await buildProject(server().db, {
      teamId: team.id,
      memberIds: [team.inspector.id, team.viewer.id],
    }));
    ({ groupId, ids: markers } = await insertMarkers(server().db, projectId, [
      { code: 'P1' },
      { code: 'P2' },
      { code: 'P3' },
    ]));
  });

  it('binds photos by hand, lists them per marker, counts bound and unbound, and pages the unbound ones', async () => {
    const spring = await inspectionWithPhotos('Spring', '2026-04-01', ['a.JPG', 'b.JPG', 'c.JPG', 'd.JPG']);
    expect(ok(await bind(spring.id, markers.P1!, [spring.photo['a.JPG']!, spring.photo['b.JPG']!]))).toEqual({
      bound: 2,
      jobId: null,
    });
    // Binding again adds nothing; one photo may sit on several markers.
    expect(ok(await bind(spring.id, markers.P1!, [spring.photo['a.JPG']!])).bound).toBe(0);
    expect(ok(await bind(spring.id, markers.P2!, [spring.photo['a.JPG']!])).bound).toBe(1);

    expect(await markerImages(spring.id, markers.P1!)).toEqual(['a.JPG', 'b.JPG']);
    const page = ok(
      await call<Page<SpaceImage>>('POST', '/space-image-assoc/findSpaceImages', {
        inspectionId: spring.id,
        markerId: markers.P1,
        pageNum: 2,
        pageSize: 1,
      }),
    );
    expect(page).toMatchObject({ total: 2, pageNum: 2, pageSize: 1 });
    expect(page.records[0]).toMatchObject({ markerId: markers.P1, source: 'manual', distanceM: null });
    expect(page.records[0]!.image.name).toBe('b.JPG');

    expect(await counts(spring.id)).toEqual({ total: 4, bound: 2, unbound: 2 });
    const unbound = ok(
      await call<Page<InspectionImage>>('POST', '/space-image-assoc/find/images/no/bind/img', {
        inspectionId: spring.id,
        pageNum: 1,
        pageSize: 10,
      }),
    );
    expect(unbound.total).toBe(2);
    expect(unbound.records.map((image) => image.name)).toEqual(['c.JPG', 'd.JPG']);

    const list = ok(
      await call<Array<{ marker: SpatialMarkerNode; imageCount: number }>>('POST', '/space-image-assoc/findSpaceList', {
        inspectionId: spring.id,
      }),
    );
    expect(list.map((item) => [item.marker.code, item.imageCount])).toEqual([
      ['P1', 2],
      ['P2', 1],
    ]);
    // The group counts distinct photos below it (a.JPG once, though bound to two markers).
    const withImages = ok(
      await call<SpatialMarkerNode[]>('POST', '/space-marking/findChildList/img', {
        projectId,
        parentId: groupId,
        inspectionId: spring.id,
      }),
    );
    expect(withImages.map((node) => [node.code, node.imageCount])).toEqual([
      ['P1', 2],
      ['P2', 1],
      ['P3', 0],
    ]);
    const groups = ok(
      await call<Array<{ groupId: number; markerCount: number; boundMarkerCount: number; imageCount: number }>>(
        'POST',
        '/space-marking/temporary/find/space/group/bind/node',
        { projectId, inspectionId: spring.id },
      ),
    );
    expect(groups).toEqual([{ groupId, markerCount: 3, boundMarkerCount: 2, imageCount: 2 }]);
    const ofImage = ok(
      await call<SpatialMarkerNode[]>('GET', '/space-marking/img-space-marking', {
        imageId: String(spring.photo['a.JPG']),
      }),
    );
    expect(ofImage.map((node) => node.code)).toEqual(['P1', 'P2']);
  });

  it('refuses photos of another inspection, groups and markers of another project, and callers without the right', async () => {
    const summer = await inspectionWithPhotos('Summer', '2026-06-01', ['s.JPG']);
    const autumn = await inspectionWithPhotos('Autumn', '2026-09-01', ['t.JPG']);
    expect((await bind(summer.id, markers.P1!, [autumn.photo['t.JPG']!])).body.msg).toBe(
      'INSPECTION_IMAGE_NOT_EXISTING',
    );
    expect((await bind(summer.id, groupId, [summer.photo['s.JPG']!])).body.msg).toBe('SPACE_MARKING_NOT_EXISTING');
    const other = await buildProject(server().db, { teamId: team.id, memberIds: [team.inspector.id] });
    const foreign = await insertMarkers(server().db, other.id, [{ code: 'F1' }]);
    expect((await bind(summer.id, foreign.ids.F1!, [summer.photo['s.JPG']!])).body.msg).toBe(
      'SPACE_MARKING_NOT_EXISTING',
    );
    // Viewers only look; another team's caller does not see the inspection at all.
    expect((await bind(summer.id, markers.P1!, [summer.photo['s.JPG']!], team.viewer.token)).body.msg).toBe('NO_AUTH');
    const outsider = await buildOutsider(server().db);
    expect((await bind(summer.id, markers.P1!, [summer.photo['s.JPG']!], outsider.token)).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
    expect(
      (await call('POST', '/space-image-assoc/find/history/SpaceImages', { markerId: markers.P1 }, outsider.token)).body
        .msg,
    ).toBe('PROJECT_NO_ERROR');
    expect(
      (
        await call(
          'GET',
          '/inspection-image/no-space-marking/infos',
          { inspectionId: String(summer.id) },
          outsider.token,
        )
      ).body.msg,
    ).toBe('PROJECT_NO_ERROR');
    // Empty and oversized id lists are refused by the schema.
    expect(fieldKeys((await bind(summer.id, markers.P1!, [])).body)).toEqual({ imageIds: 'required' });
    const tooMany = Array.from({ length: 1001 }, (_, index) => index + 1);
    expect(fieldKeys((await bind(summer.id, markers.P1!, tooMany)).body)).toEqual({ imageIds: 'numberRange' });
    // Nothing was bound by any refused call.
    expect(await counts(summer.id)).toEqual({ total: 1, bound: 0, unbound: 1 });
  });

  it("keeps a marker's history across inspections, newest first, and a photo's history in the other inspections", async () => {
    const early = await inspectionWithPhotos('Early', '2025-01-10', ['e1.JPG', 'e2.JPG']);
    const late = await inspectionWithPhotos('Late', '2025-12-10', ['l1.JPG']);
    ok(await bind(early.id, markers.P3!, [early.photo['e1.JPG']!, early.photo['e2.JPG']!]));
    ok(await bind(late.id, markers.P3!, [late.photo['l1.JPG']!]));
    const history = ok(
      await call<History>('POST', '/space-image-assoc/find/history/SpaceImages', { markerId: markers.P3 }),
    );
    expect(history.map((entry) => [entry.inspection.name, entry.images.map((image) => image.image.name)])).toEqual([
      ['Late', ['l1.JPG']],
      ['Early', ['e1.JPG', 'e2.JPG']],
    ]);
    const imageHistory = ok(
      await call<History>('POST', '/inspection-image/find/history/imgs', { imageId: late.photo['l1.JPG'] }),
    );
    expect(imageHistory.map((entry) => entry.inspection.name)).toEqual(['Early']);

    const inspections = ok(
      await call<Array<{ inspection: { name: string }; imageCount: number }>>(
        'POST',
        '/inspection-task/spaceMakeFindList',
        { projectId, markerId: markers.P3 },
      ),
    );
    expect(inspections.find((entry) => entry.inspection.name === 'Late')?.imageCount).toBe(1);
    expect(inspections.find((entry) => entry.inspection.name === 'Early')?.imageCount).toBe(2);
    expect(inspections.find((entry) => entry.inspection.name === 'Spring')?.imageCount).toBe(0);

    // A binned inspection's photos leave the history until it is restored.
    await server().db.updateTable('inspections').set({ deleted_at: new Date() }).where('id', '=', early.id).execute();
    const binned = ok(
      await call<History>('POST', '/space-image-assoc/find/history/SpaceImages', { markerId: markers.P3 }),
    );
    expect(binned.map((entry) => entry.inspection.name)).toEqual(['Late']);
    await server().db.updateTable('inspections').set({ deleted_at: null }).where('id', '=', early.id).execute();
    expect(
      ok(await call<History>('POST', '/space-image-assoc/find/history/SpaceImages', { markerId: markers.P3 })),
    ).toHaveLength(2);
  });

  it('moves photos between markers, unbinds by id, by marker and the whole inspection', async () => {
    const winter = await inspectionWithPhotos('Winter', '2026-12-01', ['w1.JPG', 'w2.JPG', 'w3.JPG']);
    const [w1, w2, w3] = ['w1.JPG', 'w2.JPG', 'w3.JPG'].map((name) => winter.photo[name]!);
    ok(await bind(winter.id, markers.P1!, [w1!, w2!]));
    ok(await bind(winter.id, markers.P2!, [w2!, w3!]));
    const moved = ok(
      await call<{ moved: number }>('POST', '/inspection-image/img/move/spaceMarking', {
        inspectionId: winter.id,
        imageIds: [w1, w2, w3],
        fromMarkerId: markers.P1,
        toMarkerId: markers.P2,
      }),
    );
    // w3 was not on P1: only w1 and w2 moved (w2 was already on P2 too).
    expect(moved).toEqual({ moved: 2 });
    expect(await markerImages(winter.id, markers.P1!)).toEqual([]);
    expect(await markerImages(winter.id, markers.P2!)).toEqual(['w1.JPG', 'w2.JPG', 'w3.JPG']);
    expect(
      (
        await call('POST', '/inspection-image/img/move/spaceMarking', {
          inspectionId: winter.id,
          imageIds: [w1],
          fromMarkerId: markers.P2,
          toMarkerId: groupId,
        })
      ).body.msg,
    ).toBe('SPACE_MARKING_NOT_EXISTING');

    const page = ok(
      await call<Page<SpaceImage>>('POST', '/space-image-assoc/findSpaceImages', {
        inspectionId: winter.id,
        markerId: markers.P2,
        pageNum: 1,
        pageSize: 10,
      }),
    );
    const assocOf = (name: string) => page.records.find((record) => record.image.name === name)!.assocId;
    ok(await call('DELETE', '/space-image-assoc/deletes/ids', { ids: [assocOf('w1.JPG')] }));
    expect(await markerImages(winter.id, markers.P2!)).toEqual(['w2.JPG', 'w3.JPG']);
    expect((await call('DELETE', '/space-image-assoc/deletes/ids', { ids: [assocOf('w1.JPG')] })).body.msg).toBe(
      'notFound',
    );
    expect(
      (await call('DELETE', '/space-image-assoc/deletes/ids', { ids: [assocOf('w2.JPG')] }, team.viewer.token)).body
        .msg,
    ).toBe('NO_AUTH');

    ok(await bind(winter.id, markers.P3!, [w1!]));
    ok(
      await call('DELETE', '/space-image-assoc/delete/spaceAssoceDelete', {
        inspectionId: winter.id,
        markerId: markers.P2,
      }),
    );
    expect(await counts(winter.id)).toEqual({ total: 3, bound: 1, unbound: 2 });
    ok(await call('DELETE', '/space-image-assoc/delete/spaceAssoceDelete', { inspectionId: winter.id }));
    expect(await counts(winter.id)).toEqual({ total: 3, bound: 0, unbound: 3 });
  });

  it('chooses a cover photo among the bound photos of a marker', async () => {
    const cover = await inspectionWithPhotos('Cover', '2026-07-01', ['c1.JPG', 'c2.JPG']);
    ok(await bind(cover.id, markers.P1!, [cover.photo['c1.JPG']!]));
    const set = (imageId: number | null) =>
      call<SpatialMarkerNode>('POST', '/space-marking/update/marking/img', { markerId: markers.P1, imageId });
    expect(ok(await set(cover.photo['c1.JPG']!)).coverImageId).toBe(cover.photo['c1.JPG']);
    expect((await set(cover.photo['c2.JPG']!)).body.msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
    expect(ok(await set(null)).coverImageId).toBeNull();
  });

  it('checks the automatic binding distance (10 to 200 cm, whole) and needs a model', async () => {
    const auto = await inspectionWithPhotos('Auto', '2026-08-01', ['x.JPG']);
    const start = (distanceCm: unknown) =>
      call('POST', '/space-image-assoc/adds', { mode: 'auto', inspectionId: auto.id, distanceCm });
    expect(fieldKeys((await start(9)).body)).toEqual({ distanceCm: 'numberRange' });
    expect(fieldKeys((await start(201)).body)).toEqual({ distanceCm: 'numberRange' });
    expect(fieldKeys((await start(50.5)).body)).toEqual({ distanceCm: 'invalidValue' });
    expect(fieldKeys((await start(undefined)).body)).toEqual({ distanceCm: 'bindingRangeRequired' });
    // The project has no model yet: nothing to bind against.
    expect((await start(10)).body.msg).toBe('PROJECT_MODEL_NOT_UPLOADED');
    expect((await start(200)).body.msg).toBe('PROJECT_MODEL_NOT_UPLOADED');
    expect(
      ok(await call<{ distanceCm: number | null }>('GET', `/inspection-task/space-marking-distance/${auto.id}`)),
    ).toEqual({ distanceCm: null });
  });
});
