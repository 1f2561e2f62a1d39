import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { PurgeResult } from '../recycle-bin/recycle-bin.service.js';
import { createProjectModelRepo, storedModelBytes } from './project-model.repo.js';

/**
 * For the project's recycle-bin handler: the bytes a project's model holds (its summary's size), counted
 * the way the quota counts them: the served version, a zip waiting for its unzip, and an upload underway.
 */
export async function projectModelBytes(db: Kysely<Database>, projectId: number): Promise<number> {
  const repo = createProjectModelRepo(db);
  const [model, upload] = await Promise.all([repo.findModel(projectId), repo.findUpload(projectId)]);
  return (model ? storedModelBytes(model) : 0) + (upload ? Number(upload.reserved_bytes) : 0);
}

/**
 * For the project's recycle-bin handler, inside its purge transaction and before the project row goes:
 * drops the model's rows and returns the bytes to give back to the quota. A binned project keeps its model
 * untouched (restore needs nothing). The files are not blob keys the bin could delete one by one (a tileset
 * is thousands of files, not all with blob-safe names): the model's file collector (job model.collect-files,
 * hourly and at every start) removes the folders no model row owns any more.
 */
export async function purgeProjectModel(db: Kysely<Database>, projectId: number): Promise<PurgeResult> {
  const freedBytes = await projectModelBytes(db, projectId);
  const repo = createProjectModelRepo(db);
  const upload = await repo.findUpload(projectId);
  if (upload) await repo.deleteUpload(upload.upload_id);
  await repo.deleteModel(projectId);
  return { blobKeys: [], freedBytes };
}
