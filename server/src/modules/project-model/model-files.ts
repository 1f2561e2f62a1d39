import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { detectTilesetContentType } from '../../platform/archive/index.js';
import { storedFile, type StoredFile } from '../../platform/http/stored-file.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';

const UPLOAD_ID_PATTERN = /^[a-f0-9]{32}$/;

export function newUploadId(): string {
  return randomBytes(16).toString('hex');
}

export function isUploadId(value: string): boolean {
  return UPLOAD_ID_PATTERN.test(value);
}

async function ageMs(target: string): Promise<number | null> {
  try {
    return Date.now() - (await fs.stat(target)).mtimeMs;
  } catch {
    return null;
  }
}

async function listDir(directory: string): Promise<string[]> {
  try {
    return await fs.readdir(directory);
  } catch {
    return [];
  }
}

/** A path inside a version folder as tile URLs name it: plain relative segments, no hidden files. */
function isTilePath(relative: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters and backslashes are what is refused
  if (relative.length > 2048 || /[\u0000-\u001f\u007f\\]/.test(relative)) return false;
  return relative.split('/').every((segment) => segment !== '' && !segment.startsWith('.'));
}

/**
 * Where a model's bytes live. Uploads (tus files, named by upload id, with @tus/file-store's `<id>.json`
 * beside them) stay in DATA_DIR/uploads until unzipped; a model's versions live in the blob store (a local
 * folder, or an S3-compatible service) under `teams/<team>/projects/<project>/model/<version>/`. A version is
 * written file by file and served only once the database names it, so a crash in the middle of an unzip shows
 * no half version; the collector frees the versions no row names.
 */
export function createModelFiles({ uploadsDir, blobs }: { uploadsDir: string; blobs: BlobStore }) {
  const zipPath = (uploadId: string) => {
    if (!isUploadId(uploadId)) throw new Error(`Not an upload id: ${uploadId}`);
    return path.join(uploadsDir, uploadId);
  };
  const versionFolder = (storageKey: string, version: number | string) => `${storageKey}/${version}/`;
  const remove = (target: string) => fs.rm(target, { recursive: true, force: true });

  return {
    uploadsDir,
    zipPath,

    storageKey(teamId: number, projectId: number): string {
      return `teams/${teamId}/projects/${projectId}/model`;
    },

    async removeUpload(uploadId: string): Promise<void> {
      const file = zipPath(uploadId);
      await Promise.all([remove(file), remove(`${file}.json`)]);
    },

    removeModel(storageKey: string): Promise<void> {
      return blobs.deleteFolder(`${storageKey}/`);
    },

    removeVersion(storageKey: string, version: number): Promise<void> {
      return blobs.deleteFolder(versionFolder(storageKey, version));
    },

    /** The key prefix under which the unzip of a version puts its files. */
    versionPrefix(storageKey: string, version: number): string {
      return versionFolder(storageKey, version);
    },

    /** A file of a version's tileset, or null when there is none at that path or the path is not a tile path. */
    tileFile(storageKey: string, version: number, relative: string): Promise<StoredFile | null> {
      if (!isTilePath(relative)) return Promise.resolve(null);
      const key = `${versionFolder(storageKey, version)}${relative}`;
      return storedFile(blobs, key, detectTilesetContentType(relative));
    },

    /** Storage keys of every model folder in the store, for collecting those no model owns any more. */
    async listModelKeys(): Promise<string[]> {
      const keys: string[] = [];
      for (const team of await blobs.folders('teams/')) {
        if (!/^\d+$/.test(team)) continue;
        for (const project of await blobs.folders(`teams/${team}/projects/`)) {
          const key = `teams/${team}/projects/${project}/model`;
          if (/^\d+$/.test(project) && (await blobs.folders(`${key}/`)).length > 0) keys.push(key);
        }
      }
      return keys;
    },

    /** The folders of a model (its versions, and what older releases left beside them). */
    listModelEntries(storageKey: string): Promise<string[]> {
      return blobs.folders(`${storageKey}/`);
    },

    /** How long ago the newest file of a model's folder was written, or null when it holds none. */
    async modelEntryAgeMs(storageKey: string, name: string): Promise<number | null> {
      let newest: number | null = null;
      for await (const blob of blobs.list(versionFolder(storageKey, name))) {
        newest = Math.max(newest ?? 0, blob.modifiedAt.getTime());
      }
      return newest === null ? null : Date.now() - newest;
    },

    removeModelEntry(storageKey: string, name: string): Promise<void> {
      return blobs.deleteFolder(versionFolder(storageKey, name));
    },

    /** Upload ids with files in the uploads folder, with the age of their newest file. */
    async listUploads(): Promise<Array<{ uploadId: string; ageMs: number }>> {
      const found = new Map<string, number>();
      for (const name of await listDir(uploadsDir)) {
        const uploadId = name.replace(/\.json$/, '');
        if (!isUploadId(uploadId)) continue;
        const age = await ageMs(path.join(uploadsDir, name));
        if (age !== null) found.set(uploadId, Math.min(age, found.get(uploadId) ?? age));
      }
      return [...found].map(([uploadId, age]) => ({ uploadId, ageMs: age }));
    },
  };
}

export type ModelFiles = ReturnType<typeof createModelFiles>;
