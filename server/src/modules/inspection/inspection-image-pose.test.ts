import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  INSPECTION_IMAGE_UPLOAD_PATH,
  INSPECTION_IMAGES_EVENT,
  LIMITS,
  type ImagePose,
  type InspectionImage,
  type Page,
  type PoseChangeResult,
  type PoseFindResult,
} from '@sightline/shared';
import { distance, normalizeDegrees, wgs84, wgs84ToEcef } from '@sightline/geo';
import { readPhotoMetadata } from '@sightline/imagery';
import { missingFixtureMessage, readFixture } from '@sightline/imagery/test-fixtures';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../platform/config.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { backends, openTestDatabase } from '../../../test/harness.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { tusClient } from '../../../test/factories/project-model.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import { callOverHttp, listenOnLoopback, recordingBus } from '../../../test/listen.js';
import { fieldKeys } from '../../../test/validation.js';
import { offsetPose } from './inspection-image-pose.service.js';

const POSED = ['DJI_0012.JPG', 'DJI_0030.JPG'] as const;
const STRIPPED = 'M3T_DJI_0001_R_pose-stripped.JPG';
const NAMES = [...POSED, STRIPPED];
const bytes = Object.fromEntries(NAMES.map((name) => [name, readFixture('drone-photos', name)]));
const missing = NAMES.filter((name) => !bytes[name]);
for (const name of missing) console.warn(missingFixtureMessage('drone-photos', name));

const FIND = '/api/inspection-image/find/pose';
const ADD = '/api/inspection-image/pose/add';
const RESTORE = '/api/inspection-image/pose/restore';

