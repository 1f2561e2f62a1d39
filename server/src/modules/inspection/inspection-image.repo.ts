import { sql, type Kysely, type Selectable } from 'kysely';
import type { ImagePose, InspectionImageFindPageBody } from '@sightline/shared';
import type { Database, ImagePoseSource, InspectionImagesTable } from '../../platform/db/schema.js';

export type InspectionImageRow = Selectable<InspectionImagesTable>;

/** The blobs of a photo, under its folder (`storage_key`, ending in `/`). */
export const imageBlobKeys = (storageKey: string) => ({
  original: `${storageKey}original`,
  thumbnail: `${storageKey}thumbnail.jpg`,
  preview: `${storageKey}preview.jpg`,
  /** The full-resolution viewer's tiles, all in one pack (inspection-image-pyramid.ts); made when first opened. */
  pyramid: `${storageKey}pyramid.pack`,
});

/**
 * A photo's EXIF orientation (1 to 8, null when it has none) from its stored metadata, as a column named
 * `orientation`; `metadata` is the metadata column's reference (`img.metadata`). Its stored width and height are
 * before the orientation turns it.
 */
export const exifOrientation = (metadata: string) =>
  sql<number | null>`cast(${sql.ref(metadata)} ->> 'orientation' as integer)`.as('orientation');

export function allImageBlobKeys(storageKey: string): string[] {
  return Object.values(imageBlobKeys(storageKey));
}

/** Photos of live inspections of the project (binned inspections too: their bytes still count). */
function projectImages(db: Kysely<Database>, projectId: number) {
  return db
    .selectFrom('inspection_images as img')
    .innerJoin('inspections as i', 'i.id', 'img.inspection_id')
    .where('i.project_id', '=', projectId);
}

