import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AppError,
  type AnalysisState,
  MONITOR_TARGET_EVENT,
  photoIntrinsicsSchema,
  type CreateTargetBody,
  type MonitorTargetEvent,
  type Page,
  type Target,
  type TargetBaseline,
  type TargetChart,
  type TargetImage,
  type RoundSkipReason,
  type TargetState,
} from '@sightline/shared';
import { type PhotoCamera, type PhotoPose, photoCamera, targetDisplacement, uprightCamera } from '@sightline/geo';
import { uprightSize } from '@sightline/imagery';
import { growRect, type PixelRect } from '@sightline/vision';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { CpuPool } from '../../platform/cpu/index.js';
import type { Database } from '../../platform/db/schema.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { JobContext, JobQueue, JobState } from '../../platform/jobs/index.js';
import type { NoticeService } from '../notice/notice.service.js';
import type { ProjectAccess } from '../project/project-access.js';
import { imageBlobKeys } from '../inspection/inspection-image.repo.js';
import type { inspectionImageViewQueries } from '../inspection/inspection-image-view.service.js';
import type { MonitorTargetRepo, TargetFixRow, TargetPhoto, TargetRow } from './monitor-target.repo.js';
import { locateTargetTask, type TargetSearch } from './monitor-target.tasks.js';

export const MONITOR_TARGET_JOB = 'monitor-target.identify';
/** The recurring look for monitoring rounds uploaded after their targets were identified. */
export const MONITOR_TARGET_ROUNDS_JOB = 'monitor-target.new-rounds';
/** Targets one look checks at most; the others wait for the next. */
const NEW_ROUNDS_BATCH = 100;
/**
 * How far, in pixels, a round may show the target from where the baseline had it: the target's own movement plus
 * the drone's framing error on a repeated flight. The search window is the target's box grown by this much.
 */
export const TARGET_SEARCH_MARGIN_PX = 256;
/** The box searched around a found ArUco marker or disc when the target was given no region. */
const MARKER_BOX_PX = 128;

/** A nadir pose at the origin: both photos of a pair without poses are taken as taken from one place. */
const NOMINAL_POSE: PhotoPose = { longitude: 0, latitude: 0, altitude: 0, yaw: 0, pitch: -90, roll: 0 };

function regionOf(row: Pick<TargetRow, 'region_x' | 'region_y' | 'region_width' | 'region_height'>): PixelRect | null {
  if (row.region_x === null || row.region_y === null || row.region_width === null || row.region_height === null) {
    return null;
  }
  return { x: row.region_x, y: row.region_y, width: row.region_width, height: row.region_height };
}

/**
 * SPEC section 4's analysis state of a target, from its identification state and its job's (docs/api.md): not yet
 * run is notStarted; while identifying, the job waiting for a worker is queued, running (or writing its end) is
 * analysing, cancelled but the run not yet stopped is cancelling, and a job that failed for good is error;
 * identified is analysed; failure is error.
 */
export function analysisState(state: TargetState, job: JobState | null): AnalysisState {
  if (state === 'unidentified') return 'notStarted';
  if (state === 'identified') return 'analysed';
  if (state === 'failure') return 'error';
  if (job === null || job === 'queued') return 'queued';
  if (job === 'cancelled') return 'cancelling';
  if (job === 'failed') return 'error';
  return 'analysing';
}

function presentTarget(row: TargetRow): Target {
  const [latest, alarm] = row.latest ? row.latest.split(':') : [];
  return {
    id: row.id,
    projectId: row.project_id,
    inspectionId: row.inspection_id,
    imageId: row.image_id,
    imageName: row.image_name,
    name: row.name,
    type: row.type,
    marker: row.marker,
    dictionary: row.dictionary,
    markerId: row.marker_id,
    region: regionOf(row),
    thresholdMm: row.threshold_mm,
    state: row.state,
    analysis: analysisState(row.state, row.job_state),
    progress: row.progress,
    errorKey: row.error_key,
    baseline: row.base_x !== null && row.base_y !== null ? { x: row.base_x, y: row.base_y } : null,
    latestDisplacementMm: latest !== undefined ? Number(latest) : null,
    alarm: alarm === 'true',
    createdAt: row.created_at.toISOString(),
  };
}

