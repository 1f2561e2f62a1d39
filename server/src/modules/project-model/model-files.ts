import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
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

/**
 * Where a model's bytes live. Uploads (tus files, named by upload id, with @tus/file-store's `<id>.json`
 * beside them) stay in DATA_DIR/uploads until unzipped; a model's versions live in the blob store under
 * `teams/<team>/projects/<project>/model/<version>/`. The tileset is served from there as files, because
 * extraction and range requests need a file system (the local BlobStore provides one).
 */
export function createModelFiles({ uploadsDir, blobs }: { uploadsDir: string; blobs: BlobStore }) {
  const zipPath = (uploadId: string) => {
    if (!isUploadId(uploadId)) throw new Error(`Not an upload id: ${uploadId}`);
    return path.join(uploadsDir, uploadId);
  };
  const versionDir = (storageKey: string, version: number) => blobs.localPath(`${storageKey}/${version}`);
  const remove = (target: string) => fs.rm(target, { recursive: true, force: true });

  return {
    uploadsDir,
    zipPath,
    versionDir,

    storageKey(teamId: number, projectId: number): string {
      return `teams/${teamId}/projects/${projectId}/model`;
    },

    async removeUpload(uploadId: string): Promise<void> {
      const file = zipPath(uploadId);
      await Promise.all([remove(file), remove(`${file}.json`)]);
    },

    removeModel(storageKey: string): Promise<void> {
      return remove(blobs.localPath(storageKey));
    },

    removeVersion(storageKey: string, version: number): Promise<void> {
      return remove(versionDir(storageKey, version));
    },

    /** What an interrupted extraction of this version left: extractTilesetZip's hidden sibling folders. */
    async removeStaging(storageKey: string, version: number): Promise<void> {
      const modelDir = blobs.localPath(storageKey);
      const leftovers = (await listDir(modelDir)).filter(
        (entry) => entry.startsWith(`.${version}.partial-`) || entry.startsWith(`.${version}.old-`),
      );
      await Promise.all(leftovers.map((entry) => remove(path.join(modelDir, entry))));
    },

    /**
     * The file of a tile, as a path relative to its version folder for @fastify/send (URL-encoded), or null
     * when the path is not a plain relative path inside the folder.
     */
    tilePath(relative: string): string | null {
      const segments = relative.split('/');
      const unsafe = segments.some(
        (segment) =>
          segment === '' || segment === '.' || segment === '..' || segment.includes('\\') || segment.includes('\0'),
      );
      if (unsafe || relative.length > 2048) return null;
      return `/${segments.map(encodeURIComponent).join('/')}`;
    },

    /** Storage keys of every model folder on disk, for collecting those no model owns any more. */
    async listModelKeys(): Promise<string[]> {
      const keys: string[] = [];
      for (const team of await listDir(blobs.localPath('teams'))) {
        for (const project of await listDir(path.join(blobs.localPath('teams'), team, 'projects'))) {
          const key = `teams/${team}/projects/${project}/model`;
          if (/^\d+$/.test(team) && /^\d+$/.test(project) && (await ageMs(blobs.localPath(key))) !== null)
            keys.push(key);
        }
      }
      return keys;
    },

    /** Entries of a model folder with their age, to remove versions and staging folders nothing uses. */
    async listModelEntries(storageKey: string): Promise<Array<{ name: string; ageMs: number }>> {
      const modelDir = blobs.localPath(storageKey);
      const entries: Array<{ name: string; ageMs: number }> = [];
      for (const name of await listDir(modelDir)) {
        const age = await ageMs(path.join(modelDir, name));
        if (age !== null) entries.push({ name, ageMs: age });
      }
      return entries;
    },

    removeModelEntry(storageKey: string, name: string): Promise<void> {
      return remove(path.join(blobs.localPath(storageKey), name));
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
