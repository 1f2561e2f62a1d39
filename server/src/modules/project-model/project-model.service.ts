import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isDeepStrictEqual } from 'node:util';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AppError,
  LIMITS,
  MODEL_UNZIP_EVENT,
  MODEL_UPLOAD_CHUNK_BYTES,
  MODEL_UPLOAD_IDLE_MS,
  MODEL_UPLOAD_PATH,
  type CameraView,
  type InitModelResult,
  type ModelClip,
  type ModelClipState,
  type ModelInitParameter,
  type ModelParameter,
  type ModelUnzipEvent,
  type ModelUploader,
  type ProjectModel,
  type ProjectModelState,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { ArchiveLimits } from '../../platform/archive/index.js';
import { extractTilesetTask, inspectTilesetTask } from '../../platform/archive/tileset-zip.tasks.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobContext, JobEvent, JobQueue } from '../../platform/jobs/index.js';
import type { StoredFile } from '../../platform/http/stored-file.js';
import type { ProjectAccess } from '../project/project-access.js';
import { isUploadId, newUploadId, type ModelFiles } from './model-files.js';
import {
  storedModelBytes,
  type ModelUploadRow,
  type ProjectModelQueries,
  type ProjectModelRepo,
} from './project-model.repo.js';

export const UNZIP_JOB = 'model.unzip';
export const COLLECT_JOB = 'model.collect-files';

/** Counts stored bytes against a team (team/quota.service.ts); reserve throws TEAM_VOLUME_EXCEED. */
export interface ModelQuota {
  reserve(teamId: number, bytes: number): Promise<unknown>;
  release(teamId: number, bytes: number): Promise<unknown>;
}

export interface ProjectModelServiceDeps {
  repo: ProjectModelRepo;
  access: ProjectAccess;
  quota: ModelQuota;
  jobs: JobQueue;
  bus: EventBus;
  files: ModelFiles;
  log: FastifyBaseLogger;
  /** What an uploaded zip may declare (ARCHIVE_MAX_UNCOMPRESSED_GB, ARCHIVE_MAX_RATIO); checked before the unzip. */
  archiveLimits: ArchiveLimits;
  /** Zips are read and extracted in worker threads: an archive of millions of entries must not stall the API. */
  cpu: CpuPool;
}

export interface UnzipPayload {
  projectId: number;
  uploadId: string;
  version: number;
  /** Who receives the progress on their event stream. */
  userId: number;
}

const TILES_PATH = '/api/project-model/tiles';
/** An upload untouched this long is abandoned: its lock, bytes and reservation are freed. */
const ABANDONED_UPLOAD_MS = 24 * 3600 * 1000;

