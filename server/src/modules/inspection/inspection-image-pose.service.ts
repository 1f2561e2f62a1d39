import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  AppError,
  POSE_RANGES,
  type ImagePose,
  type ImagePoseHistoryEntry,
  type ImagePoseRecord,
  type ImagePoseSourceCode,
  type PoseAdjustBody,
  type PoseChangeResult,
  type PoseFindResult,
  type PoseOffset,
  type PoseRestoreBody,
  type WithoutPoseReasonCode,
  type poseFindBodySchema,
} from '@sightline/shared';
import { enu, enuFrame, enuToWgs84, normalizeDegrees, wgs84 } from '@sightline/geo';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { Database } from '../../platform/db/schema.js';
import type { ProjectAccess } from '../project/project-access.js';
import { imagePoseQueries, poseOf, type ImagePoseQueries } from './inspection-image-pose.repo.js';
import type { InspectionRepo } from './inspection.repo.js';
import { inspectionGuard } from './inspection-guard.js';

type PoseFindInput = z.output<typeof poseFindBodySchema>;

export interface ImagePoseServiceDeps {
  db: Kysely<Database>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require'>;
  /** Tells everyone who sees the project that the inspection's photos changed (INSPECTION_IMAGES_EVENT). */
  publish(inspectionId: number, projectId: number): void;
}

type LockedImage = Awaited<ReturnType<ImagePoseQueries['lockImages']>>[number];

const toIso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** Angles in (-180, 180], so an offset never leaves them outside SPEC 5's ±360 however often it is applied. */
function normalised(pose: ImagePose): ImagePose {
  return {
    ...pose,
    pitch: normalizeDegrees(pose.pitch),
    yaw: normalizeDegrees(pose.yaw),
    roll: normalizeDegrees(pose.roll),
  };
}

/**
 * A pose moved by metres east and north in its own horizon (the WGS84 ellipsoid's tangent plane at the photo) and up
 * along the vertical. The altitude takes `up` as is: it is the drone's altitude, not an ellipsoidal height, and the
 * tangent plane's rise over a few hundred metres (centimetres) is not a change anyone asked for.
 */
export function offsetPose(pose: ImagePose, offset: PoseOffset): ImagePose {
  const moved = enuToWgs84(enu(offset.east, offset.north, 0), enuFrame(wgs84(pose.longitude, pose.latitude, 0)));
  return normalised({
    longitude: offset.east === 0 && offset.north === 0 ? pose.longitude : moved.lon,
    latitude: offset.east === 0 && offset.north === 0 ? pose.latitude : moved.lat,
    altitude: pose.altitude + offset.up,
    pitch: pose.pitch + offset.pitch,
    yaw: pose.yaw + offset.yaw,
    roll: pose.roll + offset.roll,
  });
}

/** SPEC section 5 on a resulting pose; the angles are normalised already. */
export function poseInRange(pose: ImagePose): boolean {
  const inside = (value: number, range: { min: number; max: number }) =>
    Number.isFinite(value) && value >= range.min && value <= range.max;
  return (
    inside(pose.longitude, POSE_RANGES.longitude) &&
    inside(pose.latitude, POSE_RANGES.latitude) &&
    inside(pose.altitude, POSE_RANGES.altitude) &&
    [pose.pitch, pose.yaw, pose.roll].every((angle) => inside(angle, POSE_RANGES.angle))
  );
}

const samePose = (a: ImagePose, b: ImagePose) =>
  a.longitude === b.longitude &&
  a.latitude === b.latitude &&
  a.altitude === b.altitude &&
  a.pitch === b.pitch &&
  a.yaw === b.yaw &&
  a.roll === b.roll;

function withoutPoseOf(row: Pick<LockedImage, 'without_pose_reason' | 'without_pose_properties'>) {
  return row.without_pose_reason
    ? { reason: row.without_pose_reason as WithoutPoseReasonCode, properties: row.without_pose_properties ?? [] }
    : null;
}

