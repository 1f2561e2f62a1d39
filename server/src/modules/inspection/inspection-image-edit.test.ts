import { beforeEach, expect, it } from 'vitest';
import type { InspectionImage } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider } from '../../../test/factories/project.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys, type Issues } from '../../../test/validation.js';

describeOnEachDatabase('changing photos already in an inspection', (server) => {
  let team: StaffedTeam;
  let scene: Awaited<ReturnType<typeof buildInspection>>;
  let photoIds: number[];
  let uploadIds: string[];

  /** Listed photos inserted as the ingest leaves them (the upload and ingest have their own tests). */
  async function insertPhotos(inspectionId: number, groupId: number, names: string[]) {
    const rows = await server()
      .db.insertInto('inspection_images')
      .values(
        names.map((name, index) => ({
          inspection_id: inspectionId,
          image_group_id: groupId,
          name,
          size_bytes: 1000,
          storage_key: `test/${inspectionId}/${name}/`,
          upload_id: `${String(inspectionId).padStart(8, '0')}${String(index).padStart(24, 'a')}`,
          state: 'uploaded' as const,
        })),
      )
      .returning(['id', 'upload_id'])
      .execute();
    return rows;
  }

  beforeEach(async () => {
    team = await buildStaffedTeam(server().db);
    scene = await buildInspection(server().db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    });
    const rows = await insertPhotos(scene.inspectionId, scene.groupId, [
      'DJI_0001.JPG',
      'DJI_0002.JPG',
      'DJI_0003.JPG',
    ]);
    photoIds = rows.map((row) => row.id);
    uploadIds = rows.map((row) => row.upload_id!);
  });

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, body?: unknown) =>
    server().call<T>(method, url, { token, ...(body !== undefined ? { body } : {}) });
  const stored = (id: number) =>
    server()
      .db.selectFrom('inspection_images')
      .select(['name', 'category', 'image_group_id', 'screening_status', 'favourite'])
      .where('id', '=', id)
      .executeTakeFirst();

  it('sets one photo’s screening status and favourite flag; a screener may, a viewer may not', async () => {
    const updated = await call<InspectionImage>('PUT', '/api/inspection-image', team.inspector.token, {
      id: photoIds[0],
      screeningStatus: 2,
      favourite: true,
    });
    expect(updated.body).toMatchObject({ code: 2000, data: { id: photoIds[0], screeningStatus: 2, favourite: true } });
    expect(await stored(photoIds[0]!)).toMatchObject({ screening_status: 2, favourite: true });

    const viewer = await call('PUT', '/api/inspection-image', team.viewer.token, { id: photoIds[0], favourite: false });
    expect(viewer.body.msg).toBe('NO_AUTH');
    const nothing = await call<Issues>('PUT', '/api/inspection-image', team.inspector.token, { id: photoIds[0] });
    expect(nothing.body.msg).toBe('VALIDATION_ERROR');
    expect(fieldKeys(nothing.body)).toEqual({ screeningStatus: 'required' });
    const outOfRange = await call<Issues>('PUT', '/api/inspection-image', team.inspector.token, {
      id: photoIds[0],
      screeningStatus: 3,
    });
    expect(fieldKeys(outOfRange.body)).toEqual({ screeningStatus: 'invalidValue' });
    expect(await stored(photoIds[0]!)).toMatchObject({ screening_status: 2, favourite: true });
  });

  it('sets the screening status of a batch, all or none, within one inspection', async () => {
    const batch = await call('POST', '/api/inspection-image/inspect-img', team.inspector.token, {
      ids: photoIds,
      screeningStatus: 1,
    });
    expect(batch.body).toMatchObject({ code: 2000, data: { changed: 3 } });
    for (const id of photoIds) expect((await stored(id))?.screening_status).toBe(1);

    // One unknown photo: nothing changes.
    const unknown = await call('POST', '/api/inspection-image/inspect-img', team.inspector.token, {
      ids: [photoIds[0], 2_000_000_000],
      screeningStatus: 2,
    });
    expect(unknown.body.msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
    expect((await stored(photoIds[0]!))?.screening_status).toBe(1);

    // Photos of two inspections in one batch are refused.
    const other = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id, name: 'Other' });
    const [foreign] = await insertPhotos(other.inspectionId, other.groupId, ['X.JPG']);
    const mixed = await call<Issues>('POST', '/api/inspection-image/inspect-img', team.admin.token, {
      ids: [photoIds[0], foreign!.id],
      screeningStatus: 0,
    });
    expect(fieldKeys(mixed.body)).toEqual({ ids: 'invalidValue' });
    const empty = await call<Issues>('POST', '/api/inspection-image/inspect-img', team.admin.token, {
      ids: [],
      screeningStatus: 0,
    });
    expect(fieldKeys(empty.body)).toEqual({ ids: 'required' });
  });

  it('renames a photo, keeping names unique in the inspection whatever their case, and moves it between groups', async () => {
    const renamed = await call<InspectionImage>('POST', '/api/inspection-image/update/img', team.inspector.token, {
      id: photoIds[0],
      name: 'pier-3.jpg',
      category: 'cable',
    });
    expect(renamed.body).toMatchObject({ code: 2000, data: { name: 'pier-3.jpg', category: 'cable' } });

    const taken = await call('POST', '/api/inspection-image/update/img', team.inspector.token, {
      id: photoIds[1],
      name: 'PIER-3.JPG',
    });
    expect(taken.body.msg).toBe('INSPECTION_IMAGE_NAME_EXISTING');
    const slash = await call<Issues>('POST', '/api/inspection-image/update/img', team.inspector.token, {
      id: photoIds[1],
      name: '../pier.jpg',
    });
    expect(fieldKeys(slash.body)).toEqual({ name: 'invalidValue' });

    // Another group of the same inspection takes it; a group of another inspection does not exist for it.
    const group = await server()
      .db.insertInto('inspection_image_groups')
      .values({
        inspection_id: scene.inspectionId,
        name: 'Piers',
        photo_distance_m: 8,
        camera_model: 'M3E',
        sensor_width_mm: 17.3,
        sensor_height_mm: 13,
        focal_length_mm: 12.29,
        image_width_px: 5280,
        image_height_px: 3956,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const moved = await call('POST', '/api/inspection-image/update/img', team.inspector.token, {
      id: photoIds[1],
      imageGroupId: group.id,
    });
    expect(moved.body.code).toBe(2000);
    expect((await stored(photoIds[1]!))?.image_group_id).toBe(group.id);
    const other = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id, name: 'Other' });
    const foreignGroup = await call('POST', '/api/inspection-image/update/img', team.inspector.token, {
      id: photoIds[1],
      imageGroupId: other.groupId,
    });
    expect(foreignGroup.body.msg).toBe('INSPECTION_IMAGE_GROUP_NOT_EXISTING');

    // Batch: category and group of several photos.
    const batch = await call('POST', '/api/inspection-image/update/images', team.inspector.token, {
      ids: photoIds,
      category: 'normal',
      imageGroupId: group.id,
    });
    expect(batch.body).toMatchObject({ code: 2000, data: { changed: 3 } });
    for (const id of photoIds) expect(await stored(id)).toMatchObject({ category: 'normal', image_group_id: group.id });
    const badCategory = await call<Issues>('POST', '/api/inspection-image/update/images', team.inspector.token, {
      ids: photoIds,
      category: 'thermal',
    });
    expect(fieldKeys(badCategory.body)).toEqual({ category: 'invalidValue' });

    // A viewer may not; an outsider does not see the photos.
    const viewer = await call('POST', '/api/inspection-image/update/img', team.viewer.token, {
      id: photoIds[0],
      name: 'x.jpg',
    });
    expect(viewer.body.msg).toBe('NO_AUTH');
    const outsider = await buildOutsider(server().db);
    const refused = await call('POST', '/api/inspection-image/update/images', outsider.token, {
      ids: photoIds,
      category: 'cable',
    });
    expect(refused.body.code).not.toBe(2000);
    expect((await stored(photoIds[0]!))?.name).toBe('pier-3.jpg');
  });

  it('deletes a photo by its file id', async () => {
    const removed = await call('DELETE', `/api/inspection-image/file/${uploadIds[2]}`, team.inspector.token);
    expect(removed.body.code).toBe(2000);
    expect(await stored(photoIds[2]!)).toBeUndefined();
    const again = await call('DELETE', `/api/inspection-image/file/${uploadIds[2]}`, team.inspector.token);
    expect(again.body.msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
    const malformed = await call<Issues>('DELETE', '/api/inspection-image/file/not-a-file-id', team.inspector.token);
    expect(fieldKeys(malformed.body)).toEqual({ 'params.fileId': 'invalidValue' });
    const viewer = await call('DELETE', `/api/inspection-image/file/${uploadIds[0]}`, team.viewer.token);
    expect(viewer.body.msg).toBe('NO_AUTH');
    expect(await stored(photoIds[0]!)).toBeDefined();
  });
});
