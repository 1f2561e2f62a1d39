import { sql, type Kysely } from 'kysely';
import type { PageQuery } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

/** A binding with its photo's whole row (the answer shows the photo as the photo calls do). */
function boundImages(db: Kysely<Database>) {
  return db
    .selectFrom('space_image_assocs as a')
    .innerJoin('inspection_images as img', 'img.id', 'a.image_id')
    .selectAll('img')
    .select(['a.id as assoc_id', 'a.marker_id', 'a.source', 'a.distance_m']);
}
export type BoundImageRow = Awaited<ReturnType<ReturnType<typeof boundImages>['execute']>>[number];

/** Listed photos (not uploads underway) of an inspection. */
function listedImages(db: Kysely<Database>, inspectionId: number) {
  return db
    .selectFrom('inspection_images as img')
    .where('img.inspection_id', '=', inspectionId)
    .where('img.state', '!=', 'uploading');
}

const offsetOf = (page: PageQuery) => (page.pageNum - 1) * page.pageSize;

function bindingQueries(db: Kysely<Database>) {
  return {
    imageRows(ids: readonly number[]) {
      return db.selectFrom('inspection_images').selectAll().where('id', 'in', ids).execute();
    },

    /** Which of `imageIds` are listed photos of the inspection. */
    async imagesOfInspection(inspectionId: number, imageIds: readonly number[]): Promise<number[]> {
      const rows = await listedImages(db, inspectionId).select('img.id').where('img.id', 'in', imageIds).execute();
      return rows.map((row) => row.id);
    },

    /**
     * Binds photos to a marker by hand; a pair the automatic binding made becomes manual (so that binding again
     * keeps it). Returns how many pairs are new.
     */
    async bindManually(values: {
      inspectionId: number;
      markerId: number;
      imageIds: readonly number[];
      userId: number;
    }) {
      const rows = await db
        .insertInto('space_image_assocs')
        .values(
          values.imageIds.map((imageId) => ({
            marker_id: values.markerId,
            image_id: imageId,
            inspection_id: values.inspectionId,
            source: 'manual' as const,
            created_by: values.userId,
          })),
        )
        .onConflict((oc) => oc.columns(['marker_id', 'image_id']).doUpdateSet({ source: 'manual', distance_m: null }))
        // xmax is 0 on a row this statement inserted, and set on one it updated.
        .returning(sql<boolean>`xmax = 0`.as('inserted'))
        .execute();
      return rows.filter((row) => row.inserted).length;
    },

    /** The inspection's automatic bindings become `rows`; manual ones stay, and no pair is bound twice. */
    async replaceAutoBindings(
      inspectionId: number,
      distanceCm: number,
      rows: ReadonlyArray<{ imageId: number; markerId: number; distanceM: number }>,
    ): Promise<void> {
      await db
        .deleteFrom('space_image_assocs')
        .where('inspection_id', '=', inspectionId)
        .where('source', '=', 'auto')
        .execute();
      // Thousands of photos may bind at once: rows go in slices well under PostgreSQL's 65535 parameters.
      const slice = 5000;
      for (let start = 0; start < rows.length; start += slice) {
        await db
          .insertInto('space_image_assocs')
          .values(
            rows.slice(start, start + slice).map((row) => ({
              marker_id: row.markerId,
              image_id: row.imageId,
              inspection_id: inspectionId,
              source: 'auto' as const,
              distance_m: row.distanceM,
            })),
          )
          .onConflict((oc) => oc.columns(['marker_id', 'image_id']).doNothing())
          .execute();
      }
      await db
        .updateTable('inspections')
        .set({ space_binding_distance_cm: distanceCm })
        .where('id', '=', inspectionId)
        .execute();
    },

    async bindingDistance(inspectionId: number): Promise<number | null> {
      const row = await db
        .selectFrom('inspections')
        .select('space_binding_distance_cm')
        .where('id', '=', inspectionId)
        .executeTakeFirst();
      return row?.space_binding_distance_cm ?? null;
    },

    async markerImagesPage(markerId: number, inspectionId: number, page: PageQuery) {
      const query = boundImages(db).where('a.marker_id', '=', markerId).where('a.inspection_id', '=', inspectionId);
      const { total } = await db
        .selectFrom('space_image_assocs')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .where('marker_id', '=', markerId)
        .where('inspection_id', '=', inspectionId)
        .executeTakeFirstOrThrow();
      const rows = await query.orderBy('img.id').limit(page.pageSize).offset(offsetOf(page)).execute();
      return { rows, total: Number(total) };
    },

    /** How many photos of the inspection each marker holds (markers holding none are absent). */
    async markerCountsOfInspection(inspectionId: number) {
      const rows = await db
        .selectFrom('space_image_assocs')
        .select(['marker_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('inspection_id', '=', inspectionId)
        .groupBy('marker_id')
        .execute();
      return new Map(rows.map((row) => [row.marker_id, Number(row.n)]));
    },

    /** Photos of the inspection bound to no marker. */
    async unboundPage(inspectionId: number, page: PageQuery) {
      const query = listedImages(db, inspectionId).where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('space_image_assocs as a').select('a.id').whereRef('a.image_id', '=', 'img.id'))),
      );
      const { total } = await query.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow();
      const rows = await query.selectAll('img').orderBy('img.id').limit(page.pageSize).offset(offsetOf(page)).execute();
      return { rows, total: Number(total) };
    },

    /** Listed photos of the inspection, and how many are bound to at least one marker. */
    async counts(inspectionId: number) {
      const row = await listedImages(db, inspectionId)
        .select([
          (eb) => eb.fn.countAll<string>().as('total'),
          sql<string>`count(*) filter (where exists (select 1 from space_image_assocs a where a.image_id = img.id))`.as(
            'bound',
          ),
        ])
        .executeTakeFirstOrThrow();
      return { total: Number(row.total), bound: Number(row.bound) };
    },

    /** Bindings to `markerIds` in the project's live inspections, with each inspection, newest inspection first. */
    history(markerIds: readonly number[], options: { exceptInspectionId?: number } = {}) {
      let query = boundImages(db)
        .innerJoin('inspections as i', 'i.id', 'a.inspection_id')
        .select(['i.name as inspection_name', 'i.inspection_date'])
        .where('a.marker_id', 'in', markerIds)
        .where('i.deleted_at', 'is', null)
        .where('img.state', '!=', 'uploading');
      if (options.exceptInspectionId !== undefined) query = query.where('i.id', '!=', options.exceptInspectionId);
      return query.orderBy('i.inspection_date', 'desc').orderBy('i.id', 'desc').orderBy('img.id').execute();
    },

    /** The project's live inspections with how many of their photos are bound to the marker, newest first. */
    async inspectionsOfMarker(projectId: number, markerId: number) {
      const rows = await db
        .selectFrom('inspections as i')
        .leftJoin('space_image_assocs as a', (join) =>
          join.onRef('a.inspection_id', '=', 'i.id').on('a.marker_id', '=', markerId),
        )
        .select(['i.id', 'i.name', 'i.inspection_date', (eb) => eb.fn.count<string>('a.id').as('n')])
        .where('i.project_id', '=', projectId)
        .where('i.deleted_at', 'is', null)
        .groupBy(['i.id', 'i.name', 'i.inspection_date'])
        .orderBy('i.inspection_date', 'desc')
        .orderBy('i.id', 'desc')
        .execute();
      return rows.map((row) => ({ ...row, n: Number(row.n) }));
    },

    /** The markers a photo is bound to. */
    async markerIdsOfImage(imageId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('space_image_assocs')
        .select('marker_id')
        .where('image_id', '=', imageId)
        .orderBy('marker_id')
        .execute();
      return rows.map((row) => row.marker_id);
    },

    /** Whether the photo is bound to the marker. */
    async isBound(markerId: number, imageId: number): Promise<boolean> {
      const row = await db
        .selectFrom('space_image_assocs')
        .select('id')
        .where('marker_id', '=', markerId)
        .where('image_id', '=', imageId)
        .executeTakeFirst();
      return row !== undefined;
    },

    findAssocs(ids: readonly number[]) {
      return db.selectFrom('space_image_assocs').select(['id', 'inspection_id']).where('id', 'in', ids).execute();
    },

    deleteAssocs(ids: readonly number[]) {
      return db.deleteFrom('space_image_assocs').where('id', 'in', ids).execute();
    },

    clear(inspectionId: number, markerId?: number) {
      let query = db.deleteFrom('space_image_assocs').where('inspection_id', '=', inspectionId);
      if (markerId !== undefined) query = query.where('marker_id', '=', markerId);
      return query.execute();
    },

    /**
     * Moves the photos bound to `fromMarkerId` among `imageIds` to `toMarkerId` (bound there by hand); returns how
     * many moved.
     */
    async move(values: {
      inspectionId: number;
      imageIds: readonly number[];
      fromMarkerId: number;
      toMarkerId: number;
      userId: number;
    }): Promise<number> {
      const left = await db
        .deleteFrom('space_image_assocs')
        .where('inspection_id', '=', values.inspectionId)
        .where('marker_id', '=', values.fromMarkerId)
        .where('image_id', 'in', values.imageIds)
        .returning('image_id')
        .execute();
      if (left.length === 0) return 0;
      await db
        .insertInto('space_image_assocs')
        .values(
          left.map((row) => ({
            marker_id: values.toMarkerId,
            image_id: row.image_id,
            inspection_id: values.inspectionId,
            source: 'manual' as const,
            created_by: values.userId,
          })),
        )
        .onConflict((oc) => oc.columns(['marker_id', 'image_id']).doUpdateSet({ source: 'manual', distance_m: null }))
        .execute();
      return left.length;
    },
  };
}

export type BindingQueries = ReturnType<typeof bindingQueries>;

/** SQL of the photos bound to spatial markers (`space_image_assocs`) and the inspection's binding distance. */
export function createBindingRepo(db: Kysely<Database>) {
  return {
    ...bindingQueries(db),
    transaction<T>(work: (q: BindingQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(bindingQueries(trx)));
    },
  };
}

export type BindingRepo = ReturnType<typeof createBindingRepo>;
