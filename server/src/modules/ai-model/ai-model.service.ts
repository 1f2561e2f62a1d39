import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { FastifyBaseLogger } from 'fastify';
import {
  AI_TRAINING_SET_EVENT,
  AppError,
  LIMITS,
  aiModelSidecarSchema,
  isHeldBackPhoto,
  type AiModel,
  type AiModelChoice,
  type AiTrainingSet,
  type AiTrainingSetEvent,
  type ErrorKey,
} from '@sightline/shared';
import type { DefectType } from '@sightline/vision';
import { callerTeamId, type AuthContext } from '../../platform/auth/auth-context.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { storedFile, type StoredFile } from '../../platform/http/stored-file.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import { imageBlobKeys } from '../inspection/inspection-image.repo.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { QuotaService } from '../team/quota.service.js';
import type { AiModelRepo, AiModelRow, AiTrainingSetRow, TrainingSetEnd } from './ai-model.repo.js';
import { checkModelTask, evaluateModelTask, writeTrainingSetTask, type ReviewedPhoto } from './ai-model.tasks.js';

export const AI_MODEL_EVALUATE_JOB = 'ai.evaluate-model';
export const AI_TRAINING_SET_JOB = 'ai.export-training-set';
/**
 * The class a training set's masks and a model's evaluation are about: cracks, the damage the training tool's small
 * segmenter learns (one class a mask, packages/vision trainingSet.ts).
 */
const TRAINING_CLASS: DefectType = 'crack';
const ZIP_TYPE = 'application/zip';

export interface ModelUpload {
  name?: string | undefined;
  /** The .onnx as the route streamed it to a temporary file (the route removes it once the call ends). */
  model: { name: string; path: string };
  sidecar: Buffer;
}

export interface AiModelServiceDeps {
  repo: AiModelRepo;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  /** The team's storage: counts uploaded models and a training set's zip as its record ends, gives bytes back. */
  quota: Pick<QuotaService, 'reserve' | 'release' | 'endAndCount'>;
  blobs: BlobStore;
  cpu: CpuPool;
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  bus: EventBus;
  log: FastifyBaseLogger;
}

export const trainingSetFileUrl = (row: { id: number; name: string }) =>
  `/api/ai-training-set/files/${row.id}/${encodeURIComponent(row.name)}`;

function presentTrainingSet(row: AiTrainingSetRow): AiTrainingSet {
  return {
    id: row.id,
    inspectionId: row.inspection_id,
    projectId: row.project_id,
    name: row.name,
    state: row.state,
    progress: row.progress,
    photoCount: row.photo_count,
    heldBackCount: row.held_back_count,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    errorKey: row.error_key,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
    fileUrl: row.state === 'done' ? trainingSetFileUrl(row) : null,
  };
}

/** The reviewed photos' shapes of the training class, each photo named uniquely in the set. */
function reviewedPhotos(rows: Awaited<ReturnType<AiModelRepo['trainingPhotos']>>): ReviewedPhoto[] {
  return rows.flatMap((row) => {
    const shapes = row.defects
      .filter((defect) => defect.code === TRAINING_CLASS)
      .map((defect) => ({ kind: defect.shape_kind, points: defect.points, widthPx: defect.width_px }));
    // A photo whose damage is all of other types teaches the class nothing sure: neither mask nor negative.
    if (shapes.length === 0 && row.defects.length > 0) return [];
    return [
      {
        name: `${row.id}-${row.name.replace(/\.[^.]+$/, '')}`,
        originalKey: imageBlobKeys(row.storage_key).original,
        shapes,
        heldBack: isHeldBackPhoto(row.id),
      },
    ];
  });
}

/**
 * Learned models of a team (issue 14, "Learning from review"). An upload is checked by content before it is kept:
 * the sidecar against the shared schema (AI_MODEL_SIDECAR_ERROR), the model by loading it in onnxruntime in the
 * CPU pool and scoring a probe image (AI_MODEL_FILE_ERROR); a durable job then evaluates it on the team's held-back
 * reviewed photos and makes it ready. A model is chosen for the team or a project; screening asks model-choice.ts.
 * A reviewed inspection exports a training set (a zip, like the Excel export's record, file and link) by a job.
 */
