import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, type InspectionExcel, type InspectionReport, type Page } from '@sightline/shared';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { backends, startTestServer, type TestServer } from '../../../test/harness.js';
import { insertManyDefects, insertPhotosWithPreviews, waitForExport } from '../../../test/factories/defect-export.js';
import {
  addKeyDefect,
  buildReportScene,
  docxLines,
  download,
  listReports,
  unzip,
  waitForReport,
} from '../../../test/factories/inspection-report.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider } from '../../../test/factories/project.js';
import { okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, teamUsedBytes, type StaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD } from '../../../test/factories/user.js';
import { waitForEvent } from '../../../test/events.js';
import { fieldKeys } from '../../../test/validation.js';

const ALL_SECTIONS = ['summary', 'statistics', 'defects', 'keyDefects', 'comparison'];

/** The lines after `label`'s first occurrence, for reading a table's row or a summary line. */
const after = (lines: readonly string[], label: string, count: number) => {
  const at = lines.indexOf(label);
  expect(at, `${label} in ${JSON.stringify(lines)}`).toBeGreaterThanOrEqual(0);
  return lines.slice(at + 1, at + 1 + count);
};

// Word only: this deployment's LibreOffice is elsewhere (inspection-report.libreoffice.test.ts converts to PDF).
describe.each(backends())('%s: inspection reports', (backend) => {
  let server: TestServer;
  let blobs: BlobStore;
  let team: StaffedTeam;
  let scene: Awaited<ReturnType<typeof buildReportScene>>;
  let outsider: Awaited<ReturnType<typeof buildOutsider>>;

  const create = (body: Record<string, unknown>, token = team.inspector.token, language = 'en') =>
    server.call<InspectionReport>('POST', '/api/inspection-report', {
      token,
      body: { inspectionId: scene.inspectionId, sections: ALL_SECTIONS, ...body },
      headers: { 'accept-language': language },
    });
  async function generated(body: Record<string, unknown>, language = 'en') {
    const report = okData(await create(body, team.inspector.token, language));
    expect(report).toMatchObject({ state: 'generating', wordUrl: null, pdfUrl: null });
    return waitForReport(server, team.inspector.token, report);
  }
  const call = <T>(method: 'GET' | 'POST' | 'DELETE', url: string, token = team.inspector.token) =>
    server.call<T>(method, `/api${url}`, { token });

  beforeAll(async () => {
    server = await startTestServer(backend, { SOFFICE_PATH: '/nonexistent/soffice' });
    blobs = createConfiguredBlobStore(server.config);
    team = await buildStaffedTeam(server.db);
    outsider = await buildOutsider(server.db);
    scene = await buildReportScene(server, blobs, team);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes every section with the right numbers; Word only, and the record says PDF is unavailable', async () => {
    const heard = server.events.length;
    const report = await generated({
      name: 'Autumn bridge report',
      fields: ['code', 'type', 'level', 'length', 'width', 'area', 'component'],
    });
    // Its end went to everyone who sees the project, as the web's list hears it.
    await waitForEvent<{ id: number; state: string }>(server.events, {
      name: 'inspectionReport',
      after: heard,
      found: (value) => value.id === report.id && value.state === 'latest',
      what: `report ${report.id} latest`,
    });
    const told = server.events.slice(heard).filter((event) => event.name === 'inspectionReport');
    expect(told.map((event) => event.userId)).toContain(team.inspector.id);
    expect(told.map((event) => event.userId)).toContain(team.viewer.id);
    expect(report, JSON.stringify(report)).toMatchObject({
      state: 'latest',
      errorKey: null,
      defectCount: 3,
      flagged: false,
      sections: ALL_SECTIONS,
      pdfAvailable: false,
      pdfUrl: null,
      previewUrl: null,
      createdBy: { id: team.inspector.id },
    });
    expect(report.finishedAt).not.toBeNull();
    expect(report.wordUrl).toBe(
      `/api/inspection-report/files/${report.id}/${encodeURIComponent('Autumn bridge report.docx')}`,
    );
    const { response, bytes } = await download(server, team.inspector.token, report.wordUrl!);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('attachment');
    const lines = await docxLines(bytes);
    // Cover: the company (system config's default name), the title, the project's and inspection's facts.
    expect(lines.slice(0, 6)).toEqual([
      'Sightline',
      'Autumn bridge report',
      expect.stringMatching(/^Project: /),
      'Inspection: Autumn',
      'Inspection date: 2026-10-01',
      expect.stringMatching(/^Generated: \d{4}-\d\d-\d\d \d\d:\d\d UTC$/),
    ]);
    for (const heading of [
      'Project and inspection summary',
      'Defect statistics',
      'Defect list',
      'Key defects',
      'Comparison with the previous inspection',
    ])
      expect(lines).toContain(heading);
    expect(after(lines, 'Photos', 1)).toEqual(['2']);
    expect(after(lines, 'Defects', 1)).toEqual(['3']);
    expect(after(lines, 'Description', 1)).toEqual(['Deck and piers']);
    // Statistics: by type, by level (all five), by component.
    expect(after(lines, 'By defect type', 6)).toEqual(['Name', 'Count', 'Crack', '2', 'Spalling', '1']);
    expect(after(lines, 'By level', 12)).toEqual([
      'Name',
      'Count',
      'Level 1',
      '1',
      'Level 2',
      '0',
      'Level 3',
      '1',
      'Level 4',
      '1',
      'Level 5',
      '0',
    ]);
    expect(after(lines, 'By component', 6)).toEqual(['Name', 'Count', 'No component', '2', 'Pier 3', '1']);
    // The defect table: the chosen columns and a thumbnail column, newest first, edited sizes winning.
    // Empty cells and thumbnails hold no text.
    expect(after(lines, 'Defect list', 8 + 15)).toEqual([
      'Number',
      'Defect type',
      'Level',
      'Length (m)',
      'Width (mm)',
      'Area (m²)',
      'Component',
      'Thumbnail',
      ...['D-0003', 'Spalling', '4', '2.5'],
      ...['D-0002', 'Crack', '1', '0.6', '0.3'],
      ...['D-0001', 'Crack', '3', '1.5', '4.2', 'Pier 3'],
    ]);
    // Key defects: the name, its facts with its photo defect's number and sizes, the screenshot and the photo crop.
    expect(after(lines, 'Pier crack', 13)).toEqual([
      'Name',
      'Type',
      'Crack',
      'Level',
      '3',
      'Description',
      'Grows towards the bearing',
      ...['Number', 'D-0001'],
      ...['Length (m)', '1.5'],
      ...['Width (mm)', '4.2'],
    ]);
    expect(lines).toContain('Model screenshot');
    expect(lines).toContain('Photo');
    // Comparison: the long crack grew, the short crack and the spalling are new, the earlier spalling repaired.
    expect(lines).toContain('Previous inspection: Spring');
    expect(lines).toContain('Defects now: 3');
    expect(lines).toContain('Defects before: 2');
    expect(after(lines, 'Change', 15)).toEqual([
      'Count',
      'Unchanged',
      '0',
      'Length changed',
      '1',
      'Width changed',
      '0',
      'Length and width changed',
      '0',
      'Area changed',
      '0',
      'New',
      '2',
      'Repaired',
      '1',
    ]);
    // Pictures: two charts and the screenshot (PNG), three 96 px thumbnails and the key defect's crop (JPEG). The
    // crop is the long crack's outline with its margin, cut from its 2000 px photo's original at full resolution
    // (684 px, under the crop's 1200 px limit; the 1000 px preview would give 342), not the table's thumbnail of it.
    const media = [...(await unzip(bytes)).entries()].filter(([name]) => name.startsWith('word/media/'));
    const pictures = await Promise.all(
      media.map(async ([, data]) => {
        const meta = await sharp(data).metadata();
        return `${meta.format} ${meta.width}x${meta.height}`;
      }),
    );
    expect(pictures.filter((picture) => picture.startsWith('png'))).toHaveLength(3);
    expect(pictures.filter((picture) => picture.startsWith('jpeg')).sort()).toEqual([
      'jpeg 684x456',
      'jpeg 96x54',
      'jpeg 96x61',
      'jpeg 96x64',
    ]);
    expect(pictures).toContain('png 1200x560');
    // No PDF here: the PDF and the preview answer not found.
    const pdf = await download(server, team.inspector.token, report.wordUrl!.replace(/\.docx$/, '.pdf'));
    expect(pdf.response.statusCode).toBe(404);
    expect(
      (await download(server, team.inspector.token, `/api/inspection-report/preview/${report.id}`)).response.statusCode,
    ).toBe(404);
  });

  it("writes in the report's language; the defect list template holds only its sections; no thumbnails on request", async () => {
    const report = await generated(
      { template: 'defectList', sections: ['defects'], fields: ['code', 'type'], thumbnails: false },
      'zh-CN',
    );
    expect(report).toMatchObject({ state: 'latest', template: 'defectList', sections: ['defects'], thumbnails: false });
    expect(report.name).toMatch(/^Autumn-报告-\d{4}-\d\d-\d\d$/);
    const { bytes } = await download(server, team.inspector.token, report.wordUrl!);
    const lines = await docxLines(bytes);
    expect(after(lines, '病害列表', 8)).toEqual([
      '编号',
      '病害类型',
      'D-0003',
      '剥落',
      'D-0002',
      '裂缝',
      'D-0001',
      '裂缝',
    ]);
    expect(lines).not.toContain('病害统计');
    expect(lines).not.toContain('重点病害');
    const media = [...(await unzip(bytes)).keys()].filter((name) => name.startsWith('word/media/'));
    expect(media).toEqual([]);
  });

  it("applies the report filter: its defect types choose the table's and statistics' defects, its size intervals are counted", async () => {
    const configure = (url: string, body: Record<string, unknown>) =>
      server.call('POST', `/api${url}`, { token: team.inspector.token, body: { projectId: scene.projectId, ...body } });
    okData(
      await configure('/report-filter/adds', {
        ranges: [
          { dimension: 'length', min: 0, max: 1 },
          { dimension: 'length', min: 1, max: 2 },
          { dimension: 'area', min: 2, max: 3 },
        ],
      }),
    );
    try {
      const sized = await generated({ sections: ['statistics'] });
      const lines = await docxLines((await download(server, team.inspector.token, sized.wordUrl!)).bytes);
      expect(after(lines, 'By size interval', 8)).toEqual([
        'Interval',
        'Count',
        'Length (m) 0 – 1',
        '1',
        'Length (m) 1 – 2',
        '1',
        'Area (m²) 2 – 3',
        '1',
      ]);
      okData(await configure('/report-filter/disease/type/adds', { diseaseTypeIds: [scene.types.spalling] }));
      const typed = await generated({
        sections: ['statistics', 'defects', 'keyDefects'],
        fields: ['code', 'type'],
        thumbnails: false,
      });
      expect(typed.defectCount).toBe(1);
      const typedLines = await docxLines((await download(server, team.inspector.token, typed.wordUrl!)).bytes);
      expect(after(typedLines, 'By defect type', 4)).toEqual(['Name', 'Count', 'Spalling', '1']);
      expect(after(typedLines, 'Defect list', 4)).toEqual(['Number', 'Defect type', 'D-0003', 'Spalling']);
      // The key defect stands for the long crack, which the filter leaves out of the table: its crop is still shown.
      expect(typedLines).toContain('Photo');
      const media = [...(await unzip((await download(server, team.inspector.token, typed.wordUrl!)).bytes)).entries()];
      const jpegs = media.filter(([name, data]) => name.startsWith('word/media/') && data[0] === 0xff);
      expect(jpegs).toHaveLength(1);
    } finally {
      okData(await configure('/report-filter/clean/type', {}));
      await server.db.deleteFrom('report_filter_ranges').where('project_id', '=', scene.projectId).execute();
    }
  });

  it('refuses bad configurations: fields beyond 9, no or unknown or repeated sections, a key defect elsewhere', async () => {
    const ten = ['code', 'type', 'level', 'length', 'width', 'area', 'description', 'component', 'photo', 'star'];
    expect(fieldKeys((await create({ fields: ten })).body)).toEqual({ fields: 'numberRange' });
    await waitForReport(
      server,
      team.inspector.token,
      okData(await create({ fields: ten.slice(0, LIMITS.reportDefectFieldsMax) })),
    );
    expect(fieldKeys((await create({ sections: [] })).body)).toEqual({ sections: 'required' });
    expect(fieldKeys((await create({ sections: ['summary', 'nope'] })).body)).toEqual({ 'sections.1': 'invalidValue' });
    expect(fieldKeys((await create({ sections: ['summary', 'summary'] })).body)).toEqual({ sections: 'invalidValue' });
    expect(fieldKeys((await create({ template: 'monthly' })).body)).toEqual({ template: 'invalidValue' });
    expect(fieldKeys((await create({ name: 'x'.repeat(51) })).body)).toEqual({ name: 'tooLong' });
    expect((await create({ inspectionId: 999_999 })).body.msg).toBe('INSPECTION_NOT_EXISTING');
    const other = await buildInspection(server.db, {
      teamId: team.id,
      createdBy: team.admin.id,
      projectId: scene.projectId,
    });
    const elsewhere = await create({
      inspectionId: other.inspectionId,
      sections: ['summary', 'keyDefects'],
      keyDefectIds: [scene.keyDefect.id],
    });
    expect(elsewhere.body.msg).toBe('KEY_DEFECT_NOT_EXISTING');
    expect(fieldKeys((await call('GET', '/inspection-report/find/page')).body)).toEqual({
      'querystring.inspectionId': 'required',
    });
    expect(
      fieldKeys(
        (await listReports(server, team.inspector.token, { inspectionId: String(scene.inspectionId), state: 'done' }))
          .body,
      ),
    ).toEqual({
      'querystring.state': 'invalidValue',
    });
    expect((await call('GET', '/inspection-report/999999')).body.msg).toBe('INSPECTION_REPORT_NOT_EXISTING');
    for (const [method, url] of [
      ['GET', '/inspection-report/abc'],
      ['POST', '/inspection-report/0/again'],
      ['DELETE', '/inspection-report/-1'],
    ] as const)
      expect(fieldKeys((await call(method, url)).body), url).toEqual({ 'params.id': 'invalidValue' });
  });

  it('answers TEMPLATE_FILE_ERROR for a section its template lacks, and fails with it when the cover logo cannot be read', async () => {
    const refused = await create({ template: 'defectList', sections: ['defects', 'keyDefects'] });
    expect([refused.status, refused.body.msg]).toEqual([400, 'TEMPLATE_FILE_ERROR']);
    const logo = '/api/files/system/logo-00112233445566aa.png';
    await blobs.put('system/logo-00112233445566aa.png', Buffer.from('not a picture'));
    await server.db
      .insertInto('dictionary_data')
      .values({ category: 'system-config', data_key: 'logo', data_value: logo, sort: 1 })
      .execute();
    try {
      const failed = await generated({ sections: ['summary'] });
      expect(failed).toMatchObject({ state: 'failed', errorKey: 'TEMPLATE_FILE_ERROR', wordUrl: null });
      // A real logo goes on the cover.
      await blobs.put(
        'system/logo-00112233445566aa.png',
        await sharp({ create: { width: 64, height: 32, channels: 3, background: '#c03030' } })
          .png()
          .toBuffer(),
      );
      const done = await generated({ sections: ['summary'] });
      expect(done.state).toBe('latest');
      const media = [...(await unzip((await download(server, team.inspector.token, done.wordUrl!)).bytes)).entries()];
      const pictures = media.filter(([name]) => name.startsWith('word/media/'));
      expect(pictures).toHaveLength(1);
      expect(await sharp(pictures[0]![1]).metadata()).toMatchObject({ width: 64, height: 32 });
    } finally {
      await server.db
        .deleteFrom('dictionary_data')
        .where('category', '=', 'system-config')
        .where('data_key', '=', 'logo')
        .execute();
      await blobs.delete('system/logo-00112233445566aa.png');
    }
  });

  it('answers REPORT_SCREENSHOT_MISSING naming the key defects whose screenshot is gone', async () => {
    const row = await server.db
      .selectFrom('key_defects')
      .select('screenshot_key')
      .where('id', '=', scene.keyDefect.id)
      .executeTakeFirstOrThrow();
    const saved = await new Response(blobs.get(row.screenshot_key) as unknown as ReadableStream).arrayBuffer();
    await blobs.delete(row.screenshot_key);
    try {
      const refused = await create({ sections: ['keyDefects'] });
      expect([refused.status, refused.body.msg]).toEqual([400, 'REPORT_SCREENSHOT_MISSING']);
      expect(refused.body.data).toEqual({ keyDefectIds: [scene.keyDefect.id] });
      // Without the key defect section the report does not need it.
      expect((await generated({ sections: ['summary', 'defects'], thumbnails: false })).state).toBe('latest');
    } finally {
      await blobs.put(row.screenshot_key, Buffer.from(saved));
    }
  });

  it('answers NO_DISEASE_ERROR for defect or key defect sections of an empty inspection, HISTORY_NO_PREVIOUS_INSPECTION for a comparison without one', async () => {
    const empty = await buildInspection(server.db, {
      teamId: team.id,
      createdBy: team.admin.id,
      projectId: scene.projectId,
      name: 'Empty',
    });
    const on = (sections: string[]) => create({ inspectionId: empty.inspectionId, sections });
    for (const sections of [['defects'], ['statistics'], ['keyDefects']]) {
      const refused = await on(sections);
      expect([refused.status, refused.body.msg], sections[0]).toEqual([404, 'NO_DISEASE_ERROR']);
    }
    expect((await on(['summary', 'comparison'])).body.msg).toBe('HISTORY_NO_PREVIOUS_INSPECTION');
    // The summary alone is written, with its zeros.
    const report = await waitForReport(server, team.inspector.token, okData(await on(['summary'])));
    expect(report).toMatchObject({ state: 'latest', defectCount: 0 });
    const lines = await docxLines((await download(server, team.inspector.token, report.wordUrl!)).bytes);
    expect(after(lines, 'Defects', 1)).toEqual(['0']);
    expect(after(lines, 'Key defects', 1)).toEqual(['0']);
  });

  it('flags a report of more than 5,000 defects', async () => {
    const big = await buildInspection(server.db, {
      teamId: team.id,
      createdBy: team.admin.id,
      projectId: scene.projectId,
      name: 'Big',
    });
    const photos = await insertPhotosWithPreviews(server.db, blobs, big, ['M.JPG']);
    await insertManyDefects(
      server.db,
      { ...big, imageIds: Object.values(photos), typeIds: [scene.types.crack] },
      LIMITS.defectCountFlag + 1,
    );
    const report = await waitForReport(
      server,
      team.inspector.token,
      okData(await create({ inspectionId: big.inspectionId, sections: ['summary'] })),
    );
    expect(report).toMatchObject({ state: 'latest', defectCount: 5001, flagged: true });
    const lines = await docxLines((await download(server, team.inspector.token, report.wordUrl!)).bytes);
    expect(lines).toContain('More than 5000 defects');
  });

  it('keeps one latest report per inspection: a new one or a change of its defects makes it historical; again copies the configuration', async () => {
    const first = await generated({ sections: ['summary', 'defects'], fields: ['code'], thumbnails: false });
    expect(first.state).toBe('latest');
    const second = await waitForReport(
      server,
      team.inspector.token,
      okData(await call<InspectionReport>('POST', `/inspection-report/${first.id}/again`)),
    );
    expect(second).toMatchObject({
      state: 'latest',
      sections: ['summary', 'defects'],
      fields: ['code'],
      thumbnails: false,
      name: first.name,
    });
    expect(second.id).not.toBe(first.id);
    expect(okData(await call<InspectionReport>('GET', `/inspection-report/${first.id}`)).state).toBe('historical');
    const latest = okData(
      await listReports(server, team.inspector.token, { inspectionId: String(scene.inspectionId), state: 'latest' }),
    );
    expect(latest.records.map((report) => report.id)).toEqual([second.id]);
    // A defect edited: the latest report no longer says what the inspection holds.
    await server.db
      .updateTable('defects')
      .set({ level: 5, updated_at: new Date(Date.now() + 60_000) })
      .where('id', '=', scene.defectIds[1]!)
      .execute();
    const page = okData(
      await listReports(server, team.inspector.token, { inspectionId: String(scene.inspectionId), pageSize: '100' }),
    );
    expect(page.records.find((report) => report.id === second.id)!.state).toBe('historical');
    expect(page.records.some((report) => report.state === 'latest')).toBe(false);
    // The project's list holds the inspection's reports too, with the responsible person.
    const project = okData(
      await listReports(server, team.viewer.token, { projectId: String(scene.projectId), pageSize: '100' }),
    );
    expect(project.records.find((report) => report.id === second.id)).toMatchObject({
      createdBy: { id: team.inspector.id, name: expect.any(String) },
      inspectionId: scene.inspectionId,
    });
  });

  it('lets the viewer read and download but not generate, regenerate or delete; another team sees nothing', async () => {
    const report = await generated({ sections: ['summary'] });
    expect((await create({ sections: ['summary'] }, team.viewer.token)).body).toMatchObject({ code: 4001 });
    expect((await call('POST', `/inspection-report/${report.id}/again`, team.viewer.token)).body).toMatchObject({
      code: 4001,
    });
    expect((await call('DELETE', `/inspection-report/${report.id}`, team.viewer.token)).body).toMatchObject({
      code: 4001,
    });
    expect(okData(await call<InspectionReport>('GET', `/inspection-report/${report.id}`, team.viewer.token)).id).toBe(
      report.id,
    );
    expect((await download(server, team.viewer.token, report.wordUrl!)).response.statusCode).toBe(200);

    expect((await create({ sections: ['summary'] }, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect((await call('GET', `/inspection-report/${report.id}`, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect((await call('POST', `/inspection-report/${report.id}/again`, outsider.token)).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
    expect((await call('DELETE', `/inspection-report/${report.id}`, outsider.token)).body.msg).toBe('PROJECT_NO_ERROR');
    expect((await listReports(server, outsider.token, { projectId: String(scene.projectId) })).body.msg).toBe(
      'PROJECT_NO_ERROR',
    );
    expect((await download(server, outsider.token, report.wordUrl!)).response.statusCode).not.toBe(200);
  });

  it("counts in the summary the key defects chosen for the report, not all of the inspection's", async () => {
    const other = await addKeyDefect(server, team.inspector.token, scene.inspectionId, {
      name: 'Deck spalling',
      typeId: scene.types.spalling,
      level: 2,
      description: 'By the joint',
    });
    try {
      const keyDefectsLine = async (body: Record<string, unknown>) => {
        const report = await generated({ sections: ['summary', 'keyDefects'], ...body });
        const lines = await docxLines((await download(server, team.inspector.token, report.wordUrl!)).bytes);
        return { count: after(lines, 'Key defects', 1)[0], shown: lines.includes('Deck spalling') };
      };
      expect(await keyDefectsLine({ keyDefectIds: [scene.keyDefect.id] })).toEqual({ count: '1', shown: false });
      expect(await keyDefectsLine({})).toEqual({ count: '2', shown: true });
    } finally {
      okData(
        await server.call('DELETE', '/api/inspection-disease-important/batch', {
          token: team.inspector.token,
          body: { ids: [other.id] },
        }),
      );
    }
  });

  it('writes a report without the key-defects section again after one of its chosen key defects was deleted', async () => {
    const other = await addKeyDefect(server, team.inspector.token, scene.inspectionId, {
      name: 'Bearing rust',
      typeId: scene.types.spalling,
      level: 1,
      description: 'Left bearing',
    });
    const first = await generated({ sections: ['summary'], keyDefectIds: [scene.keyDefect.id, other.id] });
    okData(
      await server.call('DELETE', '/api/inspection-disease-important/batch', {
        token: team.inspector.token,
        body: { ids: [other.id] },
      }),
    );
    const again = await waitForReport(
      server,
      team.inspector.token,
      okData(await call<InspectionReport>('POST', `/inspection-report/${first.id}/again`)),
    );
    expect(again.state).toBe('latest');
    const lines = await docxLines((await download(server, team.inspector.token, again.wordUrl!)).bytes);
    expect(after(lines, 'Key defects', 1)[0]).toBe('1');
  });

  it('deletes a report with its file', async () => {
    const report = await generated({ sections: ['summary'] });
    okData(await call('DELETE', `/inspection-report/${report.id}`));
    const page = okData(
      await listReports(server, team.inspector.token, { inspectionId: String(scene.inspectionId), pageSize: '200' }),
    ) as Page<InspectionReport>;
    expect(page.records.map((record) => record.id)).not.toContain(report.id);
    expect((await download(server, team.inspector.token, report.wordUrl!)).response.statusCode).toBe(404);
    const key = `teams/${team.id}/projects/${scene.projectId}/inspections/${scene.inspectionId}/reports/${report.id}.docx`;
    expect(await blobs.stat(key)).toBeNull();
    expect((await call('DELETE', `/inspection-report/${report.id}`)).body.msg).toBe('INSPECTION_REPORT_NOT_EXISTING');
  });
  it("counts reports' and exports' files on the team's quota, fails one that does not fit, frees them on delete and purge", async () => {
    // A team of its own, whose counter only these files move.
    const own = await buildStaffedTeam(server.db);
    const place = await buildReportScene(server, blobs, own);
    const token = own.inspector.token;
    const used = () => teamUsedBytes(server.db, own.id);
    const report = async () =>
      waitForReport(
        server,
        token,
        okData(
          await server.call<InspectionReport>('POST', '/api/inspection-report', {
            token,
            body: { inspectionId: place.inspectionId, sections: ['summary', 'defects'] },
          }),
        ),
      );
    const exported = async () =>
      waitForExport(
        server,
        token,
        okData(
          await server.call<InspectionExcel>('POST', '/api/inspection-disease/export', {
            token,
            body: { inspectionId: place.inspectionId, fields: ['code'] },
          }),
        ),
      );
    const wordKey = (id: number) =>
      `teams/${own.id}/projects/${place.projectId}/inspections/${place.inspectionId}/reports/${id}.docx`;
    const excelKey = (id: number) =>
      `teams/${own.id}/projects/${place.projectId}/inspections/${place.inspectionId}/excel/${id}.xlsx`;

    const before = await used();
    const first = await report();
    expect(first.state).toBe('latest');
    const docx = (await download(server, token, first.wordUrl!)).bytes.length;
    expect(await used()).toBe(before + docx);
    const excel = await exported();
    expect(excel.state).toBe('done');
    const xlsx = (await blobs.stat(excelKey(excel.id)))!.size;
    expect(await used()).toBe(before + docx + xlsx);

    // Deleting a report gives its bytes back.
    okData(await server.call('DELETE', `/api/inspection-report/${first.id}`, { token }));
    expect(await used()).toBe(before + xlsx);
    // So does deleting an export.
    const second = await exported();
    expect(await used()).toBe(before + xlsx + (await blobs.stat(excelKey(second.id)))!.size);
    okData(await server.call('DELETE', `/api/inspection-excel/${second.id}`, { token }));
    expect(await used()).toBe(before + xlsx);

    // A full team: the report and the export fail with the uploads' quota error, keep no file, count nothing.
    await server.db.updateTable('teams').set({ volume_max_gb: 0 }).where('id', '=', own.id).execute();
    const refused = await report();
    expect([refused.state, refused.errorKey]).toEqual(['failed', 'TEAM_VOLUME_EXCEED']);
    expect(await blobs.stat(wordKey(refused.id))).toBeNull();
    const refusedExcel = await exported();
    expect([refusedExcel.state, refusedExcel.errorKey]).toEqual(['failed', 'TEAM_VOLUME_EXCEED']);
    expect(await blobs.stat(excelKey(refusedExcel.id))).toBeNull();
    expect(await used()).toBe(before + xlsx);
    await server.db.updateTable('teams').set({ volume_max_gb: 10 }).where('id', '=', own.id).execute();

    // The inspection binned shows its files' bytes; purged, their files are gone and the bytes given back.
    const kept = await report();
    const keptDocx = (await blobs.stat(wordKey(kept.id)))!.size;
    expect(await used()).toBe(before + xlsx + keptDocx);
    okData(
      await server.call('DELETE', '/api/inspection-task', {
        token: own.admin.token,
        query: { id: String(place.inspectionId) },
      }),
    );
    const item = await server.db
      .selectFrom('recycle_items')
      .select('id')
      .where('kind', '=', 'inspection')
      .where('entity_id', '=', place.inspectionId)
      .executeTakeFirstOrThrow();
    const bin = okData(
      await server.call<Page<{ id: number; sizeBytes: number }>>('GET', '/api/transaction', {
        token: own.admin.token,
        query: { kind: 'inspection' },
      }),
    );
    const photoBytes = bin.records.find((record) => record.id === item.id)!.sizeBytes - xlsx - keptDocx;
    expect(photoBytes).toBeGreaterThanOrEqual(0);
    expect(
      okData(
        await server.call<{ count: number }>('POST', '/api/transaction/data/delete', {
          token: own.admin.token,
          body: { ids: [item.id], password: TEST_PASSWORD },
        }),
      ).count,
    ).toBe(1);
    expect(await blobs.stat(wordKey(kept.id))).toBeNull();
    expect(await blobs.stat(excelKey(excel.id))).toBeNull();
    expect(await used()).toBe(Math.max(0, before - photoBytes));
  });
});