export function inspectionImageQueries(db: Kysely<Database>) {
  /** Photos joined to their inspection (`i`) and project (`p`), for rights and the team. */
  const withProject = () =>
    db
      .selectFrom('inspection_images as img')
      .innerJoin('inspections as i', 'i.id', 'img.inspection_id')
      .innerJoin('projects as p', 'p.id', 'i.project_id');

  return {
    /** The row of a new upload, or undefined when the inspection already has a photo of that name. */
    insertUploading(values: {
      inspectionId: number;
      imageGroupId: number;
      name: string;
      category: string;
      sizeBytes: number;
      storageKey: string;
      uploadId: string;
      userId: number;
    }) {
      return db
        .insertInto('inspection_images')
        .values({
          inspection_id: values.inspectionId,
          image_group_id: values.imageGroupId,
          name: values.name,
          category: values.category,
          size_bytes: values.sizeBytes,
          stored_bytes: values.sizeBytes,
          storage_key: values.storageKey,
          upload_id: values.uploadId,
          uploaded_by: values.userId,
        })
        .onConflict((conflict) => conflict.constraint('inspection_images_name_key').doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    /** An upload (any state) with its inspection's project and team. */
    findByUploadId(uploadId: string) {
      return withProject()
        .selectAll('img')
        .select(['i.project_id', 'p.team_id'])
        .where('img.upload_id', '=', uploadId)
        .executeTakeFirst();
    },

    touchUpload(uploadId: string) {
      return db
        .updateTable('inspection_images')
        .set({ last_activity_at: sql<Date>`now()` })
        .where('upload_id', '=', uploadId)
        .where('state', '=', 'uploading')
        .execute();
    },

    /** The upload underway that holds a photo name in an inspection, if that is what holds it. */
    findUploadingByName(inspectionId: number, name: string) {
      return db
        .selectFrom('inspection_images')
        .select(['upload_id', 'uploaded_by'])
        .where('inspection_id', '=', inspectionId)
        .where('name', '=', name)
        .where('state', '=', 'uploading')
        .executeTakeFirst();
    },

    /** Drops an upload that never completed; its reserved bytes come back to the caller to release. */
    deleteUploading(uploadId: string) {
      return db
        .deleteFrom('inspection_images')
        .where('upload_id', '=', uploadId)
        .where('state', '=', 'uploading')
        .returning(['id', 'stored_bytes'])
        .executeTakeFirst();
    },

    markUploaded(uploadId: string, contentType: string) {
      return db
        .updateTable('inspection_images')
        .set({ state: 'uploaded', content_type: contentType, uploaded_at: sql<Date>`now()` })
        .where('upload_id', '=', uploadId)
        .where('state', '=', 'uploading')
        .returning(['id', 'inspection_id', 'storage_key'])
        .executeTakeFirst();
    },

    /** A listed photo (not an upload underway) of a live inspection, with its project and team. */
    findImage(id: number) {
      return withProject()
        .selectAll('img')
        .select(['i.project_id', 'p.team_id'])
        .where('img.id', '=', id)
        .where('img.state', '!=', 'uploading')
        .where('i.deleted_at', 'is', null)
        .executeTakeFirst();
    },

    /** A photo by id in any state, its inspection binned or not, with the inspection's project (the ingest's view). */
    findIngestTarget(id: number) {
      return db
        .selectFrom('inspection_images as img')
        .innerJoin('inspections as i', 'i.id', 'img.inspection_id')
        .select(['img.id', 'img.state', 'img.storage_key', 'img.inspection_id', 'i.project_id'])
        .select((eb) => eb('i.deleted_at', 'is', null).as('inspection_live'))
        .where('img.id', '=', id)
        .executeTakeFirst();
    },

    /** Listed photos of live inspections, with their project and team. */
    findImages(ids: readonly number[]) {
      return withProject()
        .select(['img.id', 'img.inspection_id', 'i.project_id', 'p.team_id'])
        .where('img.id', 'in', ids)
        .where('img.state', '!=', 'uploading')
        .where('i.deleted_at', 'is', null)
        .execute();
    },

    /**
     * Records the ingest of a photo still waiting for it, and its pose as its first (metadata) pose, in one statement;
     * undefined when it was deleted or already ingested.
     */
    completeIngest(
      id: number,
      values: {
        metadata: unknown;
        pose: ImagePose | null;
        withoutPose: { reason: string; properties: string[] } | null;
        width: number | null;
        height: number | null;
      },
    ) {
      const { pose } = values;
      const completed = db
        .updateTable('inspection_images')
        .set({
          state: 'processed',
          metadata: JSON.stringify(values.metadata),
          longitude: pose?.longitude ?? null,
          latitude: pose?.latitude ?? null,
          altitude: pose?.altitude ?? null,
          pitch: pose?.pitch ?? null,
          yaw: pose?.yaw ?? null,
          roll: pose?.roll ?? null,
          without_pose_reason: values.withoutPose?.reason ?? null,
          without_pose_properties: values.withoutPose ? JSON.stringify(values.withoutPose.properties) : null,
          width_px: values.width,
          height_px: values.height,
          has_thumbnail: true,
        })
        .where('id', '=', id)
        .where('state', '=', 'uploaded')
        .returning('id');
      if (!pose) return completed.executeTakeFirst();
      const angle = (value: number) => sql<number>`cast(${value} as double precision)`;
      return db
        .with('completed', () => completed)
        .insertInto('inspection_image_poses')
        .columns(['image_id', 'source', 'longitude', 'latitude', 'altitude', 'pitch', 'yaw', 'roll'])
        .expression((eb) =>
          eb
            .selectFrom('completed')
            .select([
              'completed.id',
              sql<ImagePoseSource>`${'metadata'}`.as('source'),
              angle(pose.longitude).as('longitude'),
              angle(pose.latitude).as('latitude'),
              angle(pose.altitude).as('altitude'),
              angle(pose.pitch).as('pitch'),
              angle(pose.yaw).as('yaw'),
              angle(pose.roll).as('roll'),
            ]),
        )
        .returning('image_id as id')
        .executeTakeFirst();
    },

    failIngest(id: number, errorKey: string, metadata: unknown) {
      return db
        .updateTable('inspection_images')
        .set({
          state: 'failed',
          error_key: errorKey,
          metadata: metadata === null ? null : JSON.stringify(metadata),
        })
        .where('id', '=', id)
        .where('state', '=', 'uploaded')
        .returning('id')
        .executeTakeFirst();
    },

    async page(filter: InspectionImageFindPageBody & { withoutPose?: boolean }) {
      let query = db
        .selectFrom('inspection_images')
        .where('inspection_id', '=', filter.inspectionId)
        .where('state', '!=', 'uploading');
      if (filter.imageGroupId !== undefined) query = query.where('image_group_id', '=', filter.imageGroupId);
      if (filter.category !== undefined) query = query.where('category', '=', filter.category);
      if (filter.screeningStatus !== undefined) query = query.where('screening_status', '=', filter.screeningStatus);
      if (filter.state !== undefined) query = query.where('state', '=', filter.state);
      if (filter.hasPose === true) query = query.where('longitude', 'is not', null);
      if (filter.hasPose === false) {
        query = query.where('longitude', 'is', null).where('state', 'in', ['processed', 'failed']);
      }
      const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await query
        .selectAll()
        .orderBy('id')
        .limit(filter.pageSize)
        .offset((filter.pageNum - 1) * filter.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    async counts(inspectionId: number) {
      const row = await db
        .selectFrom('inspection_images')
        .select([
          sql<string>`count(*) filter (where state != 'uploading')`.as('uploaded'),
          sql<string>`count(*) filter (where state = 'processed')`.as('processed'),
          sql<string>`count(*) filter (where state = 'failed')`.as('failed'),
        ])
        .where('inspection_id', '=', inspectionId)
        .executeTakeFirstOrThrow();
      return { uploaded: Number(row.uploaded), processed: Number(row.processed), failed: Number(row.failed) };
    },

    /** Deletes listed photos of one inspection; returns what to free. */
    deleteImages(inspectionId: number, ids: readonly number[]) {
      return db
        .deleteFrom('inspection_images')
        .where('inspection_id', '=', inspectionId)
        .where('id', 'in', ids)
        .where('state', '!=', 'uploading')
        .returning(['id', 'storage_key', 'stored_bytes'])
        .execute();
    },

    async groupImageCount(groupId: number): Promise<number> {
      const row = await db
        .selectFrom('inspection_images')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('image_group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Listed photos per group and category, for the image-group tree. */
    groupCategoryCounts(inspectionId: number) {
      return db
        .selectFrom('inspection_images')
        .select(['image_group_id', 'category', (eb) => eb.fn.countAll<string>().as('n')])
        .where('inspection_id', '=', inspectionId)
        .where('state', '!=', 'uploading')
        .groupBy(['image_group_id', 'category'])
        .execute();
    },

    /** Uploads untouched since `before`: abandoned, their reservations to free. */
    listIdleUploads(before: Date) {
      return withProject()
        .select(['img.upload_id', 'img.stored_bytes', 'p.team_id'])
        .where('img.state', '=', 'uploading')
        .where('img.last_activity_at', '<', before)
        .execute();
    },
  };
}

export type InspectionImageQueries = ReturnType<typeof inspectionImageQueries>;

export function createInspectionImageRepo(db: Kysely<Database>) {
  return {
    ...inspectionImageQueries(db),
    transaction<T>(work: (q: InspectionImageQueries, trx: Kysely<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(inspectionImageQueries(trx), trx));
    },
  };
}

export type InspectionImageRepo = ReturnType<typeof createInspectionImageRepo>;

/** Bytes a project's photos hold (uploads underway count their reservation). */
export async function projectImageBytes(db: Kysely<Database>, projectId: number): Promise<number> {
  const row = await projectImages(db, projectId)
    .select(sql<string>`coalesce(sum(img.stored_bytes), 0)`.as('bytes'))
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}

/** Whether an upload into the project is receiving bytes (a handover waits for it). */
export async function projectHasUploads(db: Kysely<Database>, projectId: number): Promise<boolean> {
  const row = await projectImages(db, projectId)
    .select('img.id')
    .where('img.state', '=', 'uploading')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Drops the photos of the inspections matching `scope`, naming the blobs and bytes to free. */
export async function purgeImages(
  db: Kysely<Database>,
  scope: { projectId: number } | { inspectionId: number },
): Promise<{ blobKeys: string[]; freedBytes: number }> {
  const rows = await db
    .deleteFrom('inspection_images')
    .where(
      'inspection_id',
      'in',
      'projectId' in scope
        ? db.selectFrom('inspections').select('id').where('project_id', '=', scope.projectId)
        : db.selectFrom('inspections').select('id').where('id', '=', scope.inspectionId),
    )
    .returning(['storage_key', 'stored_bytes', 'upload_id', 'state'])
    .execute();
  return {
    blobKeys: rows.flatMap((row) => allImageBlobKeys(row.storage_key)),
    freedBytes: rows.reduce((sum, row) => sum + Number(row.stored_bytes), 0),
  };
}

/** Bytes an inspection's photos hold, for the recycle bin's summary. */
export async function inspectionImageBytes(db: Kysely<Database>, inspectionId: number): Promise<number> {
  const row = await db
    .selectFrom('inspection_images')
    .select(sql<string>`coalesce(sum(stored_bytes), 0)`.as('bytes'))
    .where('inspection_id', '=', inspectionId)
    .executeTakeFirstOrThrow();
  return Number(row.bytes);
}
