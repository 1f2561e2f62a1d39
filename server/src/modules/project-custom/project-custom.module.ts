import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createProjectRepo } from '../project/project.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createProjectCustomRepo } from './project-custom.repo.js';
import { registerProjectCustomRoutes } from './project-custom.routes.js';
import { createProjectCustomService } from './project-custom.service.js';

export const projectCustomModule: ModuleDefinition = {
  name: 'project-custom',
  register(context) {
    const { db } = context.database;
    const customs = createProjectCustomService({
      repo: createProjectCustomRepo(db),
      projects: createProjectRepo(db),
      access: context.use(PROJECT_ACCESS),
    });
    context.routes((router) => registerProjectCustomRoutes(router, { customs }));
  },
};
