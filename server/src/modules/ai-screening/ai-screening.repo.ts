import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import { AI_BUSY_STATES, AppError, type AiCheckState, type AiImageRange, type AiReviewTab } from '@sightline/shared';
import type { AiFeedbacksTable, AiScreeningsTable, Database } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
type Updates = Omit<Updateable<AiScreeningsTable>, 'inspection_id'>;

/** Each review tab's condition on `inspection_images as img` left-joined with `ai_screening_images as a`. */
const TAB_CONDITIONS: Record<AiReviewTab, Expression<SqlBool>> = {
  all: sql<SqlBool>`true`,
  toReview: sql<SqlBool>`a.ai_state in ('damage', 'clean') and not a.reviewed`,
  reviewed: sql<SqlBool>`coalesce(a.reviewed, false)`,
  reviewedNoDamage: sql<SqlBool>`coalesce(a.reviewed, false) and img.defect_count = 0`,
  abnormal: sql<SqlBool>`a.ai_state = 'abnormal'`,
  waiting: sql<SqlBool>`a.ai_state = 'pending'`,
  notDetected: sql<SqlBool>`a.image_id is null`,
};

/** SQL of AI screening: the per-inspection screening row, the deployment's queue, and each photo's AI result. */
export function createAiScreeningRepo(db: Kysely<Database>) {
  function queries(q: Db) {
    const photos = (inspectionId: number) =>
      q
        .selectFrom('inspection_images as img')
        .leftJoin('ai_screening_images as a', 'a.image_id', 'img.id')
        .where('img.inspection_id', '=', inspectionId)
        .where('img.state', '!=', 'uploading');

    return {
      find(inspectionId: number) {
        return q.selectFrom('ai_screenings').selectAll().where('inspection_id', '=', inspectionId).executeTakeFirst();
      },

      /** Locks the inspection's screening row, made (NOT_EXISTING) if missing. */
      async lock(inspectionId: number) {
        await q
          .insertInto('ai_screenings')
          .values({ inspection_id: inspectionId })
          .onConflict((conflict) => conflict.column('inspection_id').doNothing())
          .execute();
        return q
          .selectFrom('ai_screenings')
          .selectAll()
          .where('inspection_id', '=', inspectionId)
          .forUpdate()
          .executeTakeFirstOrThrow();
      },

      /** Applies `updates` while the state is one of `from` (and, with `jobId`, while that job runs it). */
      update(inspectionId: number, from: readonly AiCheckState[], updates: Updates, jobId?: string) {
        return q
          .updateTable('ai_screenings')
          .set(updates)
          .where('inspection_id', '=', inspectionId)
          .where('state', 'in', [...from])
          .$if(jobId !== undefined, (query) => query.where('job_id', '=', jobId!))
          .returningAll()
          .executeTakeFirst();
      },

      /** Screenings queued or running across the deployment. */
      async busyCount() {
        const row = await q
          .selectFrom('ai_screenings')
          .select(sql<string>`count(*)`.as('count'))
          .where('state', 'in', [...AI_BUSY_STATES])
          .executeTakeFirstOrThrow();
        return Number(row.count);
      },

      /** The queue's ends, for a new place at the back or a jump to the front. */
      async queueEnds() {
        const row = await q
          .selectFrom('ai_screenings')
          .select([sql<string | null>`min(queue_order)`.as('first'), sql<string | null>`max(queue_order)`.as('last')])
          .where('state', '=', 'AI_QUEUE')
          .executeTakeFirstOrThrow();
        return {
          first: row.first === null ? null : Number(row.first),
          last: row.last === null ? null : Number(row.last),
        };
      },

      /** Queued screenings ahead of this one. */
      async ahead(inspectionId: number, queueOrder: number) {
        const row = await q
          .selectFrom('ai_screenings')
          .select(sql<string>`count(*)`.as('count'))
          .where('state', '=', 'AI_QUEUE')
          .where((eb) =>
            eb.or([
              eb('queue_order', '<', String(queueOrder)),
              eb.and([eb('queue_order', '=', String(queueOrder)), eb('inspection_id', '<', inspectionId)]),
            ]),
          )
          .executeTakeFirstOrThrow();
        return Number(row.count);
      },

      /** The head of the queue, locked and skipped by other workers taking theirs at once. */
      head() {
        return q
          .selectFrom('ai_screenings')
          .selectAll()
          .where('state', '=', 'AI_QUEUE')
          .orderBy('queue_order')
          .orderBy('inspection_id')
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
      },

      /** The screening a job has taken (a run resumed after a crash finds its own). */
      ownedBy(jobId: string) {
        return q.selectFrom('ai_screenings').selectAll().where('job_id', '=', jobId).executeTakeFirst();
      },

      /** The inspection's photos a run of `range` screens. */
      async photosInRange(inspectionId: number, range: AiImageRange) {
        const rows = await photos(inspectionId)
          .select('img.id')
          .$if(range === 'undetected', (query) => query.where('a.image_id', 'is', null))
          .orderBy('img.id')
          .execute();
        return rows.map((row) => row.id);
      },

      /** Photos enter a run: pending, their earlier AI result and review gone. */
      async markPending(inspectionId: number, imageIds: readonly number[]) {
        if (imageIds.length === 0) return;
        await q
          .insertInto('ai_screening_images')
          .values(imageIds.map((id) => ({ image_id: id, inspection_id: inspectionId, ai_state: 'pending' as const })))
          .onConflict((conflict) =>
            conflict.column('image_id').doUpdateSet({
              ai_state: 'pending',
              error_key: null,
              ai_defects: 0,
              reviewed: false,
              reviewed_by: null,
              reviewed_at: null,
              screened_at: null,
            }),
          )
          .execute();
      },

      /** Photos a stopped run had not done go back to not detected. */
      forgetPending(inspectionId: number) {
        return q
          .deleteFrom('ai_screening_images')
          .where('inspection_id', '=', inspectionId)
          .where('ai_state', '=', 'pending')
          .execute();
      },

      /** The run's photos still to do, with what measuring a defect on them needs. */
      async pending(inspectionId: number) {
        const rows = await q
          .selectFrom('ai_screening_images')
          .select('image_id')
          .where('inspection_id', '=', inspectionId)
          .where('ai_state', '=', 'pending')
          .orderBy('image_id')
          .execute();
        return rows.map((row) => row.image_id);
      },

      /** Photos of the run ended abnormal (screened since `since`). */
      async abnormalSince(inspectionId: number, since: Date) {
        const row = await q
          .selectFrom('ai_screening_images')
          .select(sql<string>`count(*)`.as('count'))
          .where('inspection_id', '=', inspectionId)
          .where('ai_state', '=', 'abnormal')
          .where('screened_at', '>=', since)
          .executeTakeFirstOrThrow();
        return Number(row.count);
      },

      /** Drawn defects of the photos (deleted before a run that asks so). */
      async manualDefectIds(imageIds: readonly number[]) {
        if (imageIds.length === 0) return [];
        const rows = await q
          .selectFrom('defects')
          .select('id')
          .where('image_id', 'in', [...imageIds])
          .where('source', '=', 'manual')
          .execute();
        return rows.map((row) => row.id);
      },

      async aiDefectIds(imageId: number) {
        const rows = await q
          .selectFrom('defects')
          .select('id')
          .where('image_id', '=', imageId)
          .where('source', '=', 'ai')
          .execute();
        return rows.map((row) => row.id);
      },

      /** Built-in defect types by code. */
      builtInTypes() {
        return q.selectFrom('defect_types').select(['id', 'code']).where('project_id', 'is', null).execute();
      },

      async setImageResult(
        imageId: number,
        result: { state: 'damage' | 'clean' | 'abnormal'; errorKey: string | null; aiDefects: number },
      ) {
        await q
          .updateTable('ai_screening_images')
          .set({
            ai_state: result.state,
            error_key: result.errorKey,
            ai_defects: result.aiDefects,
            screened_at: new Date(),
          })
          .where('image_id', '=', imageId)
          .execute();
      },

      async countRun(inspectionId: number, defects: number) {
        await q
          .updateTable('ai_screenings')
          .set({ done: sql`done + 1`, defects: sql`defects + ${defects}` })
          .where('inspection_id', '=', inspectionId)
          .execute();
      },

      /** Photos per review tab. */
      async tabCounts(inspectionId: number) {
        const row = await photos(inspectionId)
          .select(
            Object.entries(TAB_CONDITIONS).map(([tab, condition]) =>
              sql<string>`count(*) filter (where ${condition})`.as(tab),
            ),
          )
          .executeTakeFirstOrThrow();
        return Object.fromEntries(Object.entries(row).map(([tab, count]) => [tab, Number(count)])) as Record<
          AiReviewTab,
          number
        >;
      },

      /** A page of the tab's photos, by id. */
      pageOf(inspectionId: number, tab: AiReviewTab, paging: { offset: number; limit: number }) {
        return photos(inspectionId)
          .select([
            'img.id',
            'img.name',
            'img.defect_count',
            'a.ai_state',
            'a.reviewed',
            'a.ai_defects',
            'a.error_key',
            'a.screened_at',
          ])
          .where(TAB_CONDITIONS[tab])
          .orderBy('img.id')
          .offset(paging.offset)
          .limit(paging.limit)
          .execute();
      },

      /** One photo's AI result (its photo live), with its project. */
      image(imageId: number) {
        return q
          .selectFrom('inspection_images as img')
          .innerJoin('inspections as i', 'i.id', 'img.inspection_id')
          .leftJoin('ai_screening_images as a', 'a.image_id', 'img.id')
          .select([
            'img.id',
            'img.name',
            'img.inspection_id',
            'i.project_id',
            'img.defect_count',
            'a.ai_state',
            'a.reviewed',
            'a.ai_defects',
            'a.error_key',
            'a.screened_at',
          ])
          .where('img.id', '=', imageId)
          .where('img.state', '!=', 'uploading')
          .where('i.deleted_at', 'is', null)
          .executeTakeFirst();
      },

      /** The photo's AI defects with the name of the learned model that found each (null once it is deleted). */
      aiDefectsOf(imageId: number) {
        return q
          .selectFrom('defects as d')
          .leftJoin('ai_models as m', 'm.id', 'd.ai_model_id')
          .select([
            'd.id',
            'd.type_id',
            'd.shape_kind',
            'd.points',
            'd.length_m',
            'd.width_mm',
            'd.area_m2',
            'd.lon',
            'd.lat',
            'd.height',
            'd.location_state',
            'd.ai_model_id',
            'm.name as ai_model_name',
          ])
          .where('d.image_id', '=', imageId)
          .where('d.source', '=', 'ai')
          .orderBy('d.id')
          .execute();
      },

      /** The inspection's screening with the name of the learned model its run used (null once it is deleted). */
      withModel(inspectionId: number) {
        return q
          .selectFrom('ai_screenings as s')
          .leftJoin('ai_models as m', 'm.id', 's.ai_model_id')
          .selectAll('s')
          .select('m.name as ai_model_name')
          .where('s.inspection_id', '=', inspectionId)
          .executeTakeFirst();
      },

      /** Sets the review flag of screened photos (of `imageIds`, or all the inspection's) whose flag differs. */
      async setReviewed(inspectionId: number, imageIds: readonly number[] | null, reviewed: boolean, userId: number) {
        const result = await q
          .updateTable('ai_screening_images')
          .set({ reviewed, reviewed_by: reviewed ? userId : null, reviewed_at: reviewed ? new Date() : null })
          .where('inspection_id', '=', inspectionId)
          .where('ai_state', 'in', ['damage', 'clean'])
          .where('reviewed', '=', !reviewed)
          .$if(imageIds !== null, (query) => query.where('image_id', 'in', [...imageIds!]))
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      },

      /** Keeps a reviewer's correction of an AI defect (its type and shape as the AI drew them). */
      addFeedback(values: Insertable<AiFeedbacksTable>) {
        return q.insertInto('ai_feedbacks').values(values).returning('id').executeTakeFirstOrThrow();
      },

      /** Gives an AI defect the type a reviewer's feedback corrects it to. */
      async retype(defectId: number, typeId: number, userId: number) {
        await q
          .updateTable('defects')
          .set({ type_id: typeId, updated_by: userId, updated_at: new Date() })
          .where('id', '=', defectId)
          .execute();
      },

      /** The inspection's error feedback, oldest first, with who gave it. */
      feedbacks(inspectionId: number, ids?: readonly number[]) {
        return q
          .selectFrom('ai_feedbacks as f')
          .leftJoin('users as u', 'u.id', 'f.created_by')
          .selectAll('f')
          .select('u.name as created_by_name')
          .where('f.inspection_id', '=', inspectionId)
          .$if(ids !== undefined, (query) => query.where('f.id', 'in', [...ids!]))
          .orderBy('f.id')
          .execute();
      },

      /** The inspection's AI defects placed on the model. */
      located(inspectionId: number) {
        return q
          .selectFrom('defects')
          .select(['id', 'image_id', 'type_id', 'lon', 'lat', 'height'])
          .where('inspection_id', '=', inspectionId)
          .where('source', '=', 'ai')
          .where('location_state', '=', 'located')
          .orderBy('id')
          .execute();
      },
    };
  }

  return {
    ...queries(db),
    transaction<T>(work: (q: ReturnType<typeof queries>, trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queries(trx), trx));
    },
  };
}

export type AiScreeningRepo = ReturnType<typeof createAiScreeningRepo>;

/**
 * Refuses a change to an inspection's defects or photos while its screening is queued or running: the run replaces
 * its photos' AI defects and may delete drawn ones (INSPECTION_IN_AI_CAN_NOT_OPERA).
 */
export function createScreeningLock(db: Kysely<Database>) {
  return async (inspectionIds: Iterable<number>): Promise<void> => {
    const ids = [...new Set(inspectionIds)];
    if (ids.length === 0) return;
    const busy = await db
      .selectFrom('ai_screenings')
      .select('inspection_id')
      .where('inspection_id', 'in', ids)
      .where('state', 'in', [...AI_BUSY_STATES])
      .executeTakeFirst();
    if (busy) throw new AppError('INSPECTION_IN_AI_CAN_NOT_OPERA');
  };
}
