import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { beforeAll, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { parse } from 'csv-parse/sync';
import type { InspectionExcel } from '@sightline/shared';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { describeOnOneDatabase } from '../../../test/harness.js';
import {
  downloadWorkbook,
  insertManyDefects,
  insertPhotosWithPreviews,
  waitForExport,
} from '../../../test/factories/defect-export.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { builtInDefectTypeId } from '../../../test/factories/project.js';
import { okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';

const SOFFICE = '/usr/bin/soffice';
const hasSoffice = fs.existsSync(SOFFICE);
if (!hasSoffice) console.warn(`Skipped: the LibreOffice check of the Excel export needs ${SOFFICE} (libreoffice-calc)`);

/** The names of a zip's entries (an xlsx is one). */
function zipEntries(bytes: Buffer): Promise<string[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const names: string[] = [];
      zip.on('entry', (entry: yauzl.Entry) => {
        names.push(entry.fileName);
        zip.readEntry();
      });
      zip.on('end', () => resolve(names));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

// The subject is the file LibreOffice reads, not the database: one backend is enough.
describeOnOneDatabase('the exported workbook opens in LibreOffice', (server) => {
  let team: StaffedTeam;
  let inspectionId: number;

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id],
    });
    inspectionId = scene.inspectionId;
    const photos = await insertPhotosWithPreviews(db, createConfiguredBlobStore(server().config), scene, [
      'A.JPG',
      'B.JPG',
    ]);
    await insertManyDefects(
      db,
      { ...scene, imageIds: Object.values(photos), typeIds: [await builtInDefectTypeId(db, 'crack')] },
      12,
    );
  });

  it.skipIf(!hasSoffice)(
    'converts headless to CSV with the same rows and fields, and the xlsx holds one image per defect',
    async () => {
      const record = okData(
        await server().call<InspectionExcel>('POST', '/api/inspection-disease/export', {
          token: team.inspector.token,
          body: {
            inspectionId,
            fields: ['code', 'type', 'level', 'length', 'width', 'photo', 'star'],
            thumbnails: true,
          },
          headers: { 'accept-language': 'en' },
        }),
      );
      const done = await waitForExport(server(), team.inspector.token, record);
      expect(done.state).toBe('done');
      const { bytes, workbook } = await downloadWorkbook(server(), team.inspector.token, done);
      const media = (await zipEntries(bytes)).filter((name) => name.startsWith('xl/media/') && !name.endsWith('/'));
      expect(media).toHaveLength(12);

      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-soffice-'));
      try {
        const file = path.join(folder, 'export.xlsx');
        fs.writeFileSync(file, bytes);
        // A profile of its own, so a LibreOffice already open on this machine does not take the conversion over.
        await promisify(execFile)(
          SOFFICE,
          [
            `-env:UserInstallation=file://${folder}/profile`,
            '--headless',
            '--convert-to',
            'csv',
            '--outdir',
            folder,
            file,
          ],
          { timeout: 120_000 },
        );
        const rows = parse(fs.readFileSync(path.join(folder, 'export.csv'), 'utf8')) as string[][];
        expect(rows[0]).toEqual([
          'Number',
          'Defect type',
          'Level',
          'Length (m)',
          'Width (mm)',
          'Photo name',
          'Star',
          'Thumbnail',
        ]);
        expect(rows).toHaveLength(13);
        // Each row as exceljs reads the same workbook: LibreOffice sees the same values (numbers in its general format).
        const sheet = workbook.getWorksheet('Defects')!;
        for (let row = 2; row <= 13; row += 1) {
          const expected = (sheet.getRow(row).values as unknown[])
            .slice(1, 8)
            .map((value) => (value === undefined ? '' : String(value)));
          expect(rows[row - 1]!.slice(0, 7)).toEqual(expected);
        }
        expect(rows.slice(1).map((row) => row[0])).toEqual(
          Array.from({ length: 12 }, (_, index) => `D-${String(12 - index).padStart(4, '0')}`),
        );
      } finally {
        fs.rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
