import sharp from 'sharp';
import { sql, type Kysely } from 'kysely';
import ExcelJS from 'exceljs';
import type { InspectionExcel, Page } from '@sightline/shared';
import type { Database } from '../../src/platform/db/schema.js';
import type { BlobStore } from '../../src/platform/storage/blob-store.js';
import { imageBlobKeys } from '../../src/modules/inspection/inspection-image.repo.js';
import type { TestServer } from '../harness.js';
import { insertPhotos, okData } from './spatial-marker.js';

/** A picture of a gradient, so that a crop of it is not flat. */
function gradient(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#204080"/><stop offset="1" stop-color="#e0c040"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`,
        ),
      },
    ])
    .jpeg()
    .toBuffer();
}

/**
 * Photos of `size` pixels (a gradient) with their previews (half the size) in the blob store, as the ingest leaves
 * them.
 */
export async function insertPhotosWithPreviews(
  db: Kysely<Database>,
  blobs: BlobStore,
  place: { inspectionId: number; groupId: number },
  names: readonly string[],
  size: [number, number] = [2000, 1500],
) {
  const rows = await insertPhotos(
    db,
    place.inspectionId,
    place.groupId,
    names.map((name) => ({ name, pose: null, size })),
  );
  const [original, preview] = await Promise.all([gradient(...size), gradient(size[0] / 2, size[1] / 2)]);
  for (const row of rows) {
    const { storage_key: key } = await db
      .updateTable('inspection_images')
      .set({ has_thumbnail: true, state: 'processed' })
      .where('id', '=', row.id)
      .returning('storage_key')
      .executeTakeFirstOrThrow();
    await blobs.put(imageBlobKeys(key).original, original);
    await blobs.put(imageBlobKeys(key).preview, preview);
  }
  return Object.fromEntries(rows.map((row) => [row.name, row.id]));
}

/** Processed photos whose originals (`bytes`, of `size` pixels) are in the blob store: what screening reads. */
export async function insertPhotosWithOriginals(
  db: Kysely<Database>,
  blobs: BlobStore,
  place: { inspectionId: number; groupId: number },
  photos: ReadonlyArray<{ name: string; bytes: Buffer; size: [number, number] }>,
): Promise<number[]> {
  const rows = await insertPhotos(
    db,
    place.inspectionId,
    place.groupId,
    photos.map(({ name, size }) => ({ name, pose: null, size })),
  );
  for (const [index, row] of rows.entries()) {
    const { storage_key: key } = await db
      .updateTable('inspection_images')
      .set({ state: 'processed' })
      .where('id', '=', row.id)
      .returning('storage_key')
      .executeTakeFirstOrThrow();
    await blobs.put(imageBlobKeys(key).original, photos[index]!.bytes);
  }
  return rows.map((row) => row.id);
}

/**
 * `count` defects written by one statement (a crack each, levels 1 to 5 in turn, numbered from `firstNumber`), for
 * the limits of an export and the benches: marking them through the calls would take minutes.
 */
export async function insertManyDefects(
  db: Kysely<Database>,
  place: { projectId: number; inspectionId: number; imageIds: readonly number[]; typeIds: readonly number[] },
  count: number,
  firstNumber = 1,
) {
  const images = sql.raw(`array[${place.imageIds.join(',')}]::int[]`);
  const types = sql.raw(`array[${place.typeIds.join(',')}]::int[]`);
  await sql`
    insert into defects (project_id, inspection_id, image_id, number, type_id, level, shape_kind, points, width_px,
      length_m, width_mm, area_m2, size_basis, source, location_state, star)
    select ${place.projectId}, ${place.inspectionId}, (${images})[1 + n % ${place.imageIds.length}], ${firstNumber} + n,
      (${types})[1 + n % ${place.typeIds.length}], 1 + n % 5, 'polyline',
      jsonb_build_array(jsonb_build_array(100 + n % 1500, 200 + n % 1000), jsonb_build_array(180 + n % 1500, 260 + n % 1000)),
      2, 0.001 * (n % 5000), 0.01 * (n % 700), null, 'distance', 'manual', 'noModel', n % 7 = 0
    from generate_series(0, ${count - 1}) as n
  `.execute(db);
}

/** The export record once its job ended (the records page polled, as the web's list does between events). */
export async function waitForExport(server: TestServer, token: string, record: InspectionExcel) {
  for (let tries = 0; tries < 1200; tries += 1) {
    const page = okData(
      await server.call<Page<InspectionExcel>>('GET', '/api/inspection-excel/find/page', {
        token,
        query: { inspectionId: String(record.inspectionId), pageSize: '200' },
      }),
    );
    const now = page.records.find((candidate) => candidate.id === record.id);
    if (!now) throw new Error(`export ${record.id} is gone`);
    if (now.state !== 'generating') return now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`export ${record.id} did not end`);
}

/** A done export's file through its file route, and the workbook read back. */
export async function downloadWorkbook(server: TestServer, token: string, record: InspectionExcel) {
  const response = await server.app.inject({
    method: 'GET',
    url: record.fileUrl!,
    headers: { authorization: `Bearer ${token}` },
  });
  const workbook = new ExcelJS.Workbook();
  if (response.statusCode === 200) await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  return { response, workbook, bytes: response.rawPayload };
}
