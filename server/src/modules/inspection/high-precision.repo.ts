import { sql, type Kysely, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Database, HighPrecisionImportsTable, PointCloudsTable } from '../../platform/db/schema.js';

export type HighPrecisionImportRow = Selectable<HighPrecisionImportsTable>;
export type PointCloudRow = Selectable<PointCloudsTable>;

export interface ComputedPose {
  imageId: number;
  pose: { longitude: number; latitude: number; altitude: number; pitch: number; yaw: number; roll: number };
  intrinsics: unknown;
}

/** The blobs of a point cloud, under its folder (`storage_key`, ending in `/`). */
export const pointCloudBlobKeys = (storageKey: string) => ({
  xml: `${storageKey}cloud.xml`,
  pcd: `${storageKey}cloud.pcd`,
});

const POSE_COLUMNS = ['longitude', 'latitude', 'altitude', 'pitch', 'yaw', 'roll'] as const;

export function highPrecisionQueries(db: Kysely<Database>) {
  return {
    findImport(id: number) {
      return db.selectFrom('high_precision_imports').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findImportOf(inspectionId: number) {
      return db
        .selectFrom('high_precision_imports')
        .selectAll()
        .where('inspection_id', '=', inspectionId)
        .executeTakeFirst();
    },
    insertImport(values: {
      inspectionId: number;
      format: string;
      referenceKind: string;
      referenceDefinition: string;
      checksum: string;
      fileName: string;
      xmlKey: string;
      exportCount: number;
      imageNames: string[];
      userId: number;
    }) {
      return db
        .insertInto('high_precision_imports')
        .values({
          inspection_id: values.inspectionId,
          format: values.format,
          reference_kind: values.referenceKind,
          reference_definition: values.referenceDefinition,
          checksum: values.checksum,
          file_name: values.fileName,
          xml_key: values.xmlKey,
          export_count: values.exportCount,
          image_names: JSON.stringify(values.imageNames),
          created_by: values.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** The resumed import takes the names of the folder chosen now. */
    updateImageNames(id: number, imageNames: string[]) {
      return db
        .updateTable('high_precision_imports')
        .set({ image_names: JSON.stringify(imageNames), updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Moves the import from one of `from` to `state`; undefined when it was in none of them. */
    moveState(
      id: number,
      from: readonly string[],
      state: string,
      extra: Partial<{
        progress: number;
        computed_count: number;
        failed_count: number;
        error_key: string | null;
        error_params: string | null;
        job_id: string | null;
      }> = {},
    ) {
      return db
        .updateTable('high_precision_imports')
        .set({ state, ...extra, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('state', 'in', from)
        .returningAll()
        .executeTakeFirst();
    },
    deleteImport(id: number) {
      return db.deleteFrom('high_precision_imports').where('id', '=', id).returningAll().executeTakeFirst();
    },

    /** The inspection's listed photos (uploads underway are not photos yet). */
    inspectionPhotos(inspectionId: number) {
      return db
        .selectFrom('inspection_images')
        .select(['id', 'name', 'state'])
        .where('inspection_id', '=', inspectionId)
        .where('state', '!=', 'uploading')
        .execute();
    },

    /**
     * Writes the poses of one batch: each a history row naming the import and the photo's newest pose. A photo whose
     * pose this import already wrote (a run after a restart) is left alone. A photo with a pose but no history keeps
     * it as its `metadata` row first, so deleting the import can give it back.
     */
    async writePoses(importId: number, userId: number | null, poses: readonly ComputedPose[]): Promise<void> {
      for (const { imageId, pose, intrinsics } of poses) {
        const written = await db
          .selectFrom('inspection_image_poses')
          .select('id')
          .where('high_precision_import_id', '=', importId)
          .where('image_id', '=', imageId)
          .executeTakeFirst();
        if (written) continue;
        const hasHistory = await db
          .selectFrom('inspection_image_poses')
          .select('id')
          .where('image_id', '=', imageId)
          .limit(1)
          .executeTakeFirst();
        if (!hasHistory) {
          await db
            .insertInto('inspection_image_poses')
            .columns(['image_id', 'source', ...POSE_COLUMNS])
            .expression(
              db
                .selectFrom('inspection_images')
                .select(['id', sql<string>`'metadata'`.as('source'), ...POSE_COLUMNS])
                .where('id', '=', imageId)
                .where('longitude', 'is not', null),
            )
            .execute();
        }
        await db
          .insertInto('inspection_image_poses')
          .values({
            image_id: imageId,
            source: 'highPrecision',
            ...pose,
            intrinsics: JSON.stringify(intrinsics),
            high_precision_import_id: importId,
            created_by: userId,
          })
          .execute();
        await db.updateTable('inspection_images').set(pose).where('id', '=', imageId).execute();
      }
    },

    /** Drops the import's poses and gives each photo its newest remaining pose (none: no pose). */
    async takeBackPoses(importId: number): Promise<number> {
      const rows = await db
        .deleteFrom('inspection_image_poses')
        .where('high_precision_import_id', '=', importId)
        .returning('image_id')
        .execute();
      for (const { image_id: imageId } of rows) {
        const newest = await db
          .selectFrom('inspection_image_poses')
          .select(POSE_COLUMNS)
          .where('image_id', '=', imageId)
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst();
        await db
          .updateTable('inspection_images')
          .set(newest ?? { longitude: null, latitude: null, altitude: null, pitch: null, yaw: null, roll: null })
          .where('id', '=', imageId)
          .execute();
      }
      return rows.length;
    },

    // Point clouds

    insertPointCloud(values: {
      projectId: number;
      storageKey: string;
      xmlName: string;
      srs: string;
      origin: number[] | null;
      userId: number;
    }) {
      return db
        .insertInto('point_clouds')
        .values({
          project_id: values.projectId,
          storage_key: values.storageKey,
          xml_name: values.xmlName,
          srs: values.srs,
          origin: values.origin ? JSON.stringify(values.origin) : null,
          created_by: values.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    findPointCloud(id: number) {
      return db
        .selectFrom('point_clouds as pc')
        .innerJoin('projects as p', 'p.id', 'pc.project_id')
        .selectAll('pc')
        .select('p.team_id')
        .where('pc.id', '=', id)
        .executeTakeFirst();
    },
    findPointCloudByUpload(uploadId: string) {
      return db
        .selectFrom('point_clouds as pc')
        .innerJoin('projects as p', 'p.id', 'pc.project_id')
        .selectAll('pc')
        .select('p.team_id')
        .where('pc.upload_id', '=', uploadId)
        .executeTakeFirst();
    },
    readyPointCloud(projectId: number) {
      return db
        .selectFrom('point_clouds')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('state', '=', 'ready')
        .orderBy('id', 'desc')
        .executeTakeFirst();
    },
    /** Claims a point cloud waiting for its .pcd for one upload; undefined when it is not waiting. */
    startPointCloudUpload(id: number, uploadId: string, bytes: number, pcdName: string) {
      return db
        .updateTable('point_clouds')
        .set({ upload_id: uploadId, size_bytes: bytes, stored_bytes: bytes, pcd_name: pcdName })
        .where('id', '=', id)
        .where('state', '=', 'uploading')
        .where('upload_id', 'is', null)
        .returningAll()
        .executeTakeFirst();
    },
    touchPointCloudUpload(uploadId: string) {
      return db
        .updateTable('point_clouds')
        .set({ last_activity_at: sql<Date>`now()` })
        .where('upload_id', '=', uploadId)
        .execute();
    },
    markPointCloudReady(uploadId: string, header: { points: number; fields: string[] }) {
      return db
        .updateTable('point_clouds')
        .set({ state: 'ready', points: header.points, fields: JSON.stringify(header.fields) })
        .where('upload_id', '=', uploadId)
        .where('state', '=', 'uploading')
        .returningAll()
        .executeTakeFirst();
    },
    /**
     * The project's other point clouds a newly ready one replaces: the ready one, and uploads given up (an .xml whose
     * .pcd never started, or a .pcd untouched for a day), whose reservations it frees.
     */
    otherPointClouds(projectId: number, keepId: number) {
      return db
        .selectFrom('point_clouds')
        .select(['id', 'storage_key', 'stored_bytes', 'state', 'upload_id'])
        .where('project_id', '=', projectId)
        .where('id', '!=', keepId)
        .where((eb) =>
          eb.or([
            eb('state', '=', 'ready'),
            eb('upload_id', 'is', null),
            eb('last_activity_at', '<', sql<Date>`now() - interval '1 day'`),
          ]),
        )
        .execute();
    },
    deletePointClouds(ids: readonly number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db
        .deleteFrom('point_clouds')
        .where('id', 'in', ids)
        .returning(['id', 'storage_key', 'stored_bytes', 'upload_id'])
        .execute();
    },
  };
}

export type HighPrecisionQueries = ReturnType<typeof highPrecisionQueries>;

export function createHighPrecisionRepo(db: Kysely<Database>) {
  return {
    ...highPrecisionQueries(db),
    transaction<T>(work: (q: HighPrecisionQueries, trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(highPrecisionQueries(trx), trx));
    },
  };
}

export type HighPrecisionRepo = ReturnType<typeof createHighPrecisionRepo>;

/** Bytes a project's point clouds hold (an upload underway counts its reservation). */
export async function projectPointCloudBytes(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await db
    .selectFrom('point_clouds')
    .select(sql<string>`coalesce(sum(stored_bytes), 0)`.as('bytes'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Drops a project's point clouds and its inspections' imports, naming the blobs and bytes to free. */
export async function purgeProjectHighPrecision(db: Kysely<Database>, projectId: number) {
  const clouds = await db
    .deleteFrom('point_clouds')
    .where('project_id', '=', projectId)
    .returning(['storage_key', 'stored_bytes'])
    .execute();
  const imports = await purgeImports(db, db.selectFrom('inspections').select('id').where('project_id', '=', projectId));
  return {
    blobKeys: [...clouds.flatMap((row) => Object.values(pointCloudBlobKeys(row.storage_key))), ...imports],
    freedBytes: clouds.reduce((sum, row) => sum + Number(row.stored_bytes), 0),
  };
}

/** An inspection purged on its own (from the recycle bin): its pose export's record goes, and its XML's key. */
export async function purgeInspectionHighPrecision(db: Kysely<Database>, inspectionId: number): Promise<string[]> {
  return purgeImports(db, db.selectFrom('inspections').select('id').where('id', '=', inspectionId));
}

async function purgeImports(
  db: Kysely<Database>,
  inspections: SelectQueryBuilder<Database, 'inspections', { id: number }>,
): Promise<string[]> {
  const imports = await db
    .deleteFrom('high_precision_imports')
    .where('inspection_id', 'in', inspections)
    .returning('xml_key')
    .execute();
  return imports.map((row) => row.xml_key);
}
