import type { ProjectChildHooks } from '../project/project-children.js';
import { modelBytesForHandover, moveModelToTeam } from './project-model.handover.js';
import { projectModelBytes, purgeProjectModel } from './project-model.recycle.js';

/** How a project's model follows the project through the bin, a purge and a handover to another team. */
export const projectModelHooks: ProjectChildHooks = {
  storedBytes: projectModelBytes,
  bytesForHandover: modelBytesForHandover,
  moveToTeam: moveModelToTeam,
  purge: purgeProjectModel,
};
