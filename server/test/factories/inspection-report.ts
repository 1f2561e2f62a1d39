import yauzl from 'yauzl';
import type { Kysely } from 'kysely';
import sharp from 'sharp';
import type { InspectionReport, KeyDefect, Page } from '@sightline/shared';
import type { Database } from '../../src/platform/db/schema.js';
import type { BlobStore } from '../../src/platform/storage/blob-store.js';
import type { TestServer } from '../harness.js';
import { insertPhotosWithPreviews } from './defect-export.js';
import { buildInspection } from './inspection.js';
import { builtInDefectTypeId } from './project.js';
import { insertMarkers, okData } from './spatial-marker.js';
import type { StaffedTeam } from './team.js';
import { multipartFile } from './multipart.js';

/** The report once its job ended (its record read again, as the web's list does between events). */
export async function waitForReport(server: TestServer, token: string, report: { id: number }) {
  for (let tries = 0; tries < 3000; tries += 1) {
    const now = okData(await server.call<InspectionReport>('GET', `/api/inspection-report/${report.id}`, { token }));
    if (now.state !== 'generating') return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`report ${report.id} did not end`);
}

/** A file of a report through its route. */
export async function download(server: TestServer, token: string, url: string) {
  const response = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  return { response, bytes: response.rawPayload };
}

/** The entries of a zip (a docx is one) by name. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error) return reject(error);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** A Word file's text, one paragraph a line (table cells are paragraphs too). */
export async function docxLines(bytes: Buffer): Promise<string[]> {
  const xml = (await unzip(bytes)).get('word/document.xml')!.toString('utf8');
  return xml
    .split('</w:p>')
    .map((paragraph) =>
      paragraph
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, '&')
        .trim(),
    )
    .filter((line) => line !== '');
}

/** A key defect drawn on the model with its screenshot, through the calls as the web makes it. */
export async function addKeyDefect(
  server: Pick<TestServer, 'call'>,
  token: string,
  inspectionId: number,
  fields: { name: string; typeId: number; level: number; description: string; defectId?: number },
) {
  const shot = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#4060a0' } })
    .png()
    .toBuffer();
  const file = multipartFile(shot, { fileName: 'shot.png', contentType: 'image/png' });
  const { screenshot } = okData(
    await server.call<{ screenshot: string }>('POST', '/api/inspection-disease-important/screenshot', {
      token,
      query: { inspectionId: String(inspectionId) },
      body: file.payload,
      headers: file.headers,
    }),
  );
  return okData(
    await server.call<KeyDefect>('POST', '/api/inspection-disease-important', {
      token,
      body: {
        inspectionId,
        ...fields,
        graph: {
          kind: 'polyline',
          positions: [
            { lon: 114.05, lat: 22.54, height: 10 },
            { lon: 114.0501, lat: 22.54, height: 10 },
          ],
        },
        screenshot,
        screenRange: { width: 120, height: 80 },
      },
    }),
  );
}

/**
 * The reports' fixture: a bridge inspection with three defects on two photos with previews (two cracks of 0.6 m and
 * 1.5 m, a spalling of 2.5 m²), one bound to "Pier 3", a key defect standing for the long crack with its
 * screenshot, and a previous inspection with two defects: the long crack is matched to one of them (its length
 * grew), the short crack is new, and the other earlier defect is repaired.
 */
