import fs from 'node:fs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Kysely } from 'kysely';
import {
  DEFECT_HISTORY_EVENT,
  type HistoryChain,
  type HistoryCount,
  type HistoryMatchingStatus,
  type HistoryRelation,
  type HistoryTotal,
} from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { adminQuery } from '../../../test/databases.js';
import { pollUntil, waitForEvent } from '../../../test/events.js';
import { describeOnEachDatabase, type TestServer } from '../../../test/harness.js';
import { restartScene } from '../../../test/restart-scene.js';
import { copyDefect, wallSceneAt } from '../../../test/factories/defect.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { insertPhotos, okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, setFunction, type StaffedTeam } from '../../../test/factories/team.js';
import { fieldKeys } from '../../../test/validation.js';

const DAY_MS = 86_400_000;

/** A defect written directly at (e, n, u) of the wall scene with its effective sizes. */
interface Plant {
  e: number;
  typeId: number;
  shape: 'polyline' | 'polygon';
  lengthM?: number;
  widthMm?: number;
  areaM2?: number;
}

async function plant(
  db: Kysely<Database>,
  scene: { projectId: number; inspectionId: number; imageId: number },
  defects: Plant[],
) {
  const ids: number[] = [];
  for (const [index, defect] of defects.entries()) {
    const place = wallSceneAt(defect.e, 20, 5);
    const row = await db
      .insertInto('defects')
      .values({
        project_id: scene.projectId,
        inspection_id: scene.inspectionId,
        image_id: scene.imageId,
        number: index + 1,
        type_id: defect.typeId,
        level: 2,
        shape_kind: defect.shape,
        points: JSON.stringify([
          [0, 0],
          [10, 0],
          [10, 10],
        ]),
        width_px: null,
        length_m: defect.lengthM ?? null,
        width_mm: defect.widthMm ?? null,
        area_m2: defect.areaM2 ?? null,
        size_basis: 'mesh',
        source: 'manual',
        lon: place.lon,
        lat: place.lat,
        height: place.height,
        location_state: 'located',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return ids;
}

function waitForState(
  server: TestServer,
  inspectionId: number,
  after: number,
  states: readonly string[],
): Promise<HistoryMatchingStatus> {
  return waitForEvent<HistoryMatchingStatus>(server.events, {
    name: DEFECT_HISTORY_EVENT,
    after,
    found: (value) => value.inspectionId === inspectionId && states.includes(value.state),
    what: `the matching did not reach ${states.join(' or ')}`,
  });
}

/**
 * Three inspections of one wall a year apart, A, then B (previous A), then C (previous B), by a team with the
 * historical defect package; their planted defects (see the comments) by name.
 */
async function buildYears(db: Kysely<Database>) {
  const team = await buildStaffedTeam(db);
  let projectId = 0;
  const inspection = { A: 0, B: 0, C: 0 };
  const defect = { a1: 0, a2: 0, a3: 0, b1: 0, b2: 0, b3: 0, c1: 0 };
  const name = (keys: Array<keyof typeof defect>, ids: number[]) =>
    keys.forEach((key, index) => (defect[key] = ids[index]!));
  await setFunction(db, {
    teamId: team.id,
    code: 'historical_defect',
    activatedAt: new Date(Date.now() - DAY_MS),
    expiresAt: new Date(Date.now() + 30 * DAY_MS),
  });
  const crack = await builtInDefectTypeId(db, 'crack');
  const spall = await builtInDefectTypeId(db, 'spalling');
  const scenes: Record<string, { projectId: number; inspectionId: number; imageId: number }> = {};
  for (const [key, date] of [
    ['A', '2024-04-01'],
    ['B', '2025-04-01'],
    ['C', '2026-04-01'],
  ] as const) {
    const scene = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
      name: `Year ${key}`,
      inspectionDate: date,
      ...(projectId ? { projectId } : {}),
    });
    projectId = scene.projectId;
    inspection[key] = scene.inspectionId;
    const [photo] = await insertPhotos(db, scene.inspectionId, scene.groupId, [{ name: `${key}.JPG`, pose: null }]);
    scenes[key] = { projectId, inspectionId: scene.inspectionId, imageId: photo!.id };
  }
  for (const [later, earlier] of [
    [inspection.B, inspection.A],
    [inspection.C, inspection.B],
  ] as const) {
    await db.updateTable('inspections').set({ previous_inspection_id: earlier }).where('id', '=', later).execute();
  }

  // Year A: a crack, a spalling area 3 m east, another crack 6 m east.
  name(
    ['a1', 'a2', 'a3'],
    await plant(db, scenes.A!, [
      { e: 0, typeId: crack, shape: 'polyline', lengthM: 1, widthMm: 0.5 },
      { e: 3, typeId: spall, shape: 'polygon', areaM2: 0.2 },
      { e: 6, typeId: crack, shape: 'polyline', lengthM: 0.8, widthMm: 0.3 },
    ]),
  );
  // Year B: the crack grown by 0.4 m (its centroid 0.15 m along), the spalling measured again (0.21 m², noise),
  // a new crack 12 m east; the crack 6 m east is repaired.
  name(
    ['b1', 'b2', 'b3'],
    await plant(db, scenes.B!, [
      { e: 0.15, typeId: crack, shape: 'polyline', lengthM: 1.4, widthMm: 0.5 },
      { e: 3.05, typeId: spall, shape: 'polygon', areaM2: 0.21 },
      { e: 12, typeId: crack, shape: 'polyline', lengthM: 0.5, widthMm: 0.3 },
    ]),
  );
  // Year C: the crack longer and wider again.
  name(['c1'], await plant(db, scenes.C!, [{ e: 0.1, typeId: crack, shape: 'polyline', lengthM: 1.7, widthMm: 0.9 }]));
  return { team, inspection, defect };
}

describeOnEachDatabase('historical defect matching', (server) => {
  let team: StaffedTeam;
  /** Inspections of one structure a year apart: A, then B (previous A), then C (previous B). */
  const inspection: Record<'A' | 'B' | 'C', number> = { A: 0, B: 0, C: 0 };
  const defect = { a1: 0, a2: 0, a3: 0, b1: 0, b2: 0, b3: 0, c1: 0 };

  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) =>
    server().call<T>(method, `/api${url}`, { token: token ?? team.inspector.token, body });
  const match = (inspectionId: number, mode: string, extra: object = {}, token?: string) =>
    call<HistoryMatchingStatus>('PUT', '/inspection-disease-his-pre/match', { inspectionId, mode, ...extra }, token);
  const matchToEnd = async (inspectionId: number, mode: string, extra: object = {}) => {
    const after = server().events.length;
    okData(await match(inspectionId, mode, extra));
    return waitForState(server(), inspectionId, after, ['done', 'failed']);
  };
  const all = async (inspectionId: number) =>
    okData(await call<HistoryRelation[]>('POST', '/inspection-disease-relation/find/all', { inspectionId }));
  const total = async (inspectionId: number, token?: string) =>
    okData(
      await call<HistoryTotal>('GET', `/inspection-disease-his-pre/total/his/sum/${inspectionId}`, undefined, token),
    );
  const count = async (inspectionId: number) =>
    okData(await call<HistoryCount>('POST', '/inspection-disease-his-pre/count/history/disease', { inspectionId }));
  const rebind = (defectId: number, previousDefectId: number | null, token?: string) =>
    call<HistoryRelation>('POST', '/inspection-disease-his-pre/again/bind', { defectId, previousDefectId }, token);
  /** The pairs as [current id or null, previous id or null, change kind, manual]. */
  const pairs = (relations: HistoryRelation[]) =>
    relations.map((entry) => [entry.defect?.id ?? null, entry.previous?.id ?? null, entry.changeKind, entry.manual]);
  const links = async (inspectionId: number) =>
    (
      await server()
        .db.selectFrom('defect_history_links')
        .select(['defect_id', 'previous_defect_id', 'change_kind', 'manual', 'created_at'])
        .where('inspection_id', '=', inspectionId)
        .orderBy('defect_id')
        .execute()
    ).map((row) => ({ ...row, created_at: row.created_at.toISOString() }));

  beforeAll(async () => {
    const built = await buildYears(server().db);
    team = built.team;
    Object.assign(inspection, built.inspection);
    Object.assign(defect, built.defect);
  });

  it('before matching: uncalculated, no entries, every defect without a prediction', async () => {
    expect(await total(inspection.B)).toMatchObject({
      state: 'uncalculated',
      previousInspectionId: inspection.A,
      defects: 3,
      previousDefects: 3,
      calculated: 0,
      matched: 0,
      repaired: 0,
    });
    const page = okData(
      await call<{ records: Array<{ relation: unknown }>; total: number; status: HistoryMatchingStatus }>(
        'POST',
        '/inspection-disease-his-pre/find/page',
        { inspectionId: inspection.B },
      ),
    );
    expect(page.total).toBe(3);
    expect(page.records.map((record) => record.relation)).toEqual([null, null, null]);
    expect(page.status).toMatchObject({ state: 'uncalculated', done: 0, total: 3, distanceM: 0.3 });
    expect(await all(inspection.B)).toEqual([]);
  });

  it('finds exactly the planted pairs; the evolution table and totals show the planted changes', async () => {
    expect(await matchToEnd(inspection.B, 'continue')).toMatchObject({ state: 'done', done: 3, total: 3 });
    const entries = await all(inspection.B);
    expect(pairs(entries)).toEqual([
      [defect.b1, defect.a1, 'length', false],
      [defect.b2, defect.a2, 'unchanged', false],
      [defect.b3, null, 'new', false],
      [null, defect.a3, 'repaired', false],
    ]);
    const grown = entries[0]!;
    expect(grown.delta!.lengthM).toBeCloseTo(0.4, 9);
    expect(grown.delta!.widthMm).toBeCloseTo(0, 9);
    expect(grown.distanceM).toBeCloseTo(0.15, 3);
    expect(grown.defect!.size).toEqual({ lengthM: 1.4, widthMm: 0.5, areaM2: null });
    expect(grown.previous!.size).toEqual({ lengthM: 1, widthMm: 0.5, areaM2: null });
    expect(grown.defect!.code).toBe('D-0001');

    expect(await total(inspection.B)).toMatchObject({
      state: 'done',
      defects: 3,
      previousDefects: 3,
      calculated: 3,
      matched: 2,
      new: 1,
      repaired: 1,
      unchanged: 1,
      length: 1,
      width: 0,
      lengthWidth: 0,
      area: 0,
      manual: 0,
    });
    expect(await count(inspection.B)).toEqual({
      inspectionId: inspection.B,
      links: 3,
      manual: 0,
      byKind: { unchanged: 1, length: 1, width: 0, lengthWidth: 0, area: 0, new: 1, repaired: 1 },
    });
    const predictions = okData(
      await call<{ records: Array<{ defect: { id: number }; relation: HistoryRelation | null }>; total: number }>(
        'POST',
        '/inspection-disease-his-pre/find/page',
        { inspectionId: inspection.B, pageNum: 1, pageSize: 2 },
      ),
    );
    expect(predictions.total).toBe(3);
    expect(
      predictions.records.map((record) => [
        record.defect.id,
        record.relation?.previous?.id,
        record.relation?.changeKind,
      ]),
    ).toEqual([
      [defect.b1, defect.a1, 'length'],
      [defect.b2, defect.a2, 'unchanged'],
    ]);
    const filtered = okData(
      await call<{ records: HistoryRelation[]; total: number }>('POST', '/inspection-disease-relation/find/page', {
        inspectionId: inspection.B,
        changeKinds: ['length', 'repaired'],
        pageSize: 1,
      }),
    );
    expect(filtered.total).toBe(2);
    expect(pairs(filtered.records)).toEqual([[defect.b1, defect.a1, 'length', false]]);
  });

  it("the inspection's threshold: at 0.1 m the grown crack (0.15 m away) is new and its old self repaired", async () => {
    expect(await matchToEnd(inspection.B, 'all', { distanceM: 0.1 })).toMatchObject({ state: 'done', distanceM: 0.1 });
    expect(pairs(await all(inspection.B))).toEqual([
      [defect.b1, null, 'new', false],
      [defect.b2, defect.a2, 'unchanged', false],
      [defect.b3, null, 'new', false],
      [null, defect.a1, 'repaired', false],
      [null, defect.a3, 'repaired', false],
    ]);
    expect(await matchToEnd(inspection.B, 'all', { distanceM: 0.3 })).toMatchObject({ distanceM: 0.3 });
    expect(pairs(await all(inspection.B))[0]).toEqual([defect.b1, defect.a1, 'length', false]);
  });

  it("a defect's chain across three inspections, oldest first, from any of its defects", async () => {
    expect(await matchToEnd(inspection.C, 'continue')).toMatchObject({ state: 'done', done: 1 });
    for (const from of [defect.a1, defect.b1, defect.c1]) {
      const chain = okData(
        await call<HistoryChain>('POST', '/inspection-disease-relation/find/compare/disease', { defectId: from }),
      );
      expect(chain.defectId).toBe(from);
      expect(
        chain.chain.map((entry) => [
          entry.defect.id,
          entry.inspection.id,
          entry.inspection.inspectionDate,
          entry.changeKind,
        ]),
      ).toEqual([
        [defect.a1, inspection.A, '2024-04-01', null],
        [defect.b1, inspection.B, '2025-04-01', 'length'],
        [defect.c1, inspection.C, '2026-04-01', 'lengthWidth'],
      ]);
      expect(chain.chain.map((entry) => entry.defect.size.lengthM)).toEqual([1, 1.4, 1.7]);
      expect(chain.chain.every((entry) => entry.defect.imageId > 0)).toBe(true);
    }
    const single = okData(
      await call<HistoryChain>('POST', '/inspection-disease-relation/find/compare/disease', { defectId: defect.b3 }),
    );
    expect(single.chain.map((entry) => [entry.defect.id, entry.changeKind])).toEqual([[defect.b3, 'new']]);
  });

  it('re-binding by hand: validated, one to one, kept by a new matching; unbinding makes the defect new', async () => {
    // The new crack is the repaired one after all.
    const bound = okData(await rebind(defect.b3, defect.a3));
    expect(bound).toMatchObject({ changeKind: 'length', manual: true });
    expect(bound.previous!.id).toBe(defect.a3);
    expect(bound.delta!.lengthM).toBeCloseTo(-0.3, 9);
    expect(bound.distanceM).toBeCloseTo(6, 3);
    // a3 is taken; c1 is not of the previous inspection; a spalling area is no crack's shape; a1 is not in C's past.
    expect((await rebind(defect.b1, defect.a3)).body.msg).toBe('HISTORY_DISEASE_BOUND');
    expect((await rebind(defect.b1, defect.c1)).body.msg).toBe('HISTORY_DISEASE_BIND_ERROR');
    expect((await rebind(defect.b1, defect.a2)).body.msg).toBe('HISTORY_DISEASE_BIND_ERROR');
    expect((await rebind(defect.c1, defect.a1)).body.msg).toBe('HISTORY_DISEASE_BIND_ERROR');
    expect((await rebind(defect.a1, defect.b1)).body.msg).toBe('HISTORY_NO_PREVIOUS_INSPECTION');
    expect((await rebind(2_000_000_000, defect.a1)).body.msg).toBe('INSPECTION_DISEASE_NOT_EXISTING');
    expect(fieldKeys((await call('POST', '/inspection-disease-his-pre/again/bind', { defectId: 'x' })).body)).toEqual({
      defectId: 'invalidValue',
      previousDefectId: 'required',
    });

    // A matching of every defect again keeps the person's link.
    await matchToEnd(inspection.B, 'all');
    expect(pairs(await all(inspection.B))).toEqual([
      [defect.b1, defect.a1, 'length', false],
      [defect.b2, defect.a2, 'unchanged', false],
      [defect.b3, defect.a3, 'length', true],
    ]);
    expect(await total(inspection.B)).toMatchObject({ matched: 3, new: 0, repaired: 0, length: 2, manual: 1 });

    const unbound = okData(await rebind(defect.b3, null));
    expect(unbound).toMatchObject({ changeKind: 'new', manual: true, previous: null });
    expect(await total(inspection.B)).toMatchObject({ matched: 2, new: 1, repaired: 1, manual: 1 });
  });

  it('rights: the viewer reads but cannot re-bind or match; other teams see nothing; the package is needed', async () => {
    const viewer = team.viewer.token;
    expect((await total(inspection.B, viewer)).matched).toBe(2);
    expect((await rebind(defect.b3, defect.a3, viewer)).body.msg).toBe('NO_AUTH');
    expect((await match(inspection.B, 'all', {}, viewer)).body.msg).toBe('NO_AUTH');

    const outsider = await buildOutsider(server().db);
    await setFunction(server().db, {
      teamId: outsider.teamId,
      code: 'historical_defect',
      activatedAt: new Date(Date.now() - DAY_MS),
      expiresAt: new Date(Date.now() + 30 * DAY_MS),
    });
    for (const response of [
      await rebind(defect.b3, defect.a3, outsider.token),
      await match(inspection.B, 'all', {}, outsider.token),
      await call('POST', '/inspection-disease-relation/find/all', { inspectionId: inspection.B }, outsider.token),
      await call('POST', '/inspection-disease-relation/find/page', { inspectionId: inspection.B }, outsider.token),
      await call('POST', '/inspection-disease-relation/find/compare/disease', { defectId: defect.b1 }, outsider.token),
      await call('POST', '/inspection-disease-his-pre/find/page', { inspectionId: inspection.B }, outsider.token),
      await call(
        'POST',
        '/inspection-disease-his-pre/count/history/disease',
        { inspectionId: inspection.B },
        outsider.token,
      ),
      await call('GET', `/inspection-disease-his-pre/total/his/sum/${inspection.B}`, undefined, outsider.token),
    ]) {
      expect(response.body.msg).toBe('PROJECT_NO_ERROR');
    }

    const lapsed = await buildOutsider(server().db);
    expect(
      (await call('GET', `/inspection-disease-his-pre/total/his/sum/${inspection.B}`, undefined, lapsed.token)).body
        .msg,
    ).toBe('TEAM_FUNCTION_INACTIVE');
  });

  it('refuses bad input: mode, threshold, kinds; an inspection without a previous one', async () => {
    expect(fieldKeys((await match(inspection.B, 'sideways')).body)).toEqual({ mode: 'invalidValue' });
    expect(fieldKeys((await match(inspection.B, 'all', { distanceM: 0 })).body)).toEqual({ distanceM: 'numberRange' });
    expect(fieldKeys((await match(inspection.B, 'all', { distanceM: 5.5 })).body)).toEqual({
      distanceM: 'numberRange',
    });
    expect(
      fieldKeys(
        (
          await call('POST', '/inspection-disease-relation/find/page', {
            inspectionId: inspection.B,
            changeKinds: ['x'],
          })
        ).body,
      ),
    ).toEqual({ 'changeKinds.0': 'invalidValue' });
    expect((await match(inspection.A, 'continue')).body.msg).toBe('HISTORY_NO_PREVIOUS_INSPECTION');
    expect((await match(2_000_000_000, 'continue')).body.msg).toBe('INSPECTION_NOT_EXISTING');
  });

  it('a matching queued or running refuses a second start and re-binding', async () => {
    const db = server().db;
    const state = (value: 'queued' | 'running' | 'done') =>
      db
        .updateTable('defect_history_matchings')
        .set({ state: value })
        .where('inspection_id', '=', inspection.B)
        .execute();
    for (const live of ['queued', 'running'] as const) {
      await state(live);
      expect((await match(inspection.B, 'continue')).body.msg).toBe('HISTORY_MATCHING_ING');
      expect((await rebind(defect.b1, null)).body.msg).toBe('HISTORY_MATCHING_ING');
    }
    await state('done');
    expect(pairs(await all(inspection.B))[0]).toEqual([defect.b1, defect.a1, 'length', false]);
  });

  it('cancel stops between batches, continue finishes as one run would', async () => {
    const db = server().db;
    // 3,000 more cracks in B beside the new one (new, all of them): seven batches.
    await copyDefect(db, defect.b3, { count: 3000, fromNumber: 1000 });

    const after = server().events.length;
    okData(await match(inspection.B, 'all'));
    const cancelled = okData(await match(inspection.B, 'cancel'));
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.done).toBeLessThan(cancelled.total);
    await waitForState(server(), inspection.B, after, ['cancelled']);
    const stopped = await links(inspection.B);

    const ended = await matchToEnd(inspection.B, 'continue');
    expect(ended).toMatchObject({ state: 'done', done: 3003, total: 3003 });
    const continued = await links(inspection.B);
    // What was written before the cancel stayed as it was.
    const byDefect = new Map(continued.map((row) => [row.defect_id, row]));
    for (const row of stopped) expect(byDefect.get(row.defect_id)).toEqual(row);
    // And the whole equals a run straight through.
    await matchToEnd(inspection.B, 'all');
    const straight = await links(inspection.B);
    const shape = (rows: typeof straight) => rows.map(({ created_at: _, ...rest }) => rest);
    expect(shape(continued)).toEqual(shape(straight));
    expect(straight.filter((row) => row.previous_defect_id !== null)).toHaveLength(2);
  });

  it("changing B's previous inspection unbinds every link of B (counted first); C's links to B stay", async () => {
    expect((await count(inspection.B)).links).toBe(3003);
    const edit = await call(
      'PUT',
      '/inspection-task',
      { id: inspection.B, name: 'Year B', previousInspectionId: null, inspectionDate: '2025-04-01' },
      team.admin.token,
    );
    okData(edit);
    expect(await count(inspection.B)).toMatchObject({ links: 0, manual: 0 });
    expect(await total(inspection.B)).toMatchObject({
      state: 'uncalculated',
      previousInspectionId: null,
      calculated: 0,
    });
    // C's only defect is still the crack it was in B (the rest of B is repaired by C).
    expect(pairs(await all(inspection.C))[0]).toEqual([defect.c1, defect.b1, 'lengthWidth', false]);
    // An edit that keeps the previous inspection keeps the links.
    okData(
      await call(
        'PUT',
        '/inspection-task',
        { id: inspection.C, name: 'Year C renamed', inspectionDate: '2026-04-01' },
        team.admin.token,
      ),
    );
    expect((await count(inspection.C)).links).toBe(1);
  });
});

