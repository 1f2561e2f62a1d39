import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** What a store knows of one object without reading it: enough to answer conditional and range requests. */
export interface BlobInfo {
  size: number;
  modifiedAt: Date;
  /** An HTTP entity tag (quoted), the same for as long as the object's bytes are. */
  etag: string;
}

/** One object found by `list`. */
export interface BlobEntry {
  key: string;
  size: number;
  modifiedAt: Date;
}

/** Bytes `start` to `end` of an object, both included (as HTTP ranges count them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where every stored byte lives; a local folder here, an S3-compatible store at scale. Keys are paths of
 * `/`-separated segments; a prefix ending in `/` names a folder of keys.
 */
export interface BlobStore {
  put(key: string, data: Buffer | Readable): Promise<number>;
  /** The object's bytes, or `range` of them; a missing object fails the stream with code ENOENT. */
  get(key: string, range?: ByteRange): Readable;
  /** The whole object in one buffer, for work that needs every byte at once (decoding, parsing); missing: ENOENT. */
  read(key: string): Promise<Buffer>;
  stat(key: string): Promise<BlobInfo | null>;
  delete(key: string): Promise<void>;
  /** Every object under the folder `prefix`, at any depth. */
  list(prefix: string): AsyncIterable<BlobEntry>;
  /** The names of the folders directly under the folder `prefix`. */
  folders(prefix: string): Promise<string[]>;
  /** Deletes every object under the folder `prefix`; a folder already gone is no error. */
  deleteFolder(prefix: string): Promise<void>;
}

/**
 * Keys name any file a user may store (a tileset's tiles keep the names their zip gave them), so any character
 * is allowed but those that could leave the store's space or mean something else to a file system.
 */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (
    key === '' ||
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
    /[\u0000-\u001f\u007f\\]/.test(key) ||
    segments.some((part) => part === '' || part === '.' || part === '..')
  ) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}

/** A folder prefix: a safe key followed by `/`. */
export function assertFolderPrefix(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`Not a folder prefix: ${prefix}`);
  assertSafeKey(prefix.slice(0, -1));
}

/** Every byte of `stream` in one buffer. */
export async function readStream(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A file's version: its size, inode and modification time in nanoseconds. Every put writes a new file and renames it
 * over the key, so a rewrite gets another inode even when the clock (the kernel's file times move in ticks of a few
 * milliseconds) gives it the same time.
 */
function weakEtag(stats: fs.BigIntStats): string {
  return `W/"${stats.size.toString(16)}-${stats.ino.toString(16)}-${stats.mtimeNs.toString(16)}"`;
}

export function createLocalBlobStore(root: string): BlobStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  const resolveFolder = (prefix: string) => {
    assertFolderPrefix(prefix);
    return path.join(root, prefix);
  };
  async function* walk(directory: string, keyPrefix: string): AsyncGenerator<BlobEntry> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(directory, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) {
        yield* walk(full, `${keyPrefix}${entry.name}/`);
      } else if (entry.isFile()) {
        const stats = await fs.promises.stat(full).catch(() => null);
        if (stats) yield { key: `${keyPrefix}${entry.name}`, size: stats.size, modifiedAt: stats.mtime };
      }
    }
  }
  return {
    async put(key, data) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Write beside and rename, so a crash mid-write never leaves a half file under the key.
      const temporary = `${target}.${process.pid}.${randomUUID()}.part`;
      try {
        if (Buffer.isBuffer(data)) await fs.promises.writeFile(temporary, data);
        else await pipeline(data, fs.createWriteStream(temporary));
        await fs.promises.rename(temporary, target);
      } catch (error) {
        await fs.promises.rm(temporary, { force: true });
        throw error;
      }
      return (await fs.promises.stat(target)).size;
    },
    get(key, range) {
      return fs.createReadStream(resolve(key), range);
    },
    read(key) {
      // One allocation of the file's size: a stream's chunks joined would cost a second copy of every byte.
      return fs.promises.readFile(resolve(key));
    },
    async stat(key) {
      try {
        const stats = await fs.promises.stat(resolve(key), { bigint: true });
        if (!stats.isFile()) return null;
        return { size: Number(stats.size), modifiedAt: stats.mtime, etag: weakEtag(stats) };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    list(prefix) {
      return walk(resolveFolder(prefix), prefix);
    },
    async folders(prefix) {
      try {
        const entries = await fs.promises.readdir(resolveFolder(prefix), { withFileTypes: true });
        return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
      } catch {
        return [];
      }
    },
    async deleteFolder(prefix) {
      await fs.promises.rm(resolveFolder(prefix), { recursive: true, force: true });
    },
  };
}