function isEnoent(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

export function tilesetUrl(projectId: number, version: number, tilesetPath: string): string {
  return `${TILES_PATH}/${projectId}/${version}/${tilesetPath.split('/').map(encodeURIComponent).join('/')}`;
}

export function createProjectModelService({
  repo,
  access,
  quota,
  jobs,
  bus,
  files,
  log,
  archiveLimits,
  cpu,
}: ProjectModelServiceDeps) {
  const inspectZip = (uploadId: string) =>
    cpu.run(inspectTilesetTask, { zipPath: files.zipPath(uploadId), limits: archiveLimits });

  async function present(projectId: number): Promise<ProjectModel | null> {
    const row = await repo.findModelView(projectId);
    if (!row) return null;
    const job = row.state === 'unzipping' && row.unzip_job_id ? await jobs.get(row.unzip_job_id) : null;
    return {
      projectId: row.project_id,
      state: row.state,
      errorKey: row.state === 'failed' ? row.error_key : null,
      progress: row.state === 'done' ? 1 : (job?.progress ?? 0),
      version: row.version,
      tilesetUrl:
        row.version !== null && row.tileset_path ? tilesetUrl(row.project_id, row.version, row.tileset_path) : null,
      sizeBytes: Number(row.size_bytes),
      fileCount: row.file_count,
      fileName: row.file_name,
      parameter: row.parameter,
      position: row.position,
      clip: row.clip,
      uploadedBy: row.uploaded_by !== null ? { userId: row.uploaded_by, name: row.uploaded_by_name ?? '' } : null,
      updatedAt: row.updated_at.toISOString(),
    };
  }

  /** A model that has been unzipped at least once: what adjustments and restore work on. */
  async function requireServedModel(projectId: number) {
    const row = await repo.findModel(projectId);
    if (!row || row.version === null) throw new AppError('PROJECT_MODEL_NOT_UPLOADED');
    return row;
  }

  /**
   * Inside a transaction that changes the model's stored bytes: the project is still the caller's team's
   * and not being handed over. The access check before it is not enough, since a handover may claim the
   * project in between; the handover counts the model's bytes only after its claim.
   */
  async function requireUnmoved(models: ProjectModelQueries, project: { id: number; team_id: number }) {
    const row = await models.lockProject(project.id);
    if (!row || row.team_id !== project.team_id) throw new AppError('PROJECT_NO_ERROR');
    if (row.status === 'moving') throw new AppError('PROJECT_ERROR');
  }

  /**
   * Frees an upload that will not complete: its lock, its reserved bytes, the 'uploading' state, and its file
   * (unless tus is about to remove it itself, answering the client's DELETE).
   */
  async function abandonUpload(
    upload: Pick<ModelUploadRow, 'upload_id' | 'project_id'>,
    options: { keepFile?: boolean } = {},
  ): Promise<void> {
    const removed = await repo.transaction(async (models) => {
      const row = await models.deleteUpload(upload.upload_id);
      if (row) await models.endUploading(upload.project_id);
      return row;
    });
    if (removed) await quota.release(removed.team_id, Number(removed.reserved_bytes));
    if (!options.keepFile) await files.removeUpload(upload.upload_id);
  }

  function isIdle(upload: ModelUploadRow): boolean {
    return Date.now() - upload.last_activity_at.getTime() > MODEL_UPLOAD_IDLE_MS;
  }

  /**
   * Starts the unzip of a recorded pending zip inside the caller's transaction. No singleton key: the model's
   * state already allows one unzip at a time, and a finishing job must not stand in for the next upload's.
   */
  async function enqueueUnzip(
    models: ProjectModelQueries,
    trx: Kysely<Database>,
    payload: UnzipPayload,
  ): Promise<void> {
    const jobId = await jobs.enqueue(UNZIP_JOB, payload, { transaction: trx });
    await models.setUnzipJob(payload.projectId, jobId);
  }

  // Unzip progress reaches everyone who may see the project, so every open home page and 3D view follows it.
  // Deliveries queue one behind the other: each looks up its audience, and 'done' must not overtake progress.
  // The audience is looked up once per unzip, not at every progress tick.
  let deliveries = Promise.resolve();
  const audiences = new Map<number, Promise<number[]>>();
  async function deliverUnzipEvent(value: ModelUnzipEvent): Promise<void> {
    const audience = audiences.get(value.projectId) ?? access.viewers(value.projectId);
    audiences.set(value.projectId, audience);
    try {
      for (const userId of await audience) bus.publish({ userId, name: MODEL_UNZIP_EVENT, value });
    } catch (error) {
      log.warn({ err: error, projectId: value.projectId }, 'unzip progress not sent');
      audiences.delete(value.projectId);
    }
    if (value.state !== 'unzipping') audiences.delete(value.projectId);
  }
  jobs.subscribe((event: JobEvent) => {
    if (event.name !== UNZIP_JOB || event.state === 'queued' || event.state === 'cancelled') return;
    const payload = event.payload as UnzipPayload;
    const state: ProjectModelState =
      event.state === 'running' ? 'unzipping' : event.state === 'done' ? 'done' : 'failed';
    const value: ModelUnzipEvent = {
      projectId: payload.projectId,
      state,
      progress: event.progress,
      errorKey: event.errorKey ?? null,
    };
    deliveries = deliveries.then(() => deliverUnzipEvent(value));
  });

  const service = {
    async find(auth: AuthContext, projectId: number): Promise<ProjectModel | null> {
      await access.require(auth, projectId);
      return present(projectId);
    },

    /**
     * Takes the project's upload lock for this user and reserves the zip's bytes, before any byte is
     * accepted. With `declared`, this is the tus creation of the upload initModel declared as `uploadId`;
     * `created` says whether the upload's file is being created now (tus) or comes later (initModel).
     */
    async beginUpload(
      auth: AuthContext,
      input: {
        projectId: number;
        fileName: string;
        sizeBytes: number;
        uploadId?: string;
        declared?: boolean;
        created: boolean;
      },
    ): Promise<{ uploadId: string }> {
      const project = await access.require(auth, input.projectId, { change: true });
      if (!/\.zip$/i.test(input.fileName)) throw new AppError('FILE_TYPE_ERROR');
      const model = await repo.findModel(input.projectId);
      if (model?.state === 'unzipping') throw new AppError('PROJECT_MODEL_UNZIPPING');

      const held = await repo.findUpload(input.projectId);
      if (held && held.user_id !== auth.userId && !isIdle(held)) throw new AppError('PROJECT_MODEL_USER');
      if (input.declared) {
        // The tus creation of an upload initModel declared: same user, not created yet.
        if (!held || held.upload_id !== input.uploadId || held.user_id !== auth.userId || held.created) {
          throw new AppError('PROJECT_MODEL_UPLOAD_ERROR');
        }
        const reserved = Number(held.reserved_bytes);
        if (input.sizeBytes > reserved) await quota.reserve(project.team_id, input.sizeBytes - reserved);
        if (input.sizeBytes < reserved) await quota.release(project.team_id, reserved - input.sizeBytes);
        await repo.updateUpload(held.upload_id, {
          sizeBytes: input.sizeBytes,
          reservedBytes: input.sizeBytes,
          created: true,
          fileName: input.fileName,
        });
        return { uploadId: held.upload_id };
      }
      // This user's earlier upload, or another's that went idle, gives way to the new one.
      if (held) await abandonUpload(held);

      await quota.reserve(project.team_id, input.sizeBytes);
      const uploadId = input.uploadId ?? newUploadId();
      try {
        await repo.transaction(async (models) => {
          await requireUnmoved(models, project);
          const inserted = await models.insertUpload({
            projectId: input.projectId,
            uploadId,
            userId: auth.userId,
            teamId: project.team_id,
            fileName: input.fileName,
            sizeBytes: input.sizeBytes,
            reservedBytes: input.sizeBytes,
            created: input.created,
          });
          // Another upload took the lock between our check and our insert.
          if (!inserted) throw new AppError('PROJECT_MODEL_USER');
          await models.markUploading({
            projectId: input.projectId,
            teamId: project.team_id,
            storageKey: files.storageKey(project.team_id, input.projectId),
          });
        });
      } catch (error) {
        await quota.release(project.team_id, input.sizeBytes);
        throw error;
      }
      return { uploadId };
    },

    async initModel(
      auth: AuthContext,
      input: { projectId: number; fileName: string; sizeBytes: number },
    ): Promise<InitModelResult> {
      const { uploadId } = await service.beginUpload(auth, { ...input, created: false });
      return { uploadUrl: MODEL_UPLOAD_PATH, uploadId, chunkSize: MODEL_UPLOAD_CHUNK_BYTES };
    },

    /** Checks that the caller owns this upload (tus PATCH, HEAD, DELETE) and notes the activity. */
    async authorizeUpload(auth: AuthContext, uploadId: string): Promise<ModelUploadRow> {
      const upload = isUploadId(uploadId) ? await repo.findUploadById(uploadId) : undefined;
      if (!upload) throw new AppError('notFound');
      if (upload.user_id !== auth.userId) throw new AppError('NO_AUTH');
      await access.require(auth, upload.project_id, { change: true });
      await repo.touchUpload(uploadId);
      return upload;
    },

    /** Notes that bytes are arriving, so a long PATCH keeps its lock. */
    touchUpload(uploadId: string): Promise<unknown> {
      return repo.touchUpload(uploadId);
    },

    /** tus DELETE (cancel): frees the lock and the reserved bytes; tus then removes the file. */
    async cancelUpload(auth: AuthContext, uploadId: string): Promise<void> {
      const upload = await service.authorizeUpload(auth, uploadId);
      await abandonUpload(upload, { keepFile: true });
    },

    /** Ends this user's uploads (of one project, or all): the web calls it when the upload dialog closes. */
    async closeUploads(auth: AuthContext, projectId?: number): Promise<{ closed: number }> {
      const uploads = await repo.listUserUploads(auth.userId, projectId);
      for (const upload of uploads) await abandonUpload(upload);
      return { closed: uploads.length };
    },

    /**
     * The last byte arrived: the zip is checked (entries safe, tileset.json present), its extracted size
     * reserved, and the unzip job enqueued. A refused zip leaves nothing: file, lock and reservation go.
     */
    async completeUpload(auth: AuthContext, uploadId: string): Promise<ProjectModel> {
      const upload = await service.authorizeUpload(auth, uploadId);
      const teamId = upload.team_id;
      let extractBytes = 0;
      try {
        const inspection = await inspectZip(uploadId);
        extractBytes = inspection.totalUncompressedSize;
        await quota.reserve(teamId, extractBytes);
      } catch (error) {
        await abandonUpload(upload);
        throw error;
      }
      let superseded: { uploadId: string; bytes: number } | null;
      try {
        superseded = await repo.transaction(async (models, trx) => {
          if (!(await models.deleteUpload(uploadId))) throw new AppError('PROJECT_MODEL_UPLOAD_ERROR');
          const pending = await models.setPendingUnzip({
            projectId: upload.project_id,
            uploadId,
            fileName: upload.file_name,
            zipBytes: Number(upload.reserved_bytes),
            extractBytes,
            uploadedBy: auth.userId,
          });
          await enqueueUnzip(models, trx, {
            projectId: upload.project_id,
            uploadId,
            version: pending.version,
            userId: auth.userId,
          });
          const previous = pending.replaced;
          return previous?.pending_upload_id
            ? {
                uploadId: previous.pending_upload_id,
                bytes: Number(previous.pending_zip_bytes) + Number(previous.pending_extract_bytes),
              }
            : null;
        });
      } catch (error) {
        await quota.release(teamId, extractBytes);
        throw error;
      }
      jobs.wake(UNZIP_JOB);
      if (superseded) {
        // A zip that failed to unzip earlier gives way to the new one.
        await quota.release(teamId, superseded.bytes);
        await files.removeUpload(superseded.uploadId);
      }
      const model = await present(upload.project_id);
      if (!model) throw new AppError('PROJECT_MODEL_UPLOAD_ERROR');
      return model;
    },

    /**
     * The upload for clients without tus: one multipart zip of at most LIMITS.singleFileBytes, with the
     * same checks. `declaredBytes` (the request's length) is reserved first, then trimmed to the file.
     */
    async uploadSingleZip(
      auth: AuthContext,
      input: { projectId: number; fileName: string; declaredBytes: number; file: Readable & { truncated?: boolean } },
    ): Promise<ProjectModel> {
      // The request is the file plus a little multipart framing: anything much larger cannot fit.
      if (input.declaredBytes > LIMITS.singleFileBytes + 64 * 1024) {
        throw new AppError('FILE_TOO_LARGE', { params: { max: LIMITS.singleFileBytes / 1024 / 1024 } });
      }
      const sizeBytes = Math.min(Math.max(input.declaredBytes, 1), LIMITS.singleFileBytes);
      const { uploadId } = await service.beginUpload(auth, {
        projectId: input.projectId,
        fileName: input.fileName,
        sizeBytes,
        created: true,
      });
      try {
        await pipeline(input.file, fs.createWriteStream(files.zipPath(uploadId)));
        if (input.file.truncated) throw new AppError('FILE_TOO_LARGE');
        const actual = (await fs.promises.stat(files.zipPath(uploadId))).size;
        const upload = await service.authorizeUpload(auth, uploadId);
        if (actual < sizeBytes) await quota.release(upload.team_id, sizeBytes - actual);
        await repo.updateUpload(uploadId, {
          sizeBytes: actual,
          reservedBytes: actual,
          created: true,
          fileName: input.fileName,
        });
      } catch (error) {
        await abandonUpload({ upload_id: uploadId, project_id: input.projectId });
        const tooLarge = (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
        if (tooLarge || (error instanceof AppError && error.key === 'FILE_TOO_LARGE')) {
          throw new AppError('FILE_TOO_LARGE', { params: { max: LIMITS.singleFileBytes / 1024 / 1024 } });
        }
        throw error;
      }
      return service.completeUpload(auth, uploadId);
    },

    /**
     * The durable unzip (job model.unzip). Idempotent: a run interrupted by a crash or a shutdown starts
     * over, extracting beside the target and renaming at the end, so a failure leaves nothing half-written.
     */
    async runUnzip(payload: UnzipPayload, context: JobContext): Promise<{ version: number | null }> {
      const model = await repo.findModel(payload.projectId);
      // Deleted or replaced since it was enqueued (or already done by an earlier run): nothing to do.
      if (!model || model.pending_upload_id !== payload.uploadId) return { version: null };
      try {
        // The version is served only once completeUnzip names it; a run after a crash writes every file again.
        const zip = {
          zipPath: files.zipPath(payload.uploadId),
          keyPrefix: files.versionPrefix(model.storage_key, payload.version),
        };
        const extracted = await cpu.run(extractTilesetTask, zip, {
          signal: context.signal,
          onProgress: ({ bytesDone, bytesTotal }) => context.progress(bytesTotal > 0 ? bytesDone / bytesTotal : 1),
        });
        const replaced = await repo.transaction((models) =>
          models.completeUnzip({
            projectId: payload.projectId,
            uploadId: payload.uploadId,
            version: payload.version,
            tilesetPath: extracted.tilesetPath,
            sizeBytes: extracted.totalUncompressedSize,
            fileCount: extracted.fileCount,
          }),
        );
        if (!replaced) {
          const now = await repo.findModel(payload.projectId);
          if (now?.version !== payload.version) await files.removeVersion(model.storage_key, payload.version);
          return { version: null };
        }
        // The database says what is served; the bytes it no longer needs are freed after it says so.
        const freed = replaced.zipBytes + (replaced.version !== null ? replaced.sizeBytes : 0);
        if (freed > 0) await quota.release(model.team_id, freed);
        await files.removeUpload(payload.uploadId);
        if (replaced.version !== null) await files.removeVersion(model.storage_key, replaced.version);
        return { version: payload.version };
      } catch (error) {
        // Cancelled, shut down or taken over: the job platform decides what happens next.
        if (context.signal.aborted) throw error;
        const failure = error instanceof AppError ? error : new AppError('PROJECT_MODEL_ERROR');
        if (!(error instanceof AppError)) context.log.error({ err: error }, 'model unzip failed');
        // Freed before the failure is recorded, so a restarted unzip cannot start writing beside the removal.
        await files.removeVersion(model.storage_key, payload.version);
        const freed = await repo.transaction((models) =>
          models.failUnzip(payload.projectId, payload.uploadId, failure.key),
        );
        if (freed > 0) await quota.release(model.team_id, freed);
        throw failure;
      }
    },

    /** Starts the unzip of the uploaded zip again (after a failure). */
    async startUnzip(auth: AuthContext, projectId: number): Promise<ProjectModel> {
      const project = await access.require(auth, projectId, { change: true });
      const model = await repo.findModel(projectId);
      if (!model?.pending_upload_id || model.pending_version === null) throw new AppError('PROJECT_MODEL_NOT_UPLOADED');
      if (model.state === 'unzipping') throw new AppError('PROJECT_MODEL_UNZIPPING');
      if (await repo.findUpload(projectId)) throw new AppError('PROJECT_MODEL_USER');
      const uploadId = model.pending_upload_id;
      let extractBytes: number;
      try {
        extractBytes = (await inspectZip(uploadId)).totalUncompressedSize;
      } catch (error) {
        if (!isEnoent(error)) throw error;
        const freed = await repo.transaction(async (models) => {
          await requireUnmoved(models, project);
          return models.dropPending(projectId, uploadId);
        });
        if (freed > 0) await quota.release(model.team_id, freed);
        throw new AppError('PROJECT_MODEL_NOT_UPLOADED');
      }
      await quota.reserve(model.team_id, extractBytes);
      try {
        await repo.transaction(async (models, trx) => {
          await requireUnmoved(models, project);
          const version = await models.restartUnzip(projectId, uploadId, extractBytes);
          if (version === null) throw new AppError('PROJECT_MODEL_UNZIPPING');
          await enqueueUnzip(models, trx, { projectId, uploadId, version, userId: auth.userId });
        });
      } catch (error) {
        await quota.release(model.team_id, extractBytes);
        throw error;
      }
      jobs.wake(UNZIP_JOB);
      return (await present(projectId)) as ProjectModel;
    },

    /** A file of the version a tile URL names, for members of the project while that version is served. */
    async tileFile(auth: AuthContext, projectId: number, version: number, relative: string): Promise<StoredFile> {
      await access.require(auth, projectId);
      const model = await repo.findModel(projectId);
      const file = model?.version === version ? await files.tileFile(model.storage_key, version, relative) : null;
      if (!file) throw new AppError('notFound');
      return file;
    },

    async findUploader(auth: AuthContext, projectId: number): Promise<ModelUploader | null> {
      await access.require(auth, projectId);
      const row = await repo.findUploader(projectId);
      if (!row) return null;
      return {
        userId: row.user_id,
        name: row.name,
        fileName: row.file_name,
        sizeBytes: Number(row.size_bytes),
        startedAt: row.created_at.toISOString(),
        lastActivityAt: row.last_activity_at.toISOString(),
      };
    },

    async updateParameter(auth: AuthContext, projectId: number, parameter: ModelParameter): Promise<ProjectModel> {
      await access.require(auth, projectId, { change: true });
      await requireServedModel(projectId);
      await repo.updateAdjustments(projectId, { parameter });
      return (await present(projectId)) as ProjectModel;
    },

    async updatePosition(auth: AuthContext, projectId: number, position: CameraView): Promise<ProjectModel> {
      await access.require(auth, projectId, { change: true });
      await requireServedModel(projectId);
      await repo.transaction(async (models) => {
        await models.updateAdjustments(projectId, { position });
        await models.setProjectDefaultView(projectId, position);
      });
      return (await present(projectId)) as ProjectModel;
    },

    async updateClip(auth: AuthContext, projectId: number, clip: ModelClip | null): Promise<ProjectModel> {
      await access.require(auth, projectId, { change: true });
      await requireServedModel(projectId);
      await repo.updateAdjustments(projectId, { clip });
      return (await present(projectId)) as ProjectModel;
    },

    async clipState(auth: AuthContext, projectId: number): Promise<ModelClipState> {
      await access.require(auth, projectId);
      const model = await repo.findModel(projectId);
      const clip = model?.clip ?? null;
      return { enabled: clip !== null, clip };
    },

    async initParameter(auth: AuthContext, projectId: number): Promise<ModelInitParameter> {
      await access.require(auth, projectId);
      const model = await requireServedModel(projectId);
      return { parameter: model.initial_parameter, position: model.initial_position };
    },

    async isChanged(auth: AuthContext, projectId: number): Promise<{ changed: boolean }> {
      await access.require(auth, projectId);
      const model = await requireServedModel(projectId);
      const changed =
        !isDeepStrictEqual(model.parameter, model.initial_parameter) ||
        !isDeepStrictEqual(model.position, model.initial_position);
      return { changed };
    },

    /** Back to the parameter and position recorded when the model was uploaded. */
    async restore(auth: AuthContext, projectId: number): Promise<ProjectModel> {
      await access.require(auth, projectId, { change: true });
      const model = await requireServedModel(projectId);
      await repo.transaction(async (models) => {
        await models.updateAdjustments(projectId, {
          parameter: model.initial_parameter,
          position: model.initial_position,
        });
        await models.setProjectDefaultView(projectId, model.initial_position);
      });
      return (await present(projectId)) as ProjectModel;
    },

    /** Deletes the model: its unzip stops, its rows go, its bytes are freed from disk and from the quota. */
    async deleteModel(auth: AuthContext, projectId: number): Promise<void> {
      const project = await access.require(auth, projectId, { change: true });
      const [model, upload] = await Promise.all([repo.findModel(projectId), repo.findUpload(projectId)]);
      if (!model && !upload) throw new AppError('PROJECT_MODEL_NOT_UPLOADED');
      const removed = await repo.transaction(async (models) => {
        await requireUnmoved(models, project);
        return {
          model: await models.deleteModel(projectId),
          upload: upload ? await models.deleteUpload(upload.upload_id) : undefined,
        };
      });
      // Cancelled only once the rows are gone, so a refusal above leaves the unzip running; an unzip that
      // ends first finds no row to complete and removes what it extracted.
      if (removed.model?.unzip_job_id) await jobs.cancel(removed.model.unzip_job_id);
      if (removed.model) {
        const bytes = storedModelBytes(removed.model);
        if (bytes > 0) await quota.release(removed.model.team_id, bytes);
        await files.removeModel(removed.model.storage_key);
        if (removed.model.pending_upload_id) await files.removeUpload(removed.model.pending_upload_id);
      }
      if (removed.upload) {
        await quota.release(removed.upload.team_id, Number(removed.upload.reserved_bytes));
        await files.removeUpload(removed.upload.upload_id);
      }
    },

    /**
     * Frees what nothing owns any more: uploads abandoned for a day, model folders of deleted models,
     * versions no longer served, and leftovers of interrupted extractions or of crashes between a
     * database change and the file removal that follows it.
     */
    async collectFiles(): Promise<{ uploads: number; folders: number }> {
      let uploads = 0;
      let folders = 0;
      for (const upload of await repo.listIdleUploads(new Date(Date.now() - ABANDONED_UPLOAD_MS))) {
        await abandonUpload(upload);
        uploads += 1;
      }
      const models = await repo.listModelFiles();
      const liveUploads = new Set([
        ...(await repo.listUploadIds()).map((row) => row.upload_id),
        ...models.flatMap((model) => (model.pending_upload_id ? [model.pending_upload_id] : [])),
      ]);
      // Files younger than this may belong to a row being written right now.
      const settleMs = 60 * 60 * 1000;
      for (const { uploadId, ageMs } of await files.listUploads()) {
        if (liveUploads.has(uploadId) || ageMs < settleMs) continue;
        await files.removeUpload(uploadId);
        uploads += 1;
      }
      const byKey = new Map(models.map((model) => [model.storage_key, model]));
      for (const key of await files.listModelKeys()) {
        const model = byKey.get(key);
        if (!model) {
          await files.removeModel(key);
          folders += 1;
          continue;
        }
        const keep = new Set<string>();
        if (model.version !== null) keep.add(String(model.version));
        if (model.pending_version !== null) keep.add(String(model.pending_version));
        for (const name of await files.listModelEntries(key)) {
          if (keep.has(name)) continue;
          const ageMs = await files.modelEntryAgeMs(key, name);
          if (ageMs !== null && ageMs < settleMs) continue;
          await files.removeModelEntry(key, name);
          folders += 1;
        }
      }
      if (uploads + folders > 0) log.info({ uploads, folders }, 'model files collected');
      return { uploads, folders };
    },
  };
  return service;
}

export type ProjectModelService = ReturnType<typeof createProjectModelService>;
