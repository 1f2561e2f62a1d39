import { Zip, ZipPassThrough } from 'fflate';

/**
 * A tileset chosen as a folder is zipped in the browser before upload: the server takes zips only. Entries are
 * stored, not compressed (tiles are binary and mostly compressed already), one file read at a time, so memory
 * holds the archive's pieces rather than every file twice. The archive is deterministic (entry order and
 * times come from the files), so zipping the same folder again after a reload gives the same bytes, and the
 * resumable upload picks up where it stopped.
 */
export interface FolderEntry {
  /** Path inside the archive, with `/` separators (a folder input's webkitRelativePath). */
  path: string;
  file: Blob & { lastModified?: number };
}

export interface ZippedFolder {
  blob: Blob;
  /** The newest modification time of the files: the zip's own, so its upload fingerprint is stable. */
  lastModified: number;
}

/** The folder's files as archive entries, sorted by path; hidden files (.DS_Store, .git) are left out. */
export function folderEntries(files: readonly (File & { webkitRelativePath?: string })[]): FolderEntry[] {
  return files
    .map((file) => ({ path: (file.webkitRelativePath || file.name).replace(/\\/g, '/'), file }))
    .filter((entry) => !entry.path.split('/').some((part) => part.startsWith('.')))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The folder's name: the first part of the entries' paths. */
export function folderName(entries: readonly FolderEntry[]): string {
  return entries[0]?.path.split('/')[0] || 'model';
}

/** DOS times count from 1980; older (or missing) times are clamped so every zip tool reads them. */
const EARLIEST = Date.UTC(1980, 0, 2);

export async function zipFolder(
  entries: readonly FolderEntry[],
  onProgress?: (doneBytes: number, totalBytes: number) => void,
  signal?: AbortSignal,
): Promise<ZippedFolder> {
  const totalBytes = entries.reduce((sum, entry) => sum + entry.file.size, 0);
  const parts: Uint8Array[] = [];
  let failure: unknown = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else parts.push(chunk);
  });
  let doneBytes = 0;
  let newest = EARLIEST;
  for (const { path, file } of entries) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const mtime = Math.max(file.lastModified ?? EARLIEST, EARLIEST);
    newest = Math.max(newest, mtime);
    const entry = new ZipPassThrough(path);
    entry.mtime = mtime;
    zip.add(entry);
    const reader = file.stream().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      entry.push(value, false);
      doneBytes += value.byteLength;
      onProgress?.(doneBytes, totalBytes);
    }
    entry.push(new Uint8Array(0), true);
    if (failure) throw failure;
  }
  zip.end();
  if (failure) throw failure;
  onProgress?.(totalBytes, totalBytes);
  return { blob: new Blob(parts as BlobPart[], { type: 'application/zip' }), lastModified: newest };
}
