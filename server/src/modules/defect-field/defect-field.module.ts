import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createDefectFieldRepo } from './defect-field.repo.js';
import { registerDefectFieldRoutes } from './defect-field.routes.js';
import { createDefectFieldService } from './defect-field.service.js';

export const defectFieldModule: ModuleDefinition = {
  name: 'defect-field',
  register(context) {
    const defectFields = createDefectFieldService({
      repo: createDefectFieldRepo(context.database.db),
      access: context.use(PROJECT_ACCESS),
    });
    context.routes((router) => registerDefectFieldRoutes(router, { defectFields }));
  },
};
