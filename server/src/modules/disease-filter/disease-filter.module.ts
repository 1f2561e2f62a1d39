import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createDiseaseFilterRepo } from './disease-filter.repo.js';
import { registerDiseaseFilterRoutes } from './disease-filter.routes.js';
import { createDiseaseFilterService } from './disease-filter.service.js';

export const diseaseFilterModule: ModuleDefinition = {
  name: 'disease-filter',
  register(context) {
    const filters = createDiseaseFilterService({
      repo: createDiseaseFilterRepo(context.database.db),
      access: context.use(PROJECT_ACCESS),
    });
    context.routes((router) => registerDiseaseFilterRoutes(router, { filters }));
  },
};
