import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  INSPECTION_IMAGE_FILES_PATH,
  INSPECTION_IMAGES_EVENT,
  inspectionImageUploadMetadataSchema,
  type ImageCategory,
  type InspectionImage,
  type InspectionImageDetail,
  type InspectionImageFindPageBody,
  type InspectionImagesEvent,
  type InspectionImageVariant,
  type Page,
  type WithoutPoseReasonCode,
} from '@sightline/shared';
import { detectImageContentType } from '@sightline/imagery';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { storedFile, type StoredFile } from '../../platform/http/stored-file.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { IncomingUpload } from '../../platform/uploads/resumable-uploads.js';
import type { ProjectAccess } from '../project/project-access.js';
import {
  allImageBlobKeys,
  imageBlobKeys,
  type InspectionImageRepo,
  type InspectionImageRow,
} from './inspection-image.repo.js';
import { ingestPhotoTask } from './inspection-image.tasks.js';
import { createImagePyramids } from './inspection-image-pyramid.js';
import type { ImageQuota } from './inspection-image.quota.js';
import type { InspectionRepo } from './inspection.repo.js';
import { inspectionGuard } from './inspection-guard.js';

/** The durable ingest of one photo: metadata, pose, thumbnail and preview. */
export const INGEST_JOB = 'inspection.image-ingest';
export const COLLECT_UPLOADS_JOB = 'inspection.image-collect-uploads';
/** An upload untouched this long is abandoned: its row and reservation are freed. */
const ABANDONED_UPLOAD_MS = 24 * 3600 * 1000;
/** The least time between two deliveries of one inspection's photo counts (four a second at most). */
const COUNTS_SPACING_MS = 250;

export interface InspectionImageServiceDeps {
  repo: InspectionImageRepo;
  inspections: Pick<InspectionRepo, 'findInspection' | 'findGroup'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  quota: ImageQuota;
  jobs: JobQueue;
  bus: EventBus;
  blobs: BlobStore;
  cpu: CpuPool;
  log: FastifyBaseLogger;
  /** The folder tus keeps this kind's uploads in (`<id>` and its `<id>.json` record). */
  uploadsDir: string;
  /** Refuses deleting photos of an inspection being screened by the AI (INSPECTION_IN_AI_CAN_NOT_OPERA). */
  screeningLock: (inspectionIds: Iterable<number>) => Promise<void>;
}

export interface IngestPayload {
  imageId: number;
}

const newUploadId = () => randomBytes(16).toString('hex');
export const isImageUploadId = (id: string) => /^[0-9a-f]{32}$/.test(id);

const fileUrl = (row: Pick<InspectionImageRow, 'inspection_id' | 'id'>, variant: InspectionImageVariant) =>
  `${INSPECTION_IMAGE_FILES_PATH}${row.inspection_id}/${row.id}/${variant}`;

export function toImage(row: InspectionImageRow): InspectionImage {
  const hasPose = row.longitude !== null;
  return {
    id: row.id,
    inspectionId: row.inspection_id,
    imageGroupId: row.image_group_id,
    name: row.name,
    category: row.category as ImageCategory,
    contentType: row.content_type,
    sizeBytes: Number(row.size_bytes),
    state: row.state === 'uploading' ? 'uploaded' : row.state,
    errorKey: row.error_key,
    pose: hasPose
      ? {
          longitude: row.longitude!,
          latitude: row.latitude!,
          altitude: row.altitude!,
          pitch: row.pitch!,
          yaw: row.yaw!,
          roll: row.roll!,
        }
      : null,
    // The reason stays after a pose is given by hand, for a restore to go back to; it shows only without a pose.
    withoutPose:
      !hasPose && row.without_pose_reason
        ? {
            reason: row.without_pose_reason as WithoutPoseReasonCode,
            properties: row.without_pose_properties ?? [],
          }
        : null,
    width: row.width_px,
    height: row.height_px,
    screeningStatus: row.screening_status,
    reviewStatus: row.review_status as InspectionImage['reviewStatus'],
    favourite: row.favourite,
    defectCount: row.defect_count,
    uploadedAt: (row.uploaded_at ?? row.created_at).toISOString(),
    thumbnailUrl: row.has_thumbnail ? fileUrl(row, 'thumbnail') : null,
    previewUrl: row.has_thumbnail ? fileUrl(row, 'preview') : null,
    originalUrl: fileUrl(row, 'original'),
  };
}

