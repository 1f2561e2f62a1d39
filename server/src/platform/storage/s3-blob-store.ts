import { PassThrough, Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Storage from '@aws-sdk/lib-storage';
import { assertFolderPrefix, assertSafeKey, readStream, type BlobEntry, type BlobStore } from './blob-store.js';

export interface S3BlobStoreOptions {
  /** The service's address, e.g. https://s3.eu-central-1.amazonaws.com or a self-hosted store's. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Self-hosted stores (MinIO, Ceph, Garage) address buckets in the path rather than the host name. */
  forcePathStyle: boolean;
}

interface S3Sdk {
  s3: typeof S3;
  Upload: typeof S3Storage.Upload;
}

/**
 * The AWS SDK takes about a second to import: it is loaded when an S3 store is first used, so that a server on local
 * files, and every test file that imports the app, never pays it.
 */
let sdkLoading: Promise<S3Sdk> | undefined;

function loadSdk(): Promise<S3Sdk> {
  sdkLoading ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(([s3, storage]) => ({
    s3,
    Upload: storage.Upload,
  }));
  return sdkLoading;
}

/** By the SDK's error names (NoSuchKey, NotFound): its classes are not at hand before it loads. */
function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === 'NoSuchKey' || name === 'NotFound';
}

/** S3 deletes at most this many objects per request. */
const DELETE_BATCH = 1000;

/**
 * The blob store on an S3-compatible service. Objects appear whole or not at all (S3 writes are atomic per
 * object), which is what the local store gets by writing beside and renaming.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  let connecting: Promise<S3Sdk & { client: S3.S3Client }> | undefined;
  const connect = () => {
    connecting ??= loadSdk().then((sdk) => {
      const client = new sdk.s3.S3Client({
        endpoint: options.endpoint,
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      });
      return { ...sdk, client };
    });
    return connecting;
  };
  const Bucket = options.bucket;
  const stat = async (key: string) => {
    assertSafeKey(key);
    const { s3, client } = await connect();
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket, Key: key }));
      return {
        size: head.ContentLength ?? 0,
        modifiedAt: head.LastModified ?? new Date(0),
        etag: head.ETag ?? `"${head.ContentLength ?? 0}-${head.LastModified?.getTime() ?? 0}"`,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  async function* list(prefix: string): AsyncGenerator<BlobEntry> {
    assertFolderPrefix(prefix);
    const { s3, client } = await connect();
    for await (const page of s3.paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
    }
  }
  const store: BlobStore = {
    async put(key, data) {
      assertSafeKey(key);
      const { Upload, client } = await connect();
      // Streams of unknown length go up in parts; the SDK retries a failed part rather than the whole object.
      await new Upload({ client, params: { Bucket, Key: key, Body: data } }).done();
      return (await stat(key))?.size ?? 0;
    },
    get(key, range) {
      assertSafeKey(key);
      // The interface hands out a stream at once, as a file read does; the object's bytes flow when S3 answers.
      const output = new PassThrough();
      connect()
        .then(({ s3, client }) =>
          client.send(
            new s3.GetObjectCommand({ Bucket, Key: key, Range: range && `bytes=${range.start}-${range.end}` }),
          ),
        )
        .then((object) => {
          const body = object.Body;
          if (!(body instanceof Readable)) throw new Error(`S3 answered ${key} without a body`);
          body.on('error', (error) => output.destroy(error));
          // A reader that stops early (a closed connection) releases the service's connection too.
          output.on('close', () => body.destroy());
          body.pipe(output);
        })
        .catch((error: unknown) => {
          const failure = isMissing(error)
            ? Object.assign(new Error(`ENOENT: no such blob ${key}`), { code: 'ENOENT' })
            : (error as Error);
          output.destroy(failure);
        });
      return output;
    },
    read(key) {
      return readStream(store.get(key));
    },
    stat,
    async delete(key) {
      assertSafeKey(key);
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: key }));
    },
    list,
    async folders(prefix) {
      assertFolderPrefix(prefix);
      const { s3, client } = await connect();
      const names: string[] = [];
      for await (const page of s3.paginateListObjectsV2({ client }, { Bucket, Prefix: prefix, Delimiter: '/' })) {
        for (const common of page.CommonPrefixes ?? []) {
          if (common.Prefix) names.push(common.Prefix.slice(prefix.length, -1));
        }
      }
      return names;
    },
    async deleteFolder(prefix) {
      let batch: string[] = [];
      const flush = async () => {
        if (batch.length === 0) return;
        const Objects = batch.map((Key) => ({ Key }));
        batch = [];
        const { s3, client } = await connect();
        await client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      };
      for await (const entry of list(prefix)) {
        batch.push(entry.key);
        if (batch.length === DELETE_BATCH) await flush();
      }
      await flush();
    },
  };
  return store;
}
