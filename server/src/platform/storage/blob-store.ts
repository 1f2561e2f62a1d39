import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';

/** Where every stored byte lives; a local folder here, an S3-compatible store at scale. */
export interface BlobStore {
  put(key: string, data: Buffer | Readable): Promise<number>;
  get(key: string): Readable;
  stat(key: string): Promise<{ size: number } | null>;
  delete(key: string): Promise<void>;
  /** An absolute path when the store is a local folder (for tools that need files). */
  localPath(key: string): string;
}

export function assertSafeKey(key: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.split('/').some((part) => part === '..' || part === '')) {
    throw new Error(`Unsafe blob key: ${key}`);
  }
}

export function createLocalBlobStore(root: string): BlobStore {
  const resolve = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = resolve(key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      // Write beside and rename, so a crash mid-write never leaves a half file under the key.
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      if (Buffer.isBuffer(data)) await fs.promises.writeFile(temporary, data);
      else await pipeline(data, fs.createWriteStream(temporary));
      await fs.promises.rename(temporary, target);
      return (await fs.promises.stat(target)).size;
    },
    get(key) {
      return fs.createReadStream(resolve(key));
    },
    async stat(key) {
      try {
        const stats = await fs.promises.stat(resolve(key));
        return { size: stats.size };
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.promises.rm(resolve(key), { force: true });
    },
    localPath: resolve,
  };
}
