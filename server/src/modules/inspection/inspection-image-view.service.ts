import { sql, type Kysely } from 'kysely';
import {
  AppError,
  photoIntrinsicsSchema,
  type InspectionPhotoView,
  type PhotoIntrinsics,
  type PhotoView,
} from '@sightline/shared';
import type { FrustumCamera } from '@sightline/geo';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { Database } from '../../platform/db/schema.js';
import type { ProjectAccess } from '../project/project-access.js';
import type { InspectionRepo } from './inspection.repo.js';
import { exifOrientation } from './inspection-image.repo.js';

/**
 * Rounding of the 3D view's poses: 1e-8 degree is about a millimetre on the ground, 1e-3 m a millimetre up, 1e-4
 * degree of angle moves a point 100 m away by under a millimetre. Full doubles would double the payload.
 */
const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** Intrinsics as the pose history stores them (packages/imagery CameraIntrinsics); anything else is ignored. */
function readIntrinsics(value: unknown): PhotoIntrinsics | undefined {
  const parsed = photoIntrinsicsSchema.safeParse(value);
  return parsed.success
    ? {
        width: parsed.data.width,
        height: parsed.data.height,
        fx: round(parsed.data.fx, 3),
        fy: round(parsed.data.fy, 3),
        cx: round(parsed.data.cx, 3),
        cy: round(parsed.data.cy, 3),
      }
    : undefined;
}

/**
 * A posed photo's camera as stored (before any EXIF orientation): the intrinsics of its high-precision pose when they
 * are known, else its image group's camera; and its size in pixels, the group's for a photo whose own is unknown.
 */
export function storedCamera(
  photo: { width_px: number | null; height_px: number | null },
  group: {
    sensor_width_mm: number;
    sensor_height_mm: number;
    focal_length_mm: number;
    image_width_px: number;
    image_height_px: number;
  },
  intrinsics: unknown,
): { camera: FrustumCamera; size: { width: number; height: number } } {
  const known = photoIntrinsicsSchema.safeParse(intrinsics);
  const camera: FrustumCamera = known.success
    ? {
        kind: 'pixels',
        widthPx: known.data.width,
        heightPx: known.data.height,
        fx: known.data.fx,
        fy: known.data.fy,
        cx: known.data.cx,
        cy: known.data.cy,
      }
    : {
        kind: 'sensor',
        sensorWidthMm: group.sensor_width_mm,
        sensorHeightMm: group.sensor_height_mm,
        focalLengthMm: group.focal_length_mm,
      };
  const size =
    photo.width_px !== null && photo.height_px !== null
      ? { width: photo.width_px, height: photo.height_px }
      : { width: group.image_width_px, height: group.image_height_px };
  return { camera, size };
}

export function inspectionImageViewQueries(db: Kysely<Database>) {
  return {
    groups(inspectionId: number) {
      return db
        .selectFrom('inspection_image_groups')
        .select([
          'id',
          'name',
          'photo_distance_m',
          'sensor_width_mm',
          'sensor_height_mm',
          'focal_length_mm',
          'image_width_px',
          'image_height_px',
        ])
        .where('inspection_id', '=', inspectionId)
        .orderBy('id')
        .execute();
    },

    /** The EXIF orientation of the inspection's posed photos that it turns or mirrors (any but 1). */
    turnedPhotos(inspectionId: number) {
      return db
        .selectFrom('inspection_images')
        .select(['id', exifOrientation('metadata')])
        .where('inspection_id', '=', inspectionId)
        .where('longitude', 'is not', null)
        .where(sql<string>`metadata ->> 'orientation'`, '<>', '1')
        .execute();
    },

    /** Listed photos with a pose (newest pose columns), in upload order. */
    posedPhotos(inspectionId: number) {
      return db
        .selectFrom('inspection_images')
        .select([
          'id',
          'name',
          'image_group_id',
          'longitude',
          'latitude',
          'altitude',
          'yaw',
          'pitch',
          'roll',
          'width_px',
          'height_px',
        ])
        .where('inspection_id', '=', inspectionId)
        .where('state', '!=', 'uploading')
        .where('longitude', 'is not', null)
        .orderBy('id')
        .execute();
    },

    async withoutPoseCount(inspectionId: number): Promise<number> {
      const row = await db
        .selectFrom('inspection_images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('inspection_id', '=', inspectionId)
        .where('state', '!=', 'uploading')
        .where('longitude', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The intrinsics of each photo whose newest history row has them (a high-precision pose). */
    newestIntrinsics(inspectionId: number) {
      return db
        .selectFrom('inspection_image_poses as pose')
        .innerJoin('inspection_images as img', 'img.id', 'pose.image_id')
        .distinctOn('pose.image_id')
        .select(['pose.image_id', 'pose.intrinsics'])
        .where('img.inspection_id', '=', inspectionId)
        .orderBy('pose.image_id')
        .orderBy('pose.id', 'desc')
        .execute();
    },
  };
}

export interface InspectionImageViewDeps {
  db: Kysely<Database>;
  inspections: Pick<InspectionRepo, 'findInspection'>;
  access: Pick<ProjectAccess, 'require'>;
}

/** The 3D view's reading of an inspection's photos: positions, poses and cameras for the frustums. */
export function createInspectionImageViewService(deps: InspectionImageViewDeps) {
  const queries = inspectionImageViewQueries(deps.db);
  return {
    async allImages(auth: AuthContext, inspectionId: number): Promise<InspectionPhotoView> {
      const inspection = await deps.inspections.findInspection(inspectionId);
      if (!inspection) throw new AppError('INSPECTION_NOT_EXISTING');
      await deps.access.require(auth, inspection.project_id);
      const [groups, rows, withoutPose, intrinsicsRows] = await Promise.all([
        queries.groups(inspectionId),
        queries.posedPhotos(inspectionId),
        queries.withoutPoseCount(inspectionId),
        queries.newestIntrinsics(inspectionId),
      ]);
      const intrinsics = new Map<number, PhotoIntrinsics>();
      for (const row of intrinsicsRows) {
        const read = readIntrinsics(row.intrinsics);
        if (read) intrinsics.set(row.image_id, read);
      }
      const photos = rows.map((row): PhotoView => {
        const photo: PhotoView = {
          id: row.id,
          name: row.name,
          groupId: row.image_group_id,
          pose: [
            round(row.longitude!, 8),
            round(row.latitude!, 8),
            round(row.altitude!, 3),
            round(row.yaw!, 4),
            round(row.pitch!, 4),
            round(row.roll!, 4),
          ],
          width: row.width_px,
          height: row.height_px,
        };
        const known = intrinsics.get(row.id);
        return known ? { ...photo, intrinsics: known } : photo;
      });
      return {
        inspectionId,
        groups: groups.map((group) => ({
          id: group.id,
          name: group.name,
          photoDistance: group.photo_distance_m,
          sensorWidthMm: group.sensor_width_mm,
          sensorHeightMm: group.sensor_height_mm,
          focalLengthMm: group.focal_length_mm,
          imageWidthPx: group.image_width_px,
          imageHeightPx: group.image_height_px,
        })),
        photos,
        withoutPose,
      };
    },
  };
}

export type InspectionImageViewService = ReturnType<typeof createInspectionImageViewService>;
