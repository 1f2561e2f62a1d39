import fs from 'node:fs';
import sharp from 'sharp';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import {
  AI_QUEUE_MAX,
  AI_SCREENING_EVENT,
  type AiCheckState,
  type AiFeedback,
  type AiImageInfo,
  type AiScreeningStatus,
  type AiTabCounts,
} from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import type { Config } from '../../platform/config.js';
import { adminQuery } from '../../../test/databases.js';
import { pollUntil, waitForEvent } from '../../../test/events.js';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { restartScene } from '../../../test/restart-scene.js';
import { insertPhotosWithOriginals } from '../../../test/factories/defect-export.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { insertPhotos, okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, grantFunction, setFunction, type StaffedTeam } from '../../../test/factories/team.js';
import { AI_SCREENING_JOB } from './ai-screening.service.js';

const PHOTO_SIZE: [number, number] = [400, 300];
const FINISHED: readonly AiCheckState[] = ['AI_CHECK_COMPLETE', 'AI_CHECK_EXCEPTION', 'AI_SERVER_EXCEPTION'];

/**
 * A grey, slightly noisy concrete-like PNG (deterministic), with a dark crack 6 pixels wide along a bent line when
 * `crack`: what packages/vision's synthetic tests show the built-in detector finds as one polyline.
 */
