import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { beforeAll, expect, it } from 'vitest';
import type { InspectionReport } from '@sightline/shared';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { describeOnOneDatabase } from '../../../test/harness.js';
import { buildReportScene, download, waitForReport } from '../../../test/factories/inspection-report.js';
import { okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';

const SOFFICE = '/usr/bin/soffice';
const PDFTOPPM = '/usr/bin/pdftoppm';
const PDFTOTEXT = '/usr/bin/pdftotext';
const ready = fs.existsSync(SOFFICE) && fs.existsSync(PDFTOPPM) && fs.existsSync(PDFTOTEXT);
if (!ready)
  console.warn(
    `Skipped: the report's PDF check needs ${SOFFICE} (libreoffice-writer) and poppler-utils (npm test installs them)`,
  );

/** Where the report's PDF and its pages as PNG are left to be looked at (test-results is not committed). */
const ARTIFACTS = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../test-results/inspection-report',
);
const run = promisify(execFile);

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
      fs.mkdirSync(ARTIFACTS, { recursive: true });
      const pdf = path.join(ARTIFACTS, 'report.pdf');
      fs.writeFileSync(pdf, bytes);
      fs.writeFileSync(
        path.join(ARTIFACTS, 'report.docx'),
        (await download(server(), team.inspector.token, report.wordUrl!)).bytes,
      );
      await run(PDFTOPPM, ['-png', '-r', '50', pdf, path.join(ARTIFACTS, 'page')], { timeout: 120_000 });
      const pages = fs
        .readdirSync(ARTIFACTS)
        .filter((name) => /^page-\d+\.png$/.test(name))
        .sort();
      // The cover and each of the five sections start a page.
      expect(pages.length).toBeGreaterThanOrEqual(6);
      for (const page of pages) {
        // Every page shows something: not a blank sheet.
        const { channels } = await sharp(path.join(ARTIFACTS, page)).stats();
        expect(Math.min(...channels.map((channel) => channel.min)), page).toBeLessThan(128);
      }

      await run(PDFTOTEXT, ['-layout', pdf, path.join(ARTIFACTS, 'report.txt')], { timeout: 120_000 });
      const text = fs.readFileSync(path.join(ARTIFACTS, 'report.txt'), 'utf8');
      const lines = text.split('\n').map((line) => line.trim().replace(/\s{2,}/g, ' | '));
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
    const folder = path.join(ARTIFACTS, 'zh-CN');
    fs.mkdirSync(folder, { recursive: true });
    const pdf = path.join(folder, 'report.pdf');
    fs.writeFileSync(pdf, (await download(server(), team.inspector.token, report.pdfUrl!)).bytes);
    await run(PDFTOPPM, ['-png', '-r', '50', pdf, path.join(folder, 'page')], { timeout: 120_000 });
    expect(fs.readdirSync(folder).filter((name) => name.endsWith('.png')).length).toBeGreaterThanOrEqual(2);
    await run(PDFTOTEXT, ['-layout', pdf, path.join(folder, 'report.txt')], { timeout: 120_000 });
    const lines = fs
      .readFileSync(path.join(folder, 'report.txt'), 'utf8')
      .split('\n')
      .map((line) => line.trim().replace(/\s{2,}/g, ' | '));
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
