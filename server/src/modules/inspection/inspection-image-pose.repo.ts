import type { Kysely } from 'kysely';
import type { ImagePose } from '@sightline/shared';
import type { Database, ImagePoseSource } from '../../platform/db/schema.js';

const POSE_COLUMNS = ['longitude', 'latitude', 'altitude', 'pitch', 'yaw', 'roll'] as const;
/** What answering a photo's poses reads of it. */
const IMAGE_POSE_COLUMNS = [
  'id',
  'name',
  'state',
  ...POSE_COLUMNS,
  'without_pose_reason',
  'without_pose_properties',
  'uploaded_at',
  'created_at',
] as const;

/** The pose columns of a row, or null when the photo has none (the columns are null together). */
export function poseOf(row: {
  longitude: number | null;
  latitude: number | null;
  altitude: number | null;
  pitch: number | null;
  yaw: number | null;
  roll: number | null;
}): ImagePose | null {
  if (row.longitude === null || row.latitude === null || row.altitude === null) return null;
  if (row.pitch === null || row.yaw === null || row.roll === null) return null;
  return {
    longitude: row.longitude,
    latitude: row.latitude,
    altitude: row.altitude,
    pitch: row.pitch,
    yaw: row.yaw,
    roll: row.roll,
  };
}

/**
 * The pose history of photos (`inspection_image_poses`) beside their newest pose (the photo's own columns). Built on
 * a transaction by the pose service and by the ingest, so a history row and the columns change together.
 */
export function imagePoseQueries(db: Kysely<Database>) {
  return {
    insertPoses(
      rows: ReadonlyArray<{ imageId: number; source: ImagePoseSource; pose: ImagePose; userId: number | null }>,
    ) {
      if (rows.length === 0) return Promise.resolve([]);
      return db
        .insertInto('inspection_image_poses')
        .values(
          rows.map((row) => ({
            image_id: row.imageId,
            source: row.source,
            ...row.pose,
            created_by: row.userId,
          })),
        )
        .returning(['id', 'image_id', 'source', 'created_at'])
        .execute();
    },

    /**
     * Listed photos of one inspection, locked until the transaction ends so two adjustments of the same photo
     * follow one another (each reads the pose the other wrote).
     */
    lockImages(inspectionId: number, ids: readonly number[]) {
      return db
        .selectFrom('inspection_images')
        .select(IMAGE_POSE_COLUMNS)
        .where('inspection_id', '=', inspectionId)
        .where('id', 'in', ids)
        .where('state', '!=', 'uploading')
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    /** Listed photos of an inspection (those given, or all), for answering their poses. */
    listImages(inspectionId: number, ids: readonly number[] | undefined) {
      let query = db
        .selectFrom('inspection_images')
        .select(IMAGE_POSE_COLUMNS)
        .where('inspection_id', '=', inspectionId)
        .where('state', '!=', 'uploading');
      if (ids) query = query.where('id', 'in', ids);
      return query.orderBy('id').execute();
    },

    /** The photo's newest pose: its columns (null for none, the reason the metadata gave none stays). */
    setNewest(imageId: number, pose: ImagePose | null) {
      return db
        .updateTable('inspection_images')
        .set(pose ?? { longitude: null, latitude: null, altitude: null, pitch: null, yaw: null, roll: null })
        .where('id', '=', imageId)
        .execute();
    },

    /** Ids (of those given) that have a history row. */
    async withHistory(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('inspection_image_poses')
        .select('image_id')
        .distinct()
        .where('image_id', 'in', ids)
        .execute();
      return new Set(rows.map((row) => row.image_id));
    },

    /** The latest history row of each photo of the inspection (of those given, or all). */
    latest(inspectionId: number, ids: readonly number[] | undefined) {
      let query = db
        .selectFrom('inspection_image_poses as p')
        .innerJoin('inspection_images as img', 'img.id', 'p.image_id')
        .distinctOn('p.image_id')
        .selectAll('p')
        .where('img.inspection_id', '=', inspectionId);
      if (ids) query = query.where('p.image_id', 'in', ids);
      return query.orderBy('p.image_id').orderBy('p.id', 'desc').execute();
    },

    /**
     * The default pose of each photo (SPEC section 4): the first read from its metadata; for a photo that had none,
     * the first given by hand. A high-precision pose is never the default.
     */
    defaults(inspectionId: number, ids: readonly number[] | undefined, options: { metadataOnly?: boolean } = {}) {
      let query = db
        .selectFrom('inspection_image_poses as p')
        .innerJoin('inspection_images as img', 'img.id', 'p.image_id')
        .distinctOn('p.image_id')
        .selectAll('p')
        .where('img.inspection_id', '=', inspectionId)
        .where('p.source', 'in', options.metadataOnly ? ['metadata'] : ['metadata', 'manual']);
      if (ids) query = query.where('p.image_id', 'in', ids);
      return query
        .orderBy('p.image_id')
        .orderBy((eb) => eb.case().when('p.source', '=', 'metadata').then(0).else(1).end())
        .orderBy('p.id')
        .execute();
    },

    /** Every pose of one photo, oldest first, with who gave it. */
    history(imageId: number) {
      return db
        .selectFrom('inspection_image_poses as p')
        .leftJoin('users as u', 'u.id', 'p.created_by')
        .selectAll('p')
        .select(['u.name as user_name'])
        .where('p.image_id', '=', imageId)
        .orderBy('p.id')
        .execute();
    },
  };
}

export type ImagePoseQueries = ReturnType<typeof imagePoseQueries>;
