import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createRoleRepo } from './role.repo.js';
import { registerRoleRoutes } from './role.routes.js';
import { createRoleService } from './role.service.js';

export const roleModule: ModuleDefinition = {
  name: 'role',
  register(context) {
    const roles = createRoleService({ repo: createRoleRepo(context.database.db) });
    context.routes((router) => registerRoleRoutes(router, { roles }));
  },
};
