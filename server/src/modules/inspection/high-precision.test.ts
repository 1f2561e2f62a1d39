import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  HIGH_PRECISION_EVENT,
  INSPECTION_IMAGE_UPLOAD_PATH,
  LIMITS,
  POINT_CLOUD_UPLOAD_PATH,
  type HighPrecisionEvent,
  type HighPrecisionImport,
  type InspectionImage,
  type Page,
  type PointCloud,
} from '@sightline/shared';
import { parsePoseExport } from '@sightline/imagery';
import { djiPoseAttributes, withDjiXmp } from '@sightline/imagery/synthetic-photo';
import { missingFixtureMessage, readFixture } from '@sightline/imagery/test-fixtures';
import { backends } from '../../../test/harness.js';
import { buildInspection as buildTeamInspection } from '../../../test/factories/inspection.js';
import { tusClient, tusErrorKey } from '../../../test/factories/project-model.js';
import { buildOutsider } from '../../../test/factories/project.js';
import { buildStaffedTeam, DAY_MS, setFunction, teamUsedBytes } from '../../../test/factories/team.js';
import { TEST_PASSWORD } from '../../../test/factories/user.js';
import { servedApp } from '../../../test/served-app.js';
import { HIGH_PRECISION_JOB } from './high-precision.service.js';

const CAMERAS = ['photogrammetry-poses', 'metashape', 'cameras.xml'];
const camerasXml = readFixture(...CAMERAS)?.toString('utf8') ?? null;
if (!camerasXml) console.warn(missingFixtureMessage(...CAMERAS));
const BUNNY = ['pointclouds-pcd', 'bunny.pcd'];
const bunny = readFixture(...BUNNY);
if (!bunny) console.warn(missingFixtureMessage(...BUNNY));

