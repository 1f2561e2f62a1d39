/**
 * The tileset zip's CPU-heavy steps as worker-thread tasks (platform/cpu): reading a central directory of up to
 * millions of entries, and inflating, checksumming and storing every file.
 */
import { defineCpuTask, type CpuTaskContext } from '../cpu/index.js';
import type { BlobStore } from '../storage/blob-store.js';
import { createConfiguredBlobStore } from '../storage/configured-blob-store.js';
import { extractTilesetZip, inspectTilesetZip, type ArchiveLimits, type TilesetZipInspection } from './tileset-zip.js';

export const inspectTilesetTask = defineCpuTask(
  'archive.inspect-tileset',
  (input: { zipPath: string; limits?: ArchiveLimits }): Promise<TilesetZipInspection> =>
    inspectTilesetZip(input.zipPath, input.limits),
);

// A thread's configuration never changes, so each thread opens the process's blob store once.
let threadStore: BlobStore | undefined;

/** Extracts into the blob store under `keyPrefix` (`<prefix><relative path>` per file). */
export const extractTilesetTask = defineCpuTask(
  'archive.extract-tileset',
  (
    input: { zipPath: string; keyPrefix: string },
    context: CpuTaskContext<{ bytesDone: number; bytesTotal: number }>,
  ): Promise<TilesetZipInspection> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    return extractTilesetZip(input.zipPath, (relative, data) => store.put(`${input.keyPrefix}${relative}`, data), {
      signal: context.signal,
      onProgress: (bytesDone, bytesTotal) => context.progress({ bytesDone, bytesTotal }),
    });
  },
);