/**
 * Poses of photos (SPEC sections 2, 4 and 5): adjusting one photo's pose or a batch's, answering the newest or the
 * default pose and a photo's history, restoring the initial pose. Each change writes a history row and the photo's
 * pose columns in one transaction, all the photos of a call or none.
 */
export function createImagePoseService(deps: ImagePoseServiceDeps) {
  const { db, inspections, access, publish } = deps;

  const requireInspection = inspectionGuard(inspections, access);

  /** The photos of the call, locked, in the order asked; refused unless each is a processed photo of the inspection. */
  async function lockProcessed(q: ImagePoseQueries, inspectionId: number, ids: readonly number[]) {
    const rows = await q.lockImages(inspectionId, ids);
    if (rows.length !== ids.length) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
    const byId = new Map(rows.map((row) => [row.id, row]));
    const ordered = ids.map((id) => byId.get(id)!);
    const pending = ordered.find((row) => row.state !== 'processed');
    if (pending) throw new AppError('INSPECTION_IMAGE_POSE_NOT_READY', { params: { name: pending.name } });
    // A photo ingested before poses had a history holds its metadata pose in its columns only: record it first, so
    // an adjustment never loses the pose a restore goes back to.
    const known = await q.withHistory(ids);
    await q.insertPoses(
      ordered.flatMap((row) => {
        const pose = poseOf(row);
        return pose && !known.has(row.id) ? [{ imageId: row.id, source: 'metadata' as const, pose, userId: null }] : [];
      }),
    );
    return ordered;
  }

  const changed = (
    row: LockedImage,
    pose: ImagePose | null,
    source: ImagePoseSourceCode | null,
    at: Date | string | null,
  ): ImagePoseRecord => ({
    imageId: row.id,
    name: row.name,
    pose,
    source: pose ? source : null,
    recordedAt: pose && at ? toIso(at) : null,
    withoutPose: withoutPoseOf(row),
  });

  return {
    async adjust(auth: AuthContext, body: PoseAdjustBody): Promise<PoseChangeResult> {
      const { inspection } = await requireInspection(auth, body.inspectionId, { change: true });
      const ids = body.mode === 'absolute' ? [body.imageId] : [...new Set(body.imageIds)];
      const records = await db.transaction().execute(async (trx) => {
        const q = imagePoseQueries(trx);
        const rows = await lockProcessed(q, inspection.id, ids);
        const next = rows.map((row) => {
          if (body.mode === 'absolute') return { row, pose: normalised(body.pose) };
          const current = poseOf(row);
          if (!current) throw new AppError('INSPECTION_IMAGE_POSE_MISSING', { params: { name: row.name } });
          return { row, pose: offsetPose(current, body.offset) };
        });
        const outside = next.find(({ pose }) => !poseInRange(pose));
        if (outside) {
          throw new AppError('INSPECTION_IMAGE_POSE_OUT_OF_RANGE', {
            params: { name: outside.row.name },
            data: { imageId: outside.row.id, pose: outside.pose },
          });
        }
        const inserted = await q.insertPoses(
          next.map(({ row, pose }) => ({ imageId: row.id, source: 'manual' as const, pose, userId: auth.userId })),
        );
        for (const { row, pose } of next) await q.setNewest(row.id, pose);
        const at = new Map(inserted.map((entry) => [entry.image_id, entry.created_at]));
        return next.map(({ row, pose }) => changed(row, pose, 'manual', at.get(row.id) ?? null));
      });
      publish(inspection.id, inspection.project_id);
      return { updated: records.length, records };
    },

    /**
     * Back to the metadata pose (recorded again, as the newest); a photo whose metadata gave none goes back to
     * "images without pose" with the reason it had. A photo already at its metadata pose is left as it is.
     */
    async restore(auth: AuthContext, body: PoseRestoreBody): Promise<PoseChangeResult> {
      const { inspection } = await requireInspection(auth, body.inspectionId, { change: true });
      const ids = [...new Set(body.imageIds)];
      const { records, updated } = await db.transaction().execute(async (trx) => {
        const q = imagePoseQueries(trx);
        const rows = await lockProcessed(q, inspection.id, ids);
        const metadata = new Map(
          (await q.defaults(inspection.id, ids, { metadataOnly: true })).map((entry) => [entry.image_id, entry]),
        );
        const latest = new Map((await q.latest(inspection.id, ids)).map((entry) => [entry.image_id, entry]));
        let count = 0;
        const out: ImagePoseRecord[] = [];
        for (const row of rows) {
          const current = poseOf(row);
          const initial = metadata.get(row.id);
          const initialPose = initial ? poseOf(initial) : null;
          if (!initialPose) {
            if (current) {
              await q.setNewest(row.id, null);
              count += 1;
            }
            out.push(changed(row, null, null, null));
            continue;
          }
          if (current && samePose(current, initialPose)) {
            const last = latest.get(row.id);
            out.push(changed(row, current, last?.source ?? 'metadata', last?.created_at ?? null));
            continue;
          }
          const [entry] = await q.insertPoses([
            { imageId: row.id, source: 'metadata', pose: initialPose, userId: auth.userId },
          ]);
          await q.setNewest(row.id, initialPose);
          count += 1;
          out.push(changed(row, initialPose, 'metadata', entry?.created_at ?? null));
        }
        return { records: out, updated: count };
      });
      if (updated > 0) publish(inspection.id, inspection.project_id);
      return { updated, records };
    },

    async find(auth: AuthContext, body: PoseFindInput): Promise<PoseFindResult> {
      const { inspection } = await requireInspection(auth, body.inspectionId);
      const ids = body.imageIds ? [...new Set(body.imageIds)] : undefined;
      const q = imagePoseQueries(db);
      const rows = await q.listImages(inspection.id, ids);
      if (ids && rows.length !== ids.length) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
      const entries = new Map(
        (body.method === 'newest' ? await q.latest(inspection.id, ids) : await q.defaults(inspection.id, ids)).map(
          (entry) => [entry.image_id, entry],
        ),
      );
      const records = rows.map((row): ImagePoseRecord => {
        const entry = entries.get(row.id);
        const columns = poseOf(row);
        // Without history, a pose in the columns is the one its ingest read before poses had a history.
        const fallback = !entry && columns ? { pose: columns, source: 'metadata' as const } : null;
        if (body.method === 'newest') {
          return {
            imageId: row.id,
            name: row.name,
            pose: columns,
            source: columns ? (entry?.source ?? 'metadata') : null,
            recordedAt: columns ? toIso(entry?.created_at ?? row.uploaded_at ?? row.created_at) : null,
            withoutPose: withoutPoseOf(row),
          };
        }
        const pose = entry ? poseOf(entry) : (fallback?.pose ?? null);
        return {
          imageId: row.id,
          name: row.name,
          pose,
          source: entry?.source ?? fallback?.source ?? null,
          recordedAt: entry ? toIso(entry.created_at) : fallback ? toIso(row.uploaded_at ?? row.created_at) : null,
          withoutPose: withoutPoseOf(row),
        };
      });
      let history: ImagePoseHistoryEntry[] | null = null;
      if (body.historyOf !== undefined) {
        const [photo] = await q.listImages(inspection.id, [body.historyOf]);
        if (!photo) throw new AppError('INSPECTION_IMAGE_NOT_EXISTING');
        history = (await q.history(photo.id)).map((entry) => ({
          id: entry.id,
          source: entry.source,
          pose: poseOf(entry)!,
          recordedAt: toIso(entry.created_at),
          recordedBy:
            entry.created_by !== null && entry.user_name !== null
              ? { id: entry.created_by, name: entry.user_name }
              : null,
        }));
      }
      return { method: body.method, records, history };
    },
  };
}

export type ImagePoseService = ReturnType<typeof createImagePoseService>;