async function readHead(filePath: string): Promise<Buffer> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(64);
    const { bytesRead } = await file.read(buffer, 0, 64, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Photos of an inspection: the tus upload's hooks (quota and name before a byte is stored), the move into the blob
 * store and one durable ingest job per photo, the ingest itself (in the CPU pool), listing, files and deletion.
 */
export function createInspectionImageService(deps: InspectionImageServiceDeps) {
  const { repo, inspections, access, quota, jobs, bus, blobs, cpu, log, uploadsDir } = deps;

  /** Removes an upload's file and tus's record of it (the bytes live in the blob store, or nowhere). */
  async function removeUploadFiles(uploadId: string): Promise<void> {
    if (!isImageUploadId(uploadId)) return;
    const file = path.join(uploadsDir, uploadId);
    await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(`${file}.json`, { force: true })]);
  }

  /**
   * A photo name held by an upload the same person left unfinished is given up to their new upload of it: a
   * browser that lost the upload's address (storage cleared, or a server stopped before it answered the creation)
   * can only start again, and must not be refused its own photo for the day the old upload waits to be collected.
   * The old upload's row, reservation and bytes go; a name someone else is uploading stays refused.
   */
  async function abandonOwnUpload(
    auth: AuthContext,
    place: { inspectionId: number; teamId: number },
    name: string,
  ): Promise<void> {
    const holder = await repo.findUploadingByName(place.inspectionId, name);
    if (!holder?.upload_id || holder.uploaded_by !== auth.userId) return;
    const removed = await repo.deleteUploading(holder.upload_id);
    if (!removed) return;
    await quota.release(place.teamId, Number(removed.stored_bytes));
    await removeUploadFiles(holder.upload_id);
  }

  /** A live inspection in a live project the caller may see (and change). */
  const requireInspection = inspectionGuard(inspections, access);

  async function requireImage(auth: AuthContext, id: number, options: { change?: boolean } = {}) {
    const row = await repo.findImage(id);
    if (!row) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
    await access.require(auth, row.project_id, options);
    return row;
  }

  // Counts reach everyone who may see the project, one delivery behind the other so counts never go back. A delivery
  // still waiting reads the counts when it runs, so a second one for the same inspection would only repeat it; and an
  // inspection's deliveries are spaced COUNTS_SPACING_MS apart: a thousand photos ingested together then cost a few
  // counts queries a second (each counts the whole inspection), not one a photo.
  let deliveries = Promise.resolve();
  const waitingDeliveries = new Set<number>();
  const lastDelivery = new Map<number, number>();
  function publishCounts(inspectionId: number, projectId: number): void {
    if (waitingDeliveries.has(inspectionId)) return;
    waitingDeliveries.add(inspectionId);
    deliveries = deliveries.then(async () => {
      const wait = (lastDelivery.get(inspectionId) ?? 0) + COUNTS_SPACING_MS - Date.now();
      if (wait > 0) await delay(wait);
      waitingDeliveries.delete(inspectionId);
      lastDelivery.set(inspectionId, Date.now());
      try {
        const value: InspectionImagesEvent = { inspectionId, ...(await repo.counts(inspectionId)) };
        for (const userId of await access.viewers(projectId))
          bus.publish({ userId, name: INSPECTION_IMAGES_EVENT, value });
      } catch (error) {
        log.warn({ err: error, inspectionId }, 'photo progress not sent');
      }
    });
  }

  async function freeImages(teamId: number, rows: ReadonlyArray<{ storage_key: string; stored_bytes: string }>) {
    const bytes = rows.reduce((sum, row) => sum + Number(row.stored_bytes), 0);
    if (bytes > 0) await quota.release(teamId, bytes);
    await Promise.all(rows.flatMap((row) => allImageBlobKeys(row.storage_key).map((key) => blobs.delete(key))));
  }

  /** The full-resolution viewer's tile pyramids (inspection-image-pyramid.ts), with the photos' rights and quota. */
  const pyramids = createImagePyramids({
    transaction: (work) => repo.transaction((_, trx) => work(trx)),
    requireImage,
    quota,
    jobs,
    blobs,
    cpu,
    publish: publishCounts,
  });

  const service = {
    newUploadId,

    /**
     * The tus creation of a photo upload: rights on the inspection, the group is the inspection's, the name is new
     * in the inspection, and the declared size fits the team's quota; all before a byte is stored.
     */
    async beginUpload(auth: AuthContext, upload: IncomingUpload): Promise<void> {
      const meta = inspectionImageUploadMetadataSchema.parse(upload.metadata);
      const { inspection, project } = await requireInspection(auth, meta.inspectionId, { change: true });
      const group = await inspections.findGroup(meta.imageGroupId);
      if (!group || group.inspection_id !== inspection.id) throw new AppError('INSPECTION_IMAGE_GROUP_NOT_EXISTING');
      await abandonOwnUpload(auth, { inspectionId: inspection.id, teamId: project.team_id }, meta.filename);
      await quota.reserve(project.team_id, upload.size);
      let inserted: { id: number } | undefined;
      try {
        inserted = await repo.insertUploading({
          inspectionId: inspection.id,
          imageGroupId: group.id,
          name: meta.filename,
          category: meta.category,
          sizeBytes: upload.size,
          storageKey: `teams/${project.team_id}/projects/${project.id}/inspections/${inspection.id}/images/${upload.id}/`,
          uploadId: upload.id,
          userId: auth.userId,
        });
      } catch (error) {
        await quota.release(project.team_id, upload.size);
        throw error;
      }
      if (!inserted) {
        await quota.release(project.team_id, upload.size);
        throw new AppError('INSPECTION_IMAGE_NAME_EXISTING', { params: { name: meta.filename } });
      }
    },

    /** A later request of an upload underway (HEAD, PATCH, DELETE): the uploader's, in a project they may change. */
    async authorizeUpload(auth: AuthContext, uploadId: string) {
      const row = isImageUploadId(uploadId) ? await repo.findByUploadId(uploadId) : undefined;
      if (!row || row.state !== 'uploading') throw new AppError('notFound');
      if (row.uploaded_by !== auth.userId) throw new AppError('NO_AUTH');
      await access.require(auth, row.project_id, { change: true });
      return row;
    },

    touchUpload: (uploadId: string) => repo.touchUpload(uploadId),

    /** tus DELETE, or a refused content: the row and its reservation go (tus removes the file). */
    async cancelUpload(auth: AuthContext, uploadId: string): Promise<void> {
      const row = await service.authorizeUpload(auth, uploadId);
      const removed = await repo.deleteUploading(uploadId);
      if (removed) await quota.release(row.team_id, Number(removed.stored_bytes));
    },

    /** The last byte arrived and the content is a photo: into the blob store, and its ingest job queued. */
    async completeUpload(auth: AuthContext, upload: { id: string; filePath: string }): Promise<void> {
      const row = await service.authorizeUpload(auth, upload.id);
      const contentType = detectImageContentType(await readHead(upload.filePath)) ?? 'application/octet-stream';
      await blobs.put(imageBlobKeys(row.storage_key).original, fs.createReadStream(upload.filePath));
      const stored = await repo.transaction(async (q, trx) => {
        const marked = await q.markUploaded(upload.id, contentType);
        if (!marked) return null;
        const payload: IngestPayload = { imageId: marked.id };
        // One job per photo: while it is queued or running, enqueueing again returns it.
        await jobs.enqueue(INGEST_JOB, payload, { singletonKey: `image-${marked.id}`, transaction: trx });
        return marked;
      });
      if (!stored) {
        // Still there, so completed meanwhile by another request (its original is these same bytes): nothing to do.
        if (await repo.findByUploadId(upload.id)) return;
        // Deleted (a purge) while its last bytes arrived.
        await blobs.delete(imageBlobKeys(row.storage_key).original);
        throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      }
      jobs.wake(INGEST_JOB);
      // The bytes now live in the blob store.
      await removeUploadFiles(upload.id);
      publishCounts(row.inspection_id, row.project_id);
    },

    /**
     * The ingest job. A photo is ingested once: only a photo still `uploaded` is read, and only one still `uploaded`
     * takes the result, so a run after a restart, a duplicate delivery or a photo deleted meanwhile changes nothing
     * twice (a deleted photo's thumbnails are removed again). A photo that cannot be decoded ends `failed` with its
     * reason; one without pose properties ends `processed`, listed under "images without pose".
     */
    async runIngest(payload: IngestPayload, context: JobContext): Promise<{ state: string }> {
      const row = await repo.findIngestTarget(payload.imageId);
      if (!row || row.state !== 'uploaded') return { state: row?.state ?? 'deleted' };
      const keys = imageBlobKeys(row.storage_key);
      let state: 'processed' | 'failed';
      try {
        const result = await cpu.run(
          ingestPhotoTask,
          { originalKey: keys.original, thumbnailKey: keys.thumbnail, previewKey: keys.preview },
          { signal: context.signal },
        );
        if (result.ok) {
          // The metadata pose is the photo's default and initial one: its history starts with the columns.
          const completed = await repo.completeIngest(row.id, {
            metadata: result.metadata,
            pose: result.pose,
            withoutPose: result.withoutPose,
            width: result.metadata.width,
            height: result.metadata.height,
          });
          if (!completed) {
            await Promise.all([blobs.delete(keys.thumbnail), blobs.delete(keys.preview)]);
            return { state: 'deleted' };
          }
          state = 'processed';
        } else {
          await repo.failIngest(row.id, result.errorKey, result.metadata);
          state = 'failed';
        }
      } catch (error) {
        if (context.signal.aborted) throw error;
        context.log.error({ err: error, imageId: row.id }, 'photo ingest failed');
        await repo.failIngest(row.id, 'INSPECTION_IMAGE_DECODE_ERROR', null);
        state = 'failed';
      }
      if (row.inspection_live) publishCounts(row.inspection_id, row.project_id);
      return { state };
    },

    /** Frees uploads abandoned for a day (their rows and reservations; the platform's folder keeps no owner). */
    async collectUploads(): Promise<{ uploads: number }> {
      const idle = await repo.listIdleUploads(new Date(Date.now() - ABANDONED_UPLOAD_MS));
      for (const upload of idle) {
        if (!upload.upload_id) continue;
        const removed = await repo.deleteUploading(upload.upload_id);
        if (removed) await quota.release(upload.team_id, Number(removed.stored_bytes));
        await removeUploadFiles(upload.upload_id);
      }
      return { uploads: idle.length };
    },

    async findPage(auth: AuthContext, filter: InspectionImageFindPageBody): Promise<Page<InspectionImage>> {
      await requireInspection(auth, filter.inspectionId);
      const { rows, total } = await repo.page(filter);
      return { records: rows.map(toImage), total, pageNum: filter.pageNum, pageSize: filter.pageSize };
    },

    async get(auth: AuthContext, id: number): Promise<InspectionImageDetail> {
      const row = await requireImage(auth, id);
      return { ...toImage(row), metadata: row.metadata };
    },

    /** Deletes photos (all of them or none): their rows, bytes and counted quota. */
    async remove(auth: AuthContext, ids: readonly number[]): Promise<{ deleted: number }> {
      const unique = [...new Set(ids)];
      const rows = await repo.findImages(unique);
      if (rows.length !== unique.length) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      const byInspection = new Map<number, { projectId: number; teamId: number; ids: number[] }>();
      for (const row of rows) {
        const entry = byInspection.get(row.inspection_id) ?? {
          projectId: row.project_id,
          teamId: row.team_id,
          ids: [],
        };
        entry.ids.push(row.id);
        byInspection.set(row.inspection_id, entry);
      }
      for (const entry of byInspection.values()) await access.require(auth, entry.projectId, { change: true });
      await deps.screeningLock(byInspection.keys());
      let deleted = 0;
      for (const [inspectionId, entry] of byInspection) {
        const removed = await repo.deleteImages(inspectionId, entry.ids);
        deleted += removed.length;
        await freeImages(entry.teamId, removed);
        publishCounts(inspectionId, entry.projectId);
      }
      return { deleted };
    },

    /** A photo's thumbnail, preview or original, for those who see its inspection. */
    async imageFile(
      auth: AuthContext,
      params: { inspectionId: number; imageId: number; variant: InspectionImageVariant },
    ): Promise<StoredFile> {
      const row = await requireImage(auth, params.imageId);
      if (row.inspection_id !== params.inspectionId) throw new AppError('notFound');
      if (params.variant !== 'original' && !row.has_thumbnail) throw new AppError('notFound');
      const keys = imageBlobKeys(row.storage_key);
      const file =
        params.variant === 'original'
          ? await storedFile(blobs, keys.original, row.content_type)
          : await storedFile(blobs, keys[params.variant], 'image/jpeg');
      if (!file) throw new AppError('notFound');
      return file;
    },

    /** A photo's pyramid state; `openPyramid` starts it when the viewer opens the photo (made once). */
    pyramid: pyramids.state,
    openPyramid: pyramids.open,
    runPyramid: pyramids.run,
    pyramidTile: pyramids.tile,

    /** Tells those who see the project that the inspection's photos changed (counts, poses). */
    publishCounts,

    groupImageCount: (groupId: number) => repo.groupImageCount(groupId),
    groupCategoryCounts: (inspectionId: number) => repo.groupCategoryCounts(inspectionId),
  };
  return service;
}

export type InspectionImageService = ReturnType<typeof createInspectionImageService>;
