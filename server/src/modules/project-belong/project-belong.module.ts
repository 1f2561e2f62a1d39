import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createProjectRepo } from '../project/project.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createProjectBelongRepo } from './project-belong.repo.js';
import { registerProjectBelongRoutes } from './project-belong.routes.js';
import { createProjectBelongService } from './project-belong.service.js';

export const projectBelongModule: ModuleDefinition = {
  name: 'project-belong',
  register(context) {
    const { db } = context.database;
    const belong = createProjectBelongService({
      repo: createProjectBelongRepo(db),
      projects: createProjectRepo(db),
      access: context.use(PROJECT_ACCESS),
    });
    context.routes((router) => registerProjectBelongRoutes(router, { belong }));
  },
};
