import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { KeyDefect, KeyDefectHistoryEntry, Page } from '@sightline/shared';
import { describeOnEachDatabase } from '../../../test/harness.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import { buildInspection } from '../../../test/factories/inspection.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { PNG_BYTES, buildOutsider, builtInDefectTypeId } from '../../../test/factories/project.js';
import { okData } from '../../../test/factories/spatial-marker.js';
import { buildStaffedTeam, teamUsedBytes, type StaffedTeam } from '../../../test/factories/team.js';
import { TEST_PASSWORD } from '../../../test/factories/user.js';
import { fieldKeys } from '../../../test/validation.js';
import { createQuotaService } from '../team/quota.service.js';
import { createKeyDefectRepo } from './key-defect.repo.js';
import { createUnusedScreenshotCollector, UNUSED_SCREENSHOT_MAX_AGE_MS } from './key-defect.service.js';

const GRAPH = {
  kind: 'polygon',
  positions: [
    { lon: 114.05, lat: 22.54, height: 10 },
    { lon: 114.0501, lat: 22.54, height: 10 },
    { lon: 114.0501, lat: 22.5401, height: 12 },
  ],
};
const RANGE = { width: 120, height: 80 };

describeOnEachDatabase('key defects', (server) => {
  let team: StaffedTeam;
  let projectId: number;
  let inspectionId: number;
  let crackType: number;

  const call = <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token?: string) =>
    server().call<T>(method, `/api${url}`, { token: token ?? team.inspector.token, body });

  async function upload(inspection: number, data: Buffer = PNG_BYTES, token = team.inspector.token) {
    const file = multipartFile(data, { fileName: 'shot.png', contentType: 'image/png' });
    return server().call<{ screenshot: string }>('POST', '/api/inspection-disease-important/screenshot', {
      token,
      query: { inspectionId: String(inspection) },
      body: file.payload,
      headers: file.headers,
    });
  }
  const screenshot = async (inspection = inspectionId) => okData(await upload(inspection)).screenshot;
  const screenshotFile = (name: string, inspection = inspectionId) =>
    path.join(
      server().config.FILES_DIR,
      `teams/${team.id}/projects/${projectId}/inspections/${inspection}/key-defects/${name}`,
    );

  const body = async (extra: Record<string, unknown> = {}) => ({
    inspectionId,
    name: 'Bearing crack',
    typeId: crackType,
    level: 4,
    description: 'west bearing',
    graph: GRAPH,
    screenshot: await screenshot(),
    screenRange: RANGE,
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, token?: string) =>
    call<KeyDefect>('POST', '/inspection-disease-important', await body(extra), token);

  beforeAll(async () => {
    const db = server().db;
    team = await buildStaffedTeam(db);
    ({ projectId, inspectionId } = await buildInspection(db, {
      teamId: team.id,
      createdBy: team.admin.id,
      memberIds: [team.inspector.id, team.viewer.id],
    }));
    crackType = await builtInDefectTypeId(db, 'crack');
  });

  it('a screenshot is stored as a PNG (by its bytes) in the inspection folder and counted on the quota', async () => {
    const before = await teamUsedBytes(server().db, team.id);
    const name = await screenshot();
    expect(name).toMatch(/^kd-[0-9a-f]{24}\.png$/);
    expect(await teamUsedBytes(server().db, team.id)).toBe(before + PNG_BYTES.length);
    const file = path.join(
      server().config.FILES_DIR,
      `teams/${team.id}/projects/${projectId}/inspections/${inspectionId}/key-defects/${name}`,
    );
    expect(fs.readFileSync(file).equals(PNG_BYTES)).toBe(true);

    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    expect((await upload(inspectionId, jpeg)).body.msg).toBe('FILE_TYPE_ERROR');
    const named = Buffer.from('not a png, whatever the name says');
    expect((await upload(inspectionId, named)).body.msg).toBe('FILE_TYPE_ERROR');
    const huge = Buffer.concat([PNG_BYTES, Buffer.alloc(5 * 1024 * 1024)]);
    const tooLarge = await upload(inspectionId, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.msg).toBe('FILE_TOO_LARGE');
    expect((await upload(2_000_000_000)).body.msg).toBe('INSPECTION_NOT_EXISTING');
  });

  it('creates one with its graph and screenshot, served to the team through the file route', async () => {
    const made = okData(await create());
    expect(made).toMatchObject({
      projectId,
      inspectionId,
      name: 'Bearing crack',
      typeId: crackType,
      level: 4,
      description: 'west bearing',
      graph: GRAPH,
      defectId: null,
      createdBy: team.inspector.id,
    });
    expect(made.screenshotUrl).toBe(`/api/files/key-defects/${inspectionId}/${made.screenshot}`);
    expect(okData(await call<KeyDefect>('GET', `/inspection-disease-important/${made.id}`))).toEqual(made);

    const served = await server().app.inject({
      method: 'GET',
      url: made.screenshotUrl,
      headers: { authorization: `Bearer ${team.viewer.token}` },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    const outsider = await buildOutsider(server().db);
    const refused = await server().app.inject({
      method: 'GET',
      url: made.screenshotUrl,
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(refused.statusCode).not.toBe(200);

    const listed = okData(
      await call<{ records: KeyDefect[]; screenshotFolder: string }>(
        'POST',
        '/inspection-disease-important/find/disease/coordinate',
        { inspectionId },
        team.viewer.token,
      ),
    );
    expect(listed.screenshotFolder).toBe(`/api/files/key-defects/${inspectionId}/`);
    expect(listed.records.map((record) => record.id)).toContain(made.id);
  });

  it('a graph under 32 px on screen asks to confirm; confirmed, it is saved', async () => {
    const small = await create({ screenRange: { width: 31, height: 12 } });
    expect(small.body).toMatchObject({ msg: 'KEY_DEFECT_SCREEN_RANGE_SMALL', data: { size: 31, min: 32 } });
    expect(okData(await create({ screenRange: { width: 31, height: 12 }, confirmSmall: true })).name).toBe(
      'Bearing crack',
    );
    expect(okData(await create({ screenRange: { width: 32, height: 0 } })).name).toBe('Bearing crack');
  });

  it('refuses each broken limit', async () => {
    const keys = async (extra: Record<string, unknown>) => {
      const response = await create(extra);
      expect(response.body.msg).toBe('VALIDATION_ERROR');
      return fieldKeys(response.body);
    };
    expect(await keys({ name: '' })).toEqual({ name: 'required' });
    expect(await keys({ name: 'x'.repeat(51) })).toEqual({ name: 'tooLong' });
    expect(await keys({ level: 0 })).toEqual({ level: 'numberRange' });
    expect(await keys({ level: 6 })).toEqual({ level: 'numberRange' });
    expect(await keys({ description: 'x'.repeat(501) })).toEqual({ description: 'tooLong' });
    expect(await keys({ graph: { kind: 'polyline', positions: GRAPH.positions.slice(0, 1) } })).toEqual({
      'graph.positions': 'defectShapePoints',
    });
    expect(await keys({ graph: { kind: 'polygon', positions: GRAPH.positions.slice(0, 2) } })).toEqual({
      'graph.positions': 'defectShapePoints',
    });
    expect(await keys({ graph: { kind: 'circle', positions: GRAPH.positions } })).toMatchObject({
      'graph.kind': 'invalidValue',
    });
    expect(
      await keys({ graph: { kind: 'polyline', positions: [GRAPH.positions[0], { lon: 181, lat: 0, height: 0 }] } }),
    ).toEqual({ 'graph.positions.1.lon': 'numberRange' });
    const many = Array.from({ length: 501 }, (_, i) => ({ lon: 114, lat: 22 + i * 1e-6, height: 0 }));
    expect(await keys({ graph: { kind: 'polyline', positions: many } })).toEqual({ 'graph.positions': 'tooLong' });
    expect(await keys({ screenshot: 'kd-000000000000000000000000.png' })).toEqual({ screenshot: 'invalidValue' });
    expect(await keys({ screenshot: '../../etc/passwd' })).toEqual({ screenshot: 'invalidValue' });
    expect(await keys({ screenRange: { width: -1, height: 3 } })).toEqual({ 'screenRange.width': 'invalidValue' });

    // A screenshot is held once; one uploaded for another inspection is not this one's.
    const held = okData(await create()).screenshot;
    expect(await keys({ screenshot: held })).toEqual({ screenshot: 'invalidValue' });
    const other = await buildInspection(server().db, { teamId: team.id, createdBy: team.admin.id, projectId });
    expect(await keys({ screenshot: await screenshot(other.inspectionId) })).toEqual({ screenshot: 'invalidValue' });

    expect((await create({ typeId: 2_000_000_000 })).body.msg).toBe('DISEASE_TYPE_NOT_EXISTING');
    expect((await create({ defectId: 2_000_000_000 })).body.msg).toBe('INSPECTION_DISEASE_NOT_EXISTING');
    expect((await call('GET', '/inspection-disease-important/2000000000')).body.msg).toBe('KEY_DEFECT_NOT_EXISTING');
  });

  it('an edit keeps its history: who, when, what changed from what; a new graph needs its screenshot', async () => {
    const made = okData(await create());
    expect(fieldKeys((await call('PUT', '/inspection-disease-important', { id: made.id, graph: GRAPH })).body)).toEqual(
      { screenshot: 'required' },
    );
    const before = await teamUsedBytes(server().db, team.id);
    const next = await screenshot();
    const newGraph = { kind: 'polyline', positions: GRAPH.positions.slice(0, 2) };
    const edited = okData(
      await call<KeyDefect>('PUT', '/inspection-disease-important', {
        id: made.id,
        level: 5,
        graph: newGraph,
        screenshot: next,
        screenRange: RANGE,
      }),
    );
    expect(edited).toMatchObject({ level: 5, graph: newGraph, screenshot: next, name: made.name });
    // The old screenshot is freed: the quota counts only the new one.
    expect(await teamUsedBytes(server().db, team.id)).toBe(before);
    const history = okData(
      await call<{ records: KeyDefectHistoryEntry[]; total: number }>(
        'POST',
        '/inspection-disease-important/find/history',
        { id: made.id },
        team.viewer.token,
      ),
    );
    expect(history.total).toBe(2);
    expect(history.records[0]).toMatchObject({
      action: 'update',
      userId: team.inspector.id,
      changes: {
        level: { from: 4, to: 5 },
        graph: { from: GRAPH, to: newGraph },
        screenshot: { from: made.screenshot, to: next },
      },
    });
    expect(Object.keys(history.records[0]!.changes).sort()).toEqual(['graph', 'level', 'screenshot']);
    expect(history.records[1]).toMatchObject({ action: 'create', changes: { name: { from: null, to: made.name } } });
  });

  it('batch: all or none; deletes free the screenshots, and the history stays', async () => {
    const items = [await body({ name: 'One' }), await body({ name: 'Two' })];
    const before = await teamUsedBytes(server().db, team.id);
    const refused = await call('POST', '/inspection-disease-important/batch', {
      items: [...items, { ...items[0], screenshot: items[1]!.screenshot }],
    });
    expect(fieldKeys(refused.body)).toEqual({ 'items.2.screenshot': 'invalidValue' });
    const broken = await call('POST', '/inspection-disease-important/batch', {
      items: [items[0], { ...items[1], level: 9 }],
    });
    expect(fieldKeys(broken.body)).toEqual({ 'items.1.level': 'numberRange' });
    expect(fieldKeys((await call('POST', '/inspection-disease-important/batch', { items: [] })).body)).toEqual({
      items: 'required',
    });
    const made = okData(await call<KeyDefect[]>('POST', '/inspection-disease-important/batch', { items }));
    expect(made.map((item) => item.name)).toEqual(['One', 'Two']);

    const ids = made.map((item) => item.id);
    expect(
      (await call('DELETE', '/inspection-disease-important/batch', { ids: [...ids, 2_000_000_000] })).body.msg,
    ).toBe('KEY_DEFECT_NOT_EXISTING');
    expect(okData(await call('DELETE', '/inspection-disease-important/batch', { ids }))).toEqual({ count: 2 });
    expect(await teamUsedBytes(server().db, team.id)).toBe(before - 2 * PNG_BYTES.length);
    expect((await call('GET', `/inspection-disease-important/${ids[0]}`)).body.msg).toBe('KEY_DEFECT_NOT_EXISTING');
    const history = okData(
      await call<{ records: KeyDefectHistoryEntry[] }>('POST', '/inspection-disease-important/find/history', {
        id: ids[0],
      }),
    );
    expect(history.records.map((entry) => entry.action)).toEqual(['delete', 'create']);
    expect(history.records[0]!.changes.name).toEqual({ from: 'One', to: null });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(fieldKeys((await call('DELETE', '/inspection-disease-important/batch', { ids: tooMany })).body)).toEqual({
      ids: 'numberRange',
    });
  });

  it('rights: the viewer reads but neither uploads, creates, edits nor deletes; another team sees nothing', async () => {
    const made = okData(await create());
    const viewer = team.viewer.token;
    expect(okData(await call<KeyDefect>('GET', `/inspection-disease-important/${made.id}`, undefined, viewer)).id).toBe(
      made.id,
    );
    expect((await upload(inspectionId, PNG_BYTES, viewer)).body.msg).toBe('NO_AUTH');
    const payload = await body();
    expect((await call('POST', '/inspection-disease-important', payload, viewer)).body.msg).toBe('NO_AUTH');
    expect((await call('PUT', '/inspection-disease-important', { id: made.id, level: 1 }, viewer)).body.msg).toBe(
      'NO_AUTH',
    );
    expect((await call('POST', '/inspection-disease-important/batch', { items: [payload] }, viewer)).body.msg).toBe(
      'NO_AUTH',
    );
    expect((await call('DELETE', '/inspection-disease-important/batch', { ids: [made.id] }, viewer)).body.msg).toBe(
      'NO_AUTH',
    );

    const outsider = await buildOutsider(server().db);
    for (const response of [
      await upload(inspectionId, PNG_BYTES, outsider.token),
      await call('POST', '/inspection-disease-important', payload, outsider.token),
      await call('PUT', '/inspection-disease-important', { id: made.id, level: 1 }, outsider.token),
      await call('GET', `/inspection-disease-important/${made.id}`, undefined, outsider.token),
      await call('POST', '/inspection-disease-important/find/history', { id: made.id }, outsider.token),
      await call('POST', '/inspection-disease-important/find/disease/coordinate', { inspectionId }, outsider.token),
      await call('DELETE', '/inspection-disease-important/batch', { ids: [made.id] }, outsider.token),
    ]) {
      expect(response.body.msg).toBe('PROJECT_NO_ERROR');
    }
  });

  it('a screenshot no key defect took is freed a day after its upload, once; a held or younger one stays', async () => {
    const db = server().db;
    const repo = createKeyDefectRepo(db);
    const collector = createUnusedScreenshotCollector({
      repo,
      blobs: createConfiguredBlobStore(server().config),
      quota: createQuotaService({ db }),
    });
    /** Sets a screenshot's upload time back, as if uploaded `ms` ago. */
    const uploadedAgo = (name: string, ms: number) =>
      sql`update key_defect_screenshots set created_at = ${new Date(Date.now() - ms)} where name = ${name}`.execute(db);

    const unused = await screenshot();
    const younger = await screenshot();
    const held = okData(await create());
    await uploadedAgo(unused, UNUSED_SCREENSHOT_MAX_AGE_MS + 60_000);
    await uploadedAgo(younger, UNUSED_SCREENSHOT_MAX_AGE_MS - 3600_000);

    // A collector stopped after its claim: the screenshot can no longer be taken, and the next run finishes it.
    expect((await repo.claimUnusedScreenshots(new Date(Date.now() - UNUSED_SCREENSHOT_MAX_AGE_MS))).length).toBe(1);
    expect(fieldKeys((await create({ screenshot: unused })).body)).toEqual({ screenshot: 'invalidValue' });
    const before = await teamUsedBytes(db, team.id);

    // Two collectors at once free it once.
    const runs = await Promise.all([collector.collect(), collector.collect()]);
    expect(runs.reduce((sum, run) => sum + run.screenshots, 0)).toBe(1);
    expect(runs.reduce((sum, run) => sum + run.bytes, 0)).toBe(PNG_BYTES.length);
    expect(await teamUsedBytes(db, team.id)).toBe(before - PNG_BYTES.length);
    expect(fs.existsSync(screenshotFile(unused))).toBe(false);
    expect(await collector.collect()).toEqual({ screenshots: 0, bytes: 0 });
    expect(await teamUsedBytes(db, team.id)).toBe(before - PNG_BYTES.length);

    // The held one and the younger one are kept: still stored, served, and usable.
    expect(fs.existsSync(screenshotFile(held.screenshot))).toBe(true);
    expect(fs.existsSync(screenshotFile(younger))).toBe(true);
    const served = await server().app.inject({
      method: 'GET',
      url: held.screenshotUrl,
      headers: { authorization: `Bearer ${team.viewer.token}` },
    });
    expect(served.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(okData(await create({ screenshot: younger })).screenshot).toBe(younger);

    // Once held, a screenshot is not the collector's, however old its upload.
    await uploadedAgo(younger, 2 * UNUSED_SCREENSHOT_MAX_AGE_MS);
    expect(await collector.collect()).toEqual({ screenshots: 0, bytes: 0 });
    expect(fs.existsSync(screenshotFile(younger))).toBe(true);
  });

  it("a purged inspection's screenshots are freed, held or not: the bin shows their bytes, the purge gives them back", async () => {
    const db = server().db;
    const other = await buildInspection(db, { teamId: team.id, createdBy: team.admin.id, projectId });
    const before = await teamUsedBytes(db, team.id);
    const made = [];
    for (const name of ['North bearing', 'South bearing'])
      made.push(
        okData(
          await call<KeyDefect>('POST', '/inspection-disease-important', {
            inspectionId: other.inspectionId,
            name,
            typeId: crackType,
            level: 3,
            description: '',
            graph: GRAPH,
            screenshot: await screenshot(other.inspectionId),
            screenRange: RANGE,
          }),
        ),
      );
    // And one uploaded that no key defect took.
    const unused = await screenshot(other.inspectionId);
    expect(await teamUsedBytes(db, team.id)).toBe(before + 3 * PNG_BYTES.length);
    const files = [...made.map((item) => item.screenshot), unused].map((name) =>
      screenshotFile(name, other.inspectionId),
    );
    expect(files.map((file) => fs.existsSync(file))).toEqual([true, true, true]);

    const admin = team.admin.token;
    okData(
      await server().call('DELETE', '/api/inspection-task', {
        token: admin,
        query: { id: String(other.inspectionId) },
      }),
    );
    const item = await db
      .selectFrom('recycle_items')
      .select('id')
      .where('kind', '=', 'inspection')
      .where('entity_id', '=', other.inspectionId)
      .executeTakeFirstOrThrow();
    const bin = okData(
      await server().call<Page<{ id: number; sizeBytes: number }>>('GET', '/api/transaction', {
        token: admin,
        query: { kind: 'inspection' },
      }),
    );
    // The inspection has no photos: its bytes are its screenshots'.
    expect(bin.records.find((record) => record.id === item.id)?.sizeBytes).toBe(3 * PNG_BYTES.length);
    const purged = okData(
      await server().call<{ count: number }>('POST', '/api/transaction/data/delete', {
        token: admin,
        body: { ids: [item.id], password: TEST_PASSWORD },
      }),
    );
    expect(purged.count).toBe(1);
    expect(files.map((file) => fs.existsSync(file))).toEqual([false, false, false]);
    expect(await teamUsedBytes(db, team.id)).toBe(before);
  });
});
