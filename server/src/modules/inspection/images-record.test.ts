import { beforeEach, expect, it } from 'vitest';
import type { ImagesRecord, ImagesRecordDetail, Page } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider } from '../../../test/factories/project.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys, type Issues } from '../../../test/validation.js';

describeOnEachDatabase('upload records: which files of a batch arrived', (server) => {
  let team: StaffedTeam;
  let scene: Awaited<ReturnType<typeof buildInspection>>;

  beforeEach(async () => {
    team = await buildStaffedTeam(server().db);
    scene = await buildInspection(server().db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    });
  });

  const call = <T>(method: 'GET' | 'POST', url: string, token: string, body?: unknown) =>
    server().call<T>(method, url, { token, ...(body !== undefined ? { body } : {}) });
  const batch = (names: string[]) => ({
    inspectionId: scene.inspectionId,
    imageGroupId: scene.groupId,
    category: 'normal',
    files: names.map((name, index) => ({ name, size: 1000 + index })),
  });

  /** Photos as the upload and ingest leave them in each state (those have their own tests). */
  async function insertPhotos(photos: Array<{ name: string; state: 'uploading' | 'uploaded' }>) {
    const rows = await server()
      .db.insertInto('inspection_images')
      .values(
        photos.map(({ name, state }) => ({
          inspection_id: scene.inspectionId,
          image_group_id: scene.groupId,
          name,
          size_bytes: 1000,
          storage_key: `test/${scene.inspectionId}/${name}/`,
          state,
        })),
      )
      .returning(['id', 'name'])
      .execute();
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  it('counts the files that arrived, were processed and failed, and lists the missing ones in batch order', async () => {
    const names = ['DJI_0001.JPG', 'DJI_0002.JPG', 'DJI_0003.JPG', 'DJI_0004.JPG', 'DJI_0005.JPG'];
    const added = await call<ImagesRecord>('POST', '/api/images-record/adds', team.inspector.token, batch(names));
    expect(added.body).toMatchObject({
      code: 2000,
      data: { fileCount: 5, totalBytes: 5010, arrived: 0, missing: 5, imageGroupName: 'Deck', category: 'normal' },
    });
    expect(added.body.data.createdBy).toMatchObject({ id: team.inspector.id });

    const ids = await insertPhotos([
      { name: 'DJI_0001.JPG', state: 'uploaded' },
      { name: 'DJI_0002.JPG', state: 'uploaded' },
      { name: 'DJI_0003.JPG', state: 'uploaded' },
      // Still receiving its bytes: not arrived.
      { name: 'DJI_0004.JPG', state: 'uploading' },
      // Another batch's photo: not counted for this record.
      { name: 'OTHER.JPG', state: 'uploaded' },
    ]);
    await server()
      .db.updateTable('inspection_images')
      .set({ state: 'processed' })
      .where('id', '=', ids.get('DJI_0001.JPG')!)
      .execute();
    await server()
      .db.updateTable('inspection_images')
      .set({ state: 'failed', error_key: 'INSPECTION_IMAGE_DECODE_ERROR' })
      .where('id', '=', ids.get('DJI_0002.JPG')!)
      .execute();

    const page = await call<Page<ImagesRecord>>('POST', '/api/images-record/page', team.viewer.token, {
      inspectionId: scene.inspectionId,
    });
    expect(page.body.data).toMatchObject({ total: 1, pageNum: 1 });
    expect(page.body.data.records[0]).toMatchObject({ arrived: 3, processed: 1, failed: 1, missing: 2 });

    const detail = await call<ImagesRecordDetail>('GET', `/api/images-record/${added.body.data.id}`, team.viewer.token);
    expect(detail.body.data.missingFiles).toEqual([
      { name: 'DJI_0004.JPG', size: 1003 },
      { name: 'DJI_0005.JPG', size: 1004 },
    ]);

    // A deleted photo is missing again.
    await server().db.deleteFrom('inspection_images').where('id', '=', ids.get('DJI_0003.JPG')!).execute();
    const after = await call<ImagesRecordDetail>('GET', `/api/images-record/${added.body.data.id}`, team.viewer.token);
    expect(after.body.data).toMatchObject({ arrived: 2, missing: 3 });
    expect(after.body.data.missingFiles.map((file) => file.name)).toEqual([
      'DJI_0003.JPG',
      'DJI_0004.JPG',
      'DJI_0005.JPG',
    ]);
  });

  it('lists an inspection’s records newest first, a page at a time', async () => {
    for (const name of ['A.JPG', 'B.JPG', 'C.JPG']) {
      await call('POST', '/api/images-record/adds', team.inspector.token, batch([name]));
    }
    const second = await call<Page<ImagesRecord>>('POST', '/api/images-record/page', team.inspector.token, {
      inspectionId: scene.inspectionId,
      pageNum: 2,
      pageSize: 2,
    });
    expect(second.body.data.total).toBe(3);
    expect(second.body.data.records).toHaveLength(1);
    const first = await call<Page<ImagesRecord>>('POST', '/api/images-record/page', team.inspector.token, {
      inspectionId: scene.inspectionId,
      pageSize: 2,
    });
    const ids = [...first.body.data.records, ...second.body.data.records].map((record) => record.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('keeps a batch of 10,000 files and refuses one more', async () => {
    const names = Array.from({ length: 10_000 }, (_, index) => `DJI_${String(index).padStart(5, '0')}.JPG`);
    const added = await call<ImagesRecord>('POST', '/api/images-record/adds', team.inspector.token, batch(names));
    expect(added.body.data).toMatchObject({ fileCount: 10_000, missing: 10_000 });
    const detail = await call<ImagesRecordDetail>(
      'GET',
      `/api/images-record/${added.body.data.id}`,
      team.inspector.token,
    );
    expect(detail.body.data.missingFiles).toHaveLength(10_000);
    expect(detail.body.data.missingFiles[9_999]).toEqual({ name: 'DJI_09999.JPG', size: 10_999 });

    const tooMany = await call<Issues>(
      'POST',
      '/api/images-record/adds',
      team.inspector.token,
      batch([...names, 'ONE_MORE.JPG']),
    );
    expect(fieldKeys(tooMany.body)).toEqual({ files: 'tooLong' });
  });

  it('refuses bad batches with a key per field, and records nothing', async () => {
    const twice = await call<Issues>(
      'POST',
      '/api/images-record/adds',
      team.inspector.token,
      batch(['A.JPG', 'B.JPG', 'A.JPG']),
    );
    expect(fieldKeys(twice.body)).toEqual({ 'files.2.name': 'duplicateName' });
    const tooLarge = await call<Issues>('POST', '/api/images-record/adds', team.inspector.token, {
      ...batch(['A.JPG']),
      files: [{ name: 'A.JPG', size: 100 * 1024 * 1024 + 1 }],
    });
    expect(fieldKeys(tooLarge.body)).toEqual({ 'files.0.size': 'photoTooLarge' });
    const empty = await call<Issues>('POST', '/api/images-record/adds', team.inspector.token, batch([]));
    expect(fieldKeys(empty.body)).toEqual({ files: 'required' });
    const slash = await call<Issues>('POST', '/api/images-record/adds', team.inspector.token, batch(['a/b.JPG']));
    expect(fieldKeys(slash.body)).toEqual({ 'files.0.name': 'invalidValue' });

    const other = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id });
    const foreignGroup = await call('POST', '/api/images-record/adds', team.admin.token, {
      ...batch(['A.JPG']),
      imageGroupId: other.groupId,
    });
    expect(foreignGroup.body.msg).toBe('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
    const count = await server()
      .db.selectFrom('images_records')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('inspection_id', 'in', [scene.inspectionId, other.inspectionId])
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(0);
  });

  it('lets uploaders record, members read, and nobody outside the project see a record', async () => {
    const viewer = await call('POST', '/api/images-record/adds', team.viewer.token, batch(['A.JPG']));
    expect(viewer.body.msg).toBe('NO_AUTH');
    const added = await call<ImagesRecord>('POST', '/api/images-record/adds', team.admin.token, batch(['A.JPG']));
    expect(added.body.code).toBe(2000);

    const outsider = await buildOutsider(server().db);
    const page = await call('POST', '/api/images-record/page', outsider.token, { inspectionId: scene.inspectionId });
    expect(page.body.msg).toBe('PROJECT_NO_ERROR');
    const detail = await call('GET', `/api/images-record/${added.body.data.id}`, outsider.token);
    expect(detail.body.msg).toBe('PROJECT_NO_ERROR');
    const unknown = await call('GET', '/api/images-record/999999', team.admin.token);
    expect(unknown.body.msg).toBe('INSPECTION_UPLOAD_RECORD_NOT_EXISTING');
    const gone = await call('POST', '/api/images-record/page', team.admin.token, { inspectionId: 999999 });
    expect(gone.body.msg).toBe('INSPECTION_NOT_EXISTING');
  });
});
