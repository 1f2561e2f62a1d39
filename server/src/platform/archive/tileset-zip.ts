/**
 * Reading uploaded 3D Tiles zips (a model is "a folder or zip that contains tileset.json", SPEC section 1).
 *
 * `inspectTilesetZip` reads only the central directory: every entry is checked and nothing is written, so the
 * caller can refuse an unsafe archive or one over the team's quota before spending disk on it.
 * `extractTilesetZip` streams every file to a writer the caller gives (the blob store, which may be a local folder
 * or an S3-compatible service); memory stays flat whatever the archive's size.
 */
import { Readable, addAbortSignal } from 'node:stream';
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

/** What an archive may declare before anything is extracted (a zip bomb declares far more than it weighs). */
export interface ArchiveLimits {
  /** Sum of the files' declared uncompressed sizes, bytes. */
  maxUncompressedBytes: number;
  /** Declared uncompressed bytes per byte of the archive file. */
  maxRatio: number;
}

/**
 * Below this declared size the ratio is not checked: a small tileset whose JSON compresses extremely well is
 * harmless, and only an archive that expands to a lot can exhaust a disk.
 */
export const RATIO_CHECK_FLOOR_BYTES = 64 * 1024 * 1024;

export interface ExtractTilesetOptions {
  /** Called as bytes are written (at most about once per MiB, and once at the end). */
  onProgress?: (bytesDone: number, bytesTotal: number) => void;
  signal?: AbortSignal;
}

/** Stores one file of the tileset under its checked relative path, consuming `data` whole. */
export type TilesetFileWriter = (relativePath: string, data: Readable) => Promise<unknown>;

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

const GB = 1024 ** 3;
const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/**
 * Refuses what the archive declares beyond the limits. The declared sizes are what extraction may write: yauzl
 * (validateEntrySizes) fails an entry the moment it inflates past its declared size, so a lie is caught while
 * streaming.
 */
function checkDeclaredSize(totalUncompressedSize: number, archiveBytes: number, limits: ArchiveLimits): void {
  const ratio = totalUncompressedSize / Math.max(archiveBytes, 1);
  const tooLarge = totalUncompressedSize > limits.maxUncompressedBytes;
  const tooCompressed = totalUncompressedSize > RATIO_CHECK_FLOOR_BYTES && ratio > limits.maxRatio;
  if (!tooLarge && !tooCompressed) return;
  throw new AppError('PROJECT_MODEL_ZIP_TOO_LARGE', {
    params: {
      size: oneDecimal(totalUncompressedSize / GB),
      ratio: Math.round(ratio),
      maxSize: oneDecimal(limits.maxUncompressedBytes / GB),
      maxRatio: limits.maxRatio,
    },
    data: { reason: tooLarge ? 'uncompressedSize' : 'ratio' },
  });
}

/**
 * Lists and checks every entry of a tileset zip without extracting anything; with `limits`, also what the
 * entries declare in total.
 * Throws AppError PROJECT_MODEL_ZIP_UNSAFE (data.reason, data.entry), PROJECT_MODEL_TILESET_MISSING,
 * PROJECT_MODEL_ZIP_TOO_LARGE (data.reason: uncompressedSize, ratio), or PROJECT_MODEL_UPLOAD_ERROR
 * (data.reason: corrupt, encrypted, unsupportedCompression, tooManyEntries).
 */
export async function inspectTilesetZip(zipPath: string, limits?: ArchiveLimits): Promise<TilesetZipInspection> {
  const zipfile = await openZip(zipPath);
  try {
    const files: string[] = [];
    let totalUncompressedSize = 0;
    for await (const { entry, path: entryPath, isDirectory } of checkedEntries(zipfile)) {
      if (entryPath === null || isDirectory) continue;
      files.push(entryPath);
      totalUncompressedSize += entry.uncompressedSize;
    }
    if (limits) checkDeclaredSize(totalUncompressedSize, zipfile.fileSize, limits);
    return { tilesetPath: findTileset(files), fileCount: files.length, totalUncompressedSize };
  } finally {
    zipfile.close();
  }
}

/**
 * The bytes of one entry as they inflate, checked against its checksum at the end. Failures to inflate are the
 * archive's fault; failures to read the zip file (they carry a syscall: EIO, ...) are ours.
 */
async function* verifiedData(input: Readable, entry: Entry, onBytes: (bytes: number) => void) {
  // yauzl checks sizes but not checksums; a flipped byte in a stored entry would pass unnoticed.
  let crc = 0;
  try {
    for await (const chunk of input as AsyncIterable<Buffer>) {
      crc = crc32(chunk, crc);
      onBytes(chunk.length);
      yield chunk;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).syscall !== undefined) throw error;
    throw unreadable('corrupt', error);
  }
  if (crc >>> 0 !== entry.crc32 >>> 0) throw unreadable('checksum');
}

/**
 * Extracts a checked tileset zip, handing each file to `write` as a stream in archive order (folders exist only
 * as the paths of their files). Every entry is checked before its bytes are read, as `inspectTilesetZip` checks
 * it. Cancelling through `signal` rejects with the signal's reason. Files written before a failure stay where
 * they were written: the caller writes where nothing is served until the whole tileset is there.
 */
export async function extractTilesetZip(
  zipPath: string,
  write: TilesetFileWriter,
  options: ExtractTilesetOptions = {},
): Promise<TilesetZipInspection> {
  const { onProgress, signal } = options;
  signal?.throwIfAborted();
  const inspection = await inspectTilesetZip(zipPath);
  const zipfile = await openZip(zipPath);

  let bytesDone = 0;
  let reported = 0;
  const report = (force: boolean) => {
    if (!onProgress || (!force && bytesDone - reported < PROGRESS_STEP)) return;
    reported = bytesDone;
    onProgress(bytesDone, inspection.totalUncompressedSize);
  };
  const counted = (bytes: number) => {
    bytesDone += bytes;
    report(false);
  };

  try {
    for await (const { entry, path: entryPath, isDirectory } of checkedEntries(zipfile)) {
      signal?.throwIfAborted();
      if (entryPath === null || isDirectory) continue;
      let input: Readable;
      try {
        input = await zipfile.openReadStreamPromise(entry);
      } catch (error) {
        throw unreadable('corrupt', error);
      }
      const data = Readable.from(verifiedData(input, entry, counted), { objectMode: false });
      if (signal) addAbortSignal(signal, data);
      await write(entryPath, data);
    }
    signal?.throwIfAborted();
    report(true);
    return inspection;
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    throw error;
  } finally {
    zipfile.close();
  }
}