async function concretePhoto(crack: boolean, seed: number): Promise<Buffer> {
  const [width, height] = PHOTO_SIZE;
  const data = Buffer.alloc(width * height * 3);
  let state = seed >>> 0;
  const random = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = 0; i < width * height; i += 1) {
    const value = Math.round(170 + (random() + random() + random() - 1.5) * 12);
    data.fill(value, i * 3, i * 3 + 3);
  }
  if (crack) {
    const line: Array<[number, number]> = [
      [40, 60],
      [200, 140],
      [360, 250],
    ];
    for (let y = 0; y < height; y += 1) {
      for (let x = 0; x < width; x += 1) {
        const near = line.slice(1).some(([bx, by], index) => {
          const [ax, ay] = line[index]!;
          const [dx, dy] = [bx - ax, by - ay];
          const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / (dx * dx + dy * dy)));
          return Math.hypot(ax + t * dx - x, ay + t * dy - y) < 3;
        });
        if (near) data.fill(45, (y * width + x) * 3, (y * width + x) * 3 + 3);
      }
    }
  }
  return sharp(data, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

/** Photos with their originals in the blob store: `cracked` of them with a crack, then `plain` without. */
async function insertScreenablePhotos(
  db: Kysely<Database>,
  config: Config,
  place: { inspectionId: number; groupId: number },
  counts: { cracked: number; plain: number; prefix?: string },
) {
  const prefix = counts.prefix ?? '';
  const photos = await Promise.all(
    Array.from({ length: counts.cracked + counts.plain }, async (_, index) => {
      const cracked = index < counts.cracked;
      return {
        name: `${prefix}${cracked ? 'crack' : 'plain'}-${cracked ? index : index - counts.cracked}.png`,
        bytes: await concretePhoto(cracked, index + 1),
        size: PHOTO_SIZE,
      };
    }),
  );
  return insertPhotosWithOriginals(db, createConfiguredBlobStore(config), place, photos);
}

/** A screening's state written directly (a queue of others, a run in progress), without a job behind it. */
async function setScreening(
  db: Kysely<Database>,
  inspectionId: number,
  values: { state: AiCheckState; queue_order?: number | null; job_id?: string | null },
) {
  await db
    .insertInto('ai_screenings')
    .values({ inspection_id: inspectionId, ...values })
    .onConflict((conflict) => conflict.column('inspection_id').doUpdateSet(values))
    .execute();
}

describeOnEachDatabase('AI screening', (server) => {
  let team: StaffedTeam;
  let projectId = 0;
  let inspectionId = 0;
  let groupId = 0;
  let photos: number[] = [];
  let crackType = 0;

  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) =>
    server().call<T>(method, `/api${url}`, { token: token ?? team.inspector.token, body });
  const start = (id: number, body: object, token?: string) =>
    call<AiScreeningStatus>('POST', `/ai-check/${id}`, body, token);
  const position = async (id: number) => okData(await call<AiScreeningStatus>('GET', `/ai-check/queue-position/${id}`));
  const screenToEnd = async (id: number, body: object) => {
    const after = server().events.length;
    okData(await start(id, body));
    return waitForEvent<AiScreeningStatus>(server().events, {
      name: AI_SCREENING_EVENT,
      after,
      found: (value) => value.inspectionId === id && FINISHED.includes(value.state),
      what: 'the screening did not finish',
    });
  };
  const counts = async (id: number, token?: string) =>
    okData(
      await call<{ counts: AiTabCounts; total: number; records: Array<{ id: number }> }>(
        'POST',
        '/inspection-image/page/ai',
        { inspectionId: id, tab: 'toReview' },
        token,
      ),
    );
  const aiDefects = (id: number) =>
    server()
      .db.selectFrom('defects')
      .select(['id', 'image_id', 'shape_kind', 'length_m', 'width_mm', 'location_state'])
      .where('inspection_id', '=', id)
      .where('source', '=', 'ai')
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    await grantFunction(db, team.id, 'ai_screening');
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    });
    ({ projectId, inspectionId, groupId } = scene);
    photos = await insertScreenablePhotos(db, server().config, scene, { cracked: 2, plain: 1 });
    crackType = await builtInDefectTypeId(db, 'crack');
  });

  it('screens the photos in the worker: each drawn crack becomes one AI defect, sized, noted unplaced', async () => {
    expect((await position(inspectionId)).state).toBe('NOT_EXISTING');
    const done = await screenToEnd(inspectionId, { imageRange: 'keepManual', typeIds: [crackType] });
    expect(done).toMatchObject({ state: 'AI_CHECK_COMPLETE', done: 3, total: 3, defects: 2, queuePosition: null });
    // No learned model chosen: the built-in detector found them, which the run's summary and each defect say.
    const builtIn = { modelId: null, name: null };
    expect(done.detectors).toEqual([builtIn]);
    expect((await position(inspectionId)).detectors).toEqual([builtIn]);
    const found = await aiDefects(inspectionId);
    expect(found.map((row) => [row.image_id, row.shape_kind])).toEqual([
      [photos[0], 'polyline'],
      [photos[1], 'polyline'],
    ]);
    // The crack runs about 390 pixels; with no model it lies on the plane at the group's shooting distance.
    for (const row of found) {
      expect(row.length_m).toBeGreaterThan(0);
      expect(row.width_mm).toBeGreaterThan(0);
      expect(row.location_state).toBe('noModel');
    }
    const info = okData(await call<AiImageInfo>('POST', `/inspection-image/img-ai-info/${photos[0]}`));
    expect(info).toMatchObject({ aiState: 'damage', aiDefectCount: 1, errorKey: 'TWO_D_TO_3D_FAIL', reviewed: false });
    expect(info.defects).toHaveLength(1);
    expect(info.defects[0]!.detector).toEqual(builtIn);
    const plain = okData(await call<AiImageInfo>('POST', `/inspection-image/img-ai-info/${photos[2]}`));
    expect(plain).toMatchObject({ aiState: 'clean', aiDefectCount: 0, defects: [] });
  });

  it('screening again replaces a photo’s AI defects; only photos not detected yet are empty', async () => {
    const before = await aiDefects(inspectionId);
    expect(await screenToEnd(inspectionId, { imageRange: 'keepManual' })).toMatchObject({ defects: 2 });
    const after = await aiDefects(inspectionId);
    expect(after).toHaveLength(2);
    expect(after.map((row) => row.id)).not.toEqual(before.map((row) => row.id));
    expect((await start(inspectionId, { imageRange: 'undetected' })).body.msg).toBe('TASK_CONTENT_EMPTY');
  });

  it('refuses a type the detector does not cover', async () => {
    const spalling = await builtInDefectTypeId(server().db, 'spalling');
    expect((await start(inspectionId, { imageRange: 'keepManual', typeIds: [spalling] })).body.msg).toBe(
      'DISEASE_TYPE_NOT_COVER_AI',
    );
  });

  it('review tabs count per tab; review, review-all and revoke move photos between them', async () => {
    const initial = await counts(inspectionId);
    expect(initial.counts).toEqual({
      all: 3,
      toReview: 3,
      reviewed: 0,
      reviewedNoDamage: 0,
      abnormal: 0,
      waiting: 0,
      notDetected: 0,
    });
    expect(initial.records.map((row) => row.id)).toEqual(photos);
    const review = (url: string, ids: number[], token?: string) => call<{ num: number }>('POST', url, { ids }, token);
    expect(okData(await review('/inspection-image/review', [photos[0]!, photos[2]!]))).toEqual({ num: 2 });
    expect((await counts(inspectionId)).counts).toMatchObject({ toReview: 1, reviewed: 2, reviewedNoDamage: 1 });
    // Already reviewed: nothing changes.
    expect(okData(await review('/inspection-image/review', [photos[0]!]))).toEqual({ num: 0 });
    expect(okData(await review('/inspection-image/revoke-review', [photos[0]!]))).toEqual({ num: 1 });
    expect((await counts(inspectionId)).counts).toMatchObject({ toReview: 2, reviewed: 1, reviewedNoDamage: 1 });
    const all = await server().call<{ num: number }>('POST', '/api/inspection-image/review-all', {
      token: team.inspector.token,
      query: { inspectionId: String(inspectionId) },
    });
    expect(okData(all)).toEqual({ num: 2 });
    expect((await counts(inspectionId)).counts).toMatchObject({ toReview: 0, reviewed: 3, reviewedNoDamage: 1 });
    // A photo added later is not detected; a screening of only those leaves the others' results.
    const [added] = await insertScreenablePhotos(
      server().db,
      server().config,
      { inspectionId, groupId },
      {
        cracked: 0,
        plain: 1,
        prefix: 'later-',
      },
    );
    expect((await counts(inspectionId)).counts).toMatchObject({ all: 4, notDetected: 1 });
    expect(await screenToEnd(inspectionId, { imageRange: 'undetected' })).toMatchObject({ total: 1, defects: 0 });
    expect((await counts(inspectionId)).counts).toMatchObject({ all: 4, notDetected: 0, toReview: 1, reviewed: 3 });
    photos.push(added!);
  });

  it('the 3D points are the AI defects placed on the model', async () => {
    const [first] = await aiDefects(inspectionId);
    const url = `/project-tag/3d/${projectId}/${inspectionId}`;
    expect(okData(await call<unknown[]>('POST', url))).toEqual([]);
    await server()
      .db.updateTable('defects')
      .set({ location_state: 'located', lon: 114.05, lat: 22.54, height: 12 })
      .where('id', '=', first!.id)
      .execute();
    expect(okData(await call<unknown[]>('POST', url))).toEqual([
      {
        defectId: first!.id,
        imageId: first!.image_id,
        typeId: crackType,
        position: { lon: 114.05, lat: 22.54, height: 12 },
      },
    ]);
    const other = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id });
    expect((await call('POST', `/project-tag/3d/${other.projectId}/${inspectionId}`)).body.msg).toBe(
      'INSPECTION_NOT_EXISTING',
    );
  });

  it('the queue: positions, a jump to the front, a cancel; a second start is SAME_TASK_EXECUTING', async () => {
    const db = server().db;
    const others = [];
    for (let index = 0; index < 2; index += 1) {
      others.push((await buildInspection(db, { teamId: team.id, createdBy: team.admin.id, projectId })).inspectionId);
    }
    await setScreening(db, others[0]!, { state: 'AI_QUEUE', queue_order: 10 });
    await setScreening(db, others[1]!, { state: 'AI_QUEUE', queue_order: 11 });
    await setScreening(db, inspectionId, { state: 'AI_QUEUE', queue_order: 12 });
    try {
      expect((await position(inspectionId)).queuePosition).toBe(2);
      expect((await position(others[0]!)).queuePosition).toBe(0);
      expect((await start(inspectionId, { imageRange: 'keepManual' })).body.msg).toBe('SAME_TASK_EXECUTING');
      const jumped = okData(await call<AiScreeningStatus>('PUT', `/ai-check/jump-in-queue/${inspectionId}`));
      expect(jumped).toMatchObject({ state: 'AI_QUEUE', queuePosition: 0 });
      expect((await position(others[0]!)).queuePosition).toBe(1);
      const cancelled = okData(await call<AiScreeningStatus>('PUT', `/ai-check/cancel/${others[0]}`));
      expect(cancelled).toMatchObject({ state: 'NOT_EXISTING', queuePosition: null });
      expect((await position(others[1]!)).queuePosition).toBe(1);
    } finally {
      await db.deleteFrom('ai_screenings').where('inspection_id', 'in', others).execute();
      await setScreening(db, inspectionId, { state: 'AI_CHECK_COMPLETE', queue_order: null });
    }
  });

  it('cancelling a run in progress stops it and its photos not done are not detected again', async () => {
    const db = server().db;
    await setScreening(db, inspectionId, { state: 'AI_CHECKING', job_id: null });
    await db
      .updateTable('ai_screening_images')
      .set({ ai_state: 'pending' })
      .where('image_id', '=', photos[2]!)
      .execute();
    expect((await counts(inspectionId)).counts).toMatchObject({ waiting: 1 });
    const cancelled = okData(await call<AiScreeningStatus>('PUT', `/ai-check/cancel/${inspectionId}`));
    expect(cancelled.state).toBe('NOT_EXISTING');
    expect((await counts(inspectionId)).counts).toMatchObject({ waiting: 0, notDetected: 1 });
  });

  it('while screening, the inspection’s defects, photos’ review and the inspection itself cannot be changed', async () => {
    const db = server().db;
    const [defect] = await aiDefects(inspectionId);
    await setScreening(db, inspectionId, { state: 'AI_CHECKING', job_id: null });
    try {
      const refused = 'INSPECTION_IN_AI_CAN_NOT_OPERA';
      const created = await call('POST', '/inspection-disease', {
        imageId: photos[0],
        typeId: crackType,
        level: 1,
        shape: {
          kind: 'polyline',
          points: [
            [10, 10],
            [60, 60],
          ],
        },
      });
      expect(created.body.msg).toBe(refused);
      expect(
        (await server().call('DELETE', `/api/inspection-disease/${defect!.id}`, { token: team.inspector.token })).body
          .msg,
      ).toBe(refused);
      expect((await call('POST', '/inspection-image/review', { ids: [photos[0]] })).body.msg).toBe(refused);
      expect(
        (await server().call('DELETE', `/api/inspection-image/${photos[2]}`, { token: team.admin.token })).body.msg,
      ).toBe(refused);
      const edited = await call(
        'PUT',
        '/inspection-task',
        { id: inspectionId, name: 'Renamed', inspectionDate: '2026-04-01' },
        team.admin.token,
      );
      expect(edited.body.msg).toBe(refused);
    } finally {
      await setScreening(db, inspectionId, { state: 'AI_CHECK_COMPLETE' });
    }
    // Free again: the same delete goes through.
    expect(
      (await server().call('DELETE', `/api/inspection-disease/${defect!.id}`, { token: team.inspector.token })).body
        .code,
    ).toBe(2000);
  });

  it('beyond the queue limit a start is TASK_QUEUE_FULL', async () => {
    const db = server().db;
    const busy = [];
    for (let index = 0; index < AI_QUEUE_MAX; index += 1) {
      const { inspectionId: id } = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id, projectId });
      await setScreening(db, id, { state: 'AI_QUEUE', queue_order: 100 + index });
      busy.push(id);
    }
    try {
      expect((await start(inspectionId, { imageRange: 'keepManual' })).body.msg).toBe('TASK_QUEUE_FULL');
    } finally {
      await db.deleteFrom('ai_screenings').where('inspection_id', 'in', busy).execute();
    }
  });

  it('deleting drawn damage first, and a photo that cannot be read ends abnormal: AI_CHECK_EXCEPTION', async () => {
    const db = server().db;
    const scene = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id, projectId });
    const [cracked] = await insertScreenablePhotos(db, server().config, scene, { cracked: 1, plain: 0 });
    // A photo listed with no original in the store.
    const [missing] = await insertPhotos(db, scene.inspectionId, scene.groupId, [
      { name: 'missing.png', pose: null, size: PHOTO_SIZE },
    ]);
    const drawn = okData(
      await call<{ id: number }>('POST', '/inspection-disease', {
        imageId: cracked,
        typeId: crackType,
        level: 1,
        shape: {
          kind: 'polyline',
          points: [
            [10, 10],
            [60, 60],
          ],
        },
      }),
    );
    const done = await screenToEnd(scene.inspectionId, { imageRange: 'deleteManual' });
    expect(done).toMatchObject({ state: 'AI_CHECK_EXCEPTION', done: 2, total: 2, defects: 1 });
    const left = await db
      .selectFrom('defects')
      .select(['id', 'source'])
      .where('inspection_id', '=', scene.inspectionId)
      .execute();
    expect(left.map((row) => row.source)).toEqual(['ai']);
    expect(left[0]!.id).not.toBe(drawn.id);
    const info = okData(await call<AiImageInfo>('POST', `/inspection-image/img-ai-info/${missing!.id}`));
    expect(info).toMatchObject({ aiState: 'abnormal', errorKey: 'DISEASE_IMAGE_URL_NULL' });
    expect((await counts(scene.inspectionId)).counts).toMatchObject({ all: 2, abnormal: 1, toReview: 1 });
  });

  it('error feedback keeps the correction: a wrong type keeps the defect, not damage deletes it; drawn ones refused', async () => {
    const db = server().db;
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      projectId,
      memberIds: [team.inspector.id, team.viewer.id],
    });
    const [, , plain] = await insertScreenablePhotos(db, server().config, scene, { cracked: 2, plain: 1 });
    await screenToEnd(scene.inspectionId, { imageRange: 'keepManual' });
    const [retyped, rejected] = await aiDefects(scene.inspectionId);
    const spalling = await builtInDefectTypeId(db, 'spalling');
    const feedback = (body: object, token?: string) =>
      call<AiFeedback>('POST', '/inspection-image/ai-feedback', body, token);
    const defectCount = async (imageId: number) =>
      (
        await db
          .selectFrom('inspection_images')
          .select('defect_count')
          .where('id', '=', imageId)
          .executeTakeFirstOrThrow()
      ).defect_count;
    const before = await defectCount(rejected!.image_id);

    expect((await feedback({ defectId: retyped!.id, correctTypeId: null }, team.viewer.token)).body.msg).toBe(
      'NO_AUTH',
    );
    const outsider = await buildOutsider(db);
    expect((await feedback({ defectId: retyped!.id, correctTypeId: null }, outsider.token)).body.code).not.toBe(2000);
    expect(
      (await feedback({ defectId: retyped!.id, correctTypeId: null, content: 'x'.repeat(501) })).body.code,
    ).not.toBe(2000);

    const wrongType = okData(
      await feedback({ defectId: retyped!.id, correctTypeId: spalling, content: '  a spalling edge  ' }),
    );
    expect(wrongType).toMatchObject({
      imageId: retyped!.image_id,
      defectId: retyped!.id,
      aiTypeId: crackType,
      correctTypeId: spalling,
      shapeKind: 'polyline',
      content: 'a spalling edge',
      createdByName: expect.any(String),
    });
    const types = await db
      .selectFrom('defects')
      .select(['id', 'type_id'])
      .where('inspection_id', '=', scene.inspectionId)
      .orderBy('id')
      .execute();
    expect(types).toEqual([
      { id: retyped!.id, type_id: spalling },
      { id: rejected!.id, type_id: crackType },
    ]);
    expect((await feedback({ defectId: rejected!.id, correctTypeId: 999999 })).body.msg).toBe(
      'DISEASE_TYPE_NOT_EXISTING',
    );

    const notDamage = okData(await feedback({ defectId: rejected!.id, correctTypeId: null, content: 'a joint' }));
    expect(notDamage).toMatchObject({ defectId: rejected!.id, correctTypeId: null, content: 'a joint' });
    expect((await aiDefects(scene.inspectionId)).map((row) => row.id)).toEqual([retyped!.id]);
    expect(await defectCount(rejected!.image_id)).toBe(before - 1);
    // Gone: a second feedback on it finds no defect.
    expect((await feedback({ defectId: rejected!.id, correctTypeId: null })).body.msg).toBe(
      'INSPECTION_DISEASE_NOT_EXISTING',
    );

    // Drawn damage is the reviewer's own: no feedback on it.
    const drawn = okData(
      await call<{ id: number }>('POST', '/inspection-disease', {
        imageId: plain,
        typeId: crackType,
        level: 1,
        shape: {
          kind: 'polyline',
          points: [
            [10, 10],
            [60, 60],
          ],
        },
      }),
    );
    expect((await feedback({ defectId: drawn.id, correctTypeId: null })).body.msg).toBe(
      'INSPECTION_DISEASE_NOT_EXISTING',
    );

    // The viewer reads them back; another team does not.
    const listed = okData(
      await server().call<AiFeedback[]>('GET', '/api/inspection-image/ai-feedback', {
        token: team.viewer.token,
        query: { inspectionId: String(scene.inspectionId) },
      }),
    );
    expect(listed).toEqual([wrongType, notDamage]);
    const foreign = await server().call('GET', '/api/inspection-image/ai-feedback', {
      token: outsider.token,
      query: { inspectionId: String(scene.inspectionId) },
    });
    expect(foreign.body.code).not.toBe(2000);
  });

  it('rights: the viewer reads but cannot start or review; other teams see nothing', async () => {
    const viewer = team.viewer.token;
    expect((await position(inspectionId)).state).toBe('AI_CHECK_COMPLETE');
    expect((await counts(inspectionId, viewer)).counts.all).toBe(4);
    expect((await start(inspectionId, { imageRange: 'keepManual' }, viewer)).body.msg).toBe('NO_AUTH');
    expect((await call('POST', '/inspection-image/review', { ids: [photos[0]] }, viewer)).body.msg).toBe('NO_AUTH');
    expect((await call('PUT', `/ai-check/cancel/${inspectionId}`, undefined, viewer)).body.msg).toBe('NO_AUTH');
    const outsider = await buildOutsider(server().db);
    for (const response of [
      await start(inspectionId, { imageRange: 'keepManual' }, outsider.token),
      await call('GET', `/ai-check/queue-position/${inspectionId}`, undefined, outsider.token),
      await call('POST', '/inspection-image/page/ai', { inspectionId }, outsider.token),
      await call('POST', `/inspection-image/img-ai-info/${photos[0]}`, undefined, outsider.token),
      await call('POST', '/inspection-image/review', { ids: [photos[0]] }, outsider.token),
    ]) {
      expect(response.body.code).not.toBe(2000);
    }
  });

  it('a team without the AI screening package cannot start or jump a screening: TEAM_FUNCTION_INACTIVE', async () => {
    const db = server().db;
    const lapsed = await buildStaffedTeam(db);
    const scene = await buildInspection(db, {
      teamId: lapsed.id,
      createdBy: lapsed.admin.id,
      memberIds: [lapsed.inspector.id],
    });
    await insertScreenablePhotos(db, server().config, scene, { cracked: 1, plain: 0 });
    // A package that ran out yesterday; a team that never had one gets the same answer.
    await setFunction(db, {
      teamId: lapsed.id,
      code: 'ai_screening',
      activatedAt: new Date(Date.now() - 31 * 86_400_000),
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const refused = await start(scene.inspectionId, { imageRange: 'keepManual' }, lapsed.inspector.token);
    expect(refused.body.msg).toBe('TEAM_FUNCTION_INACTIVE');
    const jumped = await call(
      'PUT',
      `/ai-check/jump-in-queue/${scene.inspectionId}`,
      undefined,
      lapsed.inspector.token,
    );
    expect(jumped.body.msg).toBe('TEAM_FUNCTION_INACTIVE');
    // Nothing was queued; with the package active again the same start is taken.
    expect(
      (
        await call<AiScreeningStatus>(
          'GET',
          `/ai-check/queue-position/${scene.inspectionId}`,
          undefined,
          lapsed.inspector.token,
        )
      ).body.data?.state,
    ).toBe('NOT_EXISTING');
    await grantFunction(db, lapsed.id, 'ai_screening');
    const taken = await start(scene.inspectionId, { imageRange: 'keepManual' }, lapsed.inspector.token);
    expect(okData(taken).state).not.toBe('NOT_EXISTING');
    okData(await call('PUT', `/ai-check/cancel/${scene.inspectionId}`, undefined, lapsed.inspector.token));
  });
});

