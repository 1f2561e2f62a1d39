import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { pino } from 'pino';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  INSPECTION_IMAGE_UPLOAD_PATH,
  INSPECTION_IMAGES_EVENT,
  INSPECTION_IMAGE_PREVIEW_MIN_PX,
  INSPECTION_IMAGE_PREVIEW_PX,
  LIMITS,
  type FileLink,
  type InspectionImage,
  type InspectionImageDetail,
  type InspectionImagesEvent,
  type Page,
} from '@sightline/shared';
import { mpfImages, previewLongSide, readPhotoMetadata } from '@sightline/imagery';
import { withMpfPreview } from '@sightline/imagery/synthetic-photo';
import { missingFixtureMessage, readFixture } from '@sightline/imagery/test-fixtures';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { createJobQueue, defineJob } from '../../platform/jobs/index.js';
import { backends } from '../../../test/harness.js';
import { buildInspection as buildTeamInspection } from '../../../test/factories/inspection.js';
import { tusClient, tusErrorKey } from '../../../test/factories/project-model.js';
import { TEST_PASSWORD } from '../../../test/factories/user.js';
import { buildStaffedTeam, teamUsedBytes, type StaffedTeam } from '../../../test/factories/team.js';
import { INGEST_JOB } from './inspection-image.service.js';
import { servedApp } from '../../../test/served-app.js';

const PHOTOS = ['DJI_0012.JPG', 'DJI_0030.JPG', 'M3T_DJI_0001_R_pose-stripped.JPG'] as const;
const photoBytes = Object.fromEntries(PHOTOS.map((name) => [name, readFixture('drone-photos', name)]));
const missing = PHOTOS.filter((name) => !photoBytes[name]);
for (const name of missing) console.warn(missingFixtureMessage('drone-photos', name));
const photo = (name: (typeof PHOTOS)[number]) => photoBytes[name]!;

/**
 * A picture that shows which way up it is: a red block in the top-left corner of a blue field, so a turn or a mirror
 * moves it. `width` × `height` as stored, in the sensor's order.
 */
function cornerPicture(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#1040c0' } }).composite([
    {
      input: {
        create: {
          width: Math.round(width * 0.4),
          height: Math.round(height * 0.3),
          channels: 3,
          background: '#e02020',
        },
      },
      left: 0,
      top: 0,
    },
  ]);
}

