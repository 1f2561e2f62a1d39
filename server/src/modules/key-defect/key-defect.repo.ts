import { sql, type Kysely, type Transaction } from 'kysely';
import type { KeyDefectHistoryAction } from '@sightline/shared';
import type { Database, KeyDefectsTable } from '../../platform/db/schema.js';
import { inspectionIdsOf, type InspectionFileHooks } from '../inspection/inspection-files.js';

type Db = Kysely<Database> | Transaction<Database>;
type Position = { lon: number; lat: number; height: number };

/**
 * Key defects' screenshots on the team's quota: shown in the bin, moved by a handover, freed by a purge (the rows
 * would otherwise go by foreign-key cascade, leaving the screenshots stored and counted).
 */
export const keyDefectFiles: InspectionFileHooks = {
  async storedBytes(db, scope) {
    const row = await db
      .selectFrom('key_defects')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('screenshot_bytes'), eb.lit(0)).as('bytes'))
      .where('inspection_id', 'in', inspectionIdsOf(db, scope))
      .executeTakeFirstOrThrow();
    return Number(row.bytes);
  },
  async purge(db, scope) {
    const rows = await db
      .deleteFrom('key_defects')
      .where('inspection_id', 'in', inspectionIdsOf(db, scope))
      .returning(['screenshot_key', 'screenshot_bytes'])
      .execute();
    return {
      blobKeys: rows.map((row) => row.screenshot_key),
      freedBytes: rows.reduce((sum, row) => sum + Number(row.screenshot_bytes), 0),
    };
  },
};

/** A key defect's values that its history records and its edit may change. */
export interface KeyDefectValues {
  name: string;
  type_id: number;
  level: number;
  description: string;
  shape_kind: KeyDefectsTable['shape_kind'];
  positions: Position[];
  screenshot: string;
  screenshot_key: string;
  screenshot_bytes: number;
  defect_id: number | null;
}

function keyDefectRows(db: Db) {
  return db
    .selectFrom('key_defects as k')
    .innerJoin('inspections as i', 'i.id', 'k.inspection_id')
    .leftJoin('users as creator', 'creator.id', 'k.created_by')
    .leftJoin('users as updater', 'updater.id', 'k.updated_by')
    .selectAll('k')
    .select(['creator.name as created_by_name', 'updater.name as updated_by_name'])
    .where('i.deleted_at', 'is', null);
}

export type KeyDefectRow = Awaited<ReturnType<ReturnType<typeof keyDefectRows>['executeTakeFirstOrThrow']>>;

/** SQL of key defects and their history. */
export function createKeyDefectRepo(db: Kysely<Database>) {
  function queries(q: Db) {
    return {
      find(id: number) {
        return keyDefectRows(q).where('k.id', '=', id).executeTakeFirst();
      },

      findMany(ids: readonly number[]) {
        return keyDefectRows(q)
          .where('k.id', 'in', [...ids])
          .orderBy('k.id')
          .execute();
      },

      ofInspection(inspectionId: number) {
        return keyDefectRows(q).where('k.inspection_id', '=', inspectionId).orderBy('k.id').execute();
      },

      /** Whether a key defect holds the screenshot (a name is used once). */
      async screenshotHeld(name: string) {
        const row = await q.selectFrom('key_defects').select('id').where('screenshot', '=', name).executeTakeFirst();
        return row !== undefined;
      },

      /** A defect of the inspection, for a key defect to stand for. */
      async defectOfInspection(defectId: number, inspectionId: number) {
        const row = await q
          .selectFrom('defects')
          .select('id')
          .where('id', '=', defectId)
          .where('inspection_id', '=', inspectionId)
          .executeTakeFirst();
        return row !== undefined;
      },

      async insert(place: { projectId: number; inspectionId: number; userId: number }, values: KeyDefectValues) {
        const { id } = await q
          .insertInto('key_defects')
          .values({
            ...values,
            positions: JSON.stringify(values.positions),
            project_id: place.projectId,
            inspection_id: place.inspectionId,
            created_by: place.userId,
            updated_by: place.userId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return id;
      },

      update(id: number, values: Partial<KeyDefectValues>, userId: number) {
        const { positions, ...rest } = values;
        return q
          .updateTable('key_defects')
          .set({
            ...rest,
            ...(positions ? { positions: JSON.stringify(positions) } : {}),
            updated_by: userId,
            updated_at: new Date(),
          })
          .where('id', '=', id)
          .execute();
      },

      remove(ids: readonly number[]) {
        return q
          .deleteFrom('key_defects')
          .where('id', 'in', [...ids])
          .returning(['id', 'screenshot_key', 'screenshot_bytes'])
          .execute();
      },

      record(
        entry: { keyDefectId: number; inspectionId: number; userId: number },
        action: KeyDefectHistoryAction,
        changes: Record<string, { from: unknown; to: unknown }>,
      ) {
        return q
          .insertInto('key_defect_history')
          .values({
            key_defect_id: entry.keyDefectId,
            inspection_id: entry.inspectionId,
            user_id: entry.userId,
            action,
            changes: JSON.stringify(changes),
          })
          .execute();
      },

      /** The inspection a key defect was in: from its row, or from its history once deleted. */
      async inspectionOf(keyDefectId: number) {
        const row = await q
          .selectFrom('key_defect_history')
          .select('inspection_id')
          .where('key_defect_id', '=', keyDefectId)
          .orderBy('id')
          .executeTakeFirst();
        return row?.inspection_id;
      },

      async history(keyDefectId: number, paging: { offset: number; limit: number }) {
        const [records, count] = await Promise.all([
          q
            .selectFrom('key_defect_history as h')
            .leftJoin('users as u', 'u.id', 'h.user_id')
            .selectAll('h')
            .select('u.name as user_name')
            .where('h.key_defect_id', '=', keyDefectId)
            .orderBy('h.id', 'desc')
            .offset(paging.offset)
            .limit(paging.limit)
            .execute(),
          q
            .selectFrom('key_defect_history')
            .select(sql<string>`count(*)`.as('n'))
            .where('key_defect_id', '=', keyDefectId)
            .executeTakeFirstOrThrow(),
        ]);
        return { records, total: Number(count.n) };
      },
    };
  }

  return {
    ...queries(db),
    transaction<T>(work: (q: ReturnType<typeof queries>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queries(trx)));
    },
  };
}

export type KeyDefectRepo = ReturnType<typeof createKeyDefectRepo>;
