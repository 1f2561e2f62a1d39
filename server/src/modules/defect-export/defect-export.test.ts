import { beforeAll, expect, it } from 'vitest';
import type ExcelJS from 'exceljs';
import { LIMITS, type InspectionExcel, type Page } from '@sightline/shared';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import {
  downloadWorkbook,
  insertManyDefects,
  insertPhotosWithPreviews,
  waitForExport,
} from '../../../test/factories/defect-export.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { insertMarkers, okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys } from '../../../test/validation.js';

/** A row's cells from column 1 on (exceljs keeps index 0 empty). */
const cells = (sheet: ExcelJS.Worksheet, row: number) => (sheet.getRow(row).values as unknown[]).slice(1);

describeOnEachDatabase('defect Excel export and its records', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let inspectionId: number;
  let crackType: number;
  let spallType: number;
  let fieldId: number;
  let outsider: Awaited<ReturnType<typeof buildOutsider>>;

  const call = <T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown, token = team.inspector.token) =>
    server().call<T>(method, `/api${path}`, {
      token,
      ...(method === 'GET' ? { query: body as Record<string, string> } : { body }),
    });
  const start = (body: Record<string, unknown>, token = team.inspector.token, language = 'en') =>
    server().call<InspectionExcel>('POST', '/api/inspection-disease/export', {
      token,
      body: { inspectionId, fields: ['code'], ...body },
      headers: { 'accept-language': language },
    });
  async function exported(body: Record<string, unknown>, language = 'en') {
    const record = okData(await start(body, team.inspector.token, language));
    expect(record).toMatchObject({ state: 'generating', fileUrl: null });
    const done = await waitForExport(server(), team.inspector.token, record);
    expect(done, JSON.stringify(done)).toMatchObject({ state: 'done', errorKey: null });
    return done;
  }

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    outsider = await buildOutsider(db);
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    });
    ({ projectId, inspectionId } = scene);
    crackType = await builtInDefectTypeId(db, 'crack');
    spallType = await builtInDefectTypeId(db, 'spalling');
    const photos = await insertPhotosWithPreviews(db, createConfiguredBlobStore(server().config), scene, [
      'A.JPG',
      'B.JPG',
    ]);
    const { ids: markers } = await insertMarkers(db, projectId, [{ code: 'Pier 3' }]);
    ({ id: fieldId } = await db
      .insertInto('defect_fields')
      .values({ project_id: projectId, name: 'Span', widget: 'input', options: '[]', visible_when_marking: true })
      .returning('id')
      .executeTakeFirstOrThrow());
    const base = {
      project_id: projectId,
      inspection_id: inspectionId,
      width_px: null,
      length_m: null,
      width_mm: null,
      area_m2: null,
      size_basis: 'distance' as const,
      edited_length_m: null,
      edited_width_mm: null,
      edited_area_m2: null,
      marker_id: null,
      source: 'manual' as const,
      lon: null,
      lat: null,
      height: null,
      location_state: 'noModel' as const,
      created_by: team.inspector.id,
      updated_by: team.inspector.id,
    };
    await db
      .insertInto('defects')
      .values([
        {
          ...base,
          image_id: photos['A.JPG']!,
          number: 1,
          type_id: crackType,
          level: 2,
          shape_kind: 'polyline',
          points: JSON.stringify([
            [400, 400],
            [856, 400],
            [856, 628],
          ]),
          width_px: 2,
          length_m: 1.5,
          width_mm: 4.386,
          marker_id: markers['Pier 3']!,
          fields: JSON.stringify({ [fieldId]: 'S3' }),
          star: true,
        },
        {
          ...base,
          image_id: photos['B.JPG']!,
          number: 2,
          type_id: spallType,
          level: 4,
          shape_kind: 'rectangle',
          points: JSON.stringify([
            [100, 100],
            [1012, 100],
            [1012, 556],
            [100, 556],
          ]),
          area_m2: 2,
          edited_area_m2: 2.5,
          size_edited: true,
        },
        {
          ...base,
          image_id: photos['A.JPG']!,
          number: 3,
          type_id: crackType,
          level: 5,
          shape_kind: 'polygon',
          points: JSON.stringify([
            [1800, 1300],
            [1990, 1300],
            [1990, 1490],
          ]),
          area_m2: 0.04,
          lon: 114.05,
          lat: 22.54,
          height: 12.5,
          location_state: 'located',
        },
      ])
      .execute();
  });

  it('writes one row per defect, newest first, with the chosen columns in the caller language, numbers as numbers and a thumbnail anchored in each row', async () => {
    const done = await exported({
      fields: ['code', 'type', 'level', 'length', 'width', 'area', 'component', 'photo', 'position', 'star'],
      customFieldIds: [fieldId],
      thumbnails: true,
    });
    expect(done).toMatchObject({ defectCount: 3, flagged: false, thumbnails: true, customFieldIds: [fieldId] });
    expect(done.name).toMatch(/^Photos-defects-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(done.sizeBytes).toBeGreaterThan(0);
    const { response, workbook, bytes } = await downloadWorkbook(server(), team.inspector.token, done);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(done.name)}`,
    );
    expect(bytes.length).toBe(done.sizeBytes);
    const sheet = workbook.getWorksheet('Defects')!;
    expect(sheet.rowCount).toBe(4);
    expect(cells(sheet, 1)).toEqual([
      'Number',
      'Defect type',
      'Level',
      'Length (m)',
      'Width (mm)',
      'Area (m²)',
      'Component',
      'Photo name',
      'Longitude',
      'Latitude',
      'Height (m)',
      'Star',
      'Span',
      'Thumbnail',
    ]);
    // Empty cells read back as undefined; the edited area wins over the computed one, as in the list.
    expect(cells(sheet, 2)).toEqual([
      'D-0003',
      'Crack',
      5,
      undefined,
      undefined,
      0.04,
      undefined,
      'A.JPG',
      114.05,
      22.54,
      12.5,
      'No',
    ]);
    expect(cells(sheet, 3)).toEqual([
      'D-0002',
      'Spalling',
      4,
      undefined,
      undefined,
      2.5,
      undefined,
      'B.JPG',
      undefined,
      undefined,
      undefined,
      'No',
    ]);
    expect(cells(sheet, 4)).toEqual([
      'D-0001',
      'Crack',
      2,
      1.5,
      4.386,
      undefined,
      'Pier 3',
      'A.JPG',
      undefined,
      undefined,
      undefined,
      'Yes',
      'S3',
    ]);
    const images = sheet.getImages();
    expect(images.map((image) => [image.range.tl.nativeCol, image.range.tl.nativeRow]).sort()).toEqual([
      [13, 1],
      [13, 2],
      [13, 3],
    ]);
    for (const image of images) {
      const media = workbook.getImage(Number(image.imageId));
      expect(media.extension).toBe('jpeg');
      expect((media.buffer as unknown as Buffer).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
  });

  it("writes the headers in the caller's language, and the list's filters choose the rows; no thumbnails on request", async () => {
    const done = await exported({ fields: ['code', 'type', 'level'], levels: [4, 5], thumbnails: false }, 'zh-CN');
    expect(done).toMatchObject({ defectCount: 2, filter: { levels: [4, 5] } });
    const { workbook } = await downloadWorkbook(server(), team.inspector.token, done);
    const sheet = workbook.getWorksheet('病害列表')!;
    expect(cells(sheet, 1)).toEqual(['编号', '病害类型', '病害等级']);
    expect(cells(sheet, 2)).toEqual(['D-0003', '裂缝', 5]);
    expect(cells(sheet, 3)).toEqual(['D-0002', '剥落', 4]);
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getImages()).toEqual([]);
  });

  it('refuses bad inputs: no or unknown or repeated columns, a custom field of another project, bad paging', async () => {
    expect(fieldKeys((await start({ fields: [] })).body)).toEqual({ fields: 'required' });
    expect(fieldKeys((await start({ fields: ['code', 'nope'] })).body)).toEqual({ 'fields.1': 'invalidValue' });
    expect(fieldKeys((await start({ fields: ['code', 'code'] })).body)).toEqual({ fields: 'invalidValue' });
    expect(fieldKeys((await start({ thumbnails: 'yes' })).body)).toEqual({ thumbnails: 'invalidValue' });
    expect(fieldKeys((await start({ customFieldIds: new Array(101).fill(fieldId) })).body)).toEqual({
      customFieldIds: 'numberRange',
    });
    const other = await server()
      .db.insertInto('defect_fields')
      .values({
        project_id: (await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id })).projectId,
        name: 'Elsewhere',
        widget: 'input',
        options: '[]',
        visible_when_marking: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect((await start({ customFieldIds: [other.id] })).body.msg).toBe('DISEASE_FIELD_VALUE_ERROR');
    expect((await start({ inspectionId: 999_999 })).body.msg).toBe('INSPECTION_NOT_EXISTING');
    expect(
      fieldKeys(
        (await call('GET', '/inspection-excel/find/page', { inspectionId: String(inspectionId), pageSize: '201' }))
          .body,
      ),
    ).toEqual({ 'querystring.pageSize': expect.any(String) });
    expect(fieldKeys((await call('GET', '/inspection-excel/find/page', {})).body)).toEqual({
      'querystring.inspectionId': 'required',
    });
    expect(
      fieldKeys(
        (
          await call('GET', '/inspection-excel/find/page', {
            inspectionId: String(inspectionId),
            projectId: String(projectId),
          })
        ).body,
      ),
    ).toEqual({ 'querystring.inspectionId': 'required' });
  });

  it('answers NO_DISEASE_ERROR when the filters leave no defect, and DISEASE_EXPORT_ERROR beyond the limit; the list counts up to its cap', async () => {
    const none = await start({ levels: [1] });
    expect([none.status, none.body.msg]).toEqual([404, 'NO_DISEASE_ERROR']);
    const db = server().db;
    const big = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id, projectId });
    const [photo] = await db
      .insertInto('inspection_images')
      .values({
        inspection_id: big.inspectionId,
        image_group_id: big.groupId,
        name: 'M.JPG',
        size_bytes: 1,
        stored_bytes: 1,
        storage_key: `test/${big.inspectionId}/M/`,
        state: 'uploaded',
      })
      .returning('id')
      .execute();
    const place = { projectId, inspectionId: big.inspectionId, imageIds: [photo!.id], typeIds: [crackType] };
    await insertManyDefects(db, place, LIMITS.defectExportMax + 1);
    // The list stops counting at its cap and says there are more; a filter under the cap is counted exactly.
    const listed = (filter: Record<string, unknown>) =>
      call<{ total: number; totalCapped: boolean; hiddenCount: number; hiddenCapped: boolean }>(
        'POST',
        '/inspection-disease/page',
        {
          inspectionId: big.inspectionId,
          ...filter,
        },
      ).then(okData);
    expect(await listed({})).toMatchObject({ total: LIMITS.defectCountCap, totalCapped: true, hiddenCapped: false });
    expect(await listed({ levels: [1, 2] })).toMatchObject({ total: 8001, totalCapped: false });
    const refused = await start({ inspectionId: big.inspectionId });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('DISEASE_EXPORT_ERROR');
    // Above 5,000 defects the record is flagged: levels 1 and 2 are two fifths of the rows, 8,001 of them.
    const flagged = okData(await start({ inspectionId: big.inspectionId, levels: [1, 2], thumbnails: false }));
    expect(flagged).toMatchObject({ defectCount: 8001, flagged: true });
    const done = await waitForExport(server(), team.inspector.token, flagged);
    expect(done).toMatchObject({ state: 'done', defectCount: 8001, flagged: true });
    const { workbook } = await downloadWorkbook(server(), team.inspector.token, done);
    expect(workbook.getWorksheet('Defects')!.rowCount).toBe(8002);
    const small = okData(
      await start({ inspectionId: big.inspectionId, levels: [1], typeIds: [crackType], star: true, thumbnails: false }),
    );
    expect(small.flagged).toBe(false);
    await waitForExport(server(), team.inspector.token, small);

    // Cracks shorter than 0.5 m hidden: a tenth of the lengths (0 to 5 m in turn), about 2,000, counted to the
    // hidden cap; level 1's share, 401, exactly.
    await db
      .insertInto('defect_filter_ranges')
      .values({
        project_id: projectId,
        crack_length_min: 0.5,
        crack_length_max: null,
        crack_width_min: null,
        crack_width_max: null,
        area_min: null,
        area_max: null,
      })
      .execute();
    try {
      expect(await listed({})).toMatchObject({
        hiddenCount: LIMITS.defectHiddenCountCap,
        hiddenCapped: true,
        totalCapped: false,
      });
      expect(await listed({ levels: [1] })).toMatchObject({ hiddenCount: 401, hiddenCapped: false, total: 3600 });
    } finally {
      await db.deleteFrom('defect_filter_ranges').where('project_id', '=', projectId).execute();
    }
  });

  it('lets the viewer see and download the records but not export or delete; another team sees nothing', async () => {
    const done = await exported({});
    expect((await start({}, team.viewer.token)).body).toMatchObject({ code: 4001 });
    const seen = okData(
      await call<Page<InspectionExcel>>(
        'GET',
        '/inspection-excel/find/page',
        { projectId: String(projectId) },
        team.viewer.token,
      ),
    );
    expect(seen.records.map((record) => record.id)).toContain(done.id);
    expect((await downloadWorkbook(server(), team.viewer.token, done)).response.statusCode).toBe(200);
    expect((await call('DELETE', `/inspection-excel/${done.id}`, undefined, team.viewer.token)).body).toMatchObject({
      code: 4001,
    });

    expect((await start({}, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect(
      (await call('GET', '/inspection-excel/find/page', { inspectionId: String(inspectionId) }, outsider.token)).body
        .msg,
    ).toBe('PROJECT_NO_ERROR');
    expect(
      (await call('GET', '/inspection-excel/find/page', { projectId: String(projectId) }, outsider.token)).body.msg,
    ).toBe('PROJECT_NO_ERROR');
    expect((await downloadWorkbook(server(), outsider.token, done)).response.statusCode).not.toBe(200);
    expect((await call('DELETE', `/inspection-excel/${done.id}`, undefined, outsider.token)).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
  });

  it('deletes a record with its file', async () => {
    const done = await exported({});
    okData(await call('DELETE', `/inspection-excel/${done.id}`));
    const page = okData(
      await call<Page<InspectionExcel>>('GET', '/inspection-excel/find/page', {
        inspectionId: String(inspectionId),
        pageSize: '200',
      }),
    );
    expect(page.records.map((record) => record.id)).not.toContain(done.id);
    expect((await downloadWorkbook(server(), team.inspector.token, done)).response.statusCode).toBe(404);
    const store = createConfiguredBlobStore(server().config);
    const key = `teams/${team.id}/projects/${projectId}/inspections/${inspectionId}/excel/${done.id}.xlsx`;
    expect(await store.stat(key)).toBeNull();
    expect((await call('DELETE', `/inspection-excel/${done.id}`)).body.msg).toBe('INSPECTION_EXCEL_NOT_EXISTING');
  });
});
