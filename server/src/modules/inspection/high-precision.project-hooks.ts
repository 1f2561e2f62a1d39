import type { ProjectChildHooks } from '../project/project-children.js';
import { projectPointCloudBytes, purgeProjectHighPrecision } from './high-precision.repo.js';

/**
 * How a project's point clouds and its inspections' pose exports follow it: the point clouds' bytes count against
 * the project's team; a purge drops them and the imports' XML (registered before the inspections', whose purge
 * removes the inspections the imports belong to).
 */
export const highPrecisionHooks: ProjectChildHooks = {
  storedBytes: (db, projectId) => projectPointCloudBytes(db, projectId),
  bytesForHandover: (db, projectId) => projectPointCloudBytes(db, projectId),
  async moveToTeam() {
    // Rows carry no team: they follow their project.
  },
  purge: (db, projectId) => purgeProjectHighPrecision(db, projectId),
};
