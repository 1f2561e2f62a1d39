import { sql, type Kysely, type Transaction } from 'kysely';
import type { KeyDefectHistoryAction } from '@sightline/shared';
import type { Database, KeyDefectsTable } from '../../platform/db/schema.js';
import { inspectionIdsOf, type InspectionFileHooks } from '../inspection/inspection-files.js';

type Db = Kysely<Database> | Transaction<Database>;
type Position = { lon: number; lat: number; height: number };

/**
 * Key defects' screenshots on the team's quota, those held by a key defect and those uploaded but not yet held: shown
 * in the bin, moved by a handover, freed by a purge (the rows would otherwise go by foreign-key cascade, leaving the
 * screenshots stored and counted).
 */
export const keyDefectFiles: InspectionFileHooks = {
  async storedBytes(db, scope) {
    let total = 0;
    for (const table of ['key_defects', 'key_defect_screenshots'] as const) {
      const column = table === 'key_defects' ? 'screenshot_bytes' : 'size_bytes';
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>(column), eb.lit(0)).as('bytes'))
        .where('inspection_id', 'in', inspectionIdsOf(db, scope))
        .executeTakeFirstOrThrow();
      total += Number(row.bytes);
    }
    return total;
  },
  async purge(db, scope) {
    const held = await db
      .deleteFrom('key_defects')
      .where('inspection_id', 'in', inspectionIdsOf(db, scope))
      .returning(['screenshot_key as key', 'screenshot_bytes as bytes'])
      .execute();
    // A row a collector has claimed goes too: its own delete then finds nothing, so it releases nothing twice.
    const unused = await db
      .deleteFrom('key_defect_screenshots')
      .where('inspection_id', 'in', inspectionIdsOf(db, scope))
      .returning(['storage_key as key', 'size_bytes as bytes'])
      .execute();
    const rows = [...held, ...unused];
    return {
      blobKeys: rows.map((row) => row.key),
      freedBytes: rows.reduce((sum, row) => sum + Number(row.bytes), 0),
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

      /** Records an uploaded screenshot, held by no key defect until a create or update takes it. */
      async recordScreenshot(entry: { inspectionId: number; name: string; key: string; bytes: number }) {
        await q
          .insertInto('key_defect_screenshots')
          .values({
            inspection_id: entry.inspectionId,
            name: entry.name,
            storage_key: entry.key,
            size_bytes: entry.bytes,
          })
          .execute();
      },

      /** Drops the record of an upload whose blob could not be stored (its bytes are released by the caller). */
      async forgetScreenshot(name: string) {
        await q.deleteFrom('key_defect_screenshots').where('name', '=', name).execute();
      },

      /** An uploaded screenshot of the inspection that no key defect holds and no collector is freeing. */
      unusedScreenshot(inspectionId: number, name: string) {
        return q
          .selectFrom('key_defect_screenshots')
          .select(['storage_key', 'size_bytes'])
          .where('inspection_id', '=', inspectionId)
          .where('name', '=', name)
          .where('freeing_at', 'is', null)
          .executeTakeFirst();
      },

      /**
       * Inside the transaction storing the key defect that holds it: the screenshot is no longer unused. False when it
       * is gone since it was checked (taken by another key defect, or claimed by the collector).
       */
      async takeScreenshot(inspectionId: number, name: string) {
        const row = await q
          .deleteFrom('key_defect_screenshots')
          .where('inspection_id', '=', inspectionId)
          .where('name', '=', name)
          .where('freeing_at', 'is', null)
          .returning('id')
          .executeTakeFirst();
        return row !== undefined;
      },

      /**
       * Claims the screenshots uploaded before `before` that no key defect took, and those a collector claimed
       * before (it may have been interrupted): no key defect can take them any more. Their ids and blobs.
       */
      claimUnusedScreenshots(before: Date) {
        return q
          .updateTable('key_defect_screenshots')
          .set({ freeing_at: sql<Date>`coalesce(freeing_at, now())` })
          .where((eb) => eb.or([eb('created_at', '<', before), eb('freeing_at', 'is not', null)]))
          .returning(['id', 'storage_key'])
          .execute();
      },

      /**
       * Drops a claimed screenshot's record: its bytes and the team now owning its inspection, whose quota they count
       * against (null when the inspection is gone), or undefined when the row was already gone.
       */
      async dropClaimedScreenshot(id: number): Promise<{ bytes: number; teamId: number | null } | undefined> {
        const row = await q
          .deleteFrom('key_defect_screenshots')
          .where('id', '=', id)
          .returning(['inspection_id', 'size_bytes'])
          .executeTakeFirst();
        if (!row) return undefined;
        const owner = await q
          .selectFrom('inspections as i')
          .innerJoin('projects as p', 'p.id', 'i.project_id')
          .select('p.team_id')
          .where('i.id', '=', row.inspection_id)
          .executeTakeFirst();
        return { bytes: row.size_bytes, teamId: owner?.team_id ?? null };
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
    /** Runs `work` in one transaction, which it may hand on to another service counting with it (the quota). */
    transaction<T>(work: (q: ReturnType<typeof queries>, trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(queries(trx), trx));
    },
  };
}

export type KeyDefectRepo = ReturnType<typeof createKeyDefectRepo>;
