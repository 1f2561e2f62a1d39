/**
 * Safety checks for the path of one zip entry, before anything touches the disk ("zip slip" and friends).
 * yauzl has its own check, but it reports through generic errors; we decode names ourselves (strict, so a
 * backslash stays visible) and say precisely why an entry was refused.
 */
import path from 'node:path';

export type UnsafeReason =
  | 'absolutePath'
  | 'driveLetter'
  | 'parentSegment'
  | 'backslash'
  | 'controlCharacter'
  | 'colon'
  | 'tooLong'
  | 'escapesRoot'
  | 'symlink'
  | 'specialFile'
  | 'duplicate'
  | 'fileDirectoryConflict';

export type EntryPathCheck =
  | { ok: true; path: string; isDirectory: boolean }
  | { ok: false; reason: UnsafeReason }
  /** An entry that is neither extracted nor counted: the root itself (`./`) and macOS resource forks. */
  | { ok: true; path: null; isDirectory: boolean };

const MAX_PATH_LENGTH = 1024;
const MAX_SEGMENT_BYTES = 255;

/**
 * Checks and normalizes one entry name. The result, when ok, is a relative POSIX path with no `.`, `..` or empty
 * segments and no trailing slash, which cannot resolve outside the extraction root on POSIX or Windows.
 */
export function checkEntryPath(name: string): EntryPathCheck {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  if (/[\u0000-\u001f\u007f]/.test(name)) return { ok: false, reason: 'controlCharacter' };
  // Windows reads a backslash as a separator, so "a\..\..\x" would climb out there.
  if (name.includes('\\')) return { ok: false, reason: 'backslash' };
  if (/^[a-zA-Z]:/.test(name)) return { ok: false, reason: 'driveLetter' };
  if (name.startsWith('/')) return { ok: false, reason: 'absolutePath' };
  // A colon elsewhere names an NTFS alternate data stream or a device.
  if (name.includes(':')) return { ok: false, reason: 'colon' };
  if (name.length > MAX_PATH_LENGTH) return { ok: false, reason: 'tooLong' };

  const isDirectory = name.endsWith('/');
  const segments = name.split('/');
  if (segments.includes('..')) return { ok: false, reason: 'parentSegment' };
  const kept = segments.filter((segment) => segment !== '' && segment !== '.');
  if (kept.some((segment) => Buffer.byteLength(segment) > MAX_SEGMENT_BYTES)) return { ok: false, reason: 'tooLong' };

  const normalized = path.posix.normalize(kept.join('/'));
  // Belt and braces: after the checks above normalize cannot climb, but the rule is what matters.
  if (normalized === '..' || normalized.startsWith('../') || path.posix.isAbsolute(normalized)) {
    return { ok: false, reason: 'escapesRoot' };
  }
  if (normalized === '.' || normalized === '') return { ok: true, path: null, isDirectory: true };
  if (kept[0] === '__MACOSX' || kept.at(-1)?.startsWith('._') || kept.at(-1) === '.DS_Store') {
    return { ok: true, path: null, isDirectory };
  }
  return { ok: true, path: normalized, isDirectory };
}

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;

/** Unix file type from the entry's external attributes (high 16 bits), when the archiver stored one. */
export function checkEntryType(externalFileAttributes: number): UnsafeReason | null {
  const mode = (externalFileAttributes >>> 16) & 0xffff;
  const type = mode & S_IFMT;
  if (type === 0 || type === S_IFREG || type === S_IFDIR) return null;
  return type === S_IFLNK ? 'symlink' : 'specialFile';
}

/**
 * Remembers the paths seen so far in one archive and refuses the same path twice (a later entry would
 * silently replace an earlier one) and a file where a folder is needed or the reverse.
 */
export class EntryPathRegistry {
  private readonly files = new Set<string>();
  private readonly directories = new Set<string>();

  add(entryPath: string, isDirectory: boolean): UnsafeReason | null {
    const parents: string[] = [];
    for (let at = entryPath.indexOf('/'); at !== -1; at = entryPath.indexOf('/', at + 1)) {
      parents.push(entryPath.slice(0, at));
    }
    if (parents.some((parent) => this.files.has(parent))) return 'fileDirectoryConflict';
    if (isDirectory) {
      if (this.files.has(entryPath)) return 'fileDirectoryConflict';
      this.directories.add(entryPath);
    } else {
      if (this.files.has(entryPath)) return 'duplicate';
      if (this.directories.has(entryPath)) return 'fileDirectoryConflict';
      this.files.add(entryPath);
    }
    for (const parent of parents) this.directories.add(parent);
    return null;
  }
}
