import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { RecyclableHandler } from '../recycle-bin/recycle-bin.service.js';
import { purgeInspectionHighPrecision } from './high-precision.repo.js';
import { inspectionImageBytes, purgeImages } from './inspection-image.repo.js';
import { inspectionFileBytes, purgeInspectionFiles } from './inspection-files.js';

/** The recycle bin's kind for an inspection (the web shows `recycle.kind.inspection`). */
export const INSPECTION_KIND = 'inspection';

/**
 * How an inspection goes through the recycle bin. Its image groups hang off it and need no mark of their own: a
 * binned inspection is invisible to every call, and purging drops the groups by foreign-key cascade. It holds
 * photos and generated files (reports, exports), whose bytes the summary shows and the purge frees.
 */
export const inspectionRecyclable: RecyclableHandler = {
  async loadSummary(db, id) {
    const row = await db
      .selectFrom('inspections')
      .innerJoin('projects', 'projects.id', 'inspections.project_id')
      .select(['inspections.name', 'projects.team_id'])
      .where('inspections.id', '=', id)
      .where('inspections.deleted_at', 'is', null)
      .where('projects.deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) return undefined;
    const sizeBytes = (await inspectionImageBytes(db, id)) + (await inspectionFileBytes(db, { inspectionId: id }));
    return { name: row.name, teamId: row.team_id, sizeBytes };
  },

  async markDeleted(db, id, deletedAt) {
    await db
      .updateTable('inspections')
      .set({ deleted_at: deletedAt })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  },

  /** Comes back as it was; a previous inspection purged meanwhile has already been cleared (on delete set null). */
  async restore(db, id) {
    await db.updateTable('inspections').set({ deleted_at: null }).where('id', '=', id).execute();
  },

  async purge(db, id) {
    const freed = await purgeImages(db, { inspectionId: id });
    const poseExports = await purgeInspectionHighPrecision(db, id);
    const files = await purgeInspectionFiles(db, { inspectionId: id });
    await db.deleteFrom('inspections').where('id', '=', id).execute();
    return {
      freedBytes: freed.freedBytes + files.freedBytes,
      blobKeys: [...freed.blobKeys, ...poseExports, ...files.blobKeys],
    };
  },
};

/** The project's inspections that sit in the bin as items of their own. */
export async function binnedInspectionsOf(db: Kysely<Database>, projectId: number) {
  const rows = await db
    .selectFrom('inspections')
    .select('id')
    .where('project_id', '=', projectId)
    .where('deleted_at', 'is not', null)
    .execute();
  return rows.map((row) => ({ kind: INSPECTION_KIND, entityId: row.id }));
}
