import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ModelUnzipEvent, ProjectModel } from '@sightline/shared';
import { describeOnEachDatabase, type TestServer } from '../../../test/harness.js';
import type { Issues } from '../../../test/validation.js';
import { multipartFile } from '../../../test/factories/multipart.js';
import { buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam, teamUsedBytes } from '../../../test/factories/team.js';
import {
  damageStoredEntry,
  listFiles,
  syntheticTileset,
  zipBuffer,
  zipWithEntryEscaping,
} from '../../../test/factories/project-model.js';

const VIEW = { position: { lon: 116.4, lat: 39.9, height: 120 }, heading: 10, pitch: -45, roll: 0 };

describeOnEachDatabase('project model calls', (server) => {
  const uploadsDir = (s: TestServer) => path.join(s.config.DATA_DIR, 'uploads', 'project-model');
  const modelDir = (s: TestServer, teamId: number, projectId: number) =>
    path.join(s.config.FILES_DIR, 'teams', String(teamId), 'projects', String(projectId), 'model');

  async function scene() {
    const team = await buildStaffedTeam(server().db);
    const projectId = (await buildProject(server().db, { teamId: team.id })).id;
    return { team, projectId, token: team.admin.token };
  }

  function uploadZip(token: string, projectId: number, zip: Buffer, filename = 'model.zip') {
    const { payload, headers } = multipartFile(zip, { fileName: filename, contentType: 'application/zip' });
    return server()
      .app.inject({
        method: 'POST',
        url: `/api/project-model/uploadModel?projectId=${projectId}`,
        headers: { ...headers, authorization: `Bearer ${token}` },
        payload,
      })
      .then((response) => ({
        status: response.statusCode,
        body: response.json<{ code: number; msg: string; data: ProjectModel }>(),
      }));
  }

  /** The unzip's last event is sent once the job has freed what it no longer needs. */
  async function unzipEnd(projectId: number, after = 0): Promise<ModelUnzipEvent> {
    const deadline = Date.now() + 40_000;
    while (Date.now() < deadline) {
      const event = server()
        .events.slice(after)
        .map((item) => (item.name === 'modelUnzip' ? (item.value as ModelUnzipEvent) : null))
        .find((value) => value?.projectId === projectId && value.state !== 'unzipping');
      if (event) return event;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the unzip of project ${projectId} never ended`);
  }

  async function uploadedModel() {
    const current = await scene();
    const zip = await zipBuffer(syntheticTileset());
    const mark = server().events.length;
    const uploaded = await uploadZip(current.token, current.projectId, zip);
    expect(uploaded.body.msg).toBe('success');
    expect(await unzipEnd(current.projectId, mark)).toMatchObject({ state: 'done', progress: 1 });
    return { ...current, zip };
  }

  const find = (token: string, projectId: number) =>
    server().call<ProjectModel | null>('GET', `/api/project-model/findByProjectId/${projectId}`, { token });

  describe('findByProjectId', () => {
    it('answers null before any upload, and PROJECT_NO_ERROR for projects the caller may not see', async () => {
      const { team, projectId, token } = await scene();
      expect((await find(token, projectId)).body).toMatchObject({ code: 2000, data: null });
      const stranger = await buildStaffedTeam(server().db);
      const foreign = await find(stranger.admin.token, projectId);
      expect(foreign.body.msg).toBe('PROJECT_NO_ERROR');
      // Inspectors and viewers see the projects they are members of.
      const viewer = await find(team.viewer.token, projectId);
      expect(viewer.body.msg).toBe('PROJECT_NO_ERROR');
      const binned = (await buildProject(server().db, { teamId: team.id, deleted: true })).id;
      expect((await find(token, binned)).body.msg).toBe('PROJECT_NO_ERROR');
      expect((await find(token, 0)).body.msg).toBe('VALIDATION_ERROR');
      expect((await server().call('GET', `/api/project-model/findByProjectId/${projectId}`)).body.msg).toBe(
        'LOGIN_FAILURE',
      );
    });
  });

  describe('initModel, the upload lock and close/socket', () => {
    it('validates every field', async () => {
      const { projectId, token } = await scene();
      const cases: Array<[unknown, string, string]> = [
        [{ fileName: 'a.zip', sizeBytes: 10 }, 'projectId', 'invalidValue'],
        [{ projectId, sizeBytes: 10 }, 'fileName', 'required'],
        [{ projectId, fileName: '   ', sizeBytes: 10 }, 'fileName', 'required'],
        [{ projectId, fileName: `${'a'.repeat(256)}.zip`, sizeBytes: 10 }, 'fileName', 'tooLong'],
        [{ projectId, fileName: 'a.zip' }, 'sizeBytes', 'required'],
        [{ projectId, fileName: 'a.zip', sizeBytes: 0 }, 'sizeBytes', 'numberRange'],
        [{ projectId, fileName: 'a.zip', sizeBytes: 1.5 }, 'sizeBytes', 'invalidValue'],
        [{ projectId, fileName: 'a.zip', sizeBytes: '10' }, 'sizeBytes', 'required'],
      ];
      for (const [body, field, key] of cases) {
        const response = await server().call<Issues>('POST', '/api/project-model/initModel', { token, body });
        expect(response.body.msg, JSON.stringify(body)).toBe('VALIDATION_ERROR');
        expect(response.body.data.issues, JSON.stringify(body)).toContainEqual(
          expect.objectContaining({ path: field, key }),
        );
      }
      const rar = await server().call('POST', '/api/project-model/initModel', {
        token,
        body: { projectId, fileName: 'model.rar', sizeBytes: 10 },
      });
      expect(rar.body.msg).toBe('FILE_TYPE_ERROR');
    });

    it('reserves the declared bytes under one lock per project, which close/socket ends', async () => {
      const { team, projectId, token } = await scene();
      const declare = (as: string, sizeBytes: number, project = projectId) =>
        server().call<{ uploadId: string }>('POST', '/api/project-model/initModel', {
          token: as,
          body: { projectId: project, fileName: 'bridge.zip', sizeBytes },
        });
      expect((await declare(team.viewer.token, 10)).body.msg).toBe('NO_AUTH');
      expect((await declare(team.inspector.token, 10)).body.msg).toBe('NO_AUTH');
      const over = await declare(token, 11 * 1024 ** 3);
      expect([over.status, over.body.msg]).toEqual([507, 'TEAM_VOLUME_EXCEED']);
      expect(await teamUsedBytes(server().db, team.id)).toBe(0);

      const first = await declare(token, 1000);
      expect(first.body.data.uploadId).toMatch(/^[a-f0-9]{32}$/);
      expect(await teamUsedBytes(server().db, team.id)).toBe(1000);
      // The same user declaring again replaces the first declaration (its bytes are not counted twice).
      const again = await declare(token, 3000);
      expect(again.body.data.uploadId).not.toBe(first.body.data.uploadId);
      expect(await teamUsedBytes(server().db, team.id)).toBe(3000);
      const ownerToken = team.owner.token;
      const second = await declare(ownerToken, 10);
      expect([second.status, second.body.msg]).toEqual([409, 'PROJECT_MODEL_USER']);

      const holder = await server().call('GET', '/api/project-model/find/project/model/user', {
        token: ownerToken,
        query: { projectId: String(projectId) },
      });
      expect(holder.body.data).toMatchObject({ userId: team.admin.id, fileName: 'bridge.zip', sizeBytes: 3000 });
      expect((await find(token, projectId)).body.data).toMatchObject({
        state: 'uploading',
        version: null,
        tilesetUrl: null,
      });

      // Nobody else's uploads are ended by close/socket; the caller's are.
      expect((await server().call('GET', '/api/project-model/close/socket', { token: ownerToken })).body.data).toEqual({
        closed: 0,
      });
      const closed = await server().call('GET', '/api/project-model/close/socket', {
        token,
        query: { projectId: String(projectId) },
      });
      expect(closed.body.data).toEqual({ closed: 1 });
      expect(await teamUsedBytes(server().db, team.id)).toBe(0);
      const none = await server().call('GET', '/api/project-model/find/project/model/user', {
        token,
        query: { projectId: String(projectId) },
      });
      expect(none.body).toMatchObject({ code: 2000, data: null });
      expect((await find(token, projectId)).body.data).toBeNull();
      expect((await declare(ownerToken, 10)).body.msg).toBe('success');
    });
  });

  describe('uploadModel (one multipart zip)', () => {
    it('uploads, unzips and reports the model; events reach the uploader', async () => {
      const { team, projectId, token, zip } = await uploadedModel();
      const model = (await find(token, projectId)).body.data!;
      expect(model).toMatchObject({
        projectId,
        state: 'done',
        version: 1,
        fileName: 'model.zip',
        fileCount: 2,
        tilesetUrl: `/api/project-model/tiles/${projectId}/1/tileset.json`,
        parameter: {},
        position: null,
        clip: null,
        uploadedBy: { userId: team.admin.id },
      });
      expect(model.sizeBytes).toBeGreaterThan(64 * 1024);
      expect(await teamUsedBytes(server().db, team.id)).toBe(model.sizeBytes);
      expect(listFiles(modelDir(server(), team.id, projectId))).toEqual(['1/tiles/0.b3dm', '1/tileset.json']);
      expect(zip.length).toBeGreaterThan(0);
      const progress = server()
        .events.filter(
          (event) => event.name === 'modelUnzip' && (event.value as ModelUnzipEvent).projectId === projectId,
        )
        .map((event) => (event.value as ModelUnzipEvent).state);
      expect(progress[0]).toBe('unzipping');
      expect(progress.at(-1)).toBe('done');
    });

    it('refuses a missing file, another type and an unsafe zip, keeping nothing', async () => {
      const { team, projectId, token } = await scene();
      const before = listFiles(uploadsDir(server()));
      const empty = await server().call<Issues>('POST', `/api/project-model/uploadModel?projectId=${projectId}`, {
        token,
        body: {},
      });
      expect(empty.body.msg).toBe('VALIDATION_ERROR');
      expect((await uploadZip(token, projectId, Buffer.from('hello'), 'notes.txt')).body.msg).toBe('FILE_TYPE_ERROR');
      const unsafe = await uploadZip(token, projectId, await zipWithEntryEscaping());
      expect(unsafe.body).toMatchObject({ msg: 'PROJECT_MODEL_ZIP_UNSAFE', data: { reason: 'parentSegment' } });
      // A request announcing more than the single-file limit is refused before its body is read.
      const small = multipartFile(Buffer.from('PK'), { fileName: 'big.zip' });
      const huge = await server().app.inject({
        method: 'POST',
        url: `/api/project-model/uploadModel?projectId=${projectId}`,
        headers: { ...small.headers, authorization: `Bearer ${token}`, 'content-length': String(300 * 1024 * 1024) },
        payload: small.payload,
      });
      expect(huge.json()).toMatchObject({ msg: 'FILE_TOO_LARGE', data: { params: { max: 100 } } });
      const noTileset = await uploadZip(token, projectId, await zipBuffer([{ name: 'a/b.b3dm', data: 'x' }]));
      expect(noTileset.body.msg).toBe('PROJECT_MODEL_TILESET_MISSING');
      expect(listFiles(uploadsDir(server()))).toEqual(before);
      expect(listFiles(modelDir(server(), team.id, projectId))).toEqual([]);
      expect(await teamUsedBytes(server().db, team.id)).toBe(0);
      expect((await find(token, projectId)).body.data).toBeNull();
    });

    it('replaces the served version with a new upload, freeing the old one', async () => {
      const { team, projectId, token } = await uploadedModel();
      const bigger = await zipBuffer([...syntheticTileset(), { name: 'tiles/1.b3dm', data: Buffer.alloc(5000, 7) }]);
      const mark = server().events.length;
      const uploaded = await uploadZip(token, projectId, bigger, 'second.zip');
      expect(uploaded.body.data).toMatchObject({ state: 'unzipping', version: 1 });
      expect(await unzipEnd(projectId, mark)).toMatchObject({ state: 'done' });
      const model = (await find(token, projectId)).body.data!;
      expect(model).toMatchObject({ version: 2, fileName: 'second.zip', fileCount: 3 });
      expect(listFiles(modelDir(server(), team.id, projectId)).every((file) => file.startsWith('2/'))).toBe(true);
      expect(await teamUsedBytes(server().db, team.id)).toBe(model.sizeBytes);
    });
  });

  describe('start/unzip', () => {
    it('records a failed unzip with its key and starts it again on request', async () => {
      const { team, projectId, token } = await scene();
      const marker = Buffer.alloc(4096, 0x5a);
      const good = await zipBuffer([
        { name: 'tileset.json', data: '{"asset":{"version":"1.0"},"geometricError":1,"root":{"geometricError":0}}' },
        { name: 'tile.b3dm', data: marker, store: true },
      ]);
      const mark = server().events.length;
      await uploadZip(token, projectId, damageStoredEntry(good, marker));
      expect(await unzipEnd(projectId, mark)).toEqual({
        projectId,
        state: 'failed',
        progress: expect.any(Number),
        errorKey: 'PROJECT_MODEL_UPLOAD_ERROR',
      });
      expect((await find(token, projectId)).body.data).toMatchObject({
        state: 'failed',
        errorKey: 'PROJECT_MODEL_UPLOAD_ERROR',
      });
      // The zip is kept for a new start; what its extraction reserved is given back.
      expect(await teamUsedBytes(server().db, team.id)).toBe(good.length);
      expect(listFiles(modelDir(server(), team.id, projectId))).toEqual([]);

      // Repair the kept zip in place, as if the fault had been a bad disk read, then start again.
      const pending = await server()
        .db.selectFrom('project_models')
        .select('pending_upload_id')
        .where('project_id', '=', projectId)
        .executeTakeFirstOrThrow();
      fs.writeFileSync(path.join(uploadsDir(server()), pending.pending_upload_id!), good);
      const restartMark = server().events.length;
      const restarted = await server().call<ProjectModel>('POST', '/api/project-model/start/unzip', {
        token,
        body: { projectId },
      });
      expect(restarted.body.data).toMatchObject({ state: 'unzipping', errorKey: null });
      expect(await unzipEnd(projectId, restartMark)).toMatchObject({ state: 'done' });
      expect((await find(token, projectId)).body.data).toMatchObject({ state: 'done', version: 1 });

      const nothing = await server().call('POST', '/api/project-model/start/unzip', { token, body: { projectId } });
      expect(nothing.body.msg).toBe('PROJECT_MODEL_NOT_UPLOADED');
      const viewer = await server().call('POST', '/api/project-model/start/unzip', {
        token: team.viewer.token,
        body: { projectId },
      });
      expect(viewer.body.msg).toBe('NO_AUTH');
    });
  });

  describe('adjustments: parameter, position, restore, clip', () => {
    it('answers PROJECT_MODEL_NOT_UPLOADED before a model exists', async () => {
      const { projectId, token } = await scene();
      const calls: Array<[string, string, unknown]> = [
        ['POST', '/api/project-model/update/model/parameter', { projectId, parameter: { scale: 2 } }],
        ['POST', '/api/project-model/update/model/position', { projectId, position: VIEW }],
        ['POST', '/api/project-model/update/model/clip', { projectId, clip: null }],
        ['GET', `/api/project-model/find/model/init/parameter/${projectId}`, undefined],
        ['POST', `/api/project-model/find/is/restore/${projectId}`, undefined],
        ['POST', `/api/project-model/restore/${projectId}`, undefined],
        ['DELETE', `/api/project-model/delete/model/${projectId}`, undefined],
      ];
      for (const [method, url, body] of calls) {
        const response = await server().call(method as 'GET', url, { token, body });
        expect(response.body.msg, url).toBe('PROJECT_MODEL_NOT_UPLOADED');
      }
      const clip = await server().call('GET', `/api/model-cutting/find/enable/${projectId}`, { token });
      expect(clip.body.data).toEqual({ enabled: false, clip: null });
    });

    it('saves adjustments within SPEC ranges, tells whether they changed, and restores the initial ones', async () => {
      const { team, projectId, token } = await uploadedModel();
      const save = (url: string, body: unknown, as = token) =>
        server().call<ProjectModel & Issues>('POST', url, { token: as, body });

      const parameter = {
        lon: 116.39,
        lat: 39.91,
        height: 30,
        offsetX: -2.5,
        scale: 1.2,
        heading: 350,
        pitch: -360,
        roll: 0,
      };
      const saved = await save('/api/project-model/update/model/parameter', { projectId, parameter });
      expect(saved.body.data.parameter).toEqual(parameter);
      const badParameters: Array<[Record<string, unknown>, string, string]> = [
        [{ heading: 361 }, 'parameter.heading', 'numberRange'],
        [{ roll: -360.5 }, 'parameter.roll', 'numberRange'],
        [{ lon: 181 }, 'parameter.lon', 'numberRange'],
        [{ lat: -90.1 }, 'parameter.lat', 'numberRange'],
        [{ height: -1 }, 'parameter.height', 'numberRange'],
        [{ scale: 0 }, 'parameter.scale', 'numberRange'],
        [{ offsetZ: 1e6 }, 'parameter.offsetZ', 'numberRange'],
        [{ pitch: 'up' }, 'parameter.pitch', 'invalidValue'],
        [{ colour: 'red' }, 'parameter', 'invalidValue'],
      ];
      for (const [bad, field, key] of badParameters) {
        const response = await save('/api/project-model/update/model/parameter', { projectId, parameter: bad });
        expect(response.body.msg, field).toBe('VALIDATION_ERROR');
        expect(response.body.data.issues, JSON.stringify(bad)).toContainEqual(
          expect.objectContaining({ path: field, key }),
        );
      }
      expect((await save('/api/project-model/update/model/parameter', { projectId })).body.msg).toBe(
        'VALIDATION_ERROR',
      );
      const inspector = team.inspector.token;
      expect(
        (await save('/api/project-model/update/model/parameter', { projectId, parameter }, inspector)).body.msg,
      ).toBe('NO_AUTH');

      // The position is the project's default view.
      const positioned = await save('/api/project-model/update/model/position', { projectId, position: VIEW });
      expect(positioned.body.data.position).toEqual(VIEW);
      const project = await server()
        .db.selectFrom('projects')
        .select('default_view')
        .where('id', '=', projectId)
        .executeTakeFirstOrThrow();
      expect(project.default_view).toEqual(VIEW);
      for (const [position, field] of [
        [{ ...VIEW, position: { ...VIEW.position, lat: 91 } }, 'position.position.lat'],
        [{ ...VIEW, position: { ...VIEW.position, height: -5 } }, 'position.position.height'],
        [{ ...VIEW, pitch: -400 }, 'position.pitch'],
        [{ heading: 0, pitch: 0, roll: 0 }, 'position.position'],
      ] as const) {
        const response = await save('/api/project-model/update/model/position', { projectId, position });
        expect(response.body.data.issues, field).toContainEqual(expect.objectContaining({ path: field }));
      }

      const changed = await server().call('POST', `/api/project-model/find/is/restore/${projectId}`, { token });
      expect(changed.body.data).toEqual({ changed: true });
      const initial = await server().call('GET', `/api/project-model/find/model/init/parameter/${projectId}`, {
        token,
      });
      expect(initial.body.data).toEqual({ parameter: {}, position: null });
      const restored = await server().call<ProjectModel>('POST', `/api/project-model/restore/${projectId}`, { token });
      expect(restored.body.data).toMatchObject({ parameter: {}, position: null });
      const after = await server().call('POST', `/api/project-model/find/is/restore/${projectId}`, { token });
      expect(after.body.data).toEqual({ changed: false });

      const clip = { normal: [0, 0, 1], center: [10, -4.5, 2] };
      expect((await save('/api/project-model/update/model/clip', { projectId, clip })).body.data.clip).toEqual(clip);
      const enabled = await server().call('GET', `/api/model-cutting/find/enable/${projectId}`, { token });
      expect(enabled.body.data).toEqual({ enabled: true, clip });
      for (const bad of [
        { normal: [0, 0, 0], center: [0, 0, 0] },
        { normal: [0, 1], center: [0, 0, 0] },
        { normal: [0, 1, 0] },
        { normal: [0, 'a', 0], center: [0, 0, 0] },
      ]) {
        const response = await save('/api/project-model/update/model/clip', { projectId, clip: bad });
        expect(response.body.msg, JSON.stringify(bad)).toBe('VALIDATION_ERROR');
      }
      await save('/api/project-model/update/model/clip', { projectId, clip: null });
      const disabled = await server().call('GET', `/api/model-cutting/find/enable/${projectId}`, { token });
      expect(disabled.body.data).toEqual({ enabled: false, clip: null });
    });
  });

  describe('delete/model', () => {
    it('deletes the files and rows and gives the bytes back to the quota', async () => {
      const { team, projectId, token } = await uploadedModel();
      const viewer = team.viewer.token;
      expect(
        (await server().call('DELETE', `/api/project-model/delete/model/${projectId}`, { token: viewer })).body.msg,
      ).toBe('NO_AUTH');
      const deleted = await server().call('DELETE', `/api/project-model/delete/model/${projectId}`, { token });
      expect(deleted.body).toEqual({ code: 2000, msg: 'success', data: null });
      expect(listFiles(modelDir(server(), team.id, projectId))).toEqual([]);
      expect(await teamUsedBytes(server().db, team.id)).toBe(0);
      expect((await find(token, projectId)).body.data).toBeNull();
      const tile = await server().call('GET', `/api/project-model/tiles/${projectId}/1/tileset.json`, { token });
      expect(tile.status).toBe(404);
      const again = await server().call('DELETE', `/api/project-model/delete/model/${projectId}`, { token });
      expect(again.body.msg).toBe('PROJECT_MODEL_NOT_UPLOADED');
    });
  });
});
