import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createDefectTypeRepo } from './defect-type.repo.js';
import { registerDefectTypeRoutes } from './defect-type.routes.js';
import { createDefectTypeService } from './defect-type.service.js';

export const defectTypeModule: ModuleDefinition = {
  name: 'defect-type',
  register(context) {
    const defectTypes = createDefectTypeService({
      repo: createDefectTypeRepo(context.database.db),
      access: context.use(PROJECT_ACCESS),
    });
    context.routes((router) => registerDefectTypeRoutes(router, { defectTypes }));
  },
};
