/**
 * Reading uploaded 3D Tiles zips (a model is "a folder or zip that contains tileset.json", SPEC section 1).
 *
 * `inspectTilesetZip` reads only the central directory: every entry is checked and nothing is written, so the
 * caller can refuse an unsafe archive or one over the team's quota before spending disk on it.
 * `extractTilesetZip` streams every entry to disk (memory stays flat whatever the archive's size) into a hidden
 * sibling folder and renames it into place at the end, so a failure or a cancel leaves nothing behind.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32 } from 'node:zlib';
import { AppError } from '@sightline/shared';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { EntryPathRegistry, checkEntryPath, checkEntryType } from './entry-path.js';

export const TILESET_FILE = 'tileset.json';

/** More entries than any real tileset has; a guard against archives built to exhaust inodes or time. */
export const MAX_TILESET_ENTRIES = 2_000_000;

export interface TilesetZipInspection {
  /** Path of tileset.json relative to the extraction root: `tileset.json` or `<folder>/tileset.json`. */
  tilesetPath: string;
  /** Files that extraction will write (folders and macOS resource forks are not counted). */
  fileCount: number;
  /** Sum of the files' uncompressed sizes, bytes, as the archive declares them (extraction enforces them). */
  totalUncompressedSize: number;
}

export interface ExtractTilesetOptions {
  /** Called as bytes are written (at most about once per MiB, and once at the end). */
  onProgress?: (bytesDone: number, bytesTotal: number) => void;
  signal?: AbortSignal;
}

export interface ExtractedTileset extends TilesetZipInspection {
  /** The folder the tileset now lives in (the `destDir` given). */
  directory: string;
}

const OPEN_OPTIONS: yauzl.Options = {
  lazyEntries: true,
  autoClose: false,
  // We decode names ourselves (strictly), to refuse unsafe ones with a precise reason.
  decodeStrings: false,
  validateEntrySizes: true,
  strictFileNames: true,
};

const PROGRESS_STEP = 1024 * 1024;

function unsafe(reason: string, entry: string): AppError {
  return new AppError('PROJECT_MODEL_ZIP_UNSAFE', { data: { reason, entry } });
}

function unreadable(reason: string, cause?: unknown): AppError {
  const error = new AppError('PROJECT_MODEL_UPLOAD_ERROR', { data: { reason } });
  if (cause !== undefined) (error as Error).cause = cause;
  return error;
}

async function openZip(zipPath: string): Promise<ZipFile> {
  try {
    return await yauzl.openPromise(zipPath, OPEN_OPTIONS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw error;
    throw unreadable('corrupt', error);
  }
}

interface CheckedEntry {
  entry: Entry;
  /** Normalized relative path; null for entries that are skipped. */
  path: string | null;
  isDirectory: boolean;
}

/** Every entry of the archive, checked: throws on the first unsafe or unreadable one. */
async function* checkedEntries(zipfile: ZipFile): AsyncGenerator<CheckedEntry> {
  if (zipfile.entryCount > MAX_TILESET_ENTRIES) throw unreadable('tooManyEntries');
  const registry = new EntryPathRegistry();
  const iterator = zipfile.eachEntry();
  while (true) {
    let next: IteratorResult<Entry>;
    try {
      next = await iterator.next();
    } catch (error) {
      throw unreadable('corrupt', error);
    }
    if (next.done) return;
    const entry = next.value;
    // decodeStrings is off: decode with the zip's own rules (UTF-8 flag, Info-ZIP Unicode path), keeping backslashes.
    const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, true);
    const checked = checkEntryPath(name);
    if (!checked.ok) throw unsafe(checked.reason, name);
    const typeProblem = checkEntryType(entry.externalFileAttributes);
    if (typeProblem) throw unsafe(typeProblem, name);
    if (checked.path === null) {
      yield { entry, path: null, isDirectory: checked.isDirectory };
      continue;
    }
    const conflict = registry.add(checked.path, checked.isDirectory);
    if (conflict) throw unsafe(conflict, name);
    if (!checked.isDirectory) {
      if (entry.isEncrypted()) throw unreadable('encrypted');
      if (!entry.canDecodeFileData()) throw unreadable('unsupportedCompression');
    }
    yield { entry, path: checked.path, isDirectory: checked.isDirectory };
  }
}

/** tileset.json at the root wins; otherwise it must be in exactly one top-level folder. */
function findTileset(files: readonly string[]): string {
  if (files.includes(TILESET_FILE)) return TILESET_FILE;
  const nested = files.filter((file) => {
    const parts = file.split('/');
    return parts.length === 2 && parts[1] === TILESET_FILE;
  });
  const [only] = nested;
  if (only && nested.length === 1) return only;
  throw new AppError('PROJECT_MODEL_TILESET_MISSING', {
    data: { reason: nested.length > 1 ? 'ambiguous' : 'missing', candidates: nested.slice(0, 10) },
  });
}