export function createAiModelService(deps: AiModelServiceDeps) {
  const { repo, access, blobs } = deps;
  const requireInspection = inspectionGuard(deps.inspections, access);
  /**
   * Ends a generating training set, a done one's zip counted against its team as it ends (TEAM_VOLUME_EXCEED, the set
   * left generating, when it does not fit); false when the set was deleted (or ended) meanwhile.
   */
  const finishTrainingSet = (id: number, end: TrainingSetEnd) =>
    deps.quota.endAndCount((trx) => repo.finishTrainingSet(trx, id, end));

  async function presentModels(rows: AiModelRow[], teamId: number): Promise<AiModel[]> {
    const choices = await repo.choicesOf(teamId);
    return rows.map((row) => ({
      id: row.id,
      teamId: row.team_id,
      name: row.name,
      state: row.state,
      errorKey: row.error_key,
      classes: row.classes,
      sizeBytes: Number(row.size_bytes),
      evaluation: row.evaluation,
      chosenForTeam: choices.some((choice) => choice.model_id === row.id && choice.project_id === null),
      chosenProjectIds: choices.flatMap((choice) =>
        choice.model_id === row.id && choice.project_id !== null ? [choice.project_id] : [],
      ),
      createdBy: row.created_by === null ? null : { id: row.created_by, name: row.created_by_name ?? '' },
      createdAt: row.created_at.toISOString(),
    }));
  }

  /** A model of the caller's team. */
  async function requireModel(auth: AuthContext, id: number): Promise<AiModelRow> {
    const row = await repo.findModel(id);
    if (!row || row.team_id !== callerTeamId(auth)) throw new AppError('AI_MODEL_NOT_EXISTING');
    return row;
  }

  async function choiceOf(teamId: number, projectId: number | undefined): Promise<AiModelChoice> {
    const choices = await repo.choicesOf(teamId);
    const teamModelId = choices.find((choice) => choice.project_id === null)?.model_id ?? null;
    const projectModelId =
      projectId === undefined ? null : (choices.find((choice) => choice.project_id === projectId)?.model_id ?? null);
    return { teamModelId, projectModelId, effectiveModelId: projectModelId ?? teamModelId };
  }

  async function publishTrainingSet(projectId: number, event: AiTrainingSetEvent) {
    for (const userId of await access.viewers(projectId))
      deps.bus.publish({ userId, name: AI_TRAINING_SET_EVENT, value: event });
  }

  async function requireTrainingSet(auth: AuthContext, id: number, options: { change?: boolean } = {}) {
    const row = await repo.findTrainingSet(id);
    if (!row) throw new AppError('AI_TRAINING_SET_NOT_EXISTING');
    await requireInspection(auth, row.inspection_id, options);
    return row;
  }

  /** Writes the set's folder in the CPU pool and zips it into the blob store; answers its size and counts. */
  async function writeTrainingSetZip(record: AiTrainingSetRow, context: JobContext) {
    const photos = reviewedPhotos(await repo.trainingPhotos({ inspectionIds: [record.inspection_id] }));
    if (photos.length === 0) throw new AppError('TASK_CONTENT_EMPTY');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sightline-training-set-'));
    try {
      const setFolder = path.join(folder, 'set');
      const manifest = await deps.cpu.run(
        writeTrainingSetTask,
        {
          folder: setFolder,
          source: `inspection ${record.inspection_id} of project ${record.project_id}, ${new Date().toISOString()}`,
          type: TRAINING_CLASS,
          photos,
        },
        { signal: context.signal },
      );
      if (manifest.samples.length === 0) throw new AppError('TASK_CONTENT_EMPTY');
      context.progress(0.8);
      void repo.setTrainingSetProgress(record.id, 0.8);
      const zipPath = path.join(folder, 'set.zip');
      // Stored, not deflated: the photos are JPEG and the masks PNG, which do not shrink further.
      const zip = new yazl.ZipFile();
      for (const entry of fs.readdirSync(setFolder, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        zip.addFile(file, path.relative(setFolder, file).split(path.sep).join('/'), { compress: false });
      }
      zip.end();
      await pipeline(zip.outputStream, fs.createWriteStream(zipPath));
      context.signal.throwIfAborted();
      const size = await blobs.put(record.storage_key, fs.createReadStream(zipPath));
      return {
        size,
        photoCount: manifest.samples.length,
        heldBackCount: manifest.counts.test.images,
      };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }

  return {
    /** Checks and keeps an uploaded model; its evaluation follows as a job. */
    async upload(auth: AuthContext, upload: ModelUpload): Promise<AiModel> {
      const teamId = callerTeamId(auth);
      let sidecarJson: unknown;
      try {
        sidecarJson = JSON.parse(upload.sidecar.toString('utf8'));
      } catch {
        throw new AppError('AI_MODEL_SIDECAR_ERROR');
      }
      const sidecar = aiModelSidecarSchema.safeParse(sidecarJson);
      if (!sidecar.success) throw new AppError('AI_MODEL_SIDECAR_ERROR');
      const checked = await deps.cpu.run(checkModelTask, {
        modelPath: upload.model.path,
        sidecar: JSON.stringify(sidecar.data),
      });
      if (!checked.ok) throw new AppError(checked.errorKey);
      const size = (await fs.promises.stat(upload.model.path)).size + upload.sidecar.length;
      const folder = `teams/${teamId}/ai-models/${randomUUID()}`;
      const keys = { model: `${folder}/model.onnx`, sidecar: `${folder}/model.json` };
      const name = upload.name ?? sidecar.data.name ?? upload.model.name.replace(/\.onnx$/i, '');
      // The files first, then the row, its bytes counted and its check queued in one transaction: a failure or a
      // crash in between leaves at most files nobody counts, never bytes counted for a model that is not there, nor
      // a model that stays "checking" with no check to come.
      let modelId: number;
      try {
        await blobs.put(keys.sidecar, Buffer.from(JSON.stringify(sidecar.data)));
        await blobs.put(keys.model, fs.createReadStream(upload.model.path));
        modelId = await repo.transaction(async (trx) => {
          await deps.quota.reserve(teamId, size, { transaction: trx });
          const { id } = await repo.insertModel(trx, {
            teamId,
            name: name.slice(0, 100) || 'model',
            classes: [...new Set(sidecar.data.output.classes.map((entry) => entry.code))],
            sizeBytes: size,
            keys,
            createdBy: auth.userId,
          });
          await deps.jobs.enqueue(AI_MODEL_EVALUATE_JOB, { modelId: id }, { transaction: trx });
          return id;
        });
      } catch (error) {
        await Promise.all([blobs.delete(keys.sidecar), blobs.delete(keys.model)]);
        throw error;
      }
      deps.jobs.wake(AI_MODEL_EVALUATE_JOB);
      return (await presentModels([await requireModel(auth, modelId)], teamId))[0]!;
    },

    /** The job: evaluates the model on the team's held-back reviewed photos and makes it ready. */
    async evaluate(modelId: number, context: JobContext): Promise<void> {
      const row = await repo.findModel(modelId);
      if (!row || row.state !== 'checking') return;
      try {
        const photos = reviewedPhotos(
          await repo.trainingPhotos({ teamId: row.team_id, heldBackLimit: LIMITS.aiModel.evaluationPhotosMax }),
        );
        const evaluation = await deps.cpu.run(
          evaluateModelTask,
          {
            model: { id: row.id, name: row.name, modelKey: row.model_key, sidecarKey: row.sidecar_key },
            type: TRAINING_CLASS,
            photos,
          },
          { signal: context.signal },
        );
        await repo.finishCheck(row.id, { state: 'ready', evaluation });
      } catch (error) {
        if (context.signal.aborted) throw error;
        context.log.error({ err: error, modelId }, 'evaluating a learned model failed');
        await repo.finishCheck(row.id, {
          state: 'failed',
          errorKey: error instanceof AppError ? error.key : 'AI_MODEL_FILE_ERROR',
        });
      }
    },

    async list(auth: AuthContext): Promise<AiModel[]> {
      const teamId = callerTeamId(auth);
      return presentModels(await repo.listModels(teamId), teamId);
    },

    async details(auth: AuthContext, id: number): Promise<AiModel> {
      const row = await requireModel(auth, id);
      return (await presentModels([row], row.team_id))[0]!;
    },

    /** Deletes a model nobody has chosen, its files and their bytes. */
    async remove(auth: AuthContext, id: number): Promise<void> {
      await requireModel(auth, id);
      const removed = await repo.removeModel(id);
      if (!removed) throw new AppError('AI_MODEL_IN_USE');
      await blobs.delete(removed.model_key);
      await blobs.delete(removed.sidecar_key);
      await deps.quota.release(removed.team_id, Number(removed.size_bytes));
    },

    async choice(auth: AuthContext, projectId: number | undefined): Promise<AiModelChoice> {
      if (projectId !== undefined) await access.require(auth, projectId);
      return choiceOf(callerTeamId(auth), projectId);
    },

    /** Chooses a ready model of the team (or the built-in detector: null) for the team or one project. */
    async choose(
      auth: AuthContext,
      body: { projectId?: number | undefined; modelId: number | null },
    ): Promise<AiModelChoice> {
      const teamId = callerTeamId(auth);
      if (body.projectId !== undefined) await access.require(auth, body.projectId, { change: true });
      if (body.modelId !== null) {
        const model = await requireModel(auth, body.modelId);
        if (model.state !== 'ready') throw new AppError('AI_MODEL_NOT_READY');
      }
      await repo.choose({ teamId, projectId: body.projectId ?? null }, body.modelId);
      return choiceOf(teamId, body.projectId);
    },

    /** Starts the inspection's training-set export; TASK_CONTENT_EMPTY when nothing in it is reviewed. */
    async exportTrainingSet(auth: AuthContext, inspectionId: number): Promise<AiTrainingSet> {
      const { inspection, project } = await requireInspection(auth, inspectionId);
      if (reviewedPhotos(await repo.trainingPhotos({ inspectionIds: [inspection.id] })).length === 0) {
        throw new AppError('TASK_CONTENT_EMPTY');
      }
      const date = new Date().toISOString().slice(0, 10);
      // eslint-disable-next-line no-control-regex -- control characters are among what is replaced
      const safe = inspection.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').slice(0, 150);
      const row = await repo.insertTrainingSet({
        projectId: project.id,
        inspectionId: inspection.id,
        name: `${safe}-training-set-${date}.zip`,
        storageKey: (id) =>
          `teams/${project.team_id}/projects/${project.id}/inspections/${inspection.id}/training-sets/${id}.zip`,
        createdBy: auth.userId,
      });
      try {
        await deps.jobs.enqueue(AI_TRAINING_SET_JOB, { recordId: row.id });
      } catch (error) {
        await finishTrainingSet(row.id, { state: 'failed', errorKey: 'serviceError' });
        throw error;
      }
      return presentTrainingSet(row);
    },

    /** The job: writes the set's zip and ends the record (a deleted record's file is removed again). */
    async runTrainingSet(recordId: number, context: JobContext): Promise<void> {
      const record = await repo.findTrainingSet(recordId);
      if (!record || record.state !== 'generating') return;
      const end = async (
        state: 'done' | 'failed',
        values: { sizeBytes?: number; photoCount?: number; heldBackCount?: number; errorKey?: ErrorKey },
      ) => {
        const kept = await finishTrainingSet(record.id, { state, ...values });
        // A failed set keeps no zip, nor does one deleted meanwhile (neither counted against the team).
        if (!kept || state === 'failed') await blobs.delete(record.storage_key);
        await publishTrainingSet(record.project_id, {
          id: record.id,
          inspectionId: record.inspection_id,
          state,
          progress: 1,
          errorKey: values.errorKey ?? null,
        });
      };
      try {
        const written = await writeTrainingSetZip(record, context);
        // The zip counts against the team like uploads as the set ends: one that does not fit fails with
        // TEAM_VOLUME_EXCEED.
        await end('done', {
          sizeBytes: written.size,
          photoCount: written.photoCount,
          heldBackCount: written.heldBackCount,
        });
      } catch (error) {
        if (context.signal.aborted) throw error;
        const errorKey: ErrorKey = error instanceof AppError ? error.key : 'serviceError';
        if (!(error instanceof AppError)) context.log.error({ err: error, recordId }, 'the training set failed');
        await end('failed', { errorKey });
      }
    },

    async trainingSets(auth: AuthContext, inspectionId: number): Promise<AiTrainingSet[]> {
      const { inspection } = await requireInspection(auth, inspectionId);
      return (await repo.trainingSets(inspection.id)).map(presentTrainingSet);
    },

    async removeTrainingSet(auth: AuthContext, id: number): Promise<void> {
      const row = await requireTrainingSet(auth, id, { change: true });
      const teamId = await repo.teamOfProject(row.project_id);
      const freed = await repo.removeTrainingSet(id);
      await blobs.delete(row.storage_key);
      if (freed) await deps.quota.release(teamId, freed);
    },

    /** A done set's zip, by its record and file name. */
    async file(auth: AuthContext, params: { id: number; name: string }): Promise<StoredFile & { name: string }> {
      const row = await requireTrainingSet(auth, params.id);
      if (row.state !== 'done' || row.name !== params.name) throw new AppError('notFound');
      const file = await storedFile(blobs, row.storage_key, ZIP_TYPE);
      if (!file) throw new AppError('notFound');
      return { ...file, name: row.name };
    },
  };
}

export type AiModelService = ReturnType<typeof createAiModelService>;