/** Mean absolute difference per channel between two pictures once both are brought to 64 × 64. */
async function difference(a: Buffer, b: Buffer): Promise<number> {
  const pixels = (image: Buffer) => sharp(image).resize(64, 64, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [left, right] = await Promise.all([pixels(a), pixels(b)]);
  return left.reduce((sum, value, index) => sum + Math.abs(value - right[index]!), 0) / left.length;
}

/** An inspection the team's inspector and viewer are members of. */
const buildInspection = (db: DatabaseHandle['db'], team: StaffedTeam) =>
  buildTeamInspection(db, {
    teamId: team.id,
    createdBy: team.admin.id,
    memberIds: [team.inspector.id, team.viewer.id],
  });

describe.each(backends())('%s: inspection photos over tus, their ingest and files', (backend) => {
  const served = servedApp(backend, 'photos');
  const { api, events } = served;

  async function scene(options: { volumeMaxGb?: number } = {}) {
    const team = await buildStaffedTeam(served.database.db, options);
    return { team, ...(await buildInspection(served.database.db, team)) };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  /** Creates a tus upload of `bytes` and sends them in one PATCH; answers both responses. */
  async function upload(current: Scene, name: string, bytes: Buffer, token = current.team.inspector.token) {
    const client = tusClient(served.baseUrl, token, INSPECTION_IMAGE_UPLOAD_PATH);
    const created = await client.create(bytes.length, {
      inspectionId: String(current.inspectionId),
      imageGroupId: String(current.groupId),
      category: 'normal',
      filename: name,
    });
    if (created.response.status !== 201) return { created: created.response, patched: null };
    const patched = await client.patch(created.url!, 0, bytes);
    return { created: created.response, patched };
  }

  const page = (current: Scene, body: Record<string, unknown> = {}, token = current.team.viewer.token) =>
    api<Page<InspectionImage>>('POST', '/api/inspection-image/findPage', token, {
      inspectionId: current.inspectionId,
      pageSize: 100,
      ...body,
    });

  /** Waits until every listed photo of the inspection has finished its ingest. */
  async function waitForIngest(current: Scene, count: number): Promise<InspectionImage[]> {
    const deadline = Date.now() + 40_000;
    for (;;) {
      const { data } = await page(current);
      const done = data.records.filter((image) => image.state !== 'uploaded');
      if (data.total === count && done.length === count) return data.records;
      if (Date.now() > deadline) {
        const jobs = await served.database.db.selectFrom('jobs').selectAll().where('name', '=', INGEST_JOB).execute();
        throw new Error(`ingest did not finish: ${JSON.stringify({ records: data.records, jobs })}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const uploadsDir = () => path.join(served.config.DATA_DIR, 'uploads', 'inspection-image');
  const uploadFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

  it.skipIf(missing.length > 0)(
    'ingests a batch: poses as the imagery package reads them, thumbnails behind signed links, photos without pose and a truncated one',
    async () => {
      const current = await scene();
      const full = photo('DJI_0012.JPG');
      const truncated = full.subarray(0, Math.floor(full.length * 0.6));
      const batch: Array<[string, Buffer]> = [
        ['DJI_0012.JPG', full],
        ['DJI_0030.JPG', photo('DJI_0030.JPG')],
        ['M3T_DJI_0001_R_pose-stripped.JPG', photo('M3T_DJI_0001_R_pose-stripped.JPG')],
        ['truncated.jpg', truncated],
      ];
      for (const [name, bytes] of batch) {
        const sent = await upload(current, name, bytes);
        expect(sent.created.status, name).toBe(201);
        expect(sent.patched?.status, name).toBe(204);
      }
      const images = await waitForIngest(current, batch.length);
      const byName = new Map(images.map((image) => [image.name, image]));

      // Every pose equals the imagery package's reading of the same bytes, field by field.
      for (const [name, bytes] of batch.slice(0, 3)) {
        const reading = await readPhotoMetadata(bytes);
        if (reading.kind !== 'photo') throw new Error(`${name} is not a photo`);
        const image = byName.get(name)!;
        expect(image.state, name).toBe('processed');
        expect(image.contentType).toBe('image/jpeg');
        expect(image.sizeBytes).toBe(bytes.length);
        expect(image.width).toBe(reading.metadata.width);
        if (reading.pose.ok) {
          expect(image.pose, name).toEqual(reading.pose.pose);
          expect(image.withoutPose).toBeNull();
        } else {
          expect(image.pose, name).toBeNull();
          expect(image.withoutPose).toEqual({ reason: reading.pose.reason, properties: reading.pose.properties });
        }
      }
      expect(byName.get('DJI_0012.JPG')!.pose).not.toBeNull();
      const reading0 = byName.get('DJI_0012.JPG')!;
      // The truncated photo ends failed with its translated reason; the rest of the batch is fine.
      const broken = byName.get('truncated.jpg')!;
      expect(broken).toMatchObject({ state: 'failed', errorKey: 'INSPECTION_IMAGE_DECODE_ERROR', thumbnailUrl: null });

      // Images without pose: the stripped photo with its reason, and the failed one; never a photo with a pose.
      const withoutPose = await api<Page<InspectionImage>>(
        'POST',
        '/api/inspection-image/page/img',
        current.team.viewer.token,
        {
          inspectionId: current.inspectionId,
        },
      );
      expect(withoutPose.code).toBe(2000);
      const stripped = withoutPose.data.records.find((image) => image.name === 'M3T_DJI_0001_R_pose-stripped.JPG');
      expect(stripped?.withoutPose?.reason).toBeTruthy();
      expect(withoutPose.data.records.map((image) => image.name).sort()).toEqual(
        images
          .filter((image) => image.pose === null)
          .map((image) => image.name)
          .sort(),
      );
      expect((await page(current, { hasPose: true })).data.records.every((image) => image.pose !== null)).toBe(true);

      // One photo with its metadata.
      const detail = await api<InspectionImageDetail>(
        'GET',
        `/api/inspection-image/${byName.get('DJI_0012.JPG')!.id}`,
        current.team.viewer.token,
      );
      expect(detail.data.metadata).toMatchObject({ contentType: 'image/jpeg', make: expect.any(String) });

      // Thumbnails and previews are served with a signed link to the inspection's folder.
      const folder = `/api/inspection-image/files/${current.inspectionId}/`;
      const link = await api<FileLink>(
        'GET',
        `/api/web/file-link?folder=${encodeURIComponent(folder)}`,
        current.team.viewer.token,
      );
      expect(link.code).toBe(2000);
      const thumb = await fetch(`${served.baseUrl}${byName.get('DJI_0012.JPG')!.thumbnailUrl}?${link.data.query}`);
      expect(thumb.status).toBe(200);
      expect(thumb.headers.get('content-type')).toContain('image/jpeg');
      const size = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
      expect(Math.max(size.width ?? 0, size.height ?? 0)).toBe(256);
      const preview = await fetch(`${served.baseUrl}${byName.get('DJI_0012.JPG')!.previewUrl}?${link.data.query}`);
      expect(preview.status).toBe(200);
      const previewBytes = Buffer.from(await preview.arrayBuffer());
      // The photo's MPF preview (960 × 540) is below the product's 1024 px: the preview comes from the original.
      expect(mpfImages(full)).toMatchObject([{ width: 960 }]);
      expect(previewBytes.equals(mpfImages(full)[0]!.bytes)).toBe(false);
      const previewSize = await sharp(previewBytes).metadata();
      expect(Math.max(previewSize.width ?? 0, previewSize.height ?? 0)).toBe(
        previewLongSide(reading0.width ?? 0, reading0.height ?? 0, {
          minimum: INSPECTION_IMAGE_PREVIEW_MIN_PX,
          maximum: INSPECTION_IMAGE_PREVIEW_PX,
        }),
      );
      const original = await fetch(`${served.baseUrl}${byName.get('DJI_0012.JPG')!.originalUrl}?${link.data.query}`);
      expect(Buffer.from(await original.arrayBuffer()).equals(full)).toBe(true);
      expect((await fetch(`${served.baseUrl}${byName.get('DJI_0012.JPG')!.thumbnailUrl}`)).status).toBe(401);

      // Progress reached the project's members on the event stream: counts go out at most four times a second, so
      // the last ones follow the last photo's ingest within a quarter of a second.
      const last = () =>
        events
          .filter((event) => event.name === INSPECTION_IMAGES_EVENT && event.userId === current.team.viewer.id)
          .map((event) => event.value as InspectionImagesEvent)
          .filter((value) => value.inspectionId === current.inspectionId)
          .at(-1);
      await vi.waitFor(
        () => expect(last()).toEqual({ inspectionId: current.inspectionId, uploaded: 4, processed: 3, failed: 1 }),
        { timeout: 5_000 },
      );

      // The bytes count against the team; a group holding photos cannot be deleted.
      const total = batch.reduce((sum, [, bytes]) => sum + bytes.length, 0);
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(total);
      const removeGroup = await api(
        'DELETE',
        `/api/inspection-image-group/${current.groupId}`,
        current.team.admin.token,
      );
      expect(removeGroup.msg).toBe('INSPECTION_IMAGE_GROUP_HAS_IMAGES');
      expect(uploadFiles()).toEqual([]);

      // Deleting photos frees their bytes and their files.
      const gone = byName.get('DJI_0012.JPG')!;
      expect((await api('DELETE', `/api/inspection-image/${gone.id}`, current.team.viewer.token)).msg).toBe('NO_AUTH');
      expect((await api('DELETE', `/api/inspection-image/${gone.id}`, current.team.inspector.token)).code).toBe(2000);
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(total - full.length);
      expect((await fetch(`${served.baseUrl}${gone.thumbnailUrl}?${link.data.query}`)).status).toBe(404);
      const rest = images.filter((image) => image.id !== gone.id).map((image) => image.id);
      const batchDelete = await api('DELETE', '/api/inspection-image/batch', current.team.inspector.token, {
        ids: rest,
      });
      expect(batchDelete).toMatchObject({ code: 2000, data: { deleted: 3 } });
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(0);
      expect(
        (await api('DELETE', `/api/inspection-image-group/${current.groupId}`, current.team.admin.token)).code,
      ).toBe(2000);
    },
  );

  it("makes the preview from the camera's embedded one when it can stand for the photo, upright, else from the original", async () => {
    const current = await scene();
    // 2600 × 1950: a preview of 1300 px from the original; a 1600 × 1200 embedded one is used at its own size.
    const original = (orientation: number) =>
      cornerPicture(2600, 1950).jpeg({ quality: 90 }).withMetadata({ orientation }).toBuffer();
    const embedded = await cornerPicture(1600, 1200).jpeg({ quality: 90 }).toBuffer();
    const orientations = [1, 2, 3, 4, 5, 6, 7, 8];
    const batch: Array<[string, Buffer]> = [
      ...(await Promise.all(
        orientations.map(async (n): Promise<[string, Buffer]> => [
          `turned-${n}.jpg`,
          withMpfPreview(await original(n), embedded),
        ]),
      )),
      // A preview cut short (its index telling its true, short length) and a photo without one.
      ['cut-preview.jpg', withMpfPreview(await original(1), embedded.subarray(0, Math.floor(embedded.length * 0.7)))],
      ['plain.jpg', await original(1)],
    ];
    for (const [name, bytes] of batch) expect((await upload(current, name, bytes)).patched?.status, name).toBe(204);
    const images = await waitForIngest(current, batch.length);
    const stored = async (name: string) => {
      const image = images.find((candidate) => candidate.name === name)!;
      expect(image.state, name).toBe('processed');
      const row = await served.database.db
        .selectFrom('inspection_images')
        .select('storage_key')
        .where('id', '=', image.id)
        .executeTakeFirstOrThrow();
      const file = (suffix: string) =>
        fs.readFileSync(path.join(served.config.FILES_DIR, `${row.storage_key}${suffix}`));
      return { preview: file('preview.jpg'), thumbnail: file('thumbnail.jpg') };
    };
    const size = async (bytes: Buffer) => {
      const { width, height } = await sharp(bytes).metadata();
      return [width, height];
    };

    // Upright as it is: the camera's preview is stored as the camera wrote it.
    const upright = await stored('turned-1.jpg');
    expect(upright.preview.equals(embedded)).toBe(true);
    expect(await size(upright.thumbnail)).toEqual([256, 192]);
    // Turned or mirrored: the embedded preview, at its size, turned as sharp turns the original by its orientation.
    for (const n of orientations.slice(1)) {
      const { preview, thumbnail } = await stored(`turned-${n}.jpg`);
      const turnsAQuarter = n >= 5;
      expect(await size(preview), String(n)).toEqual(turnsAQuarter ? [1200, 1600] : [1600, 1200]);
      expect(await size(thumbnail), String(n)).toEqual(turnsAQuarter ? [192, 256] : [256, 192]);
      const reference = await sharp(await original(n))
        .rotate()
        .toBuffer();
      expect(await difference(preview, reference), String(n)).toBeLessThan(4);
    }
    // A wrong turn would show: the corner block lands elsewhere.
    expect(
      await difference(
        (await stored('turned-6.jpg')).preview,
        await sharp(await original(8))
          .rotate()
          .toBuffer(),
      ),
    ).toBeGreaterThan(20);

    // No usable embedded preview: made from the original, at the original's size rule, as before.
    for (const name of ['cut-preview.jpg', 'plain.jpg']) {
      const { preview } = await stored(name);
      expect(await size(preview), name).toEqual([1300, 975]);
      expect(await difference(preview, await original(1)), name).toBeLessThan(4);
    }
  });

  it('refuses a text file named .jpg, an oversized photo, a full quota and a name already there, storing nothing', async () => {
    const current = await scene();
    const text = Buffer.from('this is not a photo, whatever its name says\n'.repeat(20));
    const refused = await upload(current, 'notes.jpg', text);
    expect(refused.created.status).toBe(201);
    expect(await tusErrorKey(refused.patched!)).toBe('FILE_TYPE_ERROR');
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(0);
    expect((await page(current)).data.total).toBe(0);
    expect(uploadFiles()).toEqual([]);

    const client = tusClient(served.baseUrl, current.team.inspector.token, INSPECTION_IMAGE_UPLOAD_PATH);
    const metadata = {
      inspectionId: String(current.inspectionId),
      imageGroupId: String(current.groupId),
      filename: 'big.jpg',
    };
    const tooLarge = await client.create(LIMITS.singleFileBytes + 1, metadata);
    expect(tooLarge.response.status).toBe(413);
    expect(await tusErrorKey(tooLarge.response)).toBe('FILE_TOO_LARGE');

    // Over the team's quota: refused at creation, before a byte is sent.
    await served.database.db
      .updateTable('teams')
      .set({ volume_used_bytes: String(10 * 1024 ** 3 - 1000) })
      .where('id', '=', current.team.id)
      .execute();
    const full = await client.create(5000, { ...metadata, filename: 'full.jpg' });
    expect(await tusErrorKey(full.response)).toBe('TEAM_VOLUME_EXCEED');
    await served.database.db
      .updateTable('teams')
      .set({ volume_used_bytes: '0' })
      .where('id', '=', current.team.id)
      .execute();
    expect(uploadFiles()).toEqual([]);

    // A viewer may not upload; a group of another inspection is refused.
    const viewer = tusClient(served.baseUrl, current.team.viewer.token, INSPECTION_IMAGE_UPLOAD_PATH);
    expect((await viewer.create(100, metadata)).response.status).toBe(403);
    const other = await buildInspection(served.database.db, current.team);
    expect(
      await tusErrorKey((await client.create(100, { ...metadata, imageGroupId: String(other.groupId) })).response),
    ).toBe('INSPECTION_IMAGE_GROUP_NOT_EXISTING');

    // A name someone else is uploading is refused.
    const twice = { ...metadata, filename: 'twice.jpg' };
    const first = await client.create(100, twice);
    expect(first.response.status).toBe(201);
    const admin = tusClient(served.baseUrl, current.team.admin.token, INSPECTION_IMAGE_UPLOAD_PATH);
    expect(await tusErrorKey((await admin.create(100, twice)).response)).toBe('INSPECTION_IMAGE_NAME_EXISTING');
    // The same person starting it again (a browser that lost the upload's address) takes the name over: the old
    // upload goes, with its reservation and its file.
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(100);
    const again = await client.create(100, twice);
    expect(again.response.status).toBe(201);
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(100);
    expect((await client.head(first.url!)).response.status).toBe(404);
    expect(uploadFiles().filter((file) => !file.endsWith('.json'))).toHaveLength(1);
    // Cancelling frees its reservation and its name.
    expect((await client.remove(again.url!)).status).toBe(204);
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(0);
    expect((await admin.create(100, twice)).response.status).toBe(201);
  });

  it.skipIf(missing.length > 0)(
    'finishes an upload whose bytes all arrived just before the server stopped, when its client asks where to resume',
    async () => {
      const current = await scene();
      const bytes = photo('DJI_0030.JPG');
      const client = tusClient(served.baseUrl, current.team.inspector.token, INSPECTION_IMAGE_UPLOAD_PATH);
      const created = await client.create(bytes.length, {
        inspectionId: String(current.inspectionId),
        imageGroupId: String(current.groupId),
        filename: 'stranded.JPG',
      });
      const cut = bytes.length - 1000;
      expect((await client.patch(created.url!, 0, bytes.subarray(0, cut))).status).toBe(204);
      // The last bytes written straight into the upload's file: what a PATCH that stored them and died before
      // completing the upload leaves behind.
      const uploadId = new URL(created.url!).pathname.split('/').pop()!;
      fs.appendFileSync(path.join(uploadsDir(), uploadId), bytes.subarray(cut));
      expect((await page(current)).data.total).toBe(0);

      // The client comes back and asks for the offset: the upload is finished then, and is gone from the uploads.
      expect((await client.head(created.url!)).response.status).toBe(404);
      const [image] = await waitForIngest(current, 1);
      expect(image).toMatchObject({ name: 'stranded.JPG', state: 'processed', sizeBytes: bytes.length });
      const row = await served.database.db
        .selectFrom('inspection_images')
        .select('storage_key')
        .where('id', '=', image!.id)
        .executeTakeFirstOrThrow();
      expect(fs.readFileSync(path.join(served.config.FILES_DIR, `${row.storage_key}original`)).equals(bytes)).toBe(
        true,
      );
      expect(uploadFiles().filter((file) => file.startsWith(uploadId))).toEqual([]);
      // Starting it afresh (a client that lost the address) finds it there.
      const anew = await client.create(bytes.length, {
        inspectionId: String(current.inspectionId),
        imageGroupId: String(current.groupId),
        filename: 'stranded.JPG',
      });
      expect(await tusErrorKey(anew.response)).toBe('INSPECTION_IMAGE_NAME_EXISTING');
    },
  );

  it.skipIf(missing.length > 0)(
    'counts photos in the bin and frees their bytes when the inspection is purged',
    async () => {
      const current = await scene();
      const bytes = photo('DJI_0012.JPG');
      expect((await upload(current, 'binned.JPG', bytes)).patched?.status).toBe(204);
      const [image] = await waitForIngest(current, 1);
      const row = await served.database.db
        .selectFrom('inspection_images')
        .select('storage_key')
        .where('id', '=', image!.id)
        .executeTakeFirstOrThrow();
      const stored = (name: string) => fs.existsSync(path.join(served.config.FILES_DIR, `${row.storage_key}${name}`));
      expect(['original', 'thumbnail.jpg', 'preview.jpg'].map(stored)).toEqual([true, true, true]);

      const token = current.team.admin.token;
      expect((await api('DELETE', `/api/inspection-task?id=${current.inspectionId}`, token)).code).toBe(2000);
      const item = await served.database.db
        .selectFrom('recycle_items')
        .select(['id', 'size_bytes'])
        .where('kind', '=', 'inspection')
        .where('entity_id', '=', current.inspectionId)
        .executeTakeFirstOrThrow();
      expect(Number(item.size_bytes)).toBe(bytes.length);
      const purged = await api('POST', '/api/transaction/data/delete', token, {
        ids: [item.id],
        password: TEST_PASSWORD,
      });
      expect(purged.code).toBe(2000);
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(0);
      expect(['original', 'thumbnail.jpg', 'preview.jpg'].map(stored)).toEqual([false, false, false]);
    },
  );

  it.skipIf(missing.length > 0)('processes a photo once, across a restart of the job queue', async () => {
    const current = await scene();
    const bytes = photo('DJI_0030.JPG');
    expect((await upload(current, 'once.JPG', bytes)).patched?.status).toBe(204);
    // The server stops as soon as the ingest has been claimed (running, or already done): a clean shutdown queues a
    // running job again and the next start runs it. (A delivery fetched but not yet claimed when the process stops
    // waits for the queue's own expiry: see the report of the photo slice.)
    const claimed = async () => {
      const rows = await served.database.db
        .selectFrom('jobs as j')
        .innerJoin('inspection_images as img', (join) => join.on(sql`j.singleton_key`, '=', sql`'image-' || img.id`))
        .select('j.state')
        .where('img.inspection_id', '=', current.inspectionId)
        .execute();
      return rows.some((row) => row.state !== 'queued');
    };
    for (let tries = 0; !(await claimed()); tries += 1) {
      if (tries > 1000) throw new Error('the ingest was never claimed');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await served.restart();
    const [image] = await waitForIngest(current, 1);
    const jobsOf = () =>
      served.database.db
        .selectFrom('jobs')
        .select(['id', 'state', 'result'])
        .where('name', '=', INGEST_JOB)
        .where('singleton_key', '=', `image-${image!.id}`)
        .orderBy('created_at')
        .execute();
    expect(await jobsOf()).toEqual([expect.objectContaining({ state: 'done', result: { state: 'processed' } })]);
    const imageRow = () =>
      served.database.db
        .selectFrom('inspection_images')
        .selectAll()
        .where('id', '=', image!.id)
        .executeTakeFirstOrThrow();
    const before = await imageRow();
    const thumbnailKey = `${before.storage_key}thumbnail.jpg`;
    const thumbnailTime = fs.statSync(path.join(served.config.FILES_DIR, thumbnailKey)).mtimeMs;

    // The same photo's job delivered again (as by another process's enqueue): it finds the photo done.
    const other = createJobQueue({ database: served.database, log: pino({ level: 'silent' }), work: false });
    other.register(
      defineJob({
        name: INGEST_JOB,
        version: 1,
        payload: z.object({ imageId: z.number() }),
        handler: async () => null,
      }),
    );
    await other.start();
    try {
      await other.enqueue(INGEST_JOB, { imageId: image!.id }, { singletonKey: `image-${image!.id}` });
    } finally {
      await other.stop();
    }
    const deadline = Date.now() + 30_000;
    while ((await jobsOf()).some((job) => job.state !== 'done')) {
      if (Date.now() > deadline) throw new Error(`the second delivery never ran: ${JSON.stringify(await jobsOf())}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await jobsOf()).toHaveLength(2);
    expect(await imageRow()).toEqual(before);
    expect(fs.statSync(path.join(served.config.FILES_DIR, thumbnailKey)).mtimeMs).toBe(thumbnailTime);
  });
});
