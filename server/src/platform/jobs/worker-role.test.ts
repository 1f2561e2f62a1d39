import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MODEL_UNZIP_EVENT, type ModelUnzipEvent, type ProjectModel } from '@sightline/shared';
import { writeBenchZip } from '../archive/archive-bench.js';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from '../../../test/harness.js';
import { buildProject } from '../../../test/factories/project.js';
import { uploadModelZip } from '../../../test/factories/project-model.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { readEventStream, startServerProcess, stopServerProcess, type ServerProcess } from '../../../test/processes.js';

const hasPostgres = Boolean(inject('postgresTemplate'));
if (!hasPostgres) console.warn('skipped: split roles need the PostgreSQL server at 127.0.0.1:5432');

describe('SIGHTLINE_ROLE', () => {
  it('refuses a split role on the embedded database, saying why', async () => {
    const dataDir = fs.mkdtempSync(path.join(inject('workDir'), 'role-embedded-'));
    await expect(startServerProcess({ SIGHTLINE_ROLE: 'worker', DATA_DIR: dataDir })).rejects.toThrow(
      /SIGHTLINE_ROLE=worker needs DATABASE_URL.*embedded database serves a single process/,
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.skipIf(!hasPostgres)('an API process and a worker process on one PostgreSQL', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let dataDir: string;
  let api: ServerProcess | undefined;
  let worker: ServerProcess | undefined;

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase('postgres'));
    // The uploads folder and the files are shared between the processes, as a deployment shares a volume.
    dataDir = fs.mkdtempSync(path.join(inject('workDir'), 'roles-'));
    const env = { DATABASE_URL: database.connectionString, DATA_DIR: dataDir };
    [worker, api] = await Promise.all([
      startServerProcess({ ...env, SIGHTLINE_ROLE: 'worker' }),
      startServerProcess({ ...env, SIGHTLINE_ROLE: 'api' }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([stopServerProcess(api), stopServerProcess(worker)]);
    await database?.close();
    await drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('unzips an upload in the worker, and its progress reaches the event stream the browser reads from the API', async () => {
    const team = await buildStaffedTeam(database.db);
    const projectId = (await buildProject(database.db, { teamId: team.id, memberIds: [team.inspector.id] })).id;
    const baseUrl = api!.baseUrl;
    // Everyone who may see the project follows the unzip: the uploader and a member on another screen.
    const [uploaderStream, memberStream] = await Promise.all([
      readEventStream(baseUrl, team.admin.token),
      readEventStream(baseUrl, team.inspector.token),
    ]);
    const zipPath = path.join(dataDir, 'model.zip');
    await writeBenchZip(zipPath, 160);
    await uploadModelZip(baseUrl, team.admin.token, projectId, fs.readFileSync(zipPath));

    const isUnzip = (state: ModelUnzipEvent['state']) => (event: { name: string; value: unknown }) =>
      event.name === MODEL_UNZIP_EVENT &&
      (event.value as ModelUnzipEvent).projectId === projectId &&
      (event.value as ModelUnzipEvent).state === state;
    await uploaderStream.waitFor(isUnzip('done'), 60_000);
    await memberStream.waitFor(isUnzip('done'), 10_000);

    for (const stream of [uploaderStream, memberStream]) {
      const progress = stream.events
        .filter(isUnzip('unzipping'))
        .map((event) => (event.value as ModelUnzipEvent).progress);
      // Several steps between start and end, in order, as the worker reported them.
      expect(progress.filter((value) => value > 0 && value < 1).length).toBeGreaterThanOrEqual(2);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    }
    const job = await database.db
      .selectFrom('jobs')
      .select(['state', 'worker_id'])
      .where('name', '=', 'model.unzip')
      .executeTakeFirstOrThrow();
    expect(job.state).toBe('done');
    expect(job.worker_id?.split('/')[1]).toBe(String(worker!.child.pid));

    const response = await fetch(`${baseUrl}/api/project-model/findByProjectId/${projectId}`, {
      headers: { authorization: `Bearer ${team.admin.token}` },
    });
    const model = ((await response.json()) as { data: ProjectModel }).data;
    expect(model).toMatchObject({ state: 'done', fileCount: 161, version: 1 });
  }, 120_000);
});
