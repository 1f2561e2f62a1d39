import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { registerProjectChild } from '../project/project-children.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { RECYCLE_BIN } from '../recycle-bin/recycle-bin.module.js';
import { registerRecyclable } from '../recycle-bin/recycle-bin.service.js';
import { inspectionHooks } from './inspection.project-hooks.js';
import { INSPECTION_KIND, inspectionRecyclable } from './inspection.recycle.js';
import { createInspectionRepo } from './inspection.repo.js';
import { registerInspectionRoutes } from './inspection.routes.js';
import { createInspectionService } from './inspection.service.js';

/** Inspections of a project, their image groups and the team's camera parameters; photos come next. */
export const inspectionModule: ModuleDefinition = {
  name: 'inspection',
  register(context) {
    const inspections = createInspectionService({
      repo: createInspectionRepo(context.database.db),
      access: context.use(PROJECT_ACCESS),
      recycleBin: context.use(RECYCLE_BIN),
    });
    registerRecyclable(INSPECTION_KIND, inspectionRecyclable);
    registerProjectChild('inspection', inspectionHooks);
    context.routes((router) => registerInspectionRoutes(router, { inspections }));
  },
};
