import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import yazl from 'yazl';
import { MODEL_UPLOAD_PATH } from '@sightline/shared';
import type { Database } from '../../src/platform/db/schema.js';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Stored entries keep their bytes verbatim in the archive (so tests can damage them). */
  store?: boolean;
}

export function zipBuffer(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    zip.addBuffer(Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data), entry.name, {
      compress: !entry.store,
    });
  }
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Every file of a folder as zip entries under `prefix` (a tileset folder as users zip it). */
export function folderEntries(folder: string, prefix = ''): ZipEntry[] {
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const absolute = path.join(entry.parentPath, entry.name);
      return {
        name: prefix + path.relative(folder, absolute).split(path.sep).join('/'),
        data: fs.readFileSync(absolute),
      };
    });
}

export const SYNTHETIC_TILESET = JSON.stringify({
  asset: { version: '1.0' },
  geometricError: 100,
  root: { boundingVolume: { sphere: [0, 0, 0, 10] }, geometricError: 0, content: { uri: 'tiles/0.b3dm' } },
});

/** A small tileset of our own: tileset.json and one (random) tile, 64 KiB stored. */
export function syntheticTileset(): ZipEntry[] {
  return [
    { name: 'tileset.json', data: SYNTHETIC_TILESET },
    { name: 'tiles/0.b3dm', data: randomBytes(64 * 1024), store: true },
  ];
}

/**
 * A model as a finished unzip leaves it, without the upload and the job: version 1 of a tileset (the synthetic one
 * unless `entries` are given) in the project's model folder under `filesDir`, a 'done' row, and its bytes counted
 * against the team.
 */
export async function buildServedModel(
  db: Kysely<Database>,
  filesDir: string,
  options: { teamId: number; projectId: number; entries?: ZipEntry[] },
) {
  const storageKey = `teams/${options.teamId}/projects/${options.projectId}/model`;
  const version = 1;
  const entries = options.entries ?? syntheticTileset();
  let sizeBytes = 0;
  for (const entry of entries) {
    const target = path.join(filesDir, storageKey, String(version), entry.name);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, entry.data);
    sizeBytes += Buffer.byteLength(entry.data);
  }
  await db
    .insertInto('project_models')
    .values({
      project_id: options.projectId,
      team_id: options.teamId,
      storage_key: storageKey,
      state: 'done',
      version,
      tileset_path: 'tileset.json',
      size_bytes: sizeBytes,
      file_count: entries.length,
      file_name: 'model.zip',
    })
    .execute();
  await db
    .updateTable('teams')
    .set({ volume_used_bytes: sql<string>`volume_used_bytes + ${sizeBytes}::bigint` })
    .where('id', '=', options.teamId)
    .execute();
  return { version, sizeBytes, tilesetUrl: `/api/project-model/tiles/${options.projectId}/${version}/tileset.json` };
}

/**
 * yazl refuses unsafe names, so a hostile archive is written with a harmless name of the same length and
 * patched afterwards, in the local header and the central directory alike.
 */
export async function zipWithEntryEscaping(): Promise<Buffer> {
  const zip = await zipBuffer([
    { name: 'tileset.json', data: SYNTHETIC_TILESET },
    { name: 'xx/evil.txt', data: 'outside the model folder' },
  ]);
  const from = Buffer.from('xx/evil.txt');
  const to = Buffer.from('../evil.txt');
  for (let at = zip.indexOf(from); at !== -1; at = zip.indexOf(from, at + 1)) to.copy(zip, at);
  return zip;
}

/** Flips one byte inside a stored entry's data: the directory reads fine, extraction fails its checksum. */
export function damageStoredEntry(zip: Buffer, marker: Buffer): Buffer {
  const damaged = Buffer.from(zip);
  const at = damaged.indexOf(marker);
  if (at === -1) throw new Error('marker not found in the archive');
  damaged[at] = (damaged[at] ?? 0) ^ 0xff;
  return damaged;
}

/** Raw tus 1.0 requests, as tus-js-client and Uppy send them. */
/** A tus client of one upload endpoint (the model's unless `uploadPath` names another kind's). */
export function tusClient(baseUrl: string, token: string | null, uploadPath = MODEL_UPLOAD_PATH) {
  const headers = (extra: Record<string, string> = {}) => ({
    'tus-resumable': '1.0.0',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...extra,
  });
  const encode = (metadata: Record<string, string>) =>
    Object.entries(metadata)
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',');
  return {
    async create(length: number, metadata: Record<string, string>) {
      const response = await fetch(`${baseUrl}${uploadPath}`, {
        method: 'POST',
        headers: headers({ 'upload-length': String(length), 'upload-metadata': encode(metadata) }),
      });
      const location = response.headers.get('location');
      return { response, url: location ? new URL(location, baseUrl).toString() : null };
    },
    patch(url: string, offset: number, chunk: Buffer) {
      return fetch(url, {
        method: 'PATCH',
        headers: headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
        body: chunk,
      });
    },
    async head(url: string) {
      const response = await fetch(url, { method: 'HEAD', headers: headers() });
      return { response, offset: Number(response.headers.get('upload-offset')) };
    },
    remove(url: string) {
      return fetch(url, { method: 'DELETE', headers: headers() });
    },
  };
}

/** The body of a refused tus request: our envelope. */
export async function tusErrorKey(response: Response): Promise<string> {
  const body = (await response.json()) as { msg: string };
  return body.msg;
}

/** Every file under a folder (relative paths), to prove a refused upload left nothing behind. */
export function listFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** Uploads a whole zip into a project over tus, in chunks as browsers send them; resolves once the last is in. */
export async function uploadModelZip(baseUrl: string, token: string, projectId: number, zip: Buffer): Promise<void> {
  const client = tusClient(baseUrl, token);
  const created = await client.create(zip.length, { projectId: String(projectId), filename: 'model.zip' });
  if (!created.url) throw new Error(`the upload was refused: ${created.response.status}`);
  const chunk = 32 * 1024 * 1024;
  for (let offset = 0; offset < zip.length; offset += chunk) {
    const response = await client.patch(created.url, offset, zip.subarray(offset, offset + chunk));
    if (response.status !== 204) throw new Error(`a chunk was refused: ${response.status} ${await response.text()}`);
  }
}
