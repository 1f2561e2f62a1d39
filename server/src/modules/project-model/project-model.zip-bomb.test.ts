/**
 * Zip bombs (issue 10, point 7): an archive that declares far more bytes than it weighs, or more than the
 * configured total, is refused with PROJECT_MODEL_ZIP_TOO_LARGE when its upload completes, before anything is
 * extracted; a real tileset still passes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AppError } from '@sightline/shared';
import { buildApp } from '../../app.js';
import { inspectTilesetZip, type ArchiveLimits } from '../../platform/archive/index.js';
import { missingTilesetMessage, tilesetSample } from '@sightline/imagery/test-fixtures';
import { loadConfig, type Config } from '../../platform/config.js';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { backends, openTestDatabase } from '../../../test/harness.js';
import { buildProject } from '../../../test/factories/project.js';
import { buildStaffedTeam, teamUsedBytes } from '../../../test/factories/team.js';
import {
  folderEntries,
  listFiles,
  syntheticTileset,
  tusClient,
  tusErrorKey,
  zipBuffer,
} from '../../../test/factories/project-model.js';
import { listenOnLoopback } from '../../../test/listen.js';

const MIB = 1024 * 1024;
/** Large enough to pass the size below which the ratio is not checked; small enough to build in seconds. */
const BOMB_BYTES = 256 * MIB;
const SAMPLE = '1.0/TilesetWithDiscreteLOD';
const sampleFolder = tilesetSample(SAMPLE);
if (!sampleFolder) console.warn(missingTilesetMessage(SAMPLE));

/** A valid tileset whose one tile is 256 MiB of zeros, deflated at the highest level: about 1000 to 1. */
function buildZipBomb(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify({ asset: { version: '1.0' }, geometricError: 0 })), 'tileset.json');
  zip.addBuffer(Buffer.alloc(BOMB_BYTES), 'tiles/0.b3dm', { compressionLevel: 9 });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

let bomb: Buffer;
let workDir: string;
/** The limits the server applies when nothing is configured. */
let defaults: ArchiveLimits;

beforeAll(async () => {
  bomb = await buildZipBomb();
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-zip-bomb-'));
  const config = loadConfig({});
  defaults = {
    maxUncompressedBytes: config.ARCHIVE_MAX_UNCOMPRESSED_GB * 1024 ** 3,
    maxRatio: config.ARCHIVE_MAX_RATIO,
  };
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function writeZip(name: string, bytes: Buffer): string {
  const file = path.join(workDir, name);
  fs.writeFileSync(file, bytes);
  return file;
}

describe('archive limits', () => {
  it('refuses a zip bomb by its declared compression ratio', async () => {
    expect(bomb.length).toBeLessThan(BOMB_BYTES / 500);
    const error = await refusal(inspectTilesetZip(writeZip('bomb.zip', bomb), defaults));
    expect(error.key).toBe('PROJECT_MODEL_ZIP_TOO_LARGE');
    expect(error.status).toBe(413);
    expect(error.data).toEqual({ reason: 'ratio' });
    expect(error.params).toMatchObject({ size: 0.3, maxSize: 100, maxRatio: 100 });
    expect(Number(error.params?.ratio)).toBeGreaterThan(500);
  });

  it('refuses an archive declaring more than the configured total', async () => {
    const zip = writeZip('synthetic.zip', await zipBuffer(syntheticTileset()));
    const error = await refusal(inspectTilesetZip(zip, { maxUncompressedBytes: 64 * 1024, maxRatio: 100 }));
    expect(error.key).toBe('PROJECT_MODEL_ZIP_TOO_LARGE');
    expect(error.data).toEqual({ reason: 'uncompressedSize' });
    // Without limits (the unzip itself, after the upload was accepted) only the structure is checked.
    expect((await inspectTilesetZip(zip)).fileCount).toBe(2);
  });

  it.skipIf(!sampleFolder)('lets a real tileset through under the default limits', async () => {
    const zip = writeZip('dragon.zip', await zipBuffer(folderEntries(sampleFolder!, 'DiscreteLOD/')));
    const inspection = await inspectTilesetZip(zip, defaults);
    expect(inspection.tilesetPath).toBe('DiscreteLOD/tileset.json');
    expect(inspection.totalUncompressedSize / fs.statSync(zip).size).toBeLessThan(defaults.maxRatio);
  });
});

describe.each(backends())('%s: a zip bomb uploaded over tus', (backend) => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let config: Config;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase(backend));
    const dataDir = fs.mkdtempSync(path.join(inject('workDir'), `${backend}-zip-bomb-`));
    config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SIGHTLINE_SEED_DEMO: 'false', PORT: '0' });
    app = await buildApp({ config, database, logger: false, jobs: { pollingIntervalSeconds: 0.5 } });
    baseUrl = await listenOnLoopback(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await drop?.();
    if (config) fs.rmSync(config.DATA_DIR, { recursive: true, force: true });
  });

  it('is refused with its own error when the last byte arrives, and nothing is extracted or kept', async () => {
    // A quota far above the bomb's size: the archive limits, not the quota, must stop it.
    const team = await buildStaffedTeam(database.db, { volumeMaxGb: 100 });
    const projectId = (await buildProject(database.db, { teamId: team.id })).id;
    const client = tusClient(baseUrl, team.admin.token);
    const uploadsDir = path.join(config.DATA_DIR, 'uploads', 'project-model');
    const modelDir = path.join(config.FILES_DIR, 'teams', String(team.id), 'projects', String(projectId));
    const uploadsBefore = listFiles(uploadsDir);

    const created = await client.create(bomb.length, { projectId: String(projectId), filename: 'bomb.zip' });
    expect(created.response.status).toBe(201);
    const refused = await client.patch(created.url!, 0, bomb);
    expect(refused.status).toBe(413);
    const body = (await refused.clone().json()) as { data: { reason: string; params: Record<string, number> } };
    expect(await tusErrorKey(refused)).toBe('PROJECT_MODEL_ZIP_TOO_LARGE');
    expect(body.data).toMatchObject({ reason: 'ratio', params: { maxRatio: config.ARCHIVE_MAX_RATIO } });

    expect(listFiles(uploadsDir)).toEqual(uploadsBefore);
    expect(listFiles(modelDir)).toEqual([]);
    expect(await teamUsedBytes(database.db, team.id)).toBe(0);
    expect(
      await database.db.selectFrom('project_models').where('project_id', '=', projectId).selectAll().execute(),
    ).toEqual([]);
  });
});
