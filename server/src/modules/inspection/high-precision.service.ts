import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  HIGH_PRECISION_EVENT,
  HIGH_PRECISION_UNFINISHED_STATES,
  highPrecisionImageNamesSchema,
  pointCloudUploadMetadataSchema,
  type ErrorKey,
  type HighPrecisionEvent,
  type HighPrecisionImport,
  type HighPrecisionState,
  type PointCloud,
} from '@sightline/shared';
import {
  matchPoseExport,
  parsePoseExport,
  PointCloudMetadataError,
  PoseExportError,
  poseExportChecksum,
  readPcdHeader,
  readPointCloudMetadata,
  type PoseExport,
  type PoseExportErrorReason,
} from '@sightline/imagery';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { IncomingUpload } from '../../platform/uploads/resumable-uploads.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { ImageQuota } from './inspection-image.quota.js';
import type { InspectionRepo } from './inspection.repo.js';
import {
  pointCloudBlobKeys,
  type ComputedPose,
  type HighPrecisionImportRow,
  type HighPrecisionRepo,
  type PointCloudRow,
} from './high-precision.repo.js';
import type { XmlForm } from './high-precision.multipart.js';
import { inspectionGuard } from './inspection-guard.js';

/** The durable computation of an import's poses. */
export const HIGH_PRECISION_JOB = 'inspection.high-precision-compute';
/** Photos written per transaction (and per progress message). */
const BATCH = 100;
/** How often the computation looks whether the matched photos have finished their ingest. */
const INGEST_POLL_MS = 500;
/** Names listed in a refusal's data, at most (the count is in the message). */
const NAMES_LISTED = 200;

const XML_ERRORS: Record<PoseExportErrorReason, ErrorKey> = {
  notXml: 'HIGH_PRECISION_XML_NOT_XML',
  unknownFormat: 'HIGH_PRECISION_XML_UNKNOWN_FORMAT',
  missingElement: 'HIGH_PRECISION_XML_MISSING_ELEMENT',
  badValue: 'HIGH_PRECISION_XML_BAD_VALUE',
  noPhotos: 'HIGH_PRECISION_XML_NO_PHOTOS',
};

const UNFINISHED: readonly string[] = HIGH_PRECISION_UNFINISHED_STATES;
const RUNNING = ['queuing', 'calculating'] as const;

/** Names compare as the pose-export matching compares them (packages/imagery match.ts). */
const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

export interface HighPrecisionServiceDeps {
  repo: HighPrecisionRepo;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  quota: ImageQuota;
  jobs: JobQueue;
  bus: EventBus;
  blobs: BlobStore;
  log: FastifyBaseLogger;
  /** The folder tus keeps point-cloud uploads in. */
  pointCloudUploadsDir: string;
}

