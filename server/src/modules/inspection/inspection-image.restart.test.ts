import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INSPECTION_IMAGE_UPLOAD_PATH } from '@sightline/shared';
import { djiPoseAttributes, withDjiXmp } from '@sightline/imagery/synthetic-photo';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { openTestDatabase } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { tusClient, tusErrorKey } from '../../../test/factories/project-model.js';
import { buildTeam, teamUsedBytes } from '../../../test/factories/team.js';
import { sessionToken } from '../../../test/factories/user.js';
import { callOverHttp } from '../../../test/listen.js';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../../test/processes.js';
import { INGEST_JOB } from './inspection-image.service.js';

const hasPostgres = Boolean(inject('postgresTemplate'));
if (!hasPostgres) console.warn('skipped: the restart test shares its database with the server processes it kills');

const PHOTOS = 12;
const CHUNK = 128 * 1024;
const UPLOADS_AT_ONCE = 4;

/** Photos of a few megabytes each (noise compresses badly), so that a kill lands in the middle of their bytes. */
async function makePhotos(): Promise<Array<{ name: string; bytes: Buffer }>> {
  const base = await sharp({
    create: {
      width: 2400,
      height: 1800,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
    },
  })
    .jpeg({ quality: 92 })
    .toBuffer();
  return Array.from({ length: PHOTOS }, (_, index) => ({
    name: `DJI_${String(index + 1).padStart(4, '0')}.JPG`,
    bytes: withDjiXmp(
      base,
      djiPoseAttributes({
        latitude: 30.5 + index * 1e-4,
        longitude: 114.3,
        altitude: 80,
        yaw: 10 * index,
        pitch: -60,
        roll: 0,
      }),
    ),
  }));
}

