import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import {
  INSPECTION_IMAGE_UPLOAD_PATH,
  INSPECTION_IMAGES_EVENT,
  type FileLink,
  type InspectionImage,
  type InspectionImagePyramid,
  type Page,
} from '@sightline/shared';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../platform/config.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { createJobQueue, defineJob } from '../../platform/jobs/index.js';
import { backends, openTestDatabase } from '../../../test/harness.js';
import { buildInspection as buildTeamInspection } from '../../../test/factories/inspection.js';
import { tusClient } from '../../../test/factories/project-model.js';
import { buildStaffedTeam, teamUsedBytes } from '../../../test/factories/team.js';
import { callOverHttp, listenOnLoopback, recordingBus } from '../../../test/listen.js';
import { pyramidLevels, type PyramidGeometry } from '@sightline/imagery';
import { PYRAMID_JOB } from './inspection-image-pyramid.js';

/** A photo of `width` × `height` whose every 64-pixel cell has its own colour, so that a tile's place shows. */
async function patternPhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      pixels[offset] = ((x >> 6) * 37) % 256;
      pixels[offset + 1] = ((y >> 6) * 53) % 256;
      pixels[offset + 2] = ((x >> 6) + (y >> 6)) % 2 === 0 ? 30 : 220;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

const photoBytesOf = (image: InspectionImage) => image.sizeBytes;

/** The pixel size of a Deep Zoom tile: its cell plus the overlap on each side that has a neighbour. */
function expectedTileSize(geometry: PyramidGeometry, levelWidth: number, levelHeight: number, x: number, y: number) {
  const { tileSize, overlap } = geometry;
  const span = (index: number, extent: number) =>
    Math.min((index + 1) * tileSize + overlap, extent) - Math.max(index * tileSize - overlap, 0);
  return { width: span(x, levelWidth), height: span(y, levelHeight) };
}