async function readHead(filePath: string): Promise<Buffer> {
  const file = await fs.promises.open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

function parseExport(bytes: Uint8Array): PoseExport {
  try {
    return parsePoseExport(bytes);
  } catch (error) {
    if (error instanceof PoseExportError) {
      throw new AppError(XML_ERRORS[error.reason], {
        params: { attribute: error.attribute ?? '' },
        data: { reason: error.reason, attribute: error.attribute ?? null },
      });
    }
    throw error;
  }
}

function toPointCloud(row: PointCloudRow): PointCloud {
  return {
    id: row.id,
    projectId: row.project_id,
    state: row.state,
    pcdName: row.pcd_name,
    xmlName: row.xml_name,
    sizeBytes: Number(row.size_bytes),
    points: row.points === null ? null : Number(row.points),
    fields: row.fields ?? [],
    srs: row.srs,
    origin: row.origin,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * The high-precision transform of an inspection (SPEC sections 4, 5): `init` reads a pose export and matches it to
 * the images by name (SPEC 5's rules), the photos not yet in the inspection arrive through the photo upload, `start`
 * queues the computation, which waits for their ingest and writes each matched photo's pose from the export; and
 * the project's point cloud (.xml first, then the .pcd over tus).
 */
export function createHighPrecisionService(deps: HighPrecisionServiceDeps) {
  const { repo, inspections, access, quota, jobs, bus, blobs, log, pointCloudUploadsDir } = deps;

  const requireInspection = inspectionGuard(inspections, access);

  async function requireImport(auth: AuthContext, inspectionId: number, options: { change?: boolean } = {}) {
    const { inspection, project } = await requireInspection(auth, inspectionId, options);
    const row = await repo.findImportOf(inspection.id);
    if (!row) throw new AppError('HIGH_PRECISION_NOT_EXISTING');
    return { row, inspection, project };
  }

  /** Matched image names not yet photos of the inspection. */
  async function missingImages(row: HighPrecisionImportRow): Promise<string[]> {
    const present = new Set((await repo.inspectionPhotos(row.inspection_id)).map((photo) => nameKey(photo.name)));
    return row.image_names.filter((name) => !present.has(nameKey(name)));
  }

  async function toImport(row: HighPrecisionImportRow): Promise<HighPrecisionImport> {
    return {
      id: row.id,
      inspectionId: row.inspection_id,
      format: row.format as HighPrecisionImport['format'],
      coordinateReference: {
        kind: row.reference_kind as HighPrecisionImport['coordinateReference']['kind'],
        definition: row.reference_definition,
      },
      checksum: row.checksum.trim(),
      fileName: row.file_name,
      exportCount: row.export_count,
      matchedCount: row.image_names.length,
      missingImages: await missingImages(row),
      state: row.state as HighPrecisionState,
      progress: row.progress,
      computedCount: row.computed_count,
      failedCount: row.failed_count,
      errorKey: row.error_key,
      errorParams: row.error_params,
      createdAt: row.created_at.toISOString(),
      updatedAt: row.updated_at.toISOString(),
    };
  }

  // State and progress reach everyone who sees the project, in order.
  let deliveries = Promise.resolve();
  function publish(row: HighPrecisionImportRow): void {
    deliveries = deliveries.then(async () => {
      try {
        const inspection = await inspections.findInspection(row.inspection_id);
        if (!inspection) return;
        const value: HighPrecisionEvent = {
          inspectionId: row.inspection_id,
          state: row.state as HighPrecisionState,
          progress: row.progress,
          computedCount: row.computed_count,
          failedCount: row.failed_count,
          errorKey: row.error_key,
        };
        for (const userId of await access.viewers(inspection.project_id))
          bus.publish({ userId, name: HIGH_PRECISION_EVENT, value });
      } catch (error) {
        log.warn({ err: error, importId: row.id }, 'high-precision progress not sent');
      }
    });
  }

  /** Stops a queued or running computation: through `canceling`, back to `pending`; its batches stop committing. */
  async function stopComputation(row: HighPrecisionImportRow): Promise<HighPrecisionImportRow> {
    const canceling = await repo.moveState(row.id, RUNNING, 'canceling');
    if (!canceling) return row;
    publish(canceling);
    if (canceling.job_id) await jobs.cancel(canceling.job_id);
    const pending = await repo.moveState(row.id, ['canceling'], 'pending', { progress: 0, job_id: null });
    if (pending) publish(pending);
    return pending ?? canceling;
  }

  async function removePointClouds(teamId: number, rows: ReadonlyArray<{ storage_key: string; stored_bytes: string }>) {
    const bytes = rows.reduce((sum, row) => sum + Number(row.stored_bytes), 0);
    if (bytes > 0) await quota.release(teamId, bytes);
    await Promise.all(
      rows.flatMap((row) => Object.values(pointCloudBlobKeys(row.storage_key)).map((key) => blobs.delete(key))),
    );
  }

  async function removeUploadFiles(uploadId: string): Promise<void> {
    if (!/^[0-9a-f]{32}$/.test(uploadId)) return;
    const file = path.join(pointCloudUploadsDir, uploadId);
    await Promise.all([fs.promises.rm(file, { force: true }), fs.promises.rm(`${file}.json`, { force: true })]);
  }

  async function authorizePointCloudUpload(auth: AuthContext, uploadId: string) {
    const row = /^[0-9a-f]{32}$/.test(uploadId) ? await repo.findPointCloudByUpload(uploadId) : undefined;
    if (!row || row.state !== 'uploading') throw new AppError('notFound');
    if (row.created_by !== auth.userId) throw new AppError('NO_AUTH');
    await access.require(auth, row.project_id, { change: true });
    return row;
  }

  const service = {
    async find(auth: AuthContext, inspectionId: number): Promise<HighPrecisionImport | null> {
      const { inspection } = await requireInspection(auth, inspectionId);
      const row = await repo.findImportOf(inspection.id);
      return row ? toImport(row) : null;
    },

    /**
     * Reads the pose export and matches it to the folder's images (`imageNames`; the inspection's photos without
     * it). A mismatch is refused naming the images at fault; fewer images than the XML lists needs `confirm`; an
     * unfinished import resumes only with the same XML (same checksum), a finished one is replaced.
     */
    async init(
      auth: AuthContext,
      query: { inspectionId: number; confirm?: boolean | undefined },
      form: XmlForm,
    ): Promise<HighPrecisionImport> {
      const { inspection, project } = await requireInspection(auth, query.inspectionId, { change: true });
      if (!project.high_precision) throw new AppError('PROJECT_NO_PRECISION');
      let folderNames: string[] | undefined;
      if (form.fields.imageNames !== undefined) {
        let raw: unknown;
        try {
          raw = JSON.parse(form.fields.imageNames);
        } catch {
          raw = null;
        }
        const parsed = highPrecisionImageNamesSchema.safeParse(raw);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((issue) => ({
            path: ['imageNames', ...issue.path.map(String)].join('.'),
            key: issue.message,
          }));
          throw new AppError('VALIDATION_ERROR', { data: { issues } });
        }
        folderNames = parsed.data;
      }
      const exported = parseExport(form.file.bytes);
      const names = folderNames ?? (await repo.inspectionPhotos(inspection.id)).map((photo) => photo.name);
      const match = matchPoseExport(exported.photos, names);
      if (match.verdict === 'mismatch') {
        const atFault = match.imagesMissingFromExport.length + match.ambiguous.length;
        throw new AppError('HIGH_PRECISION_XML_MISMATCH', {
          params: { count: atFault || names.length },
          data: {
            imagesMissingFromExport: match.imagesMissingFromExport.slice(0, NAMES_LISTED),
            ambiguous: match.ambiguous.slice(0, NAMES_LISTED),
          },
        });
      }
      if (match.verdict === 'fewerImagesThanExport' && !query.confirm) {
        throw new AppError('HIGH_PRECISION_FEWER_IMAGES', {
          params: { images: match.matched.length, entries: exported.photos.length },
          data: {
            images: match.matched.length,
            entries: exported.photos.length,
            entriesWithoutImage: match.entriesWithoutImage.slice(0, NAMES_LISTED).map((entry) => entry.name),
          },
        });
      }
      const checksum = poseExportChecksum(form.file.bytes);
      const imageNames = match.matched.map((pair) => pair.image);
      const existing = await repo.findImportOf(inspection.id);
      if (existing && UNFINISHED.includes(existing.state)) {
        if (existing.checksum.trim() !== checksum) throw new AppError('HIGH_PRECISION_CHECKSUM_MISMATCH');
        // The same XML: the import resumes, with the folder chosen now while it waits for its photos.
        if (existing.state !== 'pending') return toImport(existing);
        return toImport(await repo.updateImageNames(existing.id, imageNames));
      }
      const xmlKey = `teams/${project.team_id}/projects/${project.id}/inspections/${inspection.id}/high-precision/${checksum}.xml`;
      await blobs.put(xmlKey, form.file.bytes);
      const row = await repo.transaction(async (q) => {
        // A finished import is replaced; the poses it wrote stay in the photos' history.
        if (existing) await q.deleteImport(existing.id);
        return q.insertImport({
          inspectionId: inspection.id,
          format: exported.format,
          referenceKind: exported.coordinateReference.kind,
          referenceDefinition: exported.coordinateReference.definition,
          checksum,
          fileName: form.file.name.slice(0, 255) || 'poses.xml',
          xmlKey,
          exportCount: exported.photos.length,
          imageNames,
          userId: auth.userId,
        });
      });
      if (existing && existing.xml_key !== xmlKey) await blobs.delete(existing.xml_key);
      publish(row);
      return toImport(row);
    },

    /**
     * The folder's photos are uploaded: queue the computation. Every matched image must be a photo of the
     * inspection by now (PROJECT_PRECISION_INCOMPLETE names how many are not); the job waits for their ingest.
     */
    async start(auth: AuthContext, inspectionId: number): Promise<HighPrecisionImport> {
      const { row } = await requireImport(auth, inspectionId, { change: true });
      if (!['pending', 'calculated', 'exception'].includes(row.state)) throw new AppError('HIGH_PRECISION_BUSY');
      const missing = await missingImages(row);
      if (missing.length > 0) {
        throw new AppError('PROJECT_PRECISION_INCOMPLETE', {
          params: { count: missing.length },
          data: { missingImages: missing.slice(0, NAMES_LISTED) },
        });
      }
      const queued = await repo.transaction(async (q, trx) => {
        const moved = await q.moveState(row.id, ['pending', 'calculated', 'exception'], 'queuing', {
          progress: 0,
          computed_count: 0,
          failed_count: 0,
          error_key: null,
          error_params: null,
        });
        if (!moved) throw new AppError('HIGH_PRECISION_BUSY');
        const jobId = await jobs.enqueue(
          HIGH_PRECISION_JOB,
          { importId: row.id },
          { singletonKey: `high-precision-${row.id}`, transaction: trx },
        );
        return q.moveState(row.id, ['queuing'], 'queuing', { job_id: jobId });
      });
      jobs.wake(HIGH_PRECISION_JOB);
      publish(queued!);
      return toImport(queued!);
    },

    async cancel(auth: AuthContext, inspectionId: number): Promise<HighPrecisionImport> {
      const { row } = await requireImport(auth, inspectionId, { change: true });
      // Nothing queued or running: the import is answered as it is.
      return toImport(await stopComputation(row));
    },

    /** Deletes the import: its computation stops, its poses go and each photo gets back its newest other pose. */
    async remove(auth: AuthContext, importId: number): Promise<{ restoredImages: number }> {
      const found = await repo.findImport(importId);
      if (!found) throw new AppError('HIGH_PRECISION_NOT_EXISTING');
      const { row } = await requireImport(auth, found.inspection_id, { change: true });
      await stopComputation(row);
      const restored = await repo.transaction(async (q) => {
        const count = await q.takeBackPoses(row.id);
        await q.deleteImport(row.id);
        return count;
      });
      await blobs.delete(row.xml_key);
      return { restoredImages: restored };
    },

    /**
     * The computation job. It runs again from the start after a restart: poses this import already wrote are kept
     * (one per photo and import), and a batch commits only while the import is still calculating, so a cancel or a
     * delete stops it between batches.
     */
    async runCompute(payload: { importId: number }, context: JobContext): Promise<{ state: string }> {
      let row = await repo.findImport(payload.importId);
      if (!row || !(RUNNING as readonly string[]).includes(row.state)) return { state: row?.state ?? 'deleted' };
      const importId = row.id;
      // Matched photos uploaded from the folder may still be in their ingest.
      for (;;) {
        const photos = await repo.inspectionPhotos(row.inspection_id);
        const wanted = new Set(row.image_names.map(nameKey));
        if (!photos.some((photo) => photo.state === 'uploaded' && wanted.has(nameKey(photo.name)))) break;
        await delay(INGEST_POLL_MS, undefined, { signal: context.signal });
      }
      const calculating = await repo.moveState(importId, RUNNING, 'calculating');
      if (!calculating) return { state: 'stopped' };
      row = calculating;
      publish(row);

      const exported = parsePoseExport(await blobs.read(row.xml_key));
      const kind = exported.coordinateReference.kind;
      if (kind !== 'ecef' && kind !== 'enu') {
        const ended = await repo.moveState(importId, ['calculating'], 'exception', {
          progress: 1,
          failed_count: row.image_names.length,
          error_key: 'HIGH_PRECISION_NO_GEOREFERENCE',
          error_params: JSON.stringify({ reference: exported.coordinateReference.definition.slice(0, 80) || kind }),
        });
        if (ended) publish(ended);
        return { state: 'exception' };
      }

      const photoIds = new Map(
        (await repo.inspectionPhotos(row.inspection_id)).map((photo) => [nameKey(photo.name), photo.id]),
      );
      const match = matchPoseExport(exported.photos, row.image_names);
      const total = match.matched.length;
      let computed = 0;
      let failed = 0;
      for (let start = 0; start < total; start += BATCH) {
        context.signal.throwIfAborted();
        const poses: ComputedPose[] = [];
        for (const { image, entry } of match.matched.slice(start, start + BATCH)) {
          const imageId = photoIds.get(nameKey(image));
          if (imageId === undefined || !entry.pose) {
            failed += 1;
            continue;
          }
          const { longitude, latitude, height, pitch, yaw, roll } = entry.pose;
          poses.push({
            imageId,
            pose: { longitude, latitude, altitude: height, pitch, yaw, roll },
            intrinsics: entry.intrinsics,
          });
        }
        computed += poses.length;
        const progress = Math.min(1, (start + BATCH) / total);
        const batchRow = await repo.transaction(async (q) => {
          const still = await q.moveState(importId, ['calculating'], 'calculating', {
            progress,
            computed_count: computed,
            failed_count: failed,
          });
          if (!still) return null;
          await q.writePoses(importId, row.created_by, poses);
          return still;
        });
        if (!batchRow) return { state: 'stopped' };
        publish(batchRow);
        context.progress(progress, { computed, failed });
      }
      const ended = await repo.moveState(
        importId,
        ['calculating'],
        failed > 0 ? 'exception' : 'calculated',
        failed > 0
          ? {
              progress: 1,
              error_key: 'HIGH_PRECISION_IMAGES_FAILED',
              error_params: JSON.stringify({ count: failed }),
            }
          : { progress: 1 },
      );
      if (ended) publish(ended);
      return { state: ended?.state ?? 'stopped' };
    },

    // Point cloud

    async findPointCloud(auth: AuthContext, projectId: number): Promise<PointCloud | null> {
      await access.require(auth, projectId);
      const row = await repo.readyPointCloud(projectId);
      return row ? toPointCloud(row) : null;
    },

    /** The point cloud's .xml, read and stored; the .pcd upload then names the point cloud this answers. */
    async initPointCloud(auth: AuthContext, projectId: number, form: XmlForm): Promise<PointCloud> {
      const project = await access.require(auth, projectId, { change: true });
      let metadata;
      try {
        metadata = readPointCloudMetadata(form.file.bytes);
      } catch (error) {
        if (error instanceof PointCloudMetadataError) {
          throw new AppError('POINT_CLOUD_XML_ERROR', { params: { detail: error.detail } });
        }
        throw error;
      }
      const storageKey = `teams/${project.team_id}/projects/${project.id}/point-cloud/${randomBytes(8).toString('hex')}/`;
      await blobs.put(pointCloudBlobKeys(storageKey).xml, form.file.bytes);
      const row = await repo.insertPointCloud({
        projectId: project.id,
        storageKey,
        xmlName: form.file.name.slice(0, 255) || 'metadata.xml',
        srs: metadata.srs,
        origin: metadata.origin,
        userId: auth.userId,
      });
      return toPointCloud(row);
    },

    newUploadId: () => randomBytes(16).toString('hex'),

    /** tus creation of a .pcd upload: its .xml was sent (`pcdInit`), the caller may change the project, quota. */
    async beginPointCloudUpload(auth: AuthContext, upload: IncomingUpload): Promise<void> {
      const meta = pointCloudUploadMetadataSchema.parse(upload.metadata);
      const row = await repo.findPointCloud(meta.pointCloudId);
      if (!row || row.state !== 'uploading' || row.upload_id !== null) throw new AppError('POINT_CLOUD_XML_MISSING');
      await access.require(auth, row.project_id, { change: true });
      if (row.created_by !== auth.userId) throw new AppError('NO_AUTH');
      await quota.reserve(row.team_id, upload.size);
      const started = await repo.startPointCloudUpload(row.id, upload.id, upload.size, meta.filename);
      if (!started) {
        await quota.release(row.team_id, upload.size);
        throw new AppError('POINT_CLOUD_XML_MISSING');
      }
    },

    async authorizePointCloudUpload(auth: AuthContext, uploadId: string): Promise<void> {
      await authorizePointCloudUpload(auth, uploadId);
    },

    touchPointCloudUpload: (uploadId: string) => repo.touchPointCloudUpload(uploadId),

    /** tus DELETE or refused content: the point cloud, its .xml and its reservation go. */
    async cancelPointCloudUpload(auth: AuthContext, uploadId: string): Promise<void> {
      const row = await authorizePointCloudUpload(auth, uploadId);
      const removed = await repo.deletePointClouds([row.id]);
      await removePointClouds(row.team_id, removed);
    },

    /** The .pcd arrived and its header is a PCD's: stored; it replaces the project's previous point cloud. */
    async completePointCloudUpload(auth: AuthContext, upload: { id: string; filePath: string }): Promise<void> {
      const row = await authorizePointCloudUpload(auth, upload.id);
      const header = readPcdHeader(await readHead(upload.filePath));
      if (!header) throw new AppError('POINT_CLOUD_NOT_PCD');
      await blobs.put(pointCloudBlobKeys(row.storage_key).pcd, fs.createReadStream(upload.filePath));
      const replaced = await repo.transaction(async (q) => {
        const ready = await q.markPointCloudReady(upload.id, header);
        if (!ready) return null;
        return q.deletePointClouds((await q.otherPointClouds(row.project_id, row.id)).map((other) => other.id));
      });
      if (!replaced) {
        await blobs.delete(pointCloudBlobKeys(row.storage_key).pcd);
        throw new AppError('POINT_CLOUD_NOT_EXISTING');
      }
      await removePointClouds(row.team_id, replaced);
      await Promise.all(
        [upload.id, ...replaced.map((other) => other.upload_id)].map((id) => (id ? removeUploadFiles(id) : null)),
      );
    },

    async removePointCloud(auth: AuthContext, id: number): Promise<void> {
      const row = await repo.findPointCloud(id);
      if (!row || row.state !== 'ready') throw new AppError('POINT_CLOUD_NOT_EXISTING');
      await access.require(auth, row.project_id, { change: true });
      const removed = await repo.deletePointClouds([row.id]);
      await removePointClouds(row.team_id, removed);
    },
  };
  return service;
}

export type HighPrecisionService = ReturnType<typeof createHighPrecisionService>;