const LOCAL_REFERENCE = /<reference>LOCAL_CS\[[^\n]*<\/reference>/;

/**
 * The fixture's chunk georeferenced here: a chunk transform whose rotation has east-north-up axes at a point near
 * Minsk and whose translation is that point in ECEF, with a WGS84 reference. The cameras' own transforms are the
 * file's: the poses are those of the real (turntable) alignment, placed on the earth.
 */
function georeferenced(xml: string): string {
  const [lat, lon, h] = [(53.9188 * Math.PI) / 180, (27.5767 * Math.PI) / 180, 200];
  const a = 6378137;
  const e2 = 6.69437999014e-3;
  const n = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  const origin = [
    (n + h) * Math.cos(lat) * Math.cos(lon),
    (n + h) * Math.cos(lat) * Math.sin(lon),
    (n * (1 - e2) + h) * Math.sin(lat),
  ];
  const east = [-Math.sin(lon), Math.cos(lon), 0];
  const north = [-Math.sin(lat) * Math.cos(lon), -Math.sin(lat) * Math.sin(lon), Math.cos(lat)];
  const up = [Math.cos(lat) * Math.cos(lon), Math.cos(lat) * Math.sin(lon), Math.sin(lat)];
  const rotation = [0, 1, 2].flatMap((i) => [east[i], north[i], up[i]]).join(' ');
  const wgs84 =
    'GEOGCS["WGS 84",DATUM["World Geodetic System 1984",SPHEROID["WGS 84",6378137,298.257223563]],PRIMEM["Greenwich",0],UNIT["degree",0.0174532925199433],AUTHORITY["EPSG","4326"]]';
  return xml.replace(
    LOCAL_REFERENCE,
    `<transform><rotation>${rotation}</rotation><translation>${origin.join(' ')}</translation><scale>1</scale></transform>` +
      `<reference>${wgs84}</reference>`,
  );
}

/** The camera `label` loses its transform: an entry the alignment did not orient. */
const unoriented = (xml: string, label: string) =>
  xml.replace(new RegExp(`(<camera [^>]*label="${label}"[^>]*>\\s*)<transform>[^<]*</transform>`), '$1');

const METADATA_XML =
  '<?xml version="1.0" encoding="utf-8"?>\n<ModelMetadata version="1">\n  <SRS>EPSG:4547</SRS>\n  <SRSOrigin>500000,3400000,0</SRSOrigin>\n</ModelMetadata>\n';

describe.each(backends())('%s: high-precision transform and point cloud', (backend) => {
  let jpeg: Buffer;
  const served = servedApp(backend, 'high-precision');
  const { api, events } = served;

  /** A staffed team with the high-precision function package, and an inspection of a high-precision project. */
  async function scene(options: { feature?: boolean; flag?: boolean } = {}) {
    const team = await buildStaffedTeam(served.database.db);
    if (options.feature !== false) {
      await setFunction(served.database.db, {
        teamId: team.id,
        code: 'high_precision',
        activatedAt: new Date(),
        expiresAt: new Date(Date.now() + 30 * DAY_MS),
      });
    }
    const built = await buildTeamInspection(served.database.db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    });
    await served.database.db
      .updateTable('projects')
      .set({ high_precision: options.flag !== false })
      .where('id', '=', built.projectId)
      .execute();
    return { team, ...built };
  }
  type Scene = Awaited<ReturnType<typeof scene>>;

  async function init(
    current: Scene,
    xml: string | Buffer,
    options: { imageNames?: string[]; confirm?: boolean; token?: string } = {},
  ) {
    const form = new FormData();
    if (options.imageNames) form.append('imageNames', JSON.stringify(options.imageNames));
    form.append('file', new Blob([xml]), 'cameras.xml');
    const query = `inspectionId=${current.inspectionId}${options.confirm ? '&confirm=true' : ''}`;
    const response = await fetch(`${served.baseUrl}/api/model-image/init?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token ?? current.team.inspector.token}` },
      body: form,
    });
    return (await response.json()) as {
      code: number;
      msg: string;
      data: HighPrecisionImport & Record<string, unknown>;
    };
  }

  const find = (current: Scene, token = current.team.viewer.token) =>
    api<HighPrecisionImport | null>('GET', `/api/model-image/find?inspectionId=${current.inspectionId}`, token);
  const start = (current: Scene, token = current.team.inspector.token) =>
    api<HighPrecisionImport>('POST', '/api/model-image/upload', token, { inspectionId: current.inspectionId });

  async function uploadPhoto(current: Scene, name: string, bytes = jpeg) {
    const client = tusClient(served.baseUrl, current.team.inspector.token, INSPECTION_IMAGE_UPLOAD_PATH);
    const created = await client.create(bytes.length, {
      inspectionId: String(current.inspectionId),
      imageGroupId: String(current.groupId),
      category: 'normal',
      filename: name,
    });
    expect(created.response.status, name).toBe(201);
    expect((await client.patch(created.url!, 0, bytes)).status, name).toBe(204);
  }

  async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 40_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  const photos = async (current: Scene) =>
    (
      await api<Page<InspectionImage>>('POST', '/api/inspection-image/findPage', current.team.viewer.token, {
        inspectionId: current.inspectionId,
        pageSize: 100,
      })
    ).data.records;

  const finished = async (current: Scene): Promise<HighPrecisionImport> =>
    (await waitFor(
      'the computation did not end',
      async () => (await find(current)).data,
      (row) => row?.state === 'calculated' || row?.state === 'exception',
    ))!;

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer();
  });

  it.skipIf(!camerasXml)(
    'imports the Metashape export for a folder, waits for its photos, writes the poses the parser reads, and deleting it gives the old poses back',
    async () => {
      const current = await scene();
      const xml = georeferenced(camerasXml!);
      const expected = parsePoseExport(xml);
      const folder = ['001.JPG', '002.JPG', '003.JPG', '004.JPG', '005.JPG'];

      // Five photos of 94: the dialog asks first, then continues.
      const asked = await init(current, xml, { imageNames: folder });
      expect(asked.msg).toBe('HIGH_PRECISION_FEWER_IMAGES');
      expect(asked.data).toMatchObject({ images: 5, entries: 94 });
      const imported = await init(current, xml, { imageNames: folder, confirm: true });
      expect(imported.msg).toBe('success');
      expect(imported.data).toMatchObject({
        format: 'metashape',
        coordinateReference: { kind: 'ecef' },
        exportCount: 94,
        matchedCount: 5,
        missingImages: folder,
        state: 'pending',
      });

      // Not every photo is in yet: the computation cannot start.
      const photoWithPose = withDjiXmp(
        jpeg,
        djiPoseAttributes({ latitude: 53.9, longitude: 27.5, altitude: 250, yaw: 10, pitch: -45, roll: 0 }),
      );
      await uploadPhoto(current, '001.JPG', photoWithPose);
      expect((await start(current)).msg).toBe('PROJECT_PRECISION_INCOMPLETE');
      for (const name of folder.slice(1)) await uploadPhoto(current, name);
      expect((await find(current)).data?.missingImages).toEqual([]);

      const started = await start(current);
      expect(started.msg).toBe('success');
      expect(started.data.state).toBe('queuing');
      const done = await finished(current);
      expect(done).toMatchObject({
        state: 'calculated',
        progress: 1,
        computedCount: 5,
        failedCount: 0,
        errorKey: null,
      });

      const byName = new Map((await photos(current)).map((image) => [image.name, image]));
      for (const name of folder) {
        const pose = expected.photos.find((photo) => photo.name === name.replace('.JPG', ''))!.pose!;
        expect(byName.get(name)?.pose, name).toEqual({
          longitude: pose.longitude,
          latitude: pose.latitude,
          altitude: pose.height,
          pitch: pose.pitch,
          yaw: pose.yaw,
          roll: pose.roll,
        });
      }
      const history = await served.database.db
        .selectFrom('inspection_image_poses')
        .select(['image_id', 'source', 'intrinsics', 'longitude'])
        .where(
          'image_id',
          'in',
          [...byName.values()].map((image) => image.id),
        )
        .orderBy('id')
        .execute();
      const fromExport = history.filter((row) => row.source === 'highPrecision');
      expect(fromExport).toHaveLength(5);
      expect(fromExport[0]?.intrinsics).toMatchObject({ width: 5184, height: 3456, distortionConvention: 'metashape' });
      // Users saw the computation move on.
      const states = events
        .filter((event) => event.name === HIGH_PRECISION_EVENT && event.userId === current.team.viewer.id)
        .map((event) => (event.value as HighPrecisionEvent).state);
      expect(states).toEqual(expect.arrayContaining(['pending', 'queuing', 'calculating', 'calculated']));

      // Deleting the import takes its poses back: 001 has its metadata pose again, the others none.
      const removed = await api<{ restoredImages: number }>(
        'DELETE',
        `/api/model-image/${done.id}`,
        current.team.inspector.token,
      );
      expect(removed.data).toEqual({ restoredImages: 5 });
      const after = new Map((await photos(current)).map((image) => [image.name, image]));
      expect(after.get('001.JPG')?.pose).toMatchObject({ latitude: 53.9, longitude: 27.5, altitude: 250, yaw: 10 });
      expect(after.get('002.JPG')?.pose).toBeNull();
      expect((await find(current)).data).toBeNull();
    },
  );

  it.skipIf(!camerasXml)(
    'ends in exception: a local frame names its reference, and photos the export did not orient are counted',
    async () => {
      const local = await scene();
      await uploadPhoto(local, '001.JPG');
      expect((await init(local, camerasXml!, { confirm: true })).msg).toBe('success');
      expect((await start(local)).msg).toBe('success');
      const ended = await finished(local);
      expect(ended).toMatchObject({ state: 'exception', errorKey: 'HIGH_PRECISION_NO_GEOREFERENCE', computedCount: 0 });
      expect(ended.errorParams?.reference).toMatch(/^LOCAL_CS/);
      expect((await photos(local))[0]?.pose).toBeNull();

      const partly = await scene();
      for (const name of ['001.JPG', '002.JPG']) await uploadPhoto(partly, name);
      const xml = unoriented(georeferenced(camerasXml!), '002');
      expect(parsePoseExport(xml).photos.find((photo) => photo.name === '002')?.pose).toBeNull();
      expect((await init(partly, xml, { confirm: true })).msg).toBe('success');
      expect((await start(partly)).msg).toBe('success');
      expect(await finished(partly)).toMatchObject({
        state: 'exception',
        errorKey: 'HIGH_PRECISION_IMAGES_FAILED',
        errorParams: { count: 1 },
        computedCount: 1,
        failedCount: 1,
      });
    },
  );

  it.skipIf(!camerasXml)(
    'refuses a mismatch naming the images, a different XML on resume, and each unreadable XML with its own error',
    async () => {
      const current = await scene();
      const xml = georeferenced(camerasXml!);
      const mismatch = await init(current, xml, { imageNames: ['001.JPG', 'IMG_9999.JPG'], confirm: true });
      expect(mismatch.msg).toBe('HIGH_PRECISION_XML_MISMATCH');
      expect(mismatch.data).toMatchObject({ imagesMissingFromExport: ['IMG_9999.JPG'] });
      // Without a folder the inspection's photos are matched: none.
      expect((await init(current, xml, { confirm: true })).msg).toBe('HIGH_PRECISION_XML_MISMATCH');

      expect((await init(current, xml, { imageNames: ['001.JPG'], confirm: true })).msg).toBe('success');
      const other = await init(current, camerasXml!, { imageNames: ['001.JPG'], confirm: true });
      expect(other.msg).toBe('HIGH_PRECISION_CHECKSUM_MISMATCH');
      // The same XML resumes, with the folder chosen now.
      const resumed = await init(current, xml, { imageNames: ['001.JPG', '002.JPG'], confirm: true });
      expect(resumed.data).toMatchObject({ matchedCount: 2, missingImages: ['001.JPG', '002.JPG'] });

      // The inspection purged on its own from the recycle bin takes its stored XML with it.
      const { xml_key: xmlKey } = await served.database.db
        .selectFrom('high_precision_imports')
        .select('xml_key')
        .where('inspection_id', '=', current.inspectionId)
        .executeTakeFirstOrThrow();
      expect(fs.existsSync(path.join(served.config.FILES_DIR, xmlKey))).toBe(true);
      const token = current.team.admin.token;
      expect((await api('DELETE', `/api/inspection-task?id=${current.inspectionId}`, token)).code).toBe(2000);
      const binned = await served.database.db
        .selectFrom('recycle_items')
        .select('id')
        .where('kind', '=', 'inspection')
        .where('entity_id', '=', current.inspectionId)
        .executeTakeFirstOrThrow();
      const purged = await api('POST', '/api/transaction/data/delete', token, {
        ids: [binned.id],
        password: TEST_PASSWORD,
      });
      expect(purged.code).toBe(2000);
      expect(fs.existsSync(path.join(served.config.FILES_DIR, xmlKey))).toBe(false);

      const fresh = await scene();
      const unreadable: Array<[string, string, string | null]> = [
        ['<document><chunk>', 'HIGH_PRECISION_XML_NOT_XML', null],
        ['<?xml version="1.0"?><model/>', 'HIGH_PRECISION_XML_UNKNOWN_FORMAT', null],
        ['<document version="1.5.0"/>', 'HIGH_PRECISION_XML_MISSING_ELEMENT', 'document/chunk'],
        [
          camerasXml!.replace(/<f>8397\.0800252741<\/f>/, '<f>eight</f>'),
          'HIGH_PRECISION_XML_BAD_VALUE',
          'sensor[@id=0]/calibration/f',
        ],
        ['<document><chunk><cameras/></chunk></document>', 'HIGH_PRECISION_XML_NO_PHOTOS', 'chunk/cameras/camera'],
      ];
      for (const [text, key, attribute] of unreadable) {
        const answer = await init(fresh, text, { imageNames: ['001.JPG'], confirm: true });
        expect(answer.msg, key).toBe(key);
        expect(answer.data, key).toMatchObject({ attribute });
      }
      expect((await find(fresh)).data).toBeNull();
    },
  );

  it.skipIf(!camerasXml)('cancel moves through canceling back to pending', async () => {
    const current = await scene();
    await uploadPhoto(current, '001.JPG');
    await waitFor(
      'ingest',
      () => photos(current),
      (list) => list[0]?.state === 'processed',
    );
    // A second matched photo stays in its ingest (its job never runs), so the computation waits, queuing.
    await served.database.db
      .insertInto('inspection_images')
      .values({
        inspection_id: current.inspectionId,
        image_group_id: current.groupId,
        name: '002.JPG',
        size_bytes: 10,
        stored_bytes: 0,
        storage_key: 'nowhere/',
        state: 'uploaded',
      })
      .execute();
    expect((await init(current, georeferenced(camerasXml!), { confirm: true })).data.matchedCount).toBe(2);
    const started = await start(current);
    expect(started.data.state).toBe('queuing');
    expect((await start(current)).msg).toBe('HIGH_PRECISION_BUSY');
    const cancelled = await api<HighPrecisionImport>('POST', '/api/model-image/cancel', current.team.inspector.token, {
      inspectionId: current.inspectionId,
    });
    expect(cancelled.data).toMatchObject({ state: 'pending', computedCount: 0 });
    // Everyone who sees the inspection was told, in order.
    const states = await waitFor(
      'the cancel was not told',
      async () =>
        events
          .filter((event) => event.name === HIGH_PRECISION_EVENT && event.userId === current.team.inspector.id)
          .map((event) => (event.value as HighPrecisionEvent).state),
      (told) => told.at(-1) === 'pending',
    );
    expect(states.slice(-3)).toEqual(['queuing', 'canceling', 'pending']);
    const job = await served.database.db
      .selectFrom('jobs')
      .select('state')
      .where('name', '=', HIGH_PRECISION_JOB)
      .where('singleton_key', '=', `high-precision-${started.data.id}`)
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('cancelled');
    expect((await photos(current)).every((image) => image.pose === null)).toBe(true);
  });

  it.skipIf(!camerasXml)('computes once across a restart of the job queue', async () => {
    const current = await scene();
    const folder = ['001.JPG', '002.JPG', '003.JPG'];
    for (const name of folder) await uploadPhoto(current, name);
    await waitFor(
      'ingest',
      () => photos(current),
      (list) => list.every((image) => image.state === 'processed'),
    );
    expect((await init(current, georeferenced(camerasXml!), { confirm: true })).msg).toBe('success');
    const started = await start(current);
    // The server stops as soon as the computation has been claimed (running, or already done): a clean shutdown
    // queues a running job again and the next start runs it from the beginning.
    await waitFor(
      'the computation was never claimed',
      () =>
        served.database.db
          .selectFrom('jobs')
          .select('state')
          .where('name', '=', HIGH_PRECISION_JOB)
          .where('singleton_key', '=', `high-precision-${started.data.id}`)
          .executeTakeFirst(),
      (job) => job !== undefined && job.state !== 'queued',
    );
    await served.restart();
    const done = await finished(current);
    expect(done).toMatchObject({ state: 'calculated', computedCount: 3 });
    const rows = await served.database.db
      .selectFrom('inspection_image_poses')
      .select('image_id')
      .where('high_precision_import_id', '=', done.id)
      .execute();
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((row) => row.image_id)).size).toBe(3);
  });

  it.skipIf(!bunny)(
    'stores a point cloud (.xml then .pcd), refuses other content, an oversized one and a .pcd without its .xml',
    async () => {
      const current = await scene();
      const pcdInit = async (xml: string, token = current.team.inspector.token) => {
        const form = new FormData();
        form.append('file', new Blob([xml]), 'metadata.xml');
        const response = await fetch(`${served.baseUrl}/api/model-image/pcd/init?projectId=${current.projectId}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        return (await response.json()) as { code: number; msg: string; data: PointCloud };
      };
      const client = tusClient(served.baseUrl, current.team.inspector.token, POINT_CLOUD_UPLOAD_PATH);
      const usedBefore = await teamUsedBytes(served.database.db, current.team.id);

      expect((await pcdInit('<ModelMetadata><SRS/></ModelMetadata>')).msg).toBe('POINT_CLOUD_XML_ERROR');
      expect((await pcdInit('not xml <')).msg).toBe('POINT_CLOUD_XML_ERROR');
      // A .pcd whose .xml was never sent.
      const orphan = await client.create(bunny!.length, { pointCloudId: '999999', filename: 'bunny.pcd' });
      expect(orphan.response.status).toBe(400);
      expect(await tusErrorKey(orphan.response)).toBe('POINT_CLOUD_XML_MISSING');

      const cloud = await pcdInit(METADATA_XML);
      expect(cloud.data).toMatchObject({ state: 'uploading', srs: 'EPSG:4547', origin: [500000, 3400000, 0] });
      const tooLarge = await client.create(LIMITS.pointCloudMaxBytes + 1, {
        pointCloudId: String(cloud.data.id),
        filename: 'big.pcd',
      });
      expect(tooLarge.response.status).toBe(413);
      expect(await tusErrorKey(tooLarge.response)).toBe('POINT_CLOUD_TOO_LARGE');

      const text = Buffer.from('x y z\n1 2 3\n');
      const wrong = await client.create(text.length, { pointCloudId: String(cloud.data.id), filename: 'fake.pcd' });
      expect(wrong.response.status).toBe(201);
      const refused = await client.patch(wrong.url!, 0, text);
      expect(refused.status).toBe(415);
      expect(await tusErrorKey(refused)).toBe('POINT_CLOUD_NOT_PCD');
      // The refusal dropped the point cloud with its .xml and reservation.
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(usedBefore);
      expect(
        (
          await api<PointCloud | null>(
            'GET',
            `/api/model-image/pcd/find?projectId=${current.projectId}`,
            current.team.viewer.token,
          )
        ).data,
      ).toBeNull();

      const good = await pcdInit(METADATA_XML);
      const created = await client.create(bunny!.length, { pointCloudId: String(good.data.id), filename: 'bunny.pcd' });
      expect(created.response.status).toBe(201);
      expect((await client.patch(created.url!, 0, bunny!)).status).toBe(204);
      const found = await api<PointCloud | null>(
        'GET',
        `/api/model-image/pcd/find?projectId=${current.projectId}`,
        current.team.viewer.token,
      );
      expect(found.data).toMatchObject({
        state: 'ready',
        pcdName: 'bunny.pcd',
        xmlName: 'metadata.xml',
        sizeBytes: bunny!.length,
        points: 397,
        fields: ['x', 'y', 'z'],
      });
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(usedBefore + bunny!.length);

      // A new point cloud replaces the project's previous one and frees its bytes.
      const next = await pcdInit(METADATA_XML);
      const again = await client.create(bunny!.length, { pointCloudId: String(next.data.id), filename: 'next.pcd' });
      expect((await client.patch(again.url!, 0, bunny!)).status).toBe(204);
      const replaced = await api<PointCloud | null>(
        'GET',
        `/api/model-image/pcd/find?projectId=${current.projectId}`,
        current.team.viewer.token,
      );
      expect(replaced.data).toMatchObject({ id: next.data.id, pcdName: 'next.pcd' });
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(usedBefore + bunny!.length);
      expect((await api('DELETE', `/api/model-image/pcd/${good.data.id}`, current.team.inspector.token)).msg).toBe(
        'POINT_CLOUD_NOT_EXISTING',
      );

      expect((await api('DELETE', `/api/model-image/pcd/${next.data.id}`, current.team.viewer.token)).msg).toBe(
        'NO_AUTH',
      );
      expect((await api('DELETE', `/api/model-image/pcd/${next.data.id}`, current.team.inspector.token)).msg).toBe(
        'success',
      );
      expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(usedBefore);
    },
  );

  it.skipIf(!camerasXml)(
    'refuses a viewer, another team, a team without the function package and a project without the flag',
    async () => {
      const xml = georeferenced(camerasXml!);
      const current = await scene();
      expect((await init(current, xml, { token: current.team.viewer.token, confirm: true })).msg).toBe('NO_AUTH');
      const outsider = await buildOutsider(served.database.db);
      await setFunction(served.database.db, {
        teamId: outsider.teamId,
        code: 'high_precision',
        activatedAt: new Date(),
        expiresAt: new Date(Date.now() + 30 * DAY_MS),
      });
      expect((await init(current, xml, { token: outsider.token, confirm: true })).msg).toBe('PROJECT_NO_ERROR');
      expect((await find(current, outsider.token)).msg).toBe('PROJECT_NO_ERROR');

      const withoutFeature = await scene({ feature: false });
      expect((await init(withoutFeature, xml, { confirm: true })).msg).toBe('TEAM_FUNCTION_INACTIVE');
      expect((await find(withoutFeature)).msg).toBe('TEAM_FUNCTION_INACTIVE');
      const pcd = tusClient(served.baseUrl, withoutFeature.team.inspector.token, POINT_CLOUD_UPLOAD_PATH);
      expect((await pcd.create(10, { pointCloudId: '1', filename: 'a.pcd' })).response.status).toBe(403);

      const withoutFlag = await scene({ flag: false });
      expect((await init(withoutFlag, xml, { imageNames: ['001.JPG'], confirm: true })).msg).toBe(
        'PROJECT_NO_PRECISION',
      );
    },
  );
});
