import type { FastifyBaseLogger } from 'fastify';
import {
  AppError,
  DEFECT_CALIBRATION_EVENT,
  type CalibrationInfo,
  type CalibrationStatus,
  type ErrorKey,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import { projectEventSender } from '../../platform/events/project-events.js';
import type { JobContext, JobQueue } from '../../platform/jobs/index.js';
import { inspectionGuard } from '../inspection/inspection-guard.js';
import type { InspectionImageRepo } from '../inspection/inspection-image.repo.js';
import type { InspectionRepo } from '../inspection/inspection.repo.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { ServedModel } from '../project-model/project-model.module.js';
import type { NearestComponent } from './defect-binding.js';
import type { CalibrationRepo } from './defect-calibration.repo.js';
import type { ChosenPose, MeasureDefect } from './defect-measure.js';

/** The durable calibration of an inspection's defect positions. */
export const CALIBRATION_JOB = 'defect.calibrate';
/** Defects placed per transaction (and per progress message). */
const BATCH = 50;
/** States from which a calibration may start or be reset: nothing queued or running. */
const SETTLED = ['idle', 'cancelled', 'done', 'failed'] as const;
const LIVE = ['queued', 'running'] as const;

export interface CalibrationServiceDeps {
  repo: CalibrationRepo;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  images: Pick<InspectionImageRepo, 'findImage'>;
  access: Pick<ProjectAccess, 'require' | 'viewers'>;
  servedModel: (projectId: number) => Promise<ServedModel | null>;
  measure: MeasureDefect;
  bindComponent: NearestComponent;
  jobs: JobQueue;
  bus: EventBus;
  log: FastifyBaseLogger;
}

/**
 * The calibration of defect positions (SPEC section 4): a durable job places every defect of an inspection on the
 * model again, from its photo's newest high-precision pose where there is one (the defect is then high-precision),
 * else from the photo's newest pose; one without a component is then bound to the nearest one, as a new defect is.
 * Key points (defects a key defect stands for) are left alone, as key defects are. A defect calibrated keeps `calibrated_at`, so "continue" and a run after a restart do only the rest; "all"
 * forgets every defect's calibration first; a cancel stops the job between batches.
 */
export function createCalibrationService(deps: CalibrationServiceDeps) {
  const { repo, inspections, access, jobs, bus, log } = deps;
  const requireInspection = inspectionGuard(inspections, access);

  async function status(inspectionId: number): Promise<CalibrationStatus> {
    const [row, counts] = await Promise.all([repo.find(inspectionId), repo.counts(inspectionId)]);
    return {
      inspectionId,
      state: row?.state ?? 'idle',
      ...counts,
      errorKey: row?.error_key ?? null,
      startedAt: row?.started_at?.toISOString() ?? null,
      finishedAt: row?.finished_at?.toISOString() ?? null,
    };
  }

  const send = projectEventSender<CalibrationStatus>({
    bus,
    viewers: access.viewers,
    log,
    name: DEFECT_CALIBRATION_EVENT,
  });
  function publish(projectId: number, inspectionId: number): void {
    send(projectId, () => status(inspectionId), { inspectionId });
  }

  async function cancel(projectId: number, inspectionId: number): Promise<CalibrationStatus> {
    // The job first, then the state: a job that found the state cancelled between the two would end as done.
    const live = await repo.find(inspectionId);
    if (live?.job_id && (LIVE as readonly string[]).includes(live.state)) await jobs.cancel(live.job_id);
    const cancelled = await repo.move(inspectionId, LIVE, { state: 'cancelled', finished_at: new Date() });
    if (cancelled) publish(projectId, inspectionId);
    return status(inspectionId);
  }

  /**
   * One batch's defects placed again, and those without a component bound to the nearest one within the binding
   * range (a component someone chose stays); a defect its photo cannot measure keeps its place and counts as
   * calibrated.
   */
  async function place(batch: Awaited<ReturnType<CalibrationRepo['remaining']>>) {
    const imageIds = [...new Set(batch.map((defect) => defect.image_id))];
    const poses = new Map((await repo.highPrecisionPoses(imageIds)).map((row) => [row.image_id, row]));
    const photos = new Map(
      await Promise.all(imageIds.map(async (id) => [id, await deps.images.findImage(id)] as const)),
    );
    const placed = [];
    for (const defect of batch) {
      const photo = photos.get(defect.image_id);
      const hp = poses.get(defect.image_id);
      const chosen: ChosenPose | undefined = hp && {
        pose: {
          longitude: hp.longitude,
          latitude: hp.latitude,
          altitude: hp.altitude,
          yaw: hp.yaw,
          pitch: hp.pitch,
          roll: hp.roll,
        },
        intrinsics: hp.intrinsics,
      };
      let measured = null;
      if (photo) {
        try {
          measured = await deps.measure(
            photo,
            { kind: defect.shape_kind, points: defect.points, widthPx: defect.width_px },
            chosen,
          );
        } catch (error) {
          if (!(error instanceof AppError) || error.key !== 'IMAGE_PX_LENGTH_CALCULATION_ERROR') throw error;
        }
      }
      const markerId =
        measured && photo && defect.marker_id === null
          ? await deps.bindComponent({ projectId: photo.project_id, inspectionId: photo.inspection_id, ...measured })
          : null;
      placed.push({
        id: defect.id,
        measured,
        highPrecision: Boolean(chosen && measured?.location_state === 'located'),
        markerId,
      });
    }
    return placed;
  }

  return {
    /** Starts (`continue`, `all`) or stops (`cancel`) the inspection's calibration; answers its state. */
    async run(auth: AuthContext, body: { inspectionId: number; mode: 'continue' | 'all' | 'cancel' }) {
      const { inspection } = await requireInspection(auth, body.inspectionId, { change: true });
      if (body.mode === 'cancel') return cancel(inspection.project_id, inspection.id);
      const mode = body.mode;
      if (!(await deps.servedModel(inspection.project_id))) throw new AppError('PROJECT_MODEL_NOT_UPLOADED');
      await repo.transaction(async (q, trx) => {
        const queued = await q.move(inspection.id, SETTLED, {
          state: 'queued',
          mode,
          error_key: null,
          job_id: null,
          started_by: auth.userId,
          started_at: new Date(),
          finished_at: null,
        });
        if (!queued) throw new AppError('PROJECT_IMAGE_CALIBRATION_ING');
        if (mode === 'all') await q.forgetCalibration(inspection.id);
        const jobId = await jobs.enqueue(
          CALIBRATION_JOB,
          { inspectionId: inspection.id },
          { singletonKey: `calibration-${inspection.id}`, transaction: trx },
        );
        await q.move(inspection.id, ['queued'], { job_id: jobId });
      });
      jobs.wake(CALIBRATION_JOB);
      publish(inspection.project_id, inspection.id);
      return status(inspection.id);
    },

    /**
     * Resets the calibration of an inspection (`id` is the inspection's): every defect is to be calibrated again,
     * their places and high-precision flags kept until then. Refused while one is queued or running.
     */
    async init(auth: AuthContext, inspectionId: number) {
      const { inspection } = await requireInspection(auth, inspectionId, { change: true });
      await repo.transaction(async (q) => {
        const reset = await q.move(inspection.id, SETTLED, {
          state: 'idle',
          job_id: null,
          error_key: null,
          started_at: null,
          finished_at: null,
        });
        if (!reset) throw new AppError('PROJECT_IMAGE_CALIBRATION_ING');
        await q.forgetCalibration(inspection.id);
      });
      publish(inspection.project_id, inspection.id);
      return status(inspection.id);
    },

    /** The calibration of the photo's inspection, and of each of the photo's defects; or of an inspection. */
    async info(auth: AuthContext, query: { imageId?: number; inspectionId?: number }): Promise<CalibrationInfo> {
      if (query.imageId === undefined) {
        const { inspection } = await requireInspection(auth, query.inspectionId!);
        return { ...(await status(inspection.id)), defects: [] };
      }
      const photo = await deps.images.findImage(query.imageId);
      if (!photo) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      await access.require(auth, photo.project_id);
      const [state, defects] = await Promise.all([status(photo.inspection_id), repo.ofImage(photo.id)]);
      return {
        ...state,
        defects: defects.map((row) => ({
          id: row.id,
          calibrated: row.calibrated_at !== null,
          highPrecision: row.high_precision,
          keyPoint: Boolean(row.key_point),
          calibratedAt: row.calibrated_at?.toISOString() ?? null,
        })),
      };
    },

    /**
     * The job. Run again after a restart it finds the defects already calibrated marked so and goes on with the
     * rest; a batch commits only while the calibration is still running, so a cancel stops it between batches.
     */
    async runCalibration(payload: { inspectionId: number }, context: JobContext): Promise<{ state: string }> {
      const { inspectionId } = payload;
      const inspection = await inspections.findInspection(inspectionId);
      // An inspection binned or deleted meanwhile has nothing left to place.
      if (!inspection) return { state: 'deleted' };
      const running = await repo.move(inspectionId, LIVE, { state: 'running' });
      if (!running) return { state: 'stopped' };
      publish(inspection.project_id, inspectionId);
      try {
        if (!(await deps.servedModel(inspection.project_id))) throw new AppError('PROJECT_MODEL_NOT_UPLOADED');
        for (;;) {
          context.signal.throwIfAborted();
          const batch = await repo.remaining(inspectionId, BATCH);
          if (batch.length === 0) break;
          const placed = await place(batch);
          context.signal.throwIfAborted();
          const committed = await repo.transaction(async (q) => {
            if (!(await q.move(inspectionId, ['running'], { state: 'running' }))) return false;
            for (const defect of placed) await q.writeCalibrated(defect);
            return true;
          });
          if (!committed) return { state: 'stopped' };
          const counts = await repo.counts(inspectionId);
          context.progress(counts.total ? counts.done / counts.total : 1, counts);
          publish(inspection.project_id, inspectionId);
        }
        const done = await repo.move(inspectionId, ['running'], { state: 'done', finished_at: new Date() });
        publish(inspection.project_id, inspectionId);
        return { state: done?.state ?? 'stopped' };
      } catch (error) {
        if (context.signal.aborted) throw error;
        const errorKey: ErrorKey = error instanceof AppError ? error.key : 'serviceError';
        await repo.move(inspectionId, ['running'], { state: 'failed', error_key: errorKey, finished_at: new Date() });
        publish(inspection.project_id, inspectionId);
        throw error;
      }
    },
  };
}

export type CalibrationService = ReturnType<typeof createCalibrationService>;
