import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { PREVIOUS_INSPECTION_CHANGED } from '../inspection/inspection.module.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createDefectHistoryRepo } from './defect-history.repo.js';
import { registerDefectHistoryJob, registerDefectHistoryRoutes } from './defect-history.routes.js';
import { createDefectHistoryService } from './defect-history.service.js';

/**
 * Historical defect matching and defect evolution. Links go with their defects by the database's cascades; a change
 * of an inspection's previous inspection drops the inspection's links through the inspection core's hook.
 */
export const defectHistoryModule: ModuleDefinition = {
  name: 'defect-history',
  register(context) {
    const history = createDefectHistoryService({
      repo: createDefectHistoryRepo(context.database.db),
      inspections: createInspectionRepo(context.database.db),
      access: context.use(PROJECT_ACCESS),
      jobs: context.jobs,
      bus: context.bus,
      log: context.log,
    });
    context.provide(PREVIOUS_INSPECTION_CHANGED, history.previousChanged);
    registerDefectHistoryJob(context.jobs, history);
    context.routes((router) => registerDefectHistoryRoutes(router, { history }));
  },
};
