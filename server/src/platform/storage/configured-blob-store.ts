import type { Config } from '../config.js';
import { createLocalBlobStore, type BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-blob-store.js';

/** The store the configuration names: an S3-compatible bucket when S3_BUCKET is set, else DATA_DIR/files. */
export function createConfiguredBlobStore(config: Config): BlobStore {
  const { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: accessKeyId } = config;
  const secretAccessKey = config.S3_SECRET_ACCESS_KEY;
  // loadConfig refuses a bucket without the rest, so a partial setting never reaches here.
  if (!bucket || !endpoint || !accessKeyId || !secretAccessKey) return createLocalBlobStore(config.FILES_DIR);
  return createS3BlobStore({
    endpoint,
    region: config.S3_REGION,
    bucket,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
