import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { PurgeResult } from '../recycle-bin/recycle-bin.service.js';

/** The inspections a call is about: one, or every one of a project. */
export type InspectionScope = { inspectionId: number } | { projectId: number };

/**
 * Files other domains write from an inspection's data (its reports, its Excel exports). They count against the team's
 * quota like uploads, so the recycle bin shows their bytes, a handover moves them and a purge frees them: the
 * inspection's purge drops their rows before its own (their foreign keys would cascade and lose the blobs' names).
 */
export interface InspectionFileHooks {
  /** The bytes the domain's files of the inspections hold, as the quota counts them. */
  storedBytes(db: Kysely<Database>, scope: InspectionScope): Promise<number>;
  /** Inside the purge transaction: drops the domain's rows of the inspections, names the blobs and bytes to free. */
  purge(db: Kysely<Database>, scope: InspectionScope): Promise<PurgeResult>;
}

const domains = new Map<string, InspectionFileHooks>();

/** Registers a domain's hooks under its name; registering the same hooks again (a second app in tests) is harmless. */
export function registerInspectionFiles(name: string, hooks: InspectionFileHooks): void {
  const existing = domains.get(name);
  if (existing && existing !== hooks) throw new Error(`Inspection files "${name}" are registered twice`);
  domains.set(name, hooks);
}

/** The bytes every domain's files of the inspections hold. */
export async function inspectionFileBytes(db: Kysely<Database>, scope: InspectionScope): Promise<number> {
  let total = 0;
  for (const hooks of domains.values()) total += await hooks.storedBytes(db, scope);
  return total;
}

/** Drops every domain's files of the inspections (rows now, blobs named for after the transaction). */
export async function purgeInspectionFiles(db: Kysely<Database>, scope: InspectionScope): Promise<PurgeResult> {
  const result: PurgeResult = { blobKeys: [], freedBytes: 0 };
  for (const hooks of domains.values()) {
    const purged = await hooks.purge(db, scope);
    result.blobKeys.push(...purged.blobKeys);
    result.freedBytes += purged.freedBytes;
  }
  return result;
}

/** The rows of a table with an `inspection_id` that belong to the scope's inspections. */
export const inspectionIdsOf = (db: Kysely<Database>, scope: InspectionScope) =>
  'projectId' in scope
    ? db.selectFrom('inspections').select('id').where('project_id', '=', scope.projectId)
    : db.selectFrom('inspections').select('id').where('id', '=', scope.inspectionId);

/**
 * The hooks of a domain keeping one file per row, named by `storage_key` with its `size_bytes` (none while written):
 * the Excel exports, the AI training sets.
 */
export function singleFileHooks(table: 'inspection_excels' | 'ai_training_sets'): InspectionFileHooks {
  return {
    async storedBytes(db, scope) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('size_bytes'), eb.lit(0)).as('bytes'))
        .where('inspection_id', 'in', inspectionIdsOf(db, scope))
        .executeTakeFirstOrThrow();
      return Number(row.bytes);
    },
    async purge(db, scope) {
      const rows = await db
        .deleteFrom(table)
        .where('inspection_id', 'in', inspectionIdsOf(db, scope))
        .returning(['storage_key', 'size_bytes'])
        .execute();
      return {
        blobKeys: rows.map((row) => row.storage_key),
        freedBytes: rows.reduce((sum, row) => sum + Number(row.size_bytes ?? 0), 0),
      };
    },
  };
}
