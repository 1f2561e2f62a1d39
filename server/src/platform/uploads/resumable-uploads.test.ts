import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '@sightline/shared';
import { buildApp } from '../../app.js';
import { loadConfig } from '../config.js';
import type { DatabaseHandle } from '../db/database.js';
import { routeDeclarations } from '../http/route.js';
import { backends, openTestDatabase } from '../../../test/harness.js';
import { buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam, type StaffedTeam } from '../../../test/factories/team.js';
import {
  listFiles,
  syntheticTileset,
  tusClient,
  tusErrorKey,
  zipBuffer,
} from '../../../test/factories/project-model.js';
import { uploadsFolder, type UploadKind } from './resumable-uploads.js';
import { listenOnLoopback } from '../../../test/listen.js';

const PHOTO_PATH = '/api/test-photo/upload/';
const SIGNATURES = [Buffer.from([0xff, 0xd8, 0xff]), Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.from('II*\0')];

/**
 * A second kind beside the model's, as inspection photos will be: its own endpoint, permission, size limit
 * and content check, and what it received on completion.
 */
function photoKind(received: Map<string, Buffer>): UploadKind {
  const owners = new Map<string, number>();
  return {
    name: 'test-photo',
    path: PHOTO_PATH,
    summary: 'Test photos',
    tags: ['test'],
    permission: 'image:upload',
    sizeLimit: { bytes: 1024 * 1024, error: 'FILE_TOO_LARGE' },
    refuseContent: (head) =>
      SIGNATURES.some((signature) => head.subarray(0, signature.length).equals(signature)) ? null : 'FILE_TYPE_ERROR',
    async begin(auth, upload) {
      owners.set(upload.id, auth.userId);
    },
    async authorize(auth, uploadId) {
      if (owners.get(uploadId) !== auth.userId) throw new AppError('NO_AUTH');
    },
    async cancel(auth, uploadId) {
      if (owners.get(uploadId) !== auth.userId) throw new AppError('NO_AUTH');
      owners.delete(uploadId);
    },
    async complete(_auth, upload) {
      received.set(upload.id, fs.readFileSync(upload.filePath));
    },
  };
}

const photo = (signature: Buffer, size: number) => Buffer.concat([signature, randomBytes(size - signature.length)]);

describe.each(backends())('%s: resumable uploads of several kinds side by side', (backend) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  let baseUrl: string;
  let team: StaffedTeam;
  let projectId: number;
  let dataDir: string;
  const received = new Map<string, Buffer>();

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase(backend));
    dataDir = fs.mkdtempSync(`${inject('workDir')}/uploads-`);
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false' });
    app = await buildApp({ config, database, logger: false, extraUploadKinds: [photoKind(received)] });
    baseUrl = await listenOnLoopback(app);
    team = await buildStaffedTeam(database.db);
    ({ id: projectId } = await buildProject(database.db, { teamId: team.id }));
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await drop();
  });

  async function upload(client: ReturnType<typeof tusClient>, bytes: Buffer, metadata: Record<string, string>) {
    const created = await client.create(bytes.length, metadata);
    if (!created.url) return { status: created.response.status, key: await tusErrorKey(created.response) };
    const half = Math.floor(bytes.length / 2);
    const first = await client.patch(created.url, 0, bytes.subarray(0, half));
    expect(first.status).toBe(204);
    const last = await client.patch(created.url, half, bytes.subarray(half));
    return { status: last.status, key: last.status === 204 ? null : await tusErrorKey(last) };
  }

  it('receives a model and photos at the same time, each by its own kind', async () => {
    const zip = await zipBuffer(syntheticTileset());
    const photos = SIGNATURES.flatMap((signature) => [photo(signature, 40_000), photo(signature, 300_000)]);
    const photoClient = tusClient(baseUrl, team.inspector.token, PHOTO_PATH);
    const [model, ...photoResults] = await Promise.all([
      upload(tusClient(baseUrl, team.admin.token), zip, { projectId: String(projectId), filename: 'bridge.zip' }),
      ...photos.map((bytes, index) => upload(photoClient, bytes, { filename: `photo-${index}.jpg` })),
    ]);
    expect(model).toEqual({ status: 204, key: null });
    expect(photoResults.every((result) => result.status === 204)).toBe(true);
    // Each photo arrived whole, none mixed with another or with the model.
    const arrived = [...received.values()].map((bytes) => bytes.toString('base64')).sort();
    expect(arrived).toEqual(photos.map((bytes) => bytes.toString('base64')).sort());
    const state = await database.db
      .selectFrom('project_models')
      .select('state')
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    expect(state?.state).not.toBe('uploading');
  });

  it("checks each kind's own rules: rights, size and content, and keeps nothing it refuses", async () => {
    const folder = uploadsFolder(`${dataDir}/uploads`, { name: 'test-photo' });
    const before = listFiles(folder);
    const viewer = await upload(tusClient(baseUrl, team.viewer.token, PHOTO_PATH), photo(SIGNATURES[0]!, 1000), {
      filename: 'a.jpg',
    });
    expect(viewer).toEqual({ status: 403, key: 'NO_AUTH' });
    const anonymous = await upload(tusClient(baseUrl, null, PHOTO_PATH), photo(SIGNATURES[0]!, 1000), {
      filename: 'a.jpg',
    });
    expect(anonymous).toEqual({ status: 401, key: 'LOGIN_FAILURE' });
    const client = tusClient(baseUrl, team.inspector.token, PHOTO_PATH);
    const tooLarge = await upload(client, photo(SIGNATURES[0]!, 2 * 1024 * 1024), { filename: 'a.jpg' });
    expect(tooLarge).toEqual({ status: 413, key: 'FILE_TOO_LARGE' });
    // A text file named like a photo: the bytes decide.
    const text = await upload(client, Buffer.from('not a photo at all, whatever its name says'.repeat(20)), {
      filename: 'photo.jpg',
    });
    expect(text.key).toBe('FILE_TYPE_ERROR');
    expect(listFiles(folder)).toEqual(before);
  });

  it('refuses metadata the columns cannot hold, or holding NUL, with a 4000 naming the key', async () => {
    const client = tusClient(baseUrl, team.admin.token);
    const cases: Array<[Record<string, string>, string]> = [
      [{ projectId: '2147483648', filename: 'model.zip' }, 'Upload-Metadata.projectId'],
      [{ projectId: 'x', filename: 'model.zip' }, 'Upload-Metadata.projectId'],
      [{ projectId: String(projectId), filename: `${'m'.repeat(300)}.zip` }, 'Upload-Metadata.filename'],
      [{ projectId: String(projectId), filename: 'model\u0000.zip' }, 'Upload-Metadata.filename'],
    ];
    for (const [metadata, path] of cases) {
      const created = await client.create(1000, metadata);
      expect(created.response.status, JSON.stringify(metadata)).toBe(400);
      const body = (await created.response.json()) as { code: number; data: { issues: Array<{ path: string }> } };
      expect(body.code).toBe(4000);
      expect(body.data.issues.map((issue) => issue.path)).toEqual([path]);
    }
  });

  it('declares each kind to the router with its permission, so the permission matrix covers it', () => {
    const declared = routeDeclarations(app).filter((route) => route.url.endsWith('/upload'));
    expect(declared.map((route) => [route.url, route.permission])).toEqual(
      expect.arrayContaining([
        ['/api/project-model/upload', 'project:model:upload'],
        ['/api/test-photo/upload', 'image:upload'],
      ]),
    );
  });
});
