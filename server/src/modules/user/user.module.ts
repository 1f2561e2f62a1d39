import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { AUTH } from '../auth/auth.module.js';
import { createUserRepo } from './user.repo.js';
import { registerUserRoutes } from './user.routes.js';
import { createUserService } from './user.service.js';

/** Accounts as administrators manage them. */
export const userModule: ModuleDefinition = {
  name: 'user',
  register(context) {
    const users = createUserService({
      repo: createUserRepo(context.database.db),
      authRepo: context.use(AUTH).repo,
      bus: context.bus,
    });
    context.routes((router) => registerUserRoutes(router, { users }));
  },
};
