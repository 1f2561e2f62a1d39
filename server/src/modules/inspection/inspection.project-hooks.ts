import type { ProjectChildHooks } from '../project/project-children.js';
import { moveRecycleItemsToTeam } from '../recycle-bin/recycle-bin.repo.js';
import { AppError } from '@sightline/shared';
import { projectHasUploads, projectImageBytes, purgeImages } from './inspection-image.repo.js';
import { binnedInspectionsOf, INSPECTION_KIND } from './inspection.recycle.js';
import { inspectionFileBytes, purgeInspectionFiles } from './inspection-files.js';

/**
 * How a project's inspections follow it. Their photos' (and generated files') bytes count against the project's team (uploads underway
 * count their reservation, and refuse a handover until they end). A handover needs no write to the
 * inspections (their team is their project's; image groups carry a copy of their camera, so nothing points at the
 * old team's camera list), but inspections already in the old team's bin move to the new team's bin, so that they are
 * restored by the team that now owns the project. A purge drops them all, binned or not.
 */
export const inspectionHooks: ProjectChildHooks = {
  storedBytes: async (db, projectId) =>
    (await projectImageBytes(db, projectId)) + (await inspectionFileBytes(db, { projectId })),
  async bytesForHandover(db, projectId) {
    if (await projectHasUploads(db, projectId)) throw new AppError('PROJECT_MODEL_USER');
    return (await projectImageBytes(db, projectId)) + (await inspectionFileBytes(db, { projectId }));
  },
  async moveToTeam(db, projectId, teamId) {
    const binned = await binnedInspectionsOf(db, projectId);
    await moveRecycleItemsToTeam(
      db,
      INSPECTION_KIND,
      binned.map((item) => item.entityId),
      teamId,
    );
  },
  async purge(db, projectId) {
    const freed = await purgeImages(db, { projectId });
    const files = await purgeInspectionFiles(db, { projectId });
    await db.deleteFrom('inspections').where('project_id', '=', projectId).execute();
    return { freedBytes: freed.freedBytes + files.freedBytes, blobKeys: [...freed.blobKeys, ...files.blobKeys] };
  },
  binnedItems: binnedInspectionsOf,
};
