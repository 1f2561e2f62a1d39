import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import type { InspectionReport } from '@sightline/shared';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { describeOnOneDatabase } from '../../../test/harness.js';
import { buildReportScene, download, waitForReport } from '../../../test/factories/inspection-report.js';
import { okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { pageHasInk, readReportPdf, reportArtifacts, reportPdfToolsReady } from '../../../test/report-pdf.js';

const ready = reportPdfToolsReady();
/** Where the report's PDF and its pages as PNG are left to be looked at. */
const ARTIFACTS = reportArtifacts('inspection-report');

// The subject is the document LibreOffice renders, not the database: one backend is enough.
describeOnOneDatabase('a generated report converted by LibreOffice', (server) => {
  let team: StaffedTeam;
  let scene: Awaited<ReturnType<typeof buildReportScene>>;

  beforeAll(async () => {
    team = await buildStaffedTeam(server().db);
    scene = await buildReportScene(server(), createConfiguredBlobStore(server().config), team);
  });

  it.skipIf(!ready)(
    'is a PDF of every configured section with the right numbers, each page rendered to PNG in the artifacts',
    async () => {
      const started = okData(
        await server().call<InspectionReport>('POST', '/api/inspection-report', {
          token: team.inspector.token,
          body: {
            inspectionId: scene.inspectionId,
            name: 'Bridge report',
            sections: ['summary', 'statistics', 'defects', 'keyDefects', 'comparison'],
            fields: ['code', 'type', 'level', 'length', 'width', 'area', 'component', 'photo', 'description'],
          },
          headers: { 'accept-language': 'en' },
        }),
      );
      const report = await waitForReport(server(), team.inspector.token, started);
      expect(report, JSON.stringify(report)).toMatchObject({ state: 'latest', pdfAvailable: true, defectCount: 3 });
      expect(report.pdfUrl).toBe(
        `/api/inspection-report/files/${report.id}/${encodeURIComponent('Bridge report.pdf')}`,
      );
      expect(report.previewUrl).toBe(`/api/inspection-report/preview/${report.id}`);

      const { response, bytes } = await download(server(), team.inspector.token, report.pdfUrl!);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      const preview = await download(server(), team.inspector.token, report.previewUrl!);
      expect(preview.response.headers['content-disposition']).toMatch(/^inline; /);
      expect(preview.bytes.equals(bytes)).toBe(true);
      // The browser's preview frame cannot send a header: a signed link of the previews' folder opens it.
      const link = okData(
        await server().call<{ query: string }>('GET', '/api/web/file-link', {
          token: team.viewer.token,
          query: { folder: '/api/inspection-report/preview/' },
        }),
      );
      const linked = await server().app.inject({ method: 'GET', url: `${report.previewUrl!}?${link.query}` });
      expect(linked.statusCode).toBe(200);
      expect(linked.rawPayload.equals(bytes)).toBe(true);
      expect((await server().app.inject({ method: 'GET', url: report.previewUrl! })).statusCode).toBe(401);

      fs.rmSync(ARTIFACTS, { recursive: true, force: true });
      const { pages, lines } = await readReportPdf(bytes, ARTIFACTS);
      fs.writeFileSync(
        path.join(ARTIFACTS, 'report.docx'),
        (await download(server(), team.inspector.token, report.wordUrl!)).bytes,
      );
      // The cover and each of the five sections start a page.
      expect(pages.length).toBeGreaterThanOrEqual(6);
      for (const page of pages) expect(await pageHasInk(page), page).toBe(true);

      for (const heading of [
        'Bridge report',
        'Project and inspection summary',
        'Defect statistics',
        'By defect type',
        'By level',
        'By component',
        'Defect list',
        'Key defects',
        'Pier crack',
        'Model screenshot',
        'Comparison with the previous inspection',
      ])
        expect(lines, heading).toContain(heading);
      for (const row of [
        'Inspection: Autumn',
        'Photos | 2',
        'Defects | 3',
        'Key defects | 1',
        'Crack | 2',
        'Spalling | 1',
        'Level 1 | 1',
        'Level 2 | 0',
        'Level 4 | 1',
        'No component | 2',
        'Pier 3 | 1',
        'Number | D-0001',
        'Length (m) | 1.5',
        'Previous inspection: Spring',
        'Defects now: 3',
        'Defects before: 2',
        'Length changed | 1',
        'New | 2',
        'Repaired | 1',
      ])
        expect(lines, row).toContain(row);
      // The defect table's rows: the number, type, level and sizes of each defect, newest first.
      const rows = lines.filter((line) => /^D-000\d/.test(line));
      expect(rows.map((line) => line.split(' | ').slice(0, 3))).toEqual([
        ['D-0003', 'Spalling', '4'],
        ['D-0002', 'Crack', '1'],
        ['D-0001', 'Crack', '3'],
      ]);
      expect(rows[0]).toContain('2.5');
      expect(rows[2]).toMatch(/1\.5 \| 4\.2/);
    },
  );

  it.skipIf(!ready)("is written in the report's language: Chinese text and charts render in the PDF", async () => {
    const started = okData(
      await server().call<InspectionReport>('POST', '/api/inspection-report', {
        token: team.inspector.token,
        body: { inspectionId: scene.inspectionId, sections: ['statistics'] },
        headers: { 'accept-language': 'zh-CN' },
      }),
    );
    const report = await waitForReport(server(), team.inspector.token, started);
    expect(report.state).toBe('latest');
    const { pages, lines } = await readReportPdf(
      (await download(server(), team.inspector.token, report.pdfUrl!)).bytes,
      path.join(ARTIFACTS, 'zh-CN'),
    );
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const line of [
      '病害统计',
      '按病害类型',
      '裂缝 | 2',
      '剥落 | 1',
      '按病害等级',
      '1级 | 1',
      '按构件',
      '未绑定构件 | 2',
    ])
      expect(lines, line).toContain(line);
  });
});