const sha256 = (bytes: Buffer | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.skipIf(!hasPostgres)('a server killed while photos upload and while they are ingested', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let dataDir: string;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase('postgres'));
    dataDir = fs.mkdtempSync(path.join(inject('workDir'), 'photo-restart-'));
  });
  afterAll(async () => {
    await stopServerProcess(server);
    await database?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    server = await startServerProcess({ DATABASE_URL: database.connectionString, DATA_DIR: dataDir });
    return server.baseUrl;
  };
  const kill = async () => {
    server!.child.kill('SIGKILL');
    await server!.exited;
  };

  it('every photo arrives byte-exact after resuming, none is ingested twice, and every ingest finishes', async () => {
    const team = await buildTeam(database.db, { volumeMaxGb: 10 });
    const { inspectionId, groupId } = await buildInspection(database.db, { teamId: team.id, createdBy: team.owner.id });
    const token = await sessionToken(database.db, team.owner.id);
    const photos = await makePhotos();
    const totalBytes = photos.reduce((sum, photo) => sum + photo.bytes.length, 0);
    const metadataOf = (name: string) => ({
      inspectionId: String(inspectionId),
      imageGroupId: String(groupId),
      category: 'normal',
      filename: name,
    });

    // 1. Upload in chunks, a few photos at once, as the browser does; kill the server with about 40% of the bytes in.
    let baseUrl = await start();
    const uploadPaths = new Map<string, string>();
    let sent = 0;
    let killed = false;
    const killAt = totalBytes * 0.4;
    const client = tusClient(baseUrl, token, INSPECTION_IMAGE_UPLOAD_PATH);
    const sendAll = async (photo: { name: string; bytes: Buffer }) => {
      const created = await client.create(photo.bytes.length, metadataOf(photo.name));
      if (!created.url) throw new Error(`refused: ${created.response.status}`);
      uploadPaths.set(photo.name, new URL(created.url).pathname);
      for (let offset = 0; offset < photo.bytes.length; offset += CHUNK) {
        const response = await client.patch(created.url, offset, photo.bytes.subarray(offset, offset + CHUNK));
        if (response.status !== 204) throw new Error(`chunk refused: ${response.status}`);
        sent += Math.min(CHUNK, photo.bytes.length - offset);
        if (sent >= killAt && !killed) {
          killed = true;
          await kill();
        }
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: UPLOADS_AT_ONCE }, async () => {
        while (next < photos.length && !killed) await sendAll(photos[next++]!).catch(() => undefined);
      }),
    );
    expect(killed).toBe(true);
    const uploadedBeforeKill = await database.db
      .selectFrom('inspection_images')
      .select('name')
      .where('inspection_id', '=', inspectionId)
      .where('state', '!=', 'uploading')
      .execute();
    expect(uploadedBeforeKill.length).toBeLessThan(PHOTOS);

    // 2. Start again and resume each photo as tus-js-client does: HEAD for the offset, PATCH the rest; an upload the
    // server no longer knows is created again, and a photo it already has answers INSPECTION_IMAGE_NAME_EXISTING.
    baseUrl = await start();
    const resumed = tusClient(baseUrl, token, INSPECTION_IMAGE_UPLOAD_PATH);
    const outcomes = new Map<string, 'resumed' | 'alreadyThere' | 'fresh'>();
    for (const photo of photos) {
      const known = uploadPaths.get(photo.name);
      let url = known ? `${baseUrl}${known}` : null;
      let offset = 0;
      if (url) {
        const head = await resumed.head(url);
        if (head.response.status === 200) {
          offset = head.offset;
          outcomes.set(photo.name, 'resumed');
        } else url = null;
      }
      if (!url) {
        const created = await resumed.create(photo.bytes.length, metadataOf(photo.name));
        if (!created.url) {
          expect(await tusErrorKey(created.response)).toBe('INSPECTION_IMAGE_NAME_EXISTING');
          outcomes.set(photo.name, 'alreadyThere');
          continue;
        }
        url = created.url;
        outcomes.set(photo.name, outcomes.has(photo.name) ? 'resumed' : 'fresh');
      }
      for (; offset < photo.bytes.length; offset += CHUNK) {
        const response = await resumed.patch(url, offset, photo.bytes.subarray(offset, offset + CHUNK));
        expect(response.status).toBe(204);
      }
    }
    // Some uploads were cut in the middle and continued from the server's offset.
    expect([...outcomes.values()]).toContain('resumed');

    // 3. Kill it again while the photos are being ingested, then start once more: the jobs finish.
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom('inspection_images')
              .select('id')
              .where('inspection_id', '=', inspectionId)
              .where('state', '=', 'processed')
              .execute()
          ).length,
        { timeout: 30_000, interval: 50 },
      )
      .toBeGreaterThan(0);
    await kill();
    baseUrl = await start();
    await expect
      .poll(
        async () =>
          (
            await database.db
              .selectFrom('inspection_images')
              .select('id')
              .where('inspection_id', '=', inspectionId)
              .where('state', 'in', ['processed', 'failed'])
              .execute()
          ).length,
        { timeout: 150_000, interval: 500 },
      )
      .toBe(PHOTOS);

    const images = await database.db
      .selectFrom('inspection_images')
      .select(['id', 'name', 'state', 'size_bytes', 'stored_bytes', 'has_thumbnail', 'longitude'])
      .where('inspection_id', '=', inspectionId)
      .orderBy('name')
      .execute();
    expect(images.map((image) => image.name)).toEqual(photos.map((photo) => photo.name));
    expect(
      images.every((image) => image.state === 'processed' && image.has_thumbnail && image.longitude !== null),
    ).toBe(true);

    // Byte-exact: each original served back equals the photo sent.
    const link = await callOverHttp<{ query: string }>(
      baseUrl,
      'GET',
      `/api/web/file-link?folder=${encodeURIComponent(`/api/inspection-image/files/${inspectionId}/`)}`,
      token,
    );
    for (const image of images) {
      const original = await fetch(
        `${baseUrl}/api/inspection-image/files/${inspectionId}/${image.id}/original?${link.data.query}`,
      );
      expect(original.status).toBe(200);
      const photo = photos.find((candidate) => candidate.name === image.name)!;
      expect(sha256(Buffer.from(await original.arrayBuffer())), image.name).toBe(sha256(photo.bytes));
    }

    // Ingested once: one metadata pose and one ingest job per photo, every job done.
    const poses = await database.db
      .selectFrom('inspection_image_poses')
      .select(['image_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where(
        'image_id',
        'in',
        images.map((image) => image.id),
      )
      .where('source', '=', 'metadata')
      .groupBy('image_id')
      .execute();
    expect(poses).toHaveLength(PHOTOS);
    expect(poses.every((row) => Number(row.count) === 1)).toBe(true);
    const ingests = await database.db
      .selectFrom('jobs')
      .select(['state', sql<number>`(payload->>'imageId')::int`.as('imageId')])
      .where('name', '=', INGEST_JOB)
      .execute();
    const ours = ingests.filter((job) => images.some((image) => image.id === job.imageId));
    expect(ours).toHaveLength(PHOTOS);
    expect(ours.every((job) => job.state === 'done')).toBe(true);

    // Nothing left half-way: no upload row waits, and the team is charged for exactly what is stored.
    const waiting = await database.db
      .selectFrom('inspection_images')
      .select('id')
      .where('inspection_id', '=', inspectionId)
      .where('state', '=', 'uploading')
      .execute();
    expect(waiting).toEqual([]);
    const charged = images.reduce((sum, image) => sum + Number(image.stored_bytes), 0);
    expect(await teamUsedBytes(database.db, team.id)).toBe(charged);
  }, 300_000);
});