function poseOf(photo: TargetPhoto): PhotoPose | null {
  const { longitude, latitude, altitude, yaw, pitch, roll } = photo;
  if (longitude === null || latitude === null || altitude === null) return null;
  if (yaw === null || pitch === null || roll === null) return null;
  return { longitude, latitude, altitude, yaw, pitch, roll };
}

type InspectionImageViewQueries = ReturnType<typeof inspectionImageViewQueries>;
type Group = Awaited<ReturnType<MonitorTargetRepo['groups']>>[number];

/**
 * The photo's camera at `pose`, counting pixels on the photo as shown (its EXIF orientation applied, as positions
 * are found and placed): the intrinsics of its newest pose when a high-precision import gave them, else its image
 * group's camera at the photo's size.
 */
function cameraAt(photo: TargetPhoto, group: Group, pose: PhotoPose, intrinsics: unknown): PhotoCamera {
  const known = photoIntrinsicsSchema.safeParse(intrinsics);
  const size =
    photo.width_px !== null && photo.height_px !== null
      ? { width: photo.width_px, height: photo.height_px }
      : { width: group.image_width_px, height: group.image_height_px };
  const camera = known.success
    ? photoCamera(pose, {
        kind: 'pixels',
        widthPx: known.data.width,
        heightPx: known.data.height,
        fx: known.data.fx,
        fy: known.data.fy,
        cx: known.data.cx,
        cy: known.data.cy,
      })
    : photoCamera(
        pose,
        {
          kind: 'sensor',
          sensorWidthMm: group.sensor_width_mm,
          sensorHeightMm: group.sensor_height_mm,
          focalLengthMm: group.focal_length_mm,
        },
        size,
      );
  return uprightCamera(camera, photo.orientation);
}

/** The photo's size as shown (its EXIF orientation applied), or null when unknown. */
function shownSize(photo: TargetPhoto): { width: number; height: number } | null {
  if (photo.width_px === null || photo.height_px === null) return null;
  const [width, height] = uprightSize(photo.width_px, photo.height_px, photo.orientation);
  return { width, height };
}

/**
 * Drone-target displacement monitoring (SPEC sections 3, 4, 7): targets picked on a baseline photo, identified on it
 * and on the matching photo of each later round by a durable job (packages/vision in the CPU pool), positions
 * correctable by hand, displacements in millimetres (packages/geo target-displacement.ts) with alarms as notices.
 */
