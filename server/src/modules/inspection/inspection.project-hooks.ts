import type { ProjectChildHooks } from '../project/project-children.js';
import { moveRecycleItemsToTeam } from '../recycle-bin/recycle-bin.repo.js';
import { binnedInspectionsOf, INSPECTION_KIND } from './inspection.recycle.js';

/**
 * How a project's inspections follow it. They hold no bytes until photos exist. A handover needs no write to the
 * inspections (their team is their project's; image groups carry a copy of their camera, so nothing points at the
 * old team's camera list), but inspections already in the old team's bin move to the new team's bin, so that they are
 * restored by the team that now owns the project. A purge drops them all, binned or not.
 */
export const inspectionHooks: ProjectChildHooks = {
  storedBytes: async () => 0,
  bytesForHandover: async () => 0,
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
    await db.deleteFrom('inspections').where('project_id', '=', projectId).execute();
    return { blobKeys: [], freedBytes: 0 };
  },
  binnedItems: binnedInspectionsOf,
};