describe.each(backends())('%s: the full-resolution tile pyramid of a photo', (backend) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let config: Config;
  let app: FastifyInstance;
  let baseUrl: string;
  const { bus, events } = recordingBus();
  const photoWidth = 1500;
  const photoHeight = 1000;
  let photo: Buffer;

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callOverHttp<T>(baseUrl, method, url, token, body);

  async function scene() {
    const team = await buildStaffedTeam(database.db);
    return {
      team,
      ...(await buildTeamInspection(database.db, {
        teamId: team.id,
        createdBy: team.admin.id,
        memberIds: [team.inspector.id, team.viewer.id],
      })),
    };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  async function upload(current: Scene, name: string, bytes: Buffer): Promise<void> {
    const client = tusClient(baseUrl, current.team.inspector.token, INSPECTION_IMAGE_UPLOAD_PATH);
    const created = await client.create(bytes.length, {
      inspectionId: String(current.inspectionId),
      imageGroupId: String(current.groupId),
      category: 'normal',
      filename: name,
    });
    expect(created.response.status).toBe(201);
    expect((await client.patch(created.url!, 0, bytes)).status).toBe(204);
  }

  async function ingested(current: Scene, count: number): Promise<InspectionImage[]> {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const { data } = await api<Page<InspectionImage>>(
        'POST',
        '/api/inspection-image/findPage',
        current.team.viewer.token,
        {
          inspectionId: current.inspectionId,
          pageSize: 100,
        },
      );
      if (data.total === count && data.records.every((image) => image.state !== 'uploaded')) return data.records;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('ingest did not finish');
  }

  async function pyramidReady(id: number, token: string): Promise<InspectionImagePyramid> {
    for (const deadline = Date.now() + 90_000; Date.now() < deadline;) {
      const { data } = await api<InspectionImagePyramid>('GET', `/api/inspection-image/${id}/pyramid`, token);
      if (data.state === 'ready' || data.state === 'failed') return data;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('pyramid not made in time');
  }

  const linkFor = async (folder: string, token: string) =>
    (await api<FileLink>('GET', `/api/web/file-link?folder=${encodeURIComponent(folder)}`, token)).data;

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase(backend));
    const dataDir = fs.mkdtempSync(path.join(inject('workDir'), `${backend}-pyramid-`));
    config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false', PORT: '0' });
    app = await buildApp({ config, database, bus, logger: false, jobs: { pollingIntervalSeconds: 0.5 } });
    baseUrl = await listenOnLoopback(app);
    photo = await patternPhoto(photoWidth, photoHeight);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
    fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
  });

  it('is made once when opened twice at once, tiles of every level at their size, counted and deleted with the photo', async () => {
    const current = await scene();
    await upload(current, 'pattern.jpg', photo);
    const [image] = await ingested(current, 1);
    const token = current.team.viewer.token;
    const usedBefore = await teamUsedBytes(database.db, current.team.id);

    // Nothing is made before the viewer opens the photo (the ingest does not pay for it).
    const before = await api<InspectionImagePyramid>('GET', `/api/inspection-image/${image!.id}/pyramid`, token);
    expect(before.data).toMatchObject({ state: 'none', tilesUrl: null });

    const eventsBefore = events.length;
    const opened = await Promise.all([
      api<InspectionImagePyramid>('POST', `/api/inspection-image/${image!.id}/pyramid`, token),
      api<InspectionImagePyramid>('POST', `/api/inspection-image/${image!.id}/pyramid`, current.team.inspector.token),
    ]);
    for (const answer of opened) expect(['making', 'ready']).toContain(answer.data.state);
    const pyramid = await pyramidReady(image!.id, token);
    expect(pyramid).toMatchObject({
      state: 'ready',
      width: photoWidth,
      height: photoHeight,
      tileSize: 256,
      overlap: 1,
      format: 'jpeg',
      maxLevel: Math.ceil(Math.log2(photoWidth)),
      tilesUrl: `/api/inspection-image/tiles/${current.inspectionId}/${image!.id}/`,
    });
    const jobs = await database.db.selectFrom('jobs').select('payload').where('name', '=', PYRAMID_JOB).execute();
    expect(jobs.filter((job) => (job.payload as { imageId: number }).imageId === image!.id)).toHaveLength(1);
    // Opening a ready photo again starts nothing.
    expect(
      (await api<InspectionImagePyramid>('POST', `/api/inspection-image/${image!.id}/pyramid`, token)).data.state,
    ).toBe('ready');
    // The photo's viewers were told (counts go out at most four times a second, so this one may follow shortly).
    await expect
      .poll(() =>
        events
          .slice(eventsBefore)
          .some(
            (event) =>
              event.name === INSPECTION_IMAGES_EVENT &&
              event.userId === current.team.viewer.id &&
              (event.value as { inspectionId: number }).inspectionId === current.inspectionId,
          ),
      )
      .toBe(true);

    // Every level's first and last tile decodes to its Deep Zoom size, behind a link to this photo's folder.
    const link = await linkFor(pyramid.tilesUrl!, token);
    const geometry = { width: photoWidth, height: photoHeight, tileSize: 256, overlap: 1 };
    for (const level of pyramidLevels(geometry)) {
      for (const [x, y] of [
        [0, 0],
        [level.columns - 1, level.rows - 1],
      ] as const) {
        const response = await fetch(`${baseUrl}${pyramid.tilesUrl}${level.level}/${x}_${y}.jpeg?${link.query}`);
        expect(response.status, `level ${level.level} tile ${x}_${y}`).toBe(200);
        expect(response.headers.get('content-type')).toBe('image/jpeg');
        expect(response.headers.get('cache-control')).toContain('immutable');
        const size = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
        expect({ width: size.width, height: size.height }).toEqual(
          expectedTileSize(geometry, level.width, level.height, x, y),
        );
      }
    }
    // A full-size tile shows the photo's own pixels there: cell (5, 3) of the pattern is at x 320-383, y 192-255.
    const deep = await fetch(`${baseUrl}${pyramid.tilesUrl}${pyramid.maxLevel}/1_0.jpeg?${link.query}`);
    const { data: pixels, info } = await sharp(Buffer.from(await deep.arrayBuffer()))
      .raw()
      .toBuffer({ resolveWithObject: true });
    // Tile 1_0 starts at x 255 (its left overlap); pixel (350, 220) of the photo is at (95, 220) in it.
    const at = (220 * info.width + 95) * info.channels;
    expect(Math.abs(pixels[at]! - ((5 * 37) % 256))).toBeLessThan(12);
    expect(Math.abs(pixels[at + 1]! - ((3 * 53) % 256))).toBeLessThan(12);
    expect(Math.abs(pixels[at + 2]! - 30)).toBeLessThan(12);
    // A tile outside the grid, or a name OpenSeadragon never asks for, is refused without a server error.
    expect((await fetch(`${baseUrl}${pyramid.tilesUrl}${pyramid.maxLevel}/99_0.jpeg?${link.query}`)).status).toBe(404);
    expect((await fetch(`${baseUrl}${pyramid.tilesUrl}${pyramid.maxLevel}/0_0.png?${link.query}`)).status).toBe(400);

    // The pack counts in the team's storage, and goes with the photo.
    const pack = await database.db
      .selectFrom('inspection_image_pyramids')
      .select('pack_bytes')
      .where('image_id', '=', image!.id)
      .executeTakeFirstOrThrow();
    expect(Number(pack.pack_bytes)).toBeGreaterThan(0);
    expect(await teamUsedBytes(database.db, current.team.id)).toBe(usedBefore + Number(pack.pack_bytes));
    const row = await database.db
      .selectFrom('inspection_images')
      .select('storage_key')
      .where('id', '=', image!.id)
      .executeTakeFirstOrThrow();
    const packFile = path.join(config.DATA_DIR, 'files', `${row.storage_key}pyramid.pack`);
    expect(fs.existsSync(packFile)).toBe(true);
    expect((await api('DELETE', `/api/inspection-image/${image!.id}`, current.team.inspector.token)).code).toBe(2000);
    expect(await teamUsedBytes(database.db, current.team.id)).toBe(0);
    expect((await fetch(`${baseUrl}${pyramid.tilesUrl}0/0_0.jpeg?${link.query}`)).status).toBe(404);
    expect(fs.existsSync(packFile)).toBe(false);
    const left = await database.db
      .selectFrom('inspection_image_pyramids')
      .select('image_id')
      .where('image_id', '=', image!.id)
      .execute();
    expect(left).toEqual([]);
  }, 180_000);

  it("opens one photo's tiles per link, only to those who see the photo, and only for processed photos", async () => {
    const current = await scene();
    await upload(current, 'a.jpg', photo);
    await upload(current, 'b.jpg', await patternPhoto(600, 400));
    await upload(current, 'broken.jpg', photo.subarray(0, Math.floor(photo.length * 0.5)));
    const images = await ingested(current, 3);
    const byName = new Map(images.map((image) => [image.name, image]));
    const [a, b] = [byName.get('a.jpg')!, byName.get('b.jpg')!];
    const token = current.team.viewer.token;
    for (const image of [a, b]) await api('POST', `/api/inspection-image/${image.id}/pyramid`, token);
    const [pa, pb] = [await pyramidReady(a.id, token), await pyramidReady(b.id, token)];
    expect(pa.state).toBe('ready');
    expect(pb.state).toBe('ready');

    // A link to photo A's folder opens A's tiles and not B's, though both are the viewer's to see.
    const linkA = await linkFor(pa.tilesUrl!, token);
    expect((await fetch(`${baseUrl}${pa.tilesUrl}0/0_0.jpeg?${linkA.query}`)).status).toBe(200);
    expect((await fetch(`${baseUrl}${pb.tilesUrl}0/0_0.jpeg?${linkA.query}`)).status).toBe(401);
    expect((await fetch(`${baseUrl}${pb.tilesUrl}0/0_0.jpeg`)).status).toBe(401);
    // A's tiles under another inspection's path are not A's.
    const elsewhere = `/api/inspection-image/tiles/${current.inspectionId + 1000}/${a.id}/0/0_0.jpeg`;
    expect((await fetch(`${baseUrl}${elsewhere}`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);

    // Another team's member neither opens the photo nor reads its tiles, even with the header.
    const outsider = await buildStaffedTeam(database.db);
    const refused = await api('POST', `/api/inspection-image/${a.id}/pyramid`, outsider.admin.token);
    expect(refused.code).not.toBe(2000);
    const state = await api('GET', `/api/inspection-image/${a.id}/pyramid`, outsider.admin.token);
    expect(state.code).not.toBe(2000);
    const stolen = await fetch(`${baseUrl}${pa.tilesUrl}0/0_0.jpeg`, {
      headers: { authorization: `Bearer ${outsider.admin.token}` },
    });
    expect([403, 404]).toContain(stolen.status);

    // A photo that failed its ingest has no full resolution to make.
    const broken = byName.get('broken.jpg')!;
    expect(broken.state).toBe('failed');
    const notProcessed = await api('POST', `/api/inspection-image/${broken.id}/pyramid`, token);
    expect(notProcessed.msg).toBe('INSPECTION_IMAGE_NOT_PROCESSED');
    expect(
      (await api<InspectionImagePyramid>('GET', `/api/inspection-image/${broken.id}/pyramid`, token)).data.state,
    ).toBe('none');
  }, 180_000);

  it('is restart-safe: a pyramid left `making` is made by the job delivered again, and a later delivery changes nothing', async () => {
    const current = await scene();
    await upload(current, 'restart.jpg', await patternPhoto(700, 500));
    const [image] = await ingested(current, 1);
    const token = current.team.viewer.token;
    // As after a crash mid-way: the row says `making`, and the job is delivered again (by another process's queue).
    await database.db
      .insertInto('inspection_image_pyramids')
      .values({ image_id: image!.id, state: 'making' })
      .execute();
    const other = createJobQueue({ database, log: pino({ level: 'silent' }), work: false });
    other.register(
      defineJob({
        name: PYRAMID_JOB,
        version: 1,
        payload: z.object({ imageId: z.number() }),
        handler: async () => null,
      }),
    );
    await other.start();
    const deliver = () => other.enqueue(PYRAMID_JOB, { imageId: image!.id }, { singletonKey: `pyramid-${image!.id}` });
    const jobsDone = async (count: number) => {
      for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
        const rows = await database.db
          .selectFrom('jobs')
          .select(['state', 'payload'])
          .where('name', '=', PYRAMID_JOB)
          .execute();
        const mine = rows.filter((row) => (row.payload as { imageId: number }).imageId === image!.id);
        if (mine.length === count && mine.every((row) => row.state === 'done')) return;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('the delivered job never ran');
    };
    try {
      await deliver();
      await jobsDone(1);
      const ready = await pyramidReady(image!.id, token);
      expect(ready).toMatchObject({ state: 'ready', width: 700, height: 500 });
      const used = await teamUsedBytes(database.db, current.team.id);
      const { pack_bytes: packBytes } = await database.db
        .selectFrom('inspection_image_pyramids')
        .select('pack_bytes')
        .where('image_id', '=', image!.id)
        .executeTakeFirstOrThrow();
      expect(used).toBe(photoBytesOf(image!) + Number(packBytes));
      // The same job again, long after: the pack is neither made nor counted twice.
      await deliver();
      await jobsDone(2);
      expect(await teamUsedBytes(database.db, current.team.id)).toBe(used);
    } finally {
      await other.stop();
    }
  }, 120_000);
});
