import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { HistoryMatchingState } from '@sightline/shared';
import type { Database, DefectHistoryLinksTable, DefectHistoryMatchingsTable } from '../../platform/db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;
type Updates = Omit<Updateable<DefectHistoryMatchingsTable>, 'inspection_id'>;
export type LinkInsert = Insertable<DefectHistoryLinksTable>;

/** A defect as matching and the evolution table see it: its effective sizes (edited over computed) and place. */
function historyDefects(db: Db) {
  return db
    .selectFrom('defects as d')
    .innerJoin('inspection_images as img', 'img.id', 'd.image_id')
    .select([
      'd.id',
      'd.project_id',
      'd.inspection_id',
      'd.image_id',
      'img.name as image_name',
      'd.number',
      'd.type_id',
      'd.level',
      'd.shape_kind',
      'd.lon',
      'd.lat',
      'd.height',
      'd.location_state',
      sql<number | null>`coalesce(d.edited_length_m, d.length_m)`.as('length_m'),
      sql<number | null>`coalesce(d.edited_width_mm, d.width_mm)`.as('width_mm'),
      sql<number | null>`coalesce(d.edited_area_m2, d.area_m2)`.as('area_m2'),
    ]);
}
export type HistoryDefectRow = Awaited<ReturnType<ReturnType<typeof historyDefects>['executeTakeFirstOrThrow']>>;

/** SQL of historical defect matching: the per-inspection state row and the links between defects. */
export function createDefectHistoryRepo(db: Kysely<Database>) {
  function queries(q: Db) {
    /** The inspection's state row, made uncalculated when missing. */
    const ensureRow = (inspectionId: number) =>
      q
        .insertInto('defect_history_matchings')
        .values({ inspection_id: inspectionId })
        .onConflict((conflict) => conflict.column('inspection_id').doNothing())
        .execute();
    return {
      find(inspectionId: number) {
        return q
          .selectFrom('defect_history_matchings')
          .selectAll()
          .where('inspection_id', '=', inspectionId)
          .executeTakeFirst();
      },

      /**
       * Moves the state from one of `from` (a new row starts uncalculated) and applies `updates`; with `jobId`, only
       * while that job is the matching's (a job cancelled and replaced by a new run no longer writes).
       */
      async move(inspectionId: number, from: readonly HistoryMatchingState[], updates: Updates, jobId?: string) {
        await ensureRow(inspectionId);
        return q
          .updateTable('defect_history_matchings')
          .set(updates)
          .where('inspection_id', '=', inspectionId)
          .where('state', 'in', [...from])
          .$if(jobId !== undefined, (query) => query.where('job_id', '=', jobId!))
          .returningAll()
          .executeTakeFirst();
      },

      /** Locks the state row (made if missing), so a hand-made link and a batch of the job do not interleave. */
      async lock(inspectionId: number) {
        await ensureRow(inspectionId);
        return q
          .selectFrom('defect_history_matchings')
          .selectAll()
          .where('inspection_id', '=', inspectionId)
          .forUpdate()
          .executeTakeFirstOrThrow();
      },

      async counts(inspectionId: number) {
        const row = await q
          .selectFrom('defects as d')
          .leftJoin('defect_history_links as l', 'l.defect_id', 'd.id')
          .select([sql<string>`count(*)`.as('total'), sql<string>`count(l.defect_id)`.as('done')])
          .where('d.inspection_id', '=', inspectionId)
          .executeTakeFirstOrThrow();
        return { total: Number(row.total), done: Number(row.done) };
      },

      /** Every defect of the inspection, for matching and the tables. */
      defectsOf(inspectionId: number) {
        return historyDefects(q).where('d.inspection_id', '=', inspectionId).orderBy('d.id').execute();
      },

      defects(ids: readonly number[]) {
        if (ids.length === 0) return Promise.resolve([]);
        return historyDefects(q)
          .where('d.id', 'in', [...ids])
          .orderBy('d.id')
          .execute();
      },

      /** A defect of a live inspection, with its inspection's previous inspection. */
      findDefect(id: number) {
        return historyDefects(q)
          .innerJoin('inspections as i', 'i.id', 'd.inspection_id')
          .select('i.previous_inspection_id')
          .where('d.id', '=', id)
          .where('i.deleted_at', 'is', null)
          .executeTakeFirst();
      },

      /** The inspection's links, by defect. */
      linksOf(inspectionId: number) {
        return q
          .selectFrom('defect_history_links')
          .selectAll()
          .where('inspection_id', '=', inspectionId)
          .orderBy('defect_id')
          .execute();
      },

      linkOf(defectId: number) {
        return q.selectFrom('defect_history_links').selectAll().where('defect_id', '=', defectId).executeTakeFirst();
      },

      /** The inspection's link that names `previousDefectId` as its earlier defect (one at most). */
      linkTo(inspectionId: number, previousDefectId: number) {
        return q
          .selectFrom('defect_history_links')
          .selectAll()
          .where('inspection_id', '=', inspectionId)
          .where('previous_defect_id', '=', previousDefectId)
          .executeTakeFirst();
      },

      /** Links naming `previousDefectId` from any later inspection, the earliest inspection first. */
      linksTo(previousDefectId: number) {
        return q
          .selectFrom('defect_history_links as l')
          .innerJoin('inspections as i', 'i.id', 'l.inspection_id')
          .selectAll('l')
          .where('l.previous_defect_id', '=', previousDefectId)
          .where('i.deleted_at', 'is', null)
          .orderBy('i.inspection_date')
          .orderBy('l.defect_id')
          .execute();
      },

      /** Links a matching made (not a person's), dropped before matching every defect again. */
      forgetAutomatic(inspectionId: number) {
        return q
          .deleteFrom('defect_history_links')
          .where('inspection_id', '=', inspectionId)
          .where('manual', '=', false)
          .execute();
      },

      async writeLinks(rows: readonly LinkInsert[]) {
        if (rows.length === 0) return;
        await q
          .insertInto('defect_history_links')
          .values([...rows])
          .execute();
      },

      /** A person's link replaces the defect's. */
      async replaceLink(row: LinkInsert) {
        await q.deleteFrom('defect_history_links').where('defect_id', '=', row.defect_id).execute();
        await q.insertInto('defect_history_links').values(row).execute();
      },

      /** Every link of the inspection goes and its matching is uncalculated again (its previous inspection changed). */
      async unbindAll(inspectionId: number) {
        // The state first: its row lock waits for a batch being committed (whose links the delete then sees), and a
        // job's next batch finds the state no longer running under it and stops.
        await q
          .updateTable('defect_history_matchings')
          .set({ state: 'uncalculated', job_id: null, error_key: null, started_at: null, finished_at: null })
          .where('inspection_id', '=', inspectionId)
          .execute();
        const removed = await q
          .deleteFrom('defect_history_links')
          .where('inspection_id', '=', inspectionId)
          .executeTakeFirst();
        return Number(removed.numDeletedRows);
      },

      inspections(ids: readonly number[]) {
        if (ids.length === 0) return Promise.resolve([]);
        return q
          .selectFrom('inspections')
          .select(['id', 'name', 'inspection_date', 'previous_inspection_id'])
          .where('id', 'in', [...ids])
          .execute();
      },
    };
  }

  return {
    ...queries(db),
    transaction<T>(work: (q: ReturnType<typeof queries>, trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queries(trx), trx));
    },
    /** The same queries on a transaction another module opened (the inspection edit). */
    on(trx: Kysely<Database>) {
      return queries(trx);
    },
  };
}

export type DefectHistoryRepo = ReturnType<typeof createDefectHistoryRepo>;