const postgresTemplate = inject('postgresTemplate');
if (!postgresTemplate)
  console.warn('skipped: the restart test runs an API process and a worker on one PostgreSQL server');

describe.skipIf(!postgresTemplate)('postgres: a screening interrupted by a restart', () => {
  it('resumes in the next process from the photos not done, without writing a photo’s defects twice', async () => {
    const { name, dataDir, config, boot } = await restartScene(postgresTemplate!, inject('workDir'), 'ai');
    const api = await boot('api');
    try {
      const db = api.handle.db;
      const team = await buildStaffedTeam(db);
      await grantFunction(db, team.id, 'ai_screening');
      const scene = await buildInspection(db, {
        teamId: team.id,
        createdBy: team.admin.id,
        memberIds: [team.inspector.id],
      });
      const photos = await insertScreenablePhotos(db, config('api'), scene, { cracked: 3, plain: 0 });
      const queued = await api.app.inject({
        method: 'POST',
        url: `/api/ai-check/${scene.inspectionId}`,
        headers: { authorization: `Bearer ${team.inspector.token}` },
        payload: { imageRange: 'keepManual' },
      });
      expect(queued.json()).toMatchObject({ code: 2000, data: { state: 'AI_QUEUE', total: 3 } });
      // The API process "dies" after a worker took the run and committed its first photo, as the job would have.
      const job = await db
        .selectFrom('jobs')
        .select('id')
        .where('name', '=', AI_SCREENING_JOB)
        .executeTakeFirstOrThrow();
      await setScreening(db, scene.inspectionId, { state: 'AI_CHECKING', job_id: job.id, queue_order: null });
      const first = await db
        .insertInto('defects')
        .values({
          project_id: scene.projectId,
          inspection_id: scene.inspectionId,
          image_id: photos[0]!,
          number: 1,
          type_id: await builtInDefectTypeId(db, 'crack'),
          level: 1,
          shape_kind: 'polyline',
          points: JSON.stringify([
            [40, 60],
            [360, 250],
          ]),
          width_px: 6,
          length_m: 1,
          width_mm: 1,
          area_m2: null,
          size_basis: 'distance',
          source: 'ai',
          location_state: 'noModel',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('defect_numbers').values({ inspection_id: scene.inspectionId, last_number: 1 }).execute();
      await db
        .updateTable('ai_screening_images')
        .set({ ai_state: 'damage', ai_defects: 1, screened_at: new Date() })
        .where('image_id', '=', photos[0]!)
        .execute();
      await db
        .updateTable('ai_screenings')
        .set({ done: 1, defects: 1 })
        .where('inspection_id', '=', scene.inspectionId)
        .execute();
      await api.app.close();
      await api.handle.close();

      const worker = await boot('all');
      try {
        const state = await pollUntil(
          async () =>
            (
              await worker.handle.db
                .selectFrom('ai_screenings')
                .select('state')
                .where('inspection_id', '=', scene.inspectionId)
                .executeTakeFirstOrThrow()
            ).state,
          (now) => FINISHED.includes(now as AiCheckState),
        );
        expect(state).toBe('AI_CHECK_COMPLETE');
        const rows = await worker.handle.db
          .selectFrom('defects')
          .select(['id', 'image_id'])
          .where('inspection_id', '=', scene.inspectionId)
          .orderBy('image_id')
          .execute();
        // The first photo keeps the defect written before the restart; the others got one each.
        expect(rows.map((row) => row.image_id)).toEqual(photos);
        expect(rows[0]!.id).toBe(first.id);
        const run = await worker.handle.db
          .selectFrom('ai_screenings')
          .select(['done', 'total', 'defects'])
          .where('inspection_id', '=', scene.inspectionId)
          .executeTakeFirstOrThrow();
        expect(run).toEqual({ done: 3, total: 3, defects: 3 });
      } finally {
        await worker.app.close();
        await worker.handle.close();
      }
    } finally {
      await adminQuery(`drop database if exists ${name} with (force)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