export async function buildReportScene(server: Pick<TestServer, 'db' | 'call'>, blobs: BlobStore, team: StaffedTeam) {
  const db: Kysely<Database> = server.db;
  const previous = await buildInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    memberIds: [team.inspector.id, team.viewer.id],
    name: 'Spring',
    inspectionDate: '2025-04-01',
  });
  const scene = await buildInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    projectId: previous.projectId,
    name: 'Autumn',
    inspectionDate: '2026-10-01',
  });
  await db
    .updateTable('inspections')
    .set({ previous_inspection_id: previous.inspectionId, description: 'Deck and piers' })
    .where('id', '=', scene.inspectionId)
    .execute();
  const crack = await builtInDefectTypeId(db, 'crack');
  const spalling = await builtInDefectTypeId(db, 'spalling');
  const photos = await insertPhotosWithPreviews(db, blobs, scene, ['A.JPG', 'B.JPG']);
  const earlierPhotos = await insertPhotosWithPreviews(db, blobs, previous, ['P.JPG']);
  const { ids: markers } = await insertMarkers(db, scene.projectId, [{ code: 'Pier 3' }]);
  const base = {
    project_id: scene.projectId,
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
  const line = JSON.stringify([
    [400, 400],
    [856, 400],
    [856, 628],
  ]);
  const box = JSON.stringify([
    [100, 100],
    [1012, 100],
    [1012, 556],
    [100, 556],
  ]);
  const earlier = await db
    .insertInto('defects')
    .values([
      {
        ...base,
        inspection_id: previous.inspectionId,
        image_id: earlierPhotos['P.JPG']!,
        number: 1,
        type_id: crack,
        level: 2,
        shape_kind: 'polyline',
        points: line,
        length_m: 1.1,
        width_mm: 2,
      },
      {
        ...base,
        inspection_id: previous.inspectionId,
        image_id: earlierPhotos['P.JPG']!,
        number: 2,
        type_id: spalling,
        level: 3,
        shape_kind: 'rectangle',
        points: box,
        area_m2: 0.5,
      },
    ])
    .returning('id')
    .execute();
  const now = await db
    .insertInto('defects')
    .values([
      {
        ...base,
        inspection_id: scene.inspectionId,
        image_id: photos['A.JPG']!,
        number: 1,
        type_id: crack,
        level: 3,
        shape_kind: 'polyline',
        points: line,
        length_m: 1.5,
        width_mm: 4.2,
        marker_id: markers['Pier 3']!,
        description: 'Along the pier',
      },
      {
        ...base,
        inspection_id: scene.inspectionId,
        image_id: photos['A.JPG']!,
        number: 2,
        type_id: crack,
        level: 1,
        shape_kind: 'polyline',
        points: JSON.stringify([
          [1200, 900],
          [1500, 1000],
        ]),
        length_m: 0.6,
        width_mm: 0.3,
      },
      {
        ...base,
        inspection_id: scene.inspectionId,
        image_id: photos['B.JPG']!,
        number: 3,
        type_id: spalling,
        level: 4,
        shape_kind: 'rectangle',
        points: box,
        area_m2: 2,
        edited_area_m2: 2.5,
        size_edited: true,
      },
    ])
    .returning('id')
    .execute();
  await db
    .insertInto('defect_history_links')
    .values([
      {
        defect_id: now[0]!.id,
        inspection_id: scene.inspectionId,
        previous_defect_id: earlier[0]!.id,
        change_kind: 'length',
        delta_length_m: 0.4,
      },
      { defect_id: now[1]!.id, inspection_id: scene.inspectionId, previous_defect_id: null, change_kind: 'new' },
      { defect_id: now[2]!.id, inspection_id: scene.inspectionId, previous_defect_id: null, change_kind: 'new' },
    ])
    .execute();
  await db
    .insertInto('defect_history_matchings')
    .values({ inspection_id: scene.inspectionId, state: 'done' })
    .execute();

  const key = await addKeyDefect(server, team.inspector.token, scene.inspectionId, {
    name: 'Pier crack',
    typeId: crack,
    level: 3,
    description: 'Grows towards the bearing',
    defectId: now[0]!.id,
  });
  return {
    ...scene,
    previousInspectionId: previous.inspectionId,
    defectIds: now.map((row) => row.id),
    keyDefect: key,
    types: { crack, spalling },
  };
}

/** The reports of an inspection, as the list answers them. */
export async function listReports(server: TestServer, token: string, query: Record<string, string>) {
  return server.call<Page<InspectionReport>>('GET', '/api/inspection-report/find/page', { token, query });
}