export function createMonitorTargetService(deps: {
  repo: MonitorTargetRepo;
  view: Pick<InspectionImageViewQueries, 'newestIntrinsics'>;
  access: ProjectAccess;
  notices: Pick<NoticeService, 'notify'>;
  jobs: JobQueue;
  cpu: CpuPool;
  bus: EventBus;
  log: FastifyBaseLogger;
}) {
  const { repo, view, access, jobs, bus, log } = deps;

  async function requireTarget(auth: AuthContext, id: number, options: { change?: boolean } = {}) {
    const target = await repo.findTarget(id);
    if (!target) throw new AppError('PROJECT_TARGET_MISSING');
    const project = await access.require(auth, target.project_id, options);
    return { target, project };
  }

  const enqueueIdentification = (trx: Kysely<Database>, targetId: number) =>
    jobs.enqueue(MONITOR_TARGET_JOB, { targetId }, { transaction: trx });

  // State and progress reach everyone who sees the project, in order.
  let deliveries = Promise.resolve();
  function publish(row: {
    id: number;
    project_id: number;
    state: TargetState;
    progress: number;
    error_key: string | null;
  }) {
    deliveries = deliveries.then(async () => {
      try {
        const value: MonitorTargetEvent = {
          tagId: row.id,
          projectId: row.project_id,
          state: row.state,
          progress: row.progress,
          errorKey: row.error_key,
        };
        for (const userId of await access.viewers(row.project_id)) {
          bus.publish({ userId, name: MONITOR_TARGET_EVENT, value });
        }
      } catch (error) {
        log.warn({ err: error, targetId: row.id }, 'target progress not sent');
      }
    });
  }

  /**
   * SPEC section 5's rule, where it is enforced: a later inspection is a round of the baseline only with as many
   * photos; another is skipped with its reason (uploads are never refused for it: any inspection may hold any count).
   */
  const skipReason = (photoCount: number, baselineCount: number): RoundSkipReason | null =>
    photoCount === baselineCount ? null : 'photoCount';

  /** The baseline's photos and each round's, paired by place in name order; skipped inspections are left out. */
  async function roundsOf(target: Pick<TargetRow, 'inspection_id' | 'image_id'>) {
    const baselinePhotos = await repo.inspectionPhotos(target.inspection_id);
    const index = baselinePhotos.findIndex((photo) => photo.id === target.image_id);
    const rounds = [];
    for (const inspection of await repo.laterInspections(target.inspection_id)) {
      const photos = await repo.inspectionPhotos(inspection.id);
      const photo = photos[index];
      if (skipReason(photos.length, baselinePhotos.length) === null && photo) rounds.push({ inspection, photo });
    }
    return { baselinePhoto: baselinePhotos[index], rounds };
  }

  /** How to find the target: on the baseline photo (`round` false) or on a round's. */
  function searchOf(target: TargetRow, baselinePhoto: TargetPhoto, round: boolean): TargetSearch {
    const template = {
      templateKey: imageBlobKeys(baselinePhoto.storage_key).original,
      templateRect: regionOf(target) as PixelRect,
    };
    if (target.type === 'virtual') return { kind: 'patch', ...template };
    if (target.marker === 'circle') return round ? { kind: 'circle', ...template } : { kind: 'circle' };
    return { kind: 'aruco', dictionary: target.dictionary!, markerId: target.marker_id! };
  }

  async function locate(photo: TargetPhoto, search: TargetSearch, window: PixelRect | null, signal: AbortSignal) {
    const result = await deps.cpu.run(
      locateTargetTask,
      { originalKey: imageBlobKeys(photo.storage_key).original, search, window },
      { signal },
    );
    return result.ok ? result.fix : null;
  }

  /**
   * Computes every round's displacement from the baseline position and stores it; new threshold crossings are
   * announced to everyone who sees the project.
   */
  async function measure(target: TargetRow) {
    const { baselinePhoto, rounds } = await roundsOf(target);
    const fixes = new Map((await repo.fixes(target.id)).map((fix) => [fix.image_id, fix]));
    const base = fixes.get(target.image_id);
    if (!baselinePhoto) return;
    const inspectionIds = [target.inspection_id, ...rounds.map((round) => round.inspection.id)];
    const groups = new Map((await repo.groups(inspectionIds)).map((group) => [group.id, group]));
    const intrinsics = new Map(
      (await Promise.all(inspectionIds.map((id) => view.newestIntrinsics(id))))
        .flat()
        .map((row) => [row.image_id, row.intrinsics]),
    );
    const baseGroup = groups.get(baselinePhoto.image_group_id);
    const basePose = poseOf(baselinePhoto);
    const changes = [];
    for (const { photo } of rounds) {
      const fix = fixes.get(photo.id);
      if (!fix) continue;
      const group = groups.get(photo.image_group_id);
      const known = base?.x != null && base.y != null && fix.x !== null && fix.y !== null && baseGroup && group;
      let result = null;
      if (known) {
        // A round without a pose is taken from the baseline's place; neither posed, from one nominal place.
        const pose = poseOf(photo) ?? basePose ?? NOMINAL_POSE;
        try {
          result = targetDisplacement({
            baseline: {
              camera: cameraAt(baselinePhoto, baseGroup, basePose ?? pose, intrinsics.get(baselinePhoto.id)),
              pixel: [base.x!, base.y!],
            },
            round: { camera: cameraAt(photo, group, pose, intrinsics.get(photo.id)), pixel: [fix.x!, fix.y!] },
            distanceM: baseGroup.photo_distance_m,
          });
        } catch (error) {
          log.warn({ err: error, targetId: target.id, imageId: photo.id }, 'a target displacement is not measurable');
        }
      }
      changes.push({
        id: fix.id,
        displacementMm: result?.displacementMm ?? null,
        rightMm: result?.rightMm ?? null,
        downMm: result?.downMm ?? null,
      });
    }
    const fresh = new Map((await repo.writeDisplacements(changes)).map((row) => [row.id, row.thresholdMm]));
    const project = fresh.size > 0 ? await repo.project(target.project_id) : undefined;
    if (!project) return;
    const recipients = await access.viewers(target.project_id);
    for (const { inspection, photo } of rounds) {
      const fix = fixes.get(photo.id);
      const change = changes.find((candidate) => candidate.id === fix?.id);
      if (!fix || !change || !fresh.has(fix.id)) continue;
      for (const userId of recipients) {
        await deps.notices.notify({
          userId,
          teamId: project.team_id,
          type: 'project',
          title: 'targetUi.notice.alarmTitle',
          content: 'targetUi.notice.alarmContent',
          params: {
            project: project.name,
            target: target.name,
            time: `${inspection.inspection_date} ${inspection.name}`,
            displacement: change.displacementMm ?? 0,
            threshold: fresh.get(fix.id)!,
          },
        });
      }
    }
  }

  function presentImage(
    fix: TargetFixRow | undefined,
    photo: TargetPhoto,
    inspection: { id: number; name: string; inspection_date: string },
    baseline: boolean,
  ): TargetImage {
    return {
      imageId: photo.id,
      imageName: photo.name,
      inspectionId: inspection.id,
      inspectionName: inspection.name,
      inspectionDate: inspection.inspection_date,
      baseline,
      position: fix && fix.x !== null && fix.y !== null ? { x: fix.x, y: fix.y } : null,
      source: fix?.source ?? null,
      displacementMm: fix?.displacement_mm ?? null,
      rightMm: fix?.right_mm ?? null,
      downMm: fix?.down_mm ?? null,
      alarm: fix?.alarm ?? false,
    };
  }

  /** The target's photos: the baseline's, then each round's, with positions and displacements. */
  async function imagesOf(target: TargetRow): Promise<TargetImage[]> {
    const { baselinePhoto, rounds } = await roundsOf(target);
    if (!baselinePhoto) return [];
    const fixes = new Map((await repo.fixes(target.id)).map((fix) => [fix.image_id, fix]));
    const baseInspection = await repo.inspection(target.inspection_id);
    return [
      presentImage(fixes.get(baselinePhoto.id), baselinePhoto, baseInspection, true),
      ...rounds.map(({ inspection, photo }) => presentImage(fixes.get(photo.id), photo, inspection, false)),
    ];
  }

  /** Sets positions by hand on the target's photos (refusing a photo that is not one of them), then measures. */
  async function setPositions(
    auth: AuthContext,
    items: ReadonlyArray<{ tagId: number; imageId: number; x: number; y: number }>,
  ) {
    const byTarget = new Map<number, Array<{ imageId: number; x: number; y: number }>>();
    for (const item of items) byTarget.set(item.tagId, [...(byTarget.get(item.tagId) ?? []), item]);
    const checked = [];
    for (const [tagId, positions] of byTarget) {
      const { target } = await requireTarget(auth, tagId, { change: true });
      const { baselinePhoto, rounds } = await roundsOf(target);
      const photos = new Map(
        [baselinePhoto, ...rounds.map((round) => round.photo)].flatMap((p) => (p ? [[p.id, p]] : [])),
      );
      for (const position of positions) {
        const photo = photos.get(position.imageId);
        if (!photo) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
        const shown = shownSize(photo);
        if (shown && (position.x > shown.width || position.y > shown.height)) {
          throw new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'x', key: 'numberRange' }] } });
        }
      }
      checked.push({ target, positions });
    }
    for (const { target, positions } of checked) {
      for (const position of positions) {
        await repo.saveFix(target.id, position.imageId, {
          x: position.x,
          y: position.y,
          source: 'manual',
          score: null,
        });
      }
      await measure(target);
      // A target not found on its baseline photo is identified on the rounds once a hand has placed it there.
      const placedBaseline = positions.some((position) => position.imageId === target.image_id);
      if (placedBaseline && (await repo.retryWithJob(target.id, 'failure', enqueueIdentification))) {
        jobs.wake(MONITOR_TARGET_JOB);
        publish((await repo.findTarget(target.id)) as TargetRow);
      }
    }
    return items.length;
  }

  return {
    async create(auth: AuthContext, body: CreateTargetBody & { thresholdMm: number }): Promise<Target> {
      await access.require(auth, body.projectId, { change: true });
      const photo = await repo.findPhoto(body.imageId);
      if (!photo || photo.project_id !== body.projectId || photo.state === 'uploading' || photo.state === 'failed') {
        throw new AppError('IMG_NO_BASIS_IMAGE');
      }
      // Whole pixels: a patch's template is cut on pixel edges, and its centre is the baseline position.
      const region = body.region
        ? {
            x: Math.round(body.region.x),
            y: Math.round(body.region.y),
            width: Math.round(body.region.width),
            height: Math.round(body.region.height),
          }
        : null;
      const shown = shownSize(photo);
      if (region && shown) {
        if (region.x + region.width > shown.width || region.y + region.height > shown.height) {
          throw new AppError('VALIDATION_ERROR', { data: { issues: [{ path: 'region', key: 'numberRange' }] } });
        }
      }
      const physical = body.type === 'physical';
      const aruco = physical && body.marker === 'aruco';
      const id = await repo.createWithJob(
        {
          project_id: body.projectId,
          inspection_id: photo.inspection_id,
          image_id: photo.id,
          name: body.name,
          type: body.type,
          marker: physical ? (body.marker ?? null) : null,
          dictionary: aruco ? (body.dictionary ?? null) : null,
          marker_id: aruco ? (body.markerId ?? null) : null,
          region_x: region?.x ?? null,
          region_y: region?.y ?? null,
          region_width: region?.width ?? null,
          region_height: region?.height ?? null,
          threshold_mm: body.thresholdMm,
          created_by: auth.userId,
        },
        enqueueIdentification,
      );
      jobs.wake(MONITOR_TARGET_JOB);
      const row = (await repo.findTarget(id)) as TargetRow;
      publish(row);
      return presentTarget(row);
    },

    async list(
      auth: AuthContext,
      query: { projectId: number; pageNum: number; pageSize: number; state?: TargetState | undefined },
    ): Promise<Page<Target>> {
      await access.require(auth, query.projectId);
      const { total, rows } = await repo.pageTargets(query.projectId, {
        state: query.state,
        offset: (query.pageNum - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return { records: rows.map(presentTarget), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    /** Deletes targets (all checked first; an unknown id is PROJECT_TARGET_MISSING), cancelling their identification. */
    async remove(auth: AuthContext, ids: readonly number[]) {
      const unique = [...new Set(ids)];
      const targets = await repo.findTargets(unique);
      if (targets.length !== unique.length) throw new AppError('PROJECT_TARGET_MISSING');
      for (const projectId of new Set(targets.map((target) => target.project_id))) {
        await access.require(auth, projectId, { change: true });
      }
      // Cancelled first, so that no run writes positions of a target being deleted.
      for (const target of targets) {
        if (target.job_id && target.state === 'identifying') await jobs.cancel(target.job_id);
      }
      return { count: await repo.deleteTargets(unique) };
    },

    /**
     * One threshold for several targets (all checked first; an unknown id is PROJECT_TARGET_MISSING): their rounds'
     * alarms are computed again, a round newly above the threshold announced as after a measurement.
     */
    async setThresholds(auth: AuthContext, ids: readonly number[], thresholdMm: number): Promise<Target[]> {
      const unique = [...new Set(ids)];
      const targets = await repo.findTargets(unique);
      if (targets.length !== unique.length) throw new AppError('PROJECT_TARGET_MISSING');
      for (const projectId of new Set(targets.map((target) => target.project_id))) {
        await access.require(auth, projectId, { change: true });
      }
      await repo.setThreshold(unique, thresholdMm);
      const result = [];
      for (const id of unique) {
        await measure((await repo.findTarget(id)) as TargetRow);
        const row = (await repo.findTarget(id)) as TargetRow;
        publish(row);
        result.push(presentTarget(row));
      }
      return result;
    },

    async images(auth: AuthContext, tagId: number) {
      const { target } = await requireTarget(auth, tagId);
      return imagesOf(target);
    },

    async setPosition(auth: AuthContext, imageId: number, body: { tagId: number; x: number; y: number }) {
      await setPositions(auth, [{ ...body, imageId }]);
      return imagesOf((await repo.findTarget(body.tagId)) as TargetRow);
    },

    async setPositions(
      auth: AuthContext,
      items: ReadonlyArray<{ tagId: number; imageId: number; x: number; y: number }>,
    ) {
      return { count: await setPositions(auth, items) };
    },

    /** The project's baselines with their photo counts and later inspections, each a round or skipped and why. */
    async baselines(auth: AuthContext, projectId: number): Promise<TargetBaseline[]> {
      await access.require(auth, projectId);
      const result = [];
      for (const baseline of await repo.baselines(projectId)) {
        const later = await repo.laterInspections(baseline.id);
        const counts = await repo.photoCounts([baseline.id, ...later.map((inspection) => inspection.id)]);
        const photoCount = counts.get(baseline.id) ?? 0;
        result.push({
          inspectionId: baseline.id,
          name: baseline.name,
          inspectionDate: baseline.inspection_date,
          description: baseline.description,
          photoCount,
          targetCount: Number(baseline.target_count),
          rounds: later.map((inspection) => ({
            inspectionId: inspection.id,
            name: inspection.name,
            inspectionDate: inspection.inspection_date,
            photoCount: counts.get(inspection.id) ?? 0,
            skipped: skipReason(counts.get(inspection.id) ?? 0, photoCount),
          })),
        });
      }
      return result;
    },

    async lineChart(
      auth: AuthContext,
      query: { projectId: number; tagIds?: number[] | undefined; alarmOnly?: boolean | undefined },
    ): Promise<TargetChart> {
      await access.require(auth, query.projectId);
      let targets = await repo.projectTargets(query.projectId, query.tagIds);
      if (query.alarmOnly) targets = targets.filter((target) => presentTarget(target).alarm);
      const rounds = new Map<number, { inspectionId: number; name: string; inspectionDate: string }>();
      const values = new Map<number, Map<number, number | null>>();
      for (const target of targets) {
        const byRound = new Map<number, number | null>();
        for (const image of await imagesOf(target)) {
          if (image.baseline) continue;
          rounds.set(image.inspectionId, {
            inspectionId: image.inspectionId,
            name: image.inspectionName,
            inspectionDate: image.inspectionDate,
          });
          byRound.set(image.inspectionId, image.displacementMm);
        }
        values.set(target.id, byRound);
      }
      const ordered = [...rounds.values()].sort(
        (a, b) => a.inspectionDate.localeCompare(b.inspectionDate) || a.inspectionId - b.inspectionId,
      );
      return {
        rounds: ordered,
        series: targets.map((target) => ({
          tagId: target.id,
          name: target.name,
          thresholdMm: target.threshold_mm,
          values: ordered.map((round) => values.get(target.id)?.get(round.inspectionId) ?? null),
        })),
      };
    },

    /**
     * The recurring look for new rounds: an identified target whose project received photos since gets identified
     * again when one of its rounds has no position yet (positions set by hand stay); the others are marked checked.
     */
    async identifyNewRounds(): Promise<{ started: number }> {
      let started = 0;
      for (const target of await repo.targetsWithNewPhotos(NEW_ROUNDS_BATCH)) {
        const { rounds } = await roundsOf(target);
        const fixed = new Set((await repo.fixes(target.id)).map((fix) => fix.image_id));
        if (!rounds.some((round) => !fixed.has(round.photo.id))) {
          await repo.touch(target.id);
        } else if (await repo.retryWithJob(target.id, 'identified', enqueueIdentification)) {
          started += 1;
          publish((await repo.findTarget(target.id)) as TargetRow);
        }
      }
      if (started > 0) jobs.wake(MONITOR_TARGET_JOB);
      return { started };
    },

    /**
     * The identification job: the target on the baseline photo (IMG_BASIS_IMAGE_NO_TARGET when it is not there),
     * then on each round's photo around it; positions set by hand stay. Idempotent: a run after a restart finds
     * every position again and writes the same rows.
     */
    async runIdentification(payload: { targetId: number }, context: JobContext): Promise<{ state: string }> {
      const target = await repo.findTarget(payload.targetId);
      if (!target || target.state !== 'identifying') return { state: target?.state ?? 'deleted' };
      const { baselinePhoto, rounds } = await roundsOf(target);
      const fail = async (errorKey: string) => {
        const failed = await repo.moveState(target.id, ['identifying'], 'failure', {
          progress: 1,
          error_key: errorKey,
        });
        if (failed) publish(failed);
        return { state: 'failure' };
      };
      if (!baselinePhoto) return fail('IMG_NO_BASIS_IMAGE');
      const search = searchOf(target, baselinePhoto, false);
      const region = regionOf(target);
      const existing = new Map((await repo.fixes(target.id)).map((fix) => [fix.image_id, fix]));
      let base = existing.get(baselinePhoto.id);
      if (base?.source !== 'manual') {
        const found =
          search.kind === 'patch' && region
            ? { x: region.x + region.width / 2, y: region.y + region.height / 2, score: 1 }
            : await locate(baselinePhoto, search, region, context.signal);
        if (!found) return fail('IMG_BASIS_IMAGE_NO_TARGET');
        await repo.saveFix(target.id, baselinePhoto.id, {
          x: found.x,
          y: found.y,
          source: 'detected',
          score: found.score,
        });
        base = (await repo.fixes(target.id)).find((fix) => fix.image_id === baselinePhoto.id);
      }
      const total = rounds.length + 1;
      const progressed = async (done: number) => {
        context.progress(done / total);
        const row = await repo.setProgress(target.id, done / total);
        if (row) publish(row);
      };
      await progressed(1);
      // The round's window: the target's box (its region, or a box around the marker) moved to the baseline position.
      const box = region ?? { x: 0, y: 0, width: MARKER_BOX_PX, height: MARKER_BOX_PX };
      const window = growRect(
        { x: base!.x! - box.width / 2, y: base!.y! - box.height / 2, width: box.width, height: box.height },
        TARGET_SEARCH_MARGIN_PX,
      );
      const roundSearch = searchOf(target, baselinePhoto, true);
      for (const [index, { photo }] of rounds.entries()) {
        context.signal.throwIfAborted();
        if (existing.get(photo.id)?.source !== 'manual') {
          const found = await locate(photo, roundSearch, window, context.signal);
          await repo.saveFix(target.id, photo.id, {
            x: found?.x ?? null,
            y: found?.y ?? null,
            source: found ? 'detected' : null,
            score: found?.score ?? null,
          });
        }
        await progressed(index + 2);
      }
      await measure(target);
      const done = await repo.moveState(target.id, ['identifying'], 'identified', { progress: 1, error_key: null });
      if (done) publish(done);
      return { state: 'identified' };
    },
  };
}

export type MonitorTargetService = ReturnType<typeof createMonitorTargetService>;
