import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { AUTH } from '../auth/auth.module.js';
import { registerRoleMenuRoutes } from './role-menu.routes.js';
import { createRoleMenuService } from './role-menu.service.js';

export const roleMenuModule: ModuleDefinition = {
  name: 'role-menu',
  register(context) {
    const roleMenus = createRoleMenuService({
      authRepo: context.use(AUTH).repo,
      bus: context.bus,
      deployment: context.config.LOCAL_MODE ? 'local' : 'hosted',
    });
    context.routes((router) => registerRoleMenuRoutes(router, { roleMenus }));
  },
};