describe.skipIf(missing.length > 0).each(backends())('%s: photo poses: history, find, adjust, restore', (backend) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let config: Config;
  let app: FastifyInstance;
  let baseUrl: string;
  const { bus, events } = recordingBus();
  let team: StaffedTeam;
  let inspectionId: number;
  let groupId: number;
  /** Another inspection of the same team, with a photo of its own. */
  let other: { inspectionId: number; imageId: number };
  const ids: Record<string, number> = {};
  const metadataPoses: Record<string, ImagePose> = {};

  const api = <T>(method: string, url: string, token: string, body?: unknown) =>
    callOverHttp<T>(baseUrl, method, url, token, body);
  const find = (body: Record<string, unknown>, token = team.viewer.token) =>
    api<PoseFindResult>('POST', FIND, token, { inspectionId, ...body });
  const add = (body: Record<string, unknown>, token = team.inspector.token) =>
    api<PoseChangeResult>('POST', ADD, token, { inspectionId, ...body });
  const restore = (imageIds: number[], token = team.inspector.token) =>
    api<PoseChangeResult>('POST', RESTORE, token, { inspectionId, imageIds });
  const historyRows = () => database.db.selectFrom('inspection_image_poses').selectAll().orderBy('id').execute();
  const newest = async (name: string) => (await find({ imageIds: [ids[name]!], method: 'newest' })).data.records[0]!;
  const defaultPose = async (name: string) =>
    (await find({ imageIds: [ids[name]!], method: 'default' })).data.records[0]!;
  const zeroOffset = { east: 0, north: 0, up: 0, pitch: 0, yaw: 0, roll: 0 };

  async function uploadAndIngest(target: { inspectionId: number; groupId: number }, names: string[]) {
    const client = tusClient(baseUrl, team.inspector.token, INSPECTION_IMAGE_UPLOAD_PATH);
    for (const name of names) {
      const created = await client.create(bytes[name]!.length, {
        inspectionId: String(target.inspectionId),
        imageGroupId: String(target.groupId),
        category: 'normal',
        filename: name,
      });
      expect(created.response.status, name).toBe(201);
      expect((await client.patch(created.url!, 0, bytes[name]!)).status, name).toBe(204);
    }
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { data } = await api<Page<InspectionImage>>('POST', '/api/inspection-image/findPage', team.viewer.token, {
        inspectionId: target.inspectionId,
        pageSize: 100,
      });
      if (data.total === names.length && data.records.every((image) => image.state === 'processed')) {
        return data.records;
      }
      if (Date.now() > deadline) throw new Error(`ingest did not finish: ${JSON.stringify(data.records)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase(backend));
    const dataDir = fs.mkdtempSync(path.join(inject('workDir'), `${backend}-poses-`));
    config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false', PORT: '0' });
    app = await buildApp({ config, database, bus, logger: false, jobs: { pollingIntervalSeconds: 0.5 } });
    baseUrl = await listenOnLoopback(app);
    team = await buildStaffedTeam(database.db);
    const members = { teamId: team.id, createdBy: team.admin.id, memberIds: [team.inspector.id, team.viewer.id] };
    ({ inspectionId, groupId } = await buildInspection(database.db, members));
    for (const image of await uploadAndIngest({ inspectionId, groupId }, NAMES)) ids[image.name] = image.id;
    const second = await buildInspection(database.db, { ...members, name: 'Second' });
    const [foreign] = await uploadAndIngest(second, [POSED[0]]);
    other = { inspectionId: second.inspectionId, imageId: foreign!.id };
    for (const name of POSED) {
      const reading = await readPhotoMetadata(bytes[name]!);
      if (reading.kind !== 'photo' || !reading.pose.ok) throw new Error(`${name} should have a pose`);
      metadataPoses[name] = reading.pose.pose;
    }
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
    if (config) fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
  });

  it('records the metadata pose at ingest: the newest and the default pose, a photo without pose has none', async () => {
    const rows = await historyRows();
    const mine = rows.filter((row) => row.image_id !== other.imageId);
    expect(mine.map((row) => [row.image_id, row.source]).sort()).toEqual(
      POSED.map((name) => [ids[name], 'metadata']).sort(),
    );
    for (const method of ['newest', 'default'] as const) {
      const { code, data } = await find({ method });
      expect(code).toBe(2000);
      expect(data.method).toBe(method);
      expect(data.records.map((record) => record.name)).toEqual(NAMES);
      for (const name of POSED) {
        const record = data.records.find((candidate) => candidate.name === name)!;
        expect(record).toMatchObject({ pose: metadataPoses[name], source: 'metadata', withoutPose: null });
        expect(Date.parse(record.recordedAt!)).not.toBeNaN();
      }
      const stripped = data.records.find((record) => record.name === STRIPPED)!;
      expect(stripped).toMatchObject({ pose: null, source: null, recordedAt: null });
      expect(stripped.withoutPose?.reason).toBeTruthy();
    }
  });

  it('gives a photo without pose a pose by hand; a restore sends it back with its reason', async () => {
    const before = await newest(STRIPPED);
    const reason = before.withoutPose;
    const pose = { longitude: 114.05, latitude: 22.55, altitude: 80, pitch: -90, yaw: 370 - 360, roll: 0 };
    const answer = await add({ mode: 'absolute', imageId: ids[STRIPPED], pose: { ...pose, yaw: 370 - 720 } });
    expect(answer.code).toBe(2000);
    // -350 degrees is normalised to 10.
    expect(answer.data.records[0]).toMatchObject({ pose, source: 'manual' });
    const withoutPose = () =>
      api<Page<InspectionImage>>('POST', '/api/inspection-image/page/img', team.viewer.token, { inspectionId });
    expect((await withoutPose()).data.records.map((image) => image.name)).toEqual([]);
    expect(await newest(STRIPPED)).toMatchObject({ pose, source: 'manual' });
    // Given by hand only: the first manual pose is its default.
    expect(await defaultPose(STRIPPED)).toMatchObject({ pose, source: 'manual' });
    const detail = await api<InspectionImage>('GET', `/api/inspection-image/${ids[STRIPPED]}`, team.viewer.token);
    expect(detail.data).toMatchObject({ pose, withoutPose: null });

    const restored = await restore([ids[STRIPPED]!]);
    expect(restored.data).toMatchObject({ updated: 1, records: [{ pose: null, source: null, withoutPose: reason }] });
    const listed = (await withoutPose()).data.records;
    expect(listed.map((image) => [image.name, image.withoutPose])).toEqual([[STRIPPED, reason]]);
    expect(await newest(STRIPPED)).toMatchObject({ pose: null, withoutPose: reason });
  });

  it('offsets a batch in metres and degrees, keeps the history in order, restores the initial pose', async () => {
    const [a, b] = POSED;
    const seen = events.length;
    const offset = { east: 3, north: 10, up: 5, pitch: 2, yaw: 200, roll: -1 };
    const answer = await add({ mode: 'offset', imageIds: [ids[a], ids[b]], offset });
    expect(answer.code).toBe(2000);
    expect(answer.data.updated).toBe(2);
    for (const name of POSED) {
      const moved = (await newest(name)).pose!;
      const start = metadataPoses[name]!;
      expect(moved).toEqual(offsetPose(start, offset));
      // 3 m east and 10 m north on the ground, north of and east of where it was; up is added as is.
      const ground = (pose: ImagePose) => wgs84ToEcef(wgs84(pose.longitude, pose.latitude, 0));
      expect(distance(ground(start), ground(moved))).toBeCloseTo(Math.hypot(3, 10), 2);
      expect(moved.latitude).toBeGreaterThan(start.latitude);
      expect(moved.longitude).toBeGreaterThan(start.longitude);
      expect(moved.altitude).toBeCloseTo(start.altitude + 5, 9);
      expect(moved.yaw).toBeGreaterThan(-180);
      expect(moved.yaw).toBeLessThanOrEqual(180);
      expect(Math.abs(normalizeDegrees(moved.yaw - start.yaw - 200))).toBeLessThan(1e-9);
      expect(await newest(name)).toMatchObject({ source: 'manual' });
      expect(await defaultPose(name)).toMatchObject({ pose: start, source: 'metadata' });
    }
    // Those who see the project were told.
    await expect
      .poll(
        () =>
          events
            .slice(seen)
            .filter((event) => event.name === INSPECTION_IMAGES_EVENT && event.userId === team.viewer.id).length,
      )
      .toBeGreaterThan(0);

    // A second adjustment, then a restore: the history of one photo reads oldest first.
    expect((await add({ mode: 'offset', imageIds: [ids[a]], offset: { ...zeroOffset, up: 1 } })).code).toBe(2000);
    const back = await restore([ids[a]!, ids[b]!]);
    expect(back.data.updated).toBe(2);
    for (const name of POSED)
      expect(await newest(name)).toMatchObject({ pose: metadataPoses[name], source: 'metadata' });
    const { data } = await find({ imageIds: [ids[a]], historyOf: ids[a] });
    expect(data.history!.map((entry) => entry.source)).toEqual(['metadata', 'manual', 'manual', 'metadata']);
    expect(data.history![0]!.pose).toEqual(metadataPoses[a]);
    expect(data.history![0]!.recordedBy).toBeNull();
    expect(data.history![1]!.recordedBy).toEqual({ id: team.inspector.id, name: expect.any(String) });
    expect(data.history![2]!.pose.altitude).toBeCloseTo(metadataPoses[a]!.altitude + 6, 9);
    expect(data.history![3]!.pose).toEqual(metadataPoses[a]);
    const order = data.history!.map((entry) => entry.id);
    expect([...order].sort((x, y) => x - y)).toEqual(order);
    // A restore of a photo already at its initial pose changes nothing.
    const again = await restore([ids[a]!]);
    expect(again.data.updated).toBe(0);
    expect((await find({ historyOf: ids[a] })).data.history).toHaveLength(4);
  });

  it('refuses a whole batch when one photo has no pose or one result leaves the ranges', async () => {
    const [a, b] = POSED;
    const before = await historyRows();
    const noPose = await add({ mode: 'offset', imageIds: [ids[a], ids[STRIPPED]], offset: { ...zeroOffset, up: 1 } });
    expect(noPose.msg).toBe('INSPECTION_IMAGE_POSE_MISSING');
    expect((noPose.data as unknown as { params: { name: string } }).params.name).toBe(STRIPPED);
    expect(await historyRows()).toEqual(before);
    expect((await newest(a)).pose).toEqual(metadataPoses[a]);

    // a high up, b low: 200 m down keeps a above ground and takes b below 0.
    const high = { ...metadataPoses[a]!, altitude: 5000 };
    expect((await add({ mode: 'absolute', imageId: ids[a], pose: high })).code).toBe(2000);
    const down = -(metadataPoses[b]!.altitude + 1);
    const below = await add({ mode: 'offset', imageIds: [ids[a], ids[b]], offset: { ...zeroOffset, up: down } });
    expect(below.msg).toBe('INSPECTION_IMAGE_POSE_OUT_OF_RANGE');
    expect((below.data as unknown as { params: { name: string }; imageId: number }).params.name).toBe(b);
    expect((below.data as unknown as { imageId: number }).imageId).toBe(ids[b]);
    expect((await newest(a)).pose).toEqual(high);
    expect((await newest(b)).pose).toEqual(metadataPoses[b]);
    expect(await historyRows()).toHaveLength(before.length + 1);
    expect((await restore([ids[a]!])).code).toBe(2000);
  });

  it('checks every input against SPEC 5 and the batch limit', async () => {
    const pose = { longitude: 114, latitude: 22, altitude: 10, pitch: 0, yaw: 0, roll: 0 };
    const absolute = (values: Record<string, unknown>) =>
      add({ mode: 'absolute', imageId: ids[STRIPPED], pose: { ...pose, ...values } });
    const issue = async (answer: Promise<{ msg: string; data: unknown }>) => {
      const body = await answer;
      expect(body.msg).toBe('VALIDATION_ERROR');
      return (body.data as { issues: Array<{ path: string; key: string; params?: Record<string, number> }> }).issues;
    };
    expect(await issue(absolute({ longitude: 180.5 }))).toEqual([
      { path: 'pose.longitude', key: 'numberRange', params: { min: -180, max: 180 } },
    ]);
    expect(await issue(absolute({ latitude: -90.01 }))).toEqual([
      { path: 'pose.latitude', key: 'numberRange', params: { min: -90, max: 90 } },
    ]);
    expect(await issue(absolute({ altitude: -0.5 }))).toEqual([
      { path: 'pose.altitude', key: 'numberRange', params: { min: 0, max: LIMITS.poseAdjust.altitudeMax } },
    ]);
    expect(await issue(absolute({ pitch: 360.1, roll: -361 }))).toHaveLength(2);
    expect(fieldKeys(await absolute({ yaw: undefined, roll: 'ten' }))).toEqual({
      'pose.yaw': 'required',
      'pose.roll': 'invalidValue',
    });
    const offset = (values: Record<string, unknown>) =>
      add({ mode: 'offset', imageIds: [ids[POSED[0]]], offset: { ...zeroOffset, ...values } });
    expect(await issue(offset({ yaw: 400 }))).toEqual([
      { path: 'offset.yaw', key: 'numberRange', params: { min: -360, max: 360 } },
    ]);
    expect((await issue(offset({ north: LIMITS.poseAdjust.offsetMetresMax + 1 })))[0]!.path).toBe('offset.north');
    expect((await add({ mode: 'rotate', imageIds: [ids[POSED[0]]] })).msg).toBe('VALIDATION_ERROR');
    const tooMany = Array.from({ length: LIMITS.poseAdjust.batchMax + 1 }, (_, index) => index + 1);
    expect(fieldKeys(await add({ mode: 'offset', imageIds: tooMany, offset: zeroOffset }))).toEqual({
      imageIds: 'tooLong',
    });
    expect(fieldKeys(await restore([]))).toEqual({ imageIds: 'required' });
    // Ids the database could never hold, and NUL characters, are refused before any query.
    const huge = await add({ mode: 'absolute', imageId: LIMITS.integerMax + 1, pose });
    expect(fieldKeys(huge)).toEqual({ imageId: 'invalidValue' });
    expect((await find({ method: 'newest\u0000' })).msg).toBe('VALIDATION_ERROR');
    // Nothing was written by any of these.
    expect((await newest(STRIPPED)).pose).toBeNull();
  });

  it('lets only editors of the project change poses, and only of photos of the inspection named', async () => {
    const imageIds = [ids[POSED[0]]];
    const offset = { ...zeroOffset, up: 1 };
    expect((await add({ mode: 'offset', imageIds, offset }, team.viewer.token)).msg).toBe('NO_AUTH');
    expect((await restore([ids[POSED[0]]!], team.viewer.token)).msg).toBe('NO_AUTH');
    expect((await find({ method: 'newest' }, team.viewer.token)).code).toBe(2000);

    // A photo of another inspection, named under this one, is not found; so is a history of it.
    const foreign = await add({ mode: 'offset', imageIds: [...imageIds, other.imageId], offset });
    expect(foreign.msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
    expect((await find({ imageIds: [other.imageId] })).msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
    expect((await find({ historyOf: other.imageId })).msg).toBe('INSPECTION_IMAGE_NOT_EXISTING');
    expect((await newest(POSED[0])).pose).toEqual(metadataPoses[POSED[0]]);

    // Another team sees nothing of this project.
    const stranger = await buildStaffedTeam(database.db);
    const theirs = await add({ mode: 'offset', imageIds, offset }, stranger.admin.token);
    expect(theirs.msg).toBe('PROJECT_NO_ERROR');
    expect((await find({ method: 'newest' }, stranger.admin.token)).msg).toBe('PROJECT_NO_ERROR');
    expect((await restore(imageIds as number[], stranger.admin.token)).msg).toBe('PROJECT_NO_ERROR');
    expect((await add({ mode: 'offset', inspectionId: 999_999, imageIds, offset })).msg).toBe(
      'INSPECTION_NOT_EXISTING',
    );
    expect((await newest(POSED[0])).pose).toEqual(metadataPoses[POSED[0]]);
  });
});