const postgresTemplate = inject('postgresTemplate');
if (!postgresTemplate)
  console.warn('skipped: the restart test runs an API process and a worker on one PostgreSQL server');

describe.skipIf(!postgresTemplate)('postgres: a matching interrupted by a restart', () => {
  it('runs again in the next process and matches only the defects it had not linked', async () => {
    // An API process queues the job (it runs no job), then "dies" having written the first link as the job's
    // first batch would, its state left running; a process with a worker starts on the same database.
    const { name, dataDir, boot: start } = await restartScene(postgresTemplate!, inject('workDir'), 'history');
    const api = await start('api');
    try {
      const { team, inspection, defect } = await buildYears(api.handle.db);
      const queued = await api.app.inject({
        method: 'PUT',
        url: '/api/inspection-disease-his-pre/match',
        headers: { authorization: `Bearer ${team.inspector.token}` },
        payload: { inspectionId: inspection.B, mode: 'continue' },
      });
      expect(queued.json()).toMatchObject({ code: 2000, data: { state: 'queued' } });
      const db = api.handle.db;
      const firstBatch = {
        defect_id: defect.b1,
        inspection_id: inspection.B,
        previous_defect_id: defect.a1,
        change_kind: 'length' as const,
        delta_length_m: 0.4,
        delta_width_mm: 0,
        delta_area_m2: null,
        distance_m: 0.15,
        created_at: new Date('2026-01-01T00:00:00Z'),
      };
      await db.insertInto('defect_history_links').values(firstBatch).execute();
      await db
        .updateTable('defect_history_matchings')
        .set({ state: 'running' })
        .where('inspection_id', '=', inspection.B)
        .execute();
      await api.app.close();
      await api.handle.close();

      const worker = await start('all');
      try {
        const state = await pollUntil(
          async () =>
            (
              await worker.handle.db
                .selectFrom('defect_history_matchings')
                .select('state')
                .where('inspection_id', '=', inspection.B)
                .executeTakeFirstOrThrow()
            ).state,
          (now) => now === 'done' || now === 'failed',
        );
        expect(state).toBe('done');
        const rows = await worker.handle.db
          .selectFrom('defect_history_links')
          .select(['defect_id', 'previous_defect_id', 'change_kind', 'created_at'])
          .where('inspection_id', '=', inspection.B)
          .orderBy('defect_id')
          .execute();
        expect(rows.map((row) => [row.defect_id, row.previous_defect_id, row.change_kind])).toEqual([
          [defect.b1, defect.a1, 'length'],
          [defect.b2, defect.a2, 'unchanged'],
          [defect.b3, null, 'new'],
        ]);
        // The link written before the restart is the one kept, not written again.
        expect(rows[0]!.created_at.toISOString()).toBe('2026-01-01T00:00:00.000Z');
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
