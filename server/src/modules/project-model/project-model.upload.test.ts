import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileLink, ModelUnzipEvent, ProjectModel } from '@sightline/shared';
import type { UserEvent } from '../../platform/events/event-bus.js';
import { missingTilesetMessage, tilesetSample } from '@sightline/imagery/test-fixtures';
import { backends } from '../../../test/harness.js';
import { buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam, teamUsedBytes } from '../../../test/factories/team.js';
import { purgeProjectModel } from './project-model.recycle.js';
import {
  folderEntries,
  listFiles,
  syntheticTileset,
  tusClient,
  tusErrorKey,
  zipBuffer,
  zipWithEntryEscaping,
} from '../../../test/factories/project-model.js';
import { servedApp } from '../../../test/served-app.js';

const SAMPLE = '1.0/TilesetWithDiscreteLOD';
const sampleFolder = tilesetSample(SAMPLE);
if (!sampleFolder) console.warn(missingTilesetMessage(SAMPLE));

/**
 * A GET with the path and headers exactly as written: fetch resolves `..` and `%2e%2e` before sending, and
 * adds `cache-control: no-cache` to conditional requests (which then can never answer 304).
 */
function rawGet(
  baseUrl: string,
  rawPath: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path: rawPath, headers }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe.each(backends())('%s: model upload over tus, unzip and tiles', (backend) => {
  const served = servedApp(backend, 'model');
  const { api, events } = served;

  /** Waits for the unzip job's last event (sent once it has freed the zip), then reads the model. */
  async function waitForUnzip(projectId: number, token: string): Promise<ProjectModel> {
    const deadline = Date.now() + 30_000;
    const ended = () =>
      events.some((event) => {
        const value = event.value as ModelUnzipEvent;
        return event.name === 'modelUnzip' && value.projectId === projectId && value.state !== 'unzipping';
      });
    while (!ended()) {
      if (Date.now() > deadline) throw new Error(`the unzip of project ${projectId} never ended`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { data } = await api<ProjectModel>('GET', `/api/project-model/findByProjectId/${projectId}`, token);
    return data;
  }

  const uploadsDir = () => path.join(served.config.DATA_DIR, 'uploads', 'project-model');
  const modelDir = (teamId: number, projectId: number) =>
    path.join(served.config.FILES_DIR, 'teams', String(teamId), 'projects', String(projectId), 'model');

  /** A project of a fresh team, its administrator's token, and the state to compare against afterwards. */
  async function scene() {
    const team = await buildStaffedTeam(served.database.db);
    const projectId = (await buildProject(served.database.db, { teamId: team.id, memberIds: [team.inspector.id] })).id;
    const token = team.admin.token;
    return { team, projectId, token, client: tusClient(served.baseUrl, token), uploadsBefore: listFiles(uploadsDir()) };
  }

  type Scene = Awaited<ReturnType<typeof scene>>;

  /** Opens a tus upload of `length` bytes into the scene's project. */
  const createUpload = (current: Scene, length: number, filename: string, extra: Record<string, string> = {}) =>
    current.client.create(length, { projectId: String(current.projectId), filename, ...extra });

  /** An upload of `zip` that received its first bytes and was then left alone for `idleMs`. */
  async function idleUpload(
    current: Scene,
    zip: Buffer,
    filename: string,
    input: { received: number; idleMs: number },
  ) {
    const created = await createUpload(current, zip.length, filename);
    await current.client.patch(created.url!, 0, zip.subarray(0, input.received));
    await served.database.db
      .updateTable('project_model_uploads')
      .set({ last_activity_at: new Date(Date.now() - input.idleMs) })
      .where('project_id', '=', current.projectId)
      .execute();
    return created;
  }

  /** A refused upload leaves no file, no lock, no model and no counted byte. */
  async function expectNothingLeft(input: Scene) {
    expect(listFiles(uploadsDir())).toEqual(input.uploadsBefore);
    expect(listFiles(modelDir(input.team.id, input.projectId))).toEqual([]);
    expect(await teamUsedBytes(served.database.db, input.team.id)).toBe(0);
    const holder = await api(
      'GET',
      `/api/project-model/find/project/model/user?projectId=${input.projectId}`,
      input.token,
    );
    expect(holder.data).toBeNull();
    const model = await api('GET', `/api/project-model/findByProjectId/${input.projectId}`, input.token);
    expect(model.data).toBeNull();
  }

  it.skipIf(!sampleFolder)(
    'uploads the fixture tileset with a pause and a server restart in the middle, unzips it and serves its tiles',
    async () => {
      const { team, projectId, token, client } = await scene();
      const zip = await zipBuffer(folderEntries(sampleFolder!, 'DiscreteLOD/'));
      const created = await client.create(zip.length, { projectId: String(projectId), filename: 'dragon.zip' });
      expect(created.response.status).toBe(201);
      const uploadPath = new URL(created.url!).pathname;
      const third = Math.floor(zip.length / 3);

      const first = await client.patch(created.url!, 0, zip.subarray(0, third));
      expect(first.status).toBe(204);
      expect(first.headers.get('upload-offset')).toBe(String(third));
      // Paused: nothing is sent for a while; the upload holds the project's lock and its reservation.
      const holder = await api<{ userId: number }>(
        'GET',
        `/api/project-model/find/project/model/user?projectId=${projectId}`,
        token,
      );
      expect(holder.data.userId).toBe(team.admin.id);
      expect(await teamUsedBytes(served.database.db, team.id)).toBe(zip.length);
      // Continued after a browser reload: the offset comes from HEAD.
      expect((await client.head(created.url!)).offset).toBe(third);
      const second = await client.patch(created.url!, third, zip.subarray(third, 2 * third));
      expect(second.status).toBe(204);

      // The server restarts in the middle of the upload; the client asks where to resume.
      await served.restart();
      const resumed = tusClient(served.baseUrl, token);
      const url = `${served.baseUrl}${uploadPath}`;
      const head = await resumed.head(url);
      expect(head.response.status).toBe(200);
      expect(head.offset).toBe(2 * third);
      expect(head.response.headers.get('upload-length')).toBe(String(zip.length));
      const last = await resumed.patch(url, 2 * third, zip.subarray(2 * third));
      expect(last.status).toBe(204);

      const model = await waitForUnzip(projectId, token);
      const unzipOf = (event: UserEvent) =>
        event.name === 'modelUnzip' && (event.value as ModelUnzipEvent).projectId === projectId;
      const files = folderEntries(sampleFolder!);
      const extractedBytes = files.reduce((total, file) => total + file.data.length, 0);
      expect(model).toMatchObject({
        projectId,
        version: 1,
        errorKey: null,
        progress: 1,
        fileName: 'dragon.zip',
        fileCount: files.length,
        sizeBytes: extractedBytes,
        uploadedBy: { userId: team.admin.id },
        tilesetUrl: `/api/project-model/tiles/${projectId}/1/DiscreteLOD/tileset.json`,
      });
      // The zip is freed once unzipped; the quota counts the extracted tileset only.
      expect(listFiles(uploadsDir()).filter((file) => file.startsWith(uploadPath.split('/').pop()!))).toEqual([]);
      expect(await teamUsedBytes(served.database.db, team.id)).toBe(extractedBytes);
      const unzipEvents = events.filter(unzipOf).map((event) => event.value as ModelUnzipEvent);
      expect(unzipEvents[0]).toMatchObject({ state: 'unzipping' });
      expect(unzipEvents.at(-1)).toEqual({ projectId, state: 'done', progress: 1, errorKey: null });
      // Everyone who may see the project follows the unzip: owner, administrator and members, not the others.
      const audience = new Set(events.filter(unzipOf).map((event) => event.userId));
      expect(audience).toEqual(new Set([team.owner.id, team.admin.id, team.inspector.id]));

      // tileset.json with a signed link to the version's folder, as CesiumJS fetches it.
      const link = await api<FileLink>(
        'GET',
        `/api/web/file-link?folder=${encodeURIComponent(`/api/project-model/tiles/${projectId}/1/`)}`,
        token,
      );
      const tileset = await fetch(`${served.baseUrl}${model.tilesetUrl}?${link.data.query}`);
      expect(tileset.status).toBe(200);
      expect(tileset.headers.get('content-type')).toContain('application/json');
      expect(tileset.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(tileset.headers.get('last-modified')).toBeTruthy();
      expect(await tileset.json()).toEqual(
        JSON.parse(fs.readFileSync(path.join(sampleFolder!, 'tileset.json'), 'utf8')),
      );

      // A tile by range, and revalidation by ETag.
      const tileUrl = `${served.baseUrl}/api/project-model/tiles/${projectId}/1/DiscreteLOD/dragon_low.b3dm`;
      const tileBytes = fs.readFileSync(path.join(sampleFolder!, 'dragon_low.b3dm'));
      const ranged = await fetch(tileUrl, { headers: { authorization: `Bearer ${token}`, range: 'bytes=100-199' } });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-type')).toBe('application/octet-stream');
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${tileBytes.length}`);
      expect(Buffer.from(await ranged.arrayBuffer())).toEqual(tileBytes.subarray(100, 200));
      const etag = ranged.headers.get('etag');
      expect(etag).toBeTruthy();
      const tilePath = new URL(tileUrl).pathname;
      const revalidated = await rawGet(served.baseUrl, tilePath, {
        authorization: `Bearer ${token}`,
        'if-none-match': etag!,
      });
      expect(revalidated.status).toBe(304);
      const lastModified = ranged.headers.get('last-modified')!;
      const unchanged = await rawGet(served.baseUrl, tilePath, {
        authorization: `Bearer ${token}`,
        'if-modified-since': lastModified,
      });
      expect(unchanged.status).toBe(304);
      const unsatisfiable = await fetch(tileUrl, {
        headers: { authorization: `Bearer ${token}`, range: 'bytes=999999-' },
      });
      expect(unsatisfiable.status).toBe(416);

      // Only members of the project: no token, another team, a viewer who is not a member.
      expect((await fetch(tileUrl)).status).toBe(401);
      const stranger = await buildStaffedTeam(served.database.db);
      const strangerToken = stranger.admin.token;
      const signedInAs = (bearer: string) => ({ headers: { authorization: `Bearer ${bearer}` } });
      const foreign = await fetch(tileUrl, signedInAs(strangerToken));
      expect(foreign.status).toBe(404);
      expect((await foreign.json()) as unknown).toMatchObject({ msg: 'PROJECT_NO_ERROR' });
      const viewerToken = team.viewer.token;
      expect((await fetch(tileUrl, signedInAs(viewerToken))).status).toBe(404);
      await served.database.db
        .insertInto('project_members')
        .values({ project_id: projectId, user_id: team.viewer.id })
        .execute();
      expect((await fetch(tileUrl, signedInAs(viewerToken))).status).toBe(200);

      // Paths that leave the version folder, and versions that are not served, are refused.
      const tiles = `/api/project-model/tiles/${projectId}/1`;
      for (const attempt of [
        `${tiles}/../../../../../etc/passwd`,
        `${tiles}/%2e%2e/%2e%2e/secret`,
        `${tiles}/DiscreteLOD/..%2f..%2f..%2fpglite.lock`,
        `${tiles}/DiscreteLOD%5c..%5ctileset.json`,
        `${tiles}/.hidden`,
        `/api/project-model/tiles/${projectId}/2/DiscreteLOD/tileset.json`,
      ]) {
        const refused = await rawGet(served.baseUrl, attempt, { authorization: `Bearer ${token}` });
        expect(refused.status, attempt).toBe(404);
      }
    },
    120_000,
  );

  it('frees at the next start what nothing owns: a purged model, an abandoned upload, a stray file', async () => {
    // A served model whose project the recycle bin purges: rows go in the bin's transaction, files later.
    const purged = await scene();
    const zip = await zipBuffer(syntheticTileset());
    const created = await createUpload(purged, zip.length, 'p.zip');
    await purged.client.patch(created.url!, 0, zip);
    const model = await waitForUnzip(purged.projectId, purged.token);
    const result = await served.database.db.transaction().execute((trx) => purgeProjectModel(trx, purged.projectId));
    expect(result).toEqual({ blobKeys: [], freedBytes: model.sizeBytes });
    expect(
      await served.database.db
        .selectFrom('project_models')
        .where('project_id', '=', purged.projectId)
        .select('state')
        .execute(),
    ).toEqual([]);
    expect(listFiles(modelDir(purged.team.id, purged.projectId))).not.toEqual([]);

    // An upload nobody touched for a day, and a file in the uploads folder that no row knows.
    const abandoned = await scene();
    const upload = await idleUpload(abandoned, zip, 'q.zip', { received: 100, idleMs: 25 * 3600 * 1000 });
    const stray = path.join(uploadsDir(), 'ab'.repeat(16));
    fs.writeFileSync(stray, 'left by a crash');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000);
    fs.utimesSync(stray, twoHoursAgo, twoHoursAgo);

    await served.restart();
    const deadline = Date.now() + 60_000;
    while (listFiles(modelDir(purged.team.id, purged.projectId)).length > 0 || fs.existsSync(stray)) {
      if (Date.now() > deadline) throw new Error('the files were not collected');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await teamUsedBytes(served.database.db, abandoned.team.id)).toBe(0);
    expect((await abandoned.client.head(upload.url!.replace(/^http:\/\/[^/]+/, served.baseUrl))).response.status).toBe(
      404,
    );
  }, 120_000);

  it('refuses a zip whose entries leave the model folder, keeping nothing', async () => {
    const current = await scene();
    const zip = await zipWithEntryEscaping();
    const created = await createUpload(current, zip.length, 'a.zip');
    expect(created.response.status).toBe(201);
    const refused = await current.client.patch(created.url!, 0, zip);
    expect(refused.status).toBe(400);
    expect(await tusErrorKey(refused)).toBe('PROJECT_MODEL_ZIP_UNSAFE');
    await expectNothingLeft(current);
  });

  it('refuses a zip without tileset.json, keeping nothing', async () => {
    const current = await scene();
    const zip = await zipBuffer([{ name: 'model/tiles/0.b3dm', data: 'not a tileset' }]);
    const created = await createUpload(current, zip.length, 'b.zip');
    const refused = await current.client.patch(created.url!, 0, zip);
    expect(refused.status).toBe(400);
    expect(await tusErrorKey(refused)).toBe('PROJECT_MODEL_TILESET_MISSING');
    await expectNothingLeft(current);
  });

  it('refuses a file over the team quota before storing a byte', async () => {
    const current = await scene();
    await served.database.db.updateTable('teams').set({ volume_max_gb: 1 }).where('id', '=', current.team.id).execute();
    const created = await createUpload(current, 2 * 1024 ** 3, 'c.zip');
    expect(created.response.status).toBe(507);
    expect(await tusErrorKey(created.response)).toBe('TEAM_VOLUME_EXCEED');
    expect(created.url).toBeNull();
    await expectNothingLeft(current);
  });

  it('lets one user upload at a time: a second uploader gets PROJECT_MODEL_USER until the first cancels', async () => {
    const current = await scene();
    const zip = await zipBuffer(syntheticTileset());
    const created = await createUpload(current, zip.length, 'd.zip');
    expect((await current.client.patch(created.url!, 0, zip.subarray(0, 1000))).status).toBe(204);

    const ownerToken = current.team.owner.token;
    const owner = tusClient(served.baseUrl, ownerToken);
    const uploadsWhileLocked = listFiles(uploadsDir());
    const second = await owner.create(zip.length, { projectId: String(current.projectId), filename: 'e.zip' });
    expect(second.response.status).toBe(409);
    expect(await tusErrorKey(second.response)).toBe('PROJECT_MODEL_USER');
    expect(listFiles(uploadsDir())).toEqual(uploadsWhileLocked);
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(zip.length);
    // Nor may the second user touch the first one's upload.
    const meddling = await owner.patch(created.url!, 1000, zip.subarray(1000));
    expect(meddling.status).toBe(403);
    expect(await tusErrorKey(meddling)).toBe('NO_AUTH');

    // Cancelling (tus DELETE) frees the lock, the reservation and the bytes.
    expect((await current.client.remove(created.url!)).status).toBe(204);
    expect((await current.client.head(created.url!)).response.status).toBe(404);
    await expectNothingLeft(current);
    const now = await owner.create(zip.length, { projectId: String(current.projectId), filename: 'e.zip' });
    expect(now.response.status).toBe(201);
    expect((await owner.remove(now.url!)).status).toBe(204);
  });

  it('gives an upload idle for 30 minutes up to another user, freeing what it held', async () => {
    const current = await scene();
    const zip = await zipBuffer(syntheticTileset());
    const created = await idleUpload(current, zip, 'f.zip', { received: 500, idleMs: 31 * 60 * 1000 });

    const owner = tusClient(served.baseUrl, current.team.owner.token);
    const takeover = await owner.create(zip.length + 10, { projectId: String(current.projectId), filename: 'g.zip' });
    expect(takeover.response.status).toBe(201);
    expect((await current.client.head(created.url!)).response.status).toBe(404);
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(zip.length + 10);
    expect((await owner.remove(takeover.url!)).status).toBe(204);
    await expectNothingLeft(current);
  });

  it('checks the caller, the project and the metadata before creating an upload', async () => {
    const current = await scene();
    const zip = await zipBuffer(syntheticTileset());
    const projectId = String(current.projectId);
    const viewer = tusClient(served.baseUrl, current.team.viewer.token);
    const anonymous = tusClient(served.baseUrl, null);
    const other = await buildStaffedTeam(served.database.db);
    const otherProject = String((await buildProject(served.database.db, { teamId: other.id })).id);
    const binned = String((await buildProject(served.database.db, { teamId: current.team.id, deleted: true })).id);
    const cases: Array<[Promise<{ response: Response }>, number, string]> = [
      [anonymous.create(zip.length, { projectId, filename: 'a.zip' }), 401, 'LOGIN_FAILURE'],
      [viewer.create(zip.length, { projectId, filename: 'a.zip' }), 403, 'NO_AUTH'],
      [current.client.create(zip.length, { projectId: otherProject, filename: 'a.zip' }), 404, 'PROJECT_NO_ERROR'],
      [current.client.create(zip.length, { projectId: binned, filename: 'a.zip' }), 404, 'PROJECT_NO_ERROR'],
      [current.client.create(zip.length, { filename: 'a.zip' }), 400, 'VALIDATION_ERROR'],
      [current.client.create(zip.length, { projectId, filename: 'model.rar' }), 415, 'FILE_TYPE_ERROR'],
      [
        current.client.create(zip.length, { projectId, filename: 'a.zip', uploadId: 'f'.repeat(32) }),
        400,
        'PROJECT_MODEL_UPLOAD_ERROR',
      ],
    ];
    for (const [attempt, status, key] of cases) {
      const { response } = await attempt;
      expect([response.status, await tusErrorKey(response)]).toEqual([status, key]);
    }
    // The quota is checked against a declared length: deferred lengths are refused.
    const deferred = await fetch(`${served.baseUrl}/api/project-model/upload/`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${current.token}`,
        'upload-defer-length': '1',
        'upload-metadata': `projectId ${Buffer.from(projectId).toString('base64')},filename ${Buffer.from('a.zip').toString('base64')}`,
      },
    });
    expect(await tusErrorKey(deferred)).toBe('VALIDATION_ERROR');
    await expectNothingLeft(current);
  });

  it('continues an upload declared by initModel, reserving its bytes once', async () => {
    const current = await scene();
    const zip = await zipBuffer(syntheticTileset());
    const declared = await api<{ uploadId: string; uploadUrl: string; chunkSize: number }>(
      'POST',
      '/api/project-model/initModel',
      current.token,
      { projectId: current.projectId, fileName: 'h.zip', sizeBytes: zip.length + 100 },
    );
    expect(declared.data).toMatchObject({ uploadUrl: '/api/project-model/upload/', chunkSize: 32 * 1024 * 1024 });
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(zip.length + 100);
    const created = await createUpload(current, zip.length, 'h.zip', { uploadId: declared.data.uploadId });
    expect(created.url).toBe(`${served.baseUrl}/api/project-model/upload/${declared.data.uploadId}`);
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(zip.length);
    // The declared id cannot be created twice (that would truncate what was received).
    const again = await createUpload(current, zip.length, 'h.zip', { uploadId: declared.data.uploadId });
    expect(await tusErrorKey(again.response)).toBe('PROJECT_MODEL_UPLOAD_ERROR');
    expect((await current.client.patch(created.url!, 0, zip)).status).toBe(204);
    const model = await waitForUnzip(current.projectId, current.token);
    expect(model.state).toBe('done');
    expect(await teamUsedBytes(served.database.db, current.team.id)).toBe(model.sizeBytes);
    const tile = await fetch(`${served.baseUrl}/api/project-model/tiles/${current.projectId}/1/tiles/0.b3dm`, {
      headers: { authorization: `Bearer ${current.team.owner.token}` },
    });
    expect(tile.status).toBe(200);
    expect((await tile.arrayBuffer()).byteLength).toBe(64 * 1024);
  });
});