/**
 * Lists and checks every entry of a tileset zip without extracting anything.
 * Throws AppError PROJECT_MODEL_ZIP_UNSAFE (data.reason, data.entry), PROJECT_MODEL_TILESET_MISSING, or
 * PROJECT_MODEL_UPLOAD_ERROR (data.reason: corrupt, encrypted, unsupportedCompression, tooManyEntries).
 */
export async function inspectTilesetZip(zipPath: string): Promise<TilesetZipInspection> {
  const zipfile = await openZip(zipPath);
  try {
    const files: string[] = [];
    let totalUncompressedSize = 0;
    for await (const { entry, path: entryPath, isDirectory } of checkedEntries(zipfile)) {
      if (entryPath === null || isDirectory) continue;
      files.push(entryPath);
      totalUncompressedSize += entry.uncompressedSize;
    }
    return { tilesetPath: findTileset(files), fileCount: files.length, totalUncompressedSize };
  } finally {
    zipfile.close();
  }
}

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Extracts a checked tileset zip into `destDir` (created; an existing one is replaced only once the new content
 * is complete). Entries are streamed: memory does not grow with the archive. Cancelling through `signal` rejects
 * with the signal's reason and removes what was written.
 */
export async function extractTilesetZip(
  zipPath: string,
  destDir: string,
  options: ExtractTilesetOptions = {},
): Promise<ExtractedTileset> {
  const { onProgress, signal } = options;
  signal?.throwIfAborted();
  const inspection = await inspectTilesetZip(zipPath);
  const target = path.resolve(destDir);
  const parent = path.dirname(target);
  await mkdir(parent, { recursive: true });
  // A sibling of the destination, so the final rename stays on one file system.
  const staging = await mkdtemp(path.join(parent, `.${path.basename(target)}.partial-`));
  const zipfile = await openZip(zipPath).catch(async (error: unknown) => {
    await rm(staging, { recursive: true, force: true });
    throw error;
  });

  let bytesDone = 0;
  let reported = 0;
  const report = (force: boolean) => {
    if (!onProgress || (!force && bytesDone - reported < PROGRESS_STEP)) return;
    reported = bytesDone;
    onProgress(bytesDone, inspection.totalUncompressedSize);
  };
  const madeDirectories = new Set<string>([staging]);
  const ensureDirectory = async (directory: string) => {
    if (madeDirectories.has(directory)) return;
    await mkdir(directory, { recursive: true });
    madeDirectories.add(directory);
  };

  try {
    for await (const { entry, path: entryPath, isDirectory } of checkedEntries(zipfile)) {
      signal?.throwIfAborted();
      if (entryPath === null) continue;
      const output = path.join(staging, ...entryPath.split('/'));
      // checkEntryPath already guarantees this; a second, independent guard costs nothing.
      if (!output.startsWith(staging + path.sep)) throw unsafe('escapesRoot', entryPath);
      if (isDirectory) {
        await ensureDirectory(output);
        continue;
      }
      await ensureDirectory(path.dirname(output));
      let input: Readable;
      try {
        input = await zipfile.openReadStreamPromise(entry);
      } catch (error) {
        throw unreadable('corrupt', error);
      }
      await pipeline(
        input,
        async function* (source: AsyncIterable<Buffer>) {
          // yauzl checks sizes but not checksums; a flipped byte in a stored entry would pass unnoticed.
          let crc = 0;
          for await (const chunk of source) {
            crc = crc32(chunk, crc);
            bytesDone += chunk.length;
            report(false);
            yield chunk;
          }
          if (crc >>> 0 !== entry.crc32 >>> 0) throw unreadable('checksum');
        },
        // 'wx': never write through something that already exists (a duplicate the registry somehow missed).
        createWriteStream(output, { flags: 'wx', mode: 0o644 }),
        { signal },
      ).catch((error: unknown) => {
        if (signal?.aborted || error instanceof AppError) throw error;
        // File-system failures (ENOSPC, EACCES, ...) carry a syscall and are ours; anything else while streaming
        // (zlib's Z_DATA_ERROR, yauzl's size mismatches, truncated data) is the archive's fault.
        if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
        throw unreadable('corrupt', error);
      });
    }
    signal?.throwIfAborted();
    zipfile.close();
    report(true);

    if (await exists(target)) {
      const old = await mkdtemp(path.join(parent, `.${path.basename(target)}.old-`));
      await rename(target, path.join(old, 'content'));
      await rename(staging, target);
      await rm(old, { recursive: true, force: true });
    } else {
      await rename(staging, target);
    }
    return { ...inspection, directory: target };
  } catch (error) {
    zipfile.close();
    await rm(staging, { recursive: true, force: true });
    if (signal?.aborted) throw signal.reason;
    throw error;
  }
}
