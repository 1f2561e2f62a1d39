import type { ProjectChildHooks } from '../project/project-children.js';
import { purgeProjectMarkers } from './spatial-marker.repo.js';

/**
 * The markers' part of a project's life: they hold no bytes and nothing of them is keyed by team, so a handover moves
 * nothing; a purge drops the tree, the bindings going with their markers.
 */
export const spatialMarkerHooks: ProjectChildHooks = {
  storedBytes: async () => 0,
  bytesForHandover: async () => 0,
  moveToTeam: async () => undefined,
  async purge(db, projectId) {
    await purgeProjectMarkers(db, projectId);
    return { blobKeys: [], freedBytes: 0 };
  },
};
