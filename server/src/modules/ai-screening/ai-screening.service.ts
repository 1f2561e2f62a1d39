import type { FastifyBaseLogger } from 'fastify';
import { BuiltinDetector, type DefectType } from '@sightline/vision';
import {
  AI_BUSY_STATES,
  AI_QUEUE_MAX,
  AI_REVIEW_TABS,
  AI_SCREENING_EVENT,
  AppError,
  LIMITS,
  type AiCheckStartBody,
  type AiFeedback,
  type AiCheckState,
  type AiImage,
  type AiImageInfo,
  type AiImageRange,
  type AiReviewTab,
  type AiScreeningStatus,
  type ErrorKey,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { projectEventSender } from '../../platform/events/project-events.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import type { DefectMeasure, MeasureDefect } from '../defect/defect-measure.js';
import type { DefectRepo } from '../defect/defect.repo.js';
import type { DiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import { imageBlobKeys, type InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { ModelChoice, ScreeningModel } from '../ai-model/model-choice.js';
import type { AiScreeningRepo } from './ai-screening.repo.js';
import { screenPhotoTask, type ScreenedShape } from './ai-screening.tasks.js';

/** A turn of the deployment's screening queue: its handler runs the screening at the head of the queue. */
export const AI_SCREENING_JOB = 'ai.screen-inspection';
/** The types the built-in detector reports (measured on data, packages/vision). */
const DETECTED_TYPES: readonly DefectType[] = new BuiltinDetector().supportedTypes;
const RUNNING = ['AI_In_Preparation', 'AI_CHECKING'] as const satisfies readonly AiCheckState[];

type ScreeningRow = NonNullable<Awaited<ReturnType<AiScreeningRepo['find']>>>;
type ImageRow = Awaited<ReturnType<AiScreeningRepo['pageOf']>>[number];
type FeedbackRow = Awaited<ReturnType<AiScreeningRepo['feedbacks']>>[number];

export interface AiScreeningServiceDeps {
  repo: AiScreeningRepo;
  defects: Pick<DefectRepo, 'insertManyOn' | 'removeOn' | 'findDefect'>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  images: Pick<InspectionImageRepo, 'findImage' | 'findImages'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  /** The defect types usable in a project, for a feedback's correct type. */
  types: Pick<DiseaseFilterRepo, 'usableTypeIds'>;
  measure: MeasureDefect;
  /** The learned model chosen for a project, if any (else the built-in detector screens), and a run's by its id. */
  models: Pick<ModelChoice, 'modelFor' | 'model'>;
  cpu: CpuPool;
  jobs: JobQueue;
  bus: EventBus;
  log: FastifyBaseLogger;
}

function presentImage(row: ImageRow): AiImage {
  return {
    id: row.id,
    name: row.name,
    aiState: row.ai_state ?? null,
    reviewed: row.reviewed ?? false,
    defectCount: row.defect_count,
    aiDefectCount: row.ai_defects ?? 0,
    errorKey: row.error_key ?? null,
    screenedAt: row.screened_at?.toISOString() ?? null,
  };
}

function presentFeedback(row: FeedbackRow): AiFeedback {
  return {
    id: row.id,
    imageId: row.image_id,
    defectId: row.defect_id,
    aiTypeId: row.ai_type_id,
    correctTypeId: row.correct_type_id,
    shapeKind: row.shape_kind,
    points: row.points,
    content: row.content,
    createdByName: row.created_by_name,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * AI screening (SPEC sections 2, 4 and 7). A start puts the inspection's screening in the deployment's queue (its
 * photos in range marked pending, the project's learned model recorded, none for the built-in detector) and enqueues
 * a turn; each turn's handler, in a worker, takes the head of the queue and screens its pending photos in the CPU
 * pool with that detector, as many at a time as the pool has threads. A photo's detections become AI defects measured
 * and placed like drawn ones (together: one read of the camera, one geometry question, one number reservation and
 * multi-row inserts), written with the photo's result in one transaction that also checks the run is still this
 * job's: a cancel stops it between photos, and a run resumed after a crash does only the photos still pending, so no
 * photo's defects are written twice. A reviewer then marks screened photos reviewed.
 */
export function createAiScreeningService(deps: AiScreeningServiceDeps) {
  const { repo, access, jobs } = deps;
  const requireInspection = inspectionGuard(deps.inspections, access);

  async function status(inspectionId: number): Promise<AiScreeningStatus> {
    const row = await repo.withModel(inspectionId);
    const queued = row?.state === 'AI_QUEUE' && row.queue_order !== null;
    return {
      inspectionId,
      state: row?.state ?? 'NOT_EXISTING',
      imageRange: row?.image_range ?? null,
      done: row?.done ?? 0,
      total: row?.total ?? 0,
      defects: row?.defects ?? 0,
      queuePosition: queued ? await repo.ahead(inspectionId, Number(row.queue_order)) : null,
      errorKey: row?.error_key ?? null,
      startedAt: row?.started_at?.toISOString() ?? null,
      finishedAt: row?.finished_at?.toISOString() ?? null,
      // The detector recorded on the run when it started, not those of the AI defects now: a later run with another
      // model, or defects deleted since, do not change what this run used.
      detectors: row?.started_at ? [{ modelId: row.ai_model_id, name: row.ai_model_name }] : [],
    };
  }

  const send = projectEventSender<AiScreeningStatus>({
    bus: deps.bus,
    viewers: access.viewers,
    log: deps.log,
    name: AI_SCREENING_EVENT,
  });
  function publish(projectId: number, inspectionId: number): void {
    send(projectId, () => status(inspectionId), { inspectionId });
  }

  /** The built-in type codes asked for: each must be a built-in type the detector reports. */
  async function typeCodes(typeIds: readonly number[] | undefined): Promise<DefectType[]> {
    if (!typeIds?.length) return [...DETECTED_TYPES];
    const codeOf = new Map((await repo.builtInTypes()).map((row) => [row.id, row.code]));
    return [...new Set(typeIds)].map((id) => {
      const found = DETECTED_TYPES.find((type) => type === codeOf.get(id));
      if (!found) throw new AppError('DISEASE_TYPE_NOT_COVER_AI');
      return found;
    });
  }

  /** Photos of one live inspection the caller may change (review) or see. */
  async function requirePhotos(auth: AuthContext, ids: readonly number[]) {
    const unique = [...new Set(ids)];
    const photos = await deps.images.findImages(unique);
    if (photos.length !== unique.length) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
    const inspectionIds = new Set(photos.map((photo) => photo.inspection_id));
    if (inspectionIds.size !== 1) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
    const [inspectionId] = inspectionIds;
    await access.require(auth, photos[0]!.project_id, { change: true });
    return { inspectionId: inspectionId!, projectId: photos[0]!.project_id, ids: unique };
  }

  async function removeDefects(trx: Parameters<DefectRepo['removeOn']>[0], ids: readonly number[]) {
    if (ids.length > 0) await deps.defects.removeOn(trx, ids);
  }

  async function refuseWhileScreening(inspectionId: number) {
    const row = await repo.find(inspectionId);
    if (row && (AI_BUSY_STATES as readonly string[]).includes(row.state)) {
      throw new AppError('INSPECTION_IN_AI_CAN_NOT_OPERA');
    }
  }

  /** Measures the photo's detections together; a photo that cannot be measured is abnormal with the key why. */
  async function measureAll(
    photo: NonNullable<Awaited<ReturnType<InspectionImageRepo['findImage']>>>,
    shapes: readonly ScreenedShape[],
  ): Promise<
    { ok: true; measured: Array<{ shape: ScreenedShape; size: DefectMeasure }> } | { ok: false; errorKey: ErrorKey }
  > {
    try {
      const sizes = await deps.measure.many(photo, shapes);
      return { ok: true, measured: shapes.map((shape, index) => ({ shape, size: sizes[index]! })) };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, errorKey: error.key };
      throw error;
    }
  }

  /** Screens one pending photo and commits its result; false when the run is no longer this job's. */
  async function screenPhoto(
    run: ScreeningRow,
    model: ScreeningModel | null,
    imageId: number,
    typeIdOf: Map<string, number>,
    context: JobContext,
  ) {
    const photo = await deps.images.findImage(imageId);
    let outcome:
      | { state: 'abnormal'; errorKey: ErrorKey }
      | { state: 'done'; measured: Array<{ shape: ScreenedShape; size: DefectMeasure }> };
    if (!photo) {
      outcome = { state: 'abnormal', errorKey: 'INSPECTION_IMAGE_NOT_EXISTING' };
    } else {
      const wanted = run.type_codes as DefectType[];
      const screened = await deps.cpu.run(
        screenPhotoTask,
        { originalKey: imageBlobKeys(photo.storage_key).original, types: wanted, model },
        { signal: context.signal },
      );
      if (!screened.ok) {
        outcome = { state: 'abnormal', errorKey: screened.errorKey };
      } else {
        const found = await measureAll(
          photo,
          screened.shapes.filter((shape) => wanted.includes(shape.type) && shape.points.length >= 2),
        );
        outcome = found.ok
          ? { state: 'done', measured: found.measured }
          : { state: 'abnormal', errorKey: found.errorKey };
      }
    }
    context.signal.throwIfAborted();
    return repo.transaction(async (q, trx) => {
      if (!(await q.update(run.inspection_id, ['AI_CHECKING'], { state: 'AI_CHECKING' }, context.jobId))) return false;
      // A photo screened again, or one whose commit a crash interrupted, loses the AI defects it had.
      await removeDefects(trx, await q.aiDefectIds(imageId));
      if (outcome.state === 'abnormal' || !photo) {
        await q.setImageResult(imageId, {
          state: 'abnormal',
          errorKey: outcome.state === 'abnormal' ? outcome.errorKey : null,
          aiDefects: 0,
        });
        await q.countRun(run.inspection_id, 0);
        return true;
      }
      await deps.defects.insertManyOn(
        trx,
        { projectId: photo.project_id, inspectionId: photo.inspection_id, imageId, userId: run.started_by },
        outcome.measured.map(({ shape, size }) => ({
          ...size,
          type_id: typeIdOf.get(shape.type)!,
          ai_model_id: model?.id ?? null,
          level: LIMITS.defectScale.min,
          shape_kind: shape.kind,
          points: shape.points,
          width_px: shape.widthPx,
          edited_length_m: null,
          edited_width_mm: null,
          edited_area_m2: null,
          marker_id: null,
          description: '',
          fields: {},
        })),
        'ai',
      );
      const unplaced = outcome.measured.some(({ size }) => size.location_state !== 'located');
      await q.setImageResult(imageId, {
        state: outcome.measured.length > 0 ? 'damage' : 'clean',
        errorKey: unplaced ? 'TWO_D_TO_3D_FAIL' : null,
        aiDefects: outcome.measured.length,
      });
      await q.countRun(run.inspection_id, outcome.measured.length);
      return true;
    });
  }

  /** Takes the screening this job already runs (after a restart) or the head of the queue. */
  async function take(jobId: string): Promise<ScreeningRow | undefined> {
    const own = await repo.ownedBy(jobId);
    if (own && (RUNNING as readonly string[]).includes(own.state)) return own;
    return repo.transaction(async (q) => {
      const head = await q.head();
      if (!head) return undefined;
      return q.update(head.inspection_id, ['AI_QUEUE'], {
        state: 'AI_In_Preparation',
        job_id: jobId,
        queue_order: null,
      });
    });
  }

  return {
    /** Queues the inspection's screening of the photos in range. */
    async start(auth: AuthContext, inspectionId: number, body: AiCheckStartBody): Promise<AiScreeningStatus> {
      const { inspection } = await requireInspection(auth, inspectionId, { change: true });
      const codes = await typeCodes(body.typeIds);
      const model = await deps.models.modelFor(inspection.project_id);
      await repo.transaction(async (q, trx) => {
        const row = await q.lock(inspection.id);
        if ((AI_BUSY_STATES as readonly string[]).includes(row.state)) throw new AppError('SAME_TASK_EXECUTING');
        if ((await q.busyCount()) >= AI_QUEUE_MAX) throw new AppError('TASK_QUEUE_FULL');
        const range: AiImageRange = body.imageRange;
        const photoIds = await q.photosInRange(inspection.id, range);
        if (photoIds.length === 0) throw new AppError('TASK_CONTENT_EMPTY');
        if (range === 'deleteManual') await removeDefects(trx, await q.manualDefectIds(photoIds));
        await q.markPending(inspection.id, photoIds);
        const { last } = await q.queueEnds();
        await q.update(inspection.id, [row.state], {
          state: 'AI_QUEUE',
          image_range: range,
          type_codes: JSON.stringify(codes),
          queue_order: (last ?? 0) + 1,
          job_id: null,
          total: photoIds.length,
          done: 0,
          defects: 0,
          error_key: null,
          started_by: auth.userId,
          started_at: new Date(),
          finished_at: null,
          ai_model_id: model?.id ?? null,
        });
        await jobs.enqueue(AI_SCREENING_JOB, { inspectionId: inspection.id }, { transaction: trx });
      });
      jobs.wake(AI_SCREENING_JOB);
      publish(inspection.project_id, inspection.id);
      return status(inspection.id);
    },

    /**
     * Stops the screening: a queued one leaves the queue, a running one is TASK_CANCELING until its job is
     * cancelled. Photos done keep their results; those not done are not detected again.
     */
    async cancel(auth: AuthContext, inspectionId: number): Promise<AiScreeningStatus> {
      const { inspection } = await requireInspection(auth, inspectionId, { change: true });
      const canceling = await repo.transaction(async (q) => {
        const row = await q.lock(inspection.id);
        if (row.state === 'AI_QUEUE' || row.state === 'TASK_CANCELING') return row;
        if (!(RUNNING as readonly string[]).includes(row.state)) return null;
        return q.update(inspection.id, RUNNING, { state: 'TASK_CANCELING' });
      });
      if (!canceling) return status(inspection.id);
      publish(inspection.project_id, inspection.id);
      if (canceling.job_id) await jobs.cancel(canceling.job_id);
      await repo.transaction(async (q) => {
        await q.lock(inspection.id);
        const stopped = await q.update(inspection.id, ['AI_QUEUE', 'TASK_CANCELING'], {
          state: 'NOT_EXISTING',
          queue_order: null,
          job_id: null,
          finished_at: new Date(),
        });
        if (stopped) await q.forgetPending(inspection.id);
      });
      publish(inspection.project_id, inspection.id);
      return status(inspection.id);
    },

    /** Moves a queued screening to the front of the queue. */
    async jump(auth: AuthContext, inspectionId: number): Promise<AiScreeningStatus> {
      const { inspection } = await requireInspection(auth, inspectionId, { change: true });
      const jumped = await repo.transaction(async (q) => {
        const row = await q.lock(inspection.id);
        if (row.state !== 'AI_QUEUE') return false;
        const { first } = await q.queueEnds();
        await q.update(inspection.id, ['AI_QUEUE'], { queue_order: (first ?? 1) - 1 });
        return true;
      });
      if (jumped) publish(inspection.project_id, inspection.id);
      return status(inspection.id);
    },

    async position(auth: AuthContext, inspectionId: number): Promise<AiScreeningStatus> {
      const { inspection } = await requireInspection(auth, inspectionId);
      return status(inspection.id);
    },

    async page(auth: AuthContext, body: { inspectionId: number; tab: AiReviewTab; pageNum: number; pageSize: number }) {
      const { inspection } = await requireInspection(auth, body.inspectionId);
      const counts = await repo.tabCounts(inspection.id);
      const rows = await repo.pageOf(inspection.id, body.tab, {
        offset: (body.pageNum - 1) * body.pageSize,
        limit: body.pageSize,
      });
      return {
        records: rows.map(presentImage),
        total: counts[body.tab],
        pageNum: body.pageNum,
        pageSize: body.pageSize,
        counts: Object.fromEntries(AI_REVIEW_TABS.map((tab) => [tab, counts[tab]])) as Record<AiReviewTab, number>,
      };
    },

    async imageInfo(auth: AuthContext, imageId: number): Promise<AiImageInfo> {
      const row = await repo.image(imageId);
      if (!row) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      await access.require(auth, row.project_id);
      const defects = await repo.aiDefectsOf(imageId);
      return {
        ...presentImage(row),
        defects: defects.map((defect) => ({
          id: defect.id,
          typeId: defect.type_id,
          shapeKind: defect.shape_kind,
          points: defect.points,
          size: { lengthM: defect.length_m, widthMm: defect.width_mm, areaM2: defect.area_m2 },
          position:
            defect.lon !== null && defect.lat !== null && defect.height !== null
              ? { lon: defect.lon, lat: defect.lat, height: defect.height }
              : null,
          locationState: defect.location_state,
          aiModelId: defect.ai_model_id,
          detector: { modelId: defect.ai_model_id, name: defect.ai_model_name },
        })),
      };
    },

    /** Marks screened photos reviewed (`reviewed` true) or not; answers how many changed. */
    async review(auth: AuthContext, ids: readonly number[], reviewed: boolean) {
      const photos = await requirePhotos(auth, ids);
      await refuseWhileScreening(photos.inspectionId);
      return { num: await repo.setReviewed(photos.inspectionId, photos.ids, reviewed, auth.userId) };
    },

    async reviewAll(auth: AuthContext, inspectionId: number) {
      const { inspection } = await requireInspection(auth, inspectionId, { change: true });
      await refuseWhileScreening(inspection.id);
      return { num: await repo.setReviewed(inspection.id, null, true, auth.userId) };
    },

    /**
     * Error feedback on an AI defect: keeps the correction with the defect as the AI drew it and, in the same
     * transaction, gives the defect the correct type or, when it is not damage (no type), deletes it.
     */
    async feedback(
      auth: AuthContext,
      body: { defectId: number; correctTypeId: number | null; content?: string | undefined },
    ): Promise<AiFeedback> {
      const defect = await deps.defects.findDefect(body.defectId);
      if (!defect || defect.source !== 'ai') throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
      const photos = await requirePhotos(auth, [defect.image_id]);
      await refuseWhileScreening(photos.inspectionId);
      const correctTypeId = body.correctTypeId;
      if (
        correctTypeId !== null &&
        !(await deps.types.usableTypeIds(photos.projectId, [correctTypeId])).has(correctTypeId)
      ) {
        throw new AppError('DISEASE_TYPE_NOT_EXISTING');
      }
      const id = await repo.transaction(async (q, trx) => {
        const added = await q.addFeedback({
          inspection_id: defect.inspection_id,
          image_id: defect.image_id,
          defect_id: defect.id,
          ai_type_id: defect.type_id,
          correct_type_id: body.correctTypeId,
          shape_kind: defect.shape_kind,
          points: JSON.stringify(defect.points),
          content: body.content || null,
          created_by: auth.userId,
        });
        if (correctTypeId !== null) await q.retype(defect.id, correctTypeId, auth.userId);
        else if ((await deps.defects.removeOn(trx, [defect.id])) !== 1) {
          throw new AppError('INSPECTION_DISEASE_NOT_EXISTING');
        }
        return added.id;
      });
      const [row] = await repo.feedbacks(defect.inspection_id, [id]);
      return presentFeedback(row!);
    },

    async feedbacks(auth: AuthContext, inspectionId: number): Promise<AiFeedback[]> {
      const { inspection } = await requireInspection(auth, inspectionId);
      return (await repo.feedbacks(inspection.id)).map(presentFeedback);
    },

    /** The inspection's AI defects placed on the model, for the 3D view. */
    async points3d(auth: AuthContext, projectId: number, inspectionId: number) {
      const { inspection } = await requireInspection(auth, inspectionId);
      if (inspection.project_id !== projectId) throw new AppError('INSPECTION_NOT_EXISTING');
      return (await repo.located(inspection.id)).map((row) => ({
        defectId: row.id,
        imageId: row.image_id,
        typeId: row.type_id,
        position: { lon: row.lon!, lat: row.lat!, height: row.height! },
      }));
    },

    /** A turn of the queue (the job's handler). */
    async runTurn(context: JobContext): Promise<{ state: string }> {
      const taken = await take(context.jobId);
      if (!taken) return { state: 'idle' };
      const inspectionId = taken.inspection_id;
      const inspection = await deps.inspections.findInspection(inspectionId);
      const projectId = inspection?.project_id;
      const announce = () => projectId !== undefined && publish(projectId, inspectionId);
      announce();
      try {
        if (!inspection) throw new AppError('INSPECTION_NOT_EXISTING');
        const run = await repo.update(inspectionId, RUNNING, { state: 'AI_CHECKING' }, context.jobId);
        if (!run) return { state: 'stopped' };
        announce();
        // The model recorded at the start screens every photo of the run, whatever the project chooses meanwhile.
        const model = run.ai_model_id === null ? null : await deps.models.model(run.ai_model_id);
        if (run.ai_model_id !== null && !model) throw new AppError('AI_MODEL_NOT_EXISTING');
        const typeIdOf = new Map(
          (await repo.builtInTypes()).flatMap((row) => (row.code === null ? [] : [[row.code, row.id] as const])),
        );
        const pending = await repo.pending(inspectionId);
        let stopped = false;
        let failed = false;
        // As many photos at a time as the CPU pool has threads; each commits on its own, so a crash loses none.
        const screenNext = async (): Promise<void> => {
          for (let imageId = pending.shift(); imageId !== undefined && !stopped && !failed; imageId = pending.shift()) {
            context.signal.throwIfAborted();
            if (!(await screenPhoto(run, model, imageId, typeIdOf, context))) {
              stopped = true;
              return;
            }
            const now = await status(inspectionId);
            context.progress(now.total ? now.done / now.total : 1, { done: now.done, total: now.total });
            announce();
          }
        };
        // A failure stops the others taking photos, and the turn ends only when the photos in hand are settled.
        const settled = await Promise.allSettled(
          Array.from({ length: Math.min(deps.cpu.threads, pending.length) }, () =>
            screenNext().catch((error: unknown) => {
              failed = true;
              throw error;
            }),
          ),
        );
        const rejected = settled.find((result) => result.status === 'rejected');
        if (rejected) throw rejected.reason;
        if (stopped) return { state: 'stopped' };
        const abnormal = await repo.abnormalSince(inspectionId, run.started_at ?? new Date(0));
        const finished = await repo.update(
          inspectionId,
          ['AI_CHECKING'],
          { state: abnormal > 0 ? 'AI_CHECK_EXCEPTION' : 'AI_CHECK_COMPLETE', finished_at: new Date() },
          context.jobId,
        );
        announce();
        return { state: finished?.state ?? 'stopped' };
      } catch (error) {
        if (context.signal.aborted) throw error;
        const errorKey: ErrorKey = error instanceof AppError ? error.key : 'AI_SERVER_EXCEPTION';
        deps.log.error({ err: error, inspectionId }, 'AI screening failed');
        await repo.transaction(async (q) => {
          const failed = await q.update(
            inspectionId,
            RUNNING,
            { state: 'AI_SERVER_EXCEPTION', error_key: errorKey, finished_at: new Date() },
            context.jobId,
          );
          if (failed) await q.forgetPending(inspectionId);
        });
        announce();
        throw error;
      }
    },
  };
}

export type AiScreeningService = ReturnType<typeof createAiScreeningService>;
