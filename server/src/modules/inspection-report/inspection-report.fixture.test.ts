import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { CATALOGUES, HISTORY_CHANGE_KINDS, type Defect, type InspectionReport } from '@sightline/shared';
import { describeOnOneDatabase } from '../../../test/harness.js';
import { listenOnLoopback } from '../../../test/listen.js';
import { buildFixtureInspection, readFixturePhotos } from '../../../test/factories/fixture-inspection.js';
import { download, waitForReport } from '../../../test/factories/inspection-report.js';
import { okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { pageHasInk, readReportPdf, reportArtifacts, reportPdfToolsReady } from '../../../test/report-pdf.js';
import { number } from './inspection-report.document.js';

const photos = readFixturePhotos();
const ready = reportPdfToolsReady() && photos !== null;
/** Where the fixture report's PDF and its pages as PNG are left to be looked at. */
const ARTIFACTS = reportArtifacts('inspection-report-fixture');
const t = CATALOGUES.en.inspectionReport;

/** The size intervals of the report filter, counted in the statistics. */
const INTERVALS = [
  { dimension: 'length', min: 0, max: 1 },
  { dimension: 'length', min: 1, max: 1000 },
  { dimension: 'area', min: 0, max: 1000 },
] as const;
const sizeOf = (defect: Defect, dimension: 'length' | 'area') =>
  dimension === 'length' ? defect.size.lengthM : defect.size.areaM2;

// The subject is the document LibreOffice renders from the real photos: one backend is enough.
describeOnOneDatabase('the report of the fixture inspection, converted by LibreOffice', (server) => {
  let team: StaffedTeam;
  let scene: Awaited<ReturnType<typeof buildFixtureInspection>>;

  beforeAll(async () => {
    if (!ready) return;
    team = await buildStaffedTeam(server().db);
    // Photos arrive over tus as from the browser: the app must listen on a port.
    const baseUrl = await listenOnLoopback(server().app);
    scene = await buildFixtureInspection(server(), baseUrl, team, photos!);
  }, 300_000);

  it.skipIf(!ready)(
    'holds every section with the numbers of the drawn defects, its pages rendered to PNG in the artifacts',
    async () => {
      const { inspection, defects, types } = scene;
      okData(
        await server().call('POST', '/api/report-filter/adds', {
          token: team.inspector.token,
          body: { projectId: scene.projectId, ranges: INTERVALS },
        }),
      );
      const started = okData(
        await server().call<InspectionReport>('POST', '/api/inspection-report', {
          token: team.inspector.token,
          body: {
            inspectionId: inspection.id,
            name: 'Car park report',
            sections: ['summary', 'statistics', 'defects', 'keyDefects', 'comparison'],
            fields: ['code', 'type', 'level', 'length', 'width', 'area', 'component', 'description'],
          },
          headers: { 'accept-language': 'en' },
        }),
      );
      const report = await waitForReport(server(), team.inspector.token, started);
      expect(report, JSON.stringify(report)).toMatchObject({ state: 'latest', defectCount: defects.length });

      fs.rmSync(ARTIFACTS, { recursive: true, force: true });
      const { pages, lines } = await readReportPdf(
        (await download(server(), team.inspector.token, report.pdfUrl!)).bytes,
        ARTIFACTS,
      );
      fs.writeFileSync(
        path.join(ARTIFACTS, 'report.docx'),
        (await download(server(), team.inspector.token, report.wordUrl!)).bytes,
      );
      // The cover and each of the five sections start a page.
      expect(pages.length).toBeGreaterThanOrEqual(6);
      for (const page of pages) expect(await pageHasInk(page), page).toBe(true);

      for (const heading of [
        'Car park report',
        t.section.summary,
        t.section.statistics,
        t.statistics.byType,
        t.statistics.byLevel,
        t.statistics.byComponent,
        t.statistics.bySize,
        t.section.defects,
        t.section.keyDefects,
        'Kerb crack',
        t.keyDefect.screenshot,
        t.keyDefect.crop,
        t.section.comparison,
      ])
        expect(lines, heading).toContain(heading);

      // What the test made, counted here: the summary, the statistics and the comparison must say the same.
      const { name: projectName } = await server()
        .db.selectFrom('projects')
        .select('name')
        .where('id', '=', scene.projectId)
        .executeTakeFirstOrThrow();
      const count = (keep: (defect: Defect) => boolean) => String(defects.filter(keep).length);
      const kinds = Object.fromEntries(HISTORY_CHANGE_KINDS.map((kind) => [kind, 0]));
      kinds[scene.pair.changeKind]! += 1;
      kinds.new! += defects.length - 1;
      kinds.repaired! += scene.previousDefects.length - 1;
      const expected = [
        `${t.cover.project}: ${projectName}`,
        `${t.cover.inspection}: ${inspection.name}`,
        `${t.cover.date}: ${inspection.inspectionDate}`,
        `${t.summary.inspection} | ${inspection.name}`,
        `${t.summary.date} | ${inspection.inspectionDate}`,
        `${t.summary.description} | ${inspection.description}`,
        `${t.summary.photos} | ${Object.keys(photos!).length}`,
        `${t.summary.defects} | ${defects.length}`,
        `${t.summary.keyDefects} | 1`,
        `Crack | ${count((defect) => defect.typeId === types.crack)}`,
        `Spalling | ${count((defect) => defect.typeId === types.spalling)}`,
        ...[1, 2, 3, 4, 5].map((level) => `Level ${level} | ${count((defect) => defect.level === level)}`),
        `${t.statistics.unbound} | ${count((defect) => defect.markerId === null)}`,
        `Pier 3 | ${count((defect) => defect.markerId !== null)}`,
        ...INTERVALS.map(({ dimension, min, max }) => {
          const label = dimension === 'length' ? 'Length (m)' : 'Area (m²)';
          const inside = count((defect) => {
            const value = sizeOf(defect, dimension);
            return value !== null && value >= min && value < max;
          });
          return `${label} ${min} – ${max} | ${inside}`;
        }),
        `${t.keyDefect.type} | Crack`,
        `${t.keyDefect.level} | 3`,
        `${t.keyDefect.description} | Widening towards the drain`,
        `Number | ${defects[0]!.code}`,
        `Length (m) | ${number(defects[0]!.size.lengthM)}`,
        `Width (mm) | ${number(defects[0]!.size.widthMm)}`,
        `${t.comparison.previous}: ${scene.previous.name}`,
        `${t.comparison.defects}: ${defects.length}`,
        `${t.comparison.previousDefects}: ${scene.previousDefects.length}`,
        ...HISTORY_CHANGE_KINDS.map((kind) => `${t.comparison.kinds[kind]} | ${kinds[kind]}`),
      ];
      for (const line of expected) expect(lines, line).toContain(line);

      // The defect table: each drawn defect's number, type and level, then its measured sizes, newest first.
      const rows = lines.filter((line) => /^D-\d{4} \|/.test(line));
      expect(rows.map((line) => line.split(' | ').slice(0, 3))).toEqual(
        [...defects]
          .reverse()
          .map((defect) => [defect.code, defect.typeId === types.crack ? 'Crack' : 'Spalling', String(defect.level)]),
      );
      for (const defect of defects) {
        const row = rows.find((line) => line.startsWith(`${defect.code} |`))!;
        const sizes = [defect.size.lengthM, defect.size.widthMm, defect.size.areaM2].filter((size) => size !== null);
        expect(sizes.length, defect.code).toBeGreaterThan(0);
        expect(row.split(' | ').slice(3, 3 + sizes.length), defect.code).toEqual(sizes.map(number));
      }
      // The key defect stands for the first crack (its number and sizes shown with it above): the table's last row.
      expect(scene.keyDefect.defectId).toBe(defects[0]!.id);
      expect(rows.at(-1)).toMatch(
        new RegExp(`^${defects[0]!.code} \\| Crack \\| 3 \\| ${number(defects[0]!.size.lengthM)} \\| `),
      );
    },
    // LibreOffice converts a document of real photo crops: minutes on a loaded machine.
    300_000,
  );
});
