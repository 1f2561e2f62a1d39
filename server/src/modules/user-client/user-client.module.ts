import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { AUTH } from '../auth/auth.module.js';
import { createUserClientRepo } from './user-client.repo.js';
import { registerAvatarFileRoute, registerUserClientRoutes } from './user-client.routes.js';
import { createUserClientService } from './user-client.service.js';

/** The signed-in user's own account: profile, password, avatar, teams. */
export const userClientModule: ModuleDefinition = {
  name: 'user-client',
  register(context) {
    const { auth, repo: authRepo } = context.use(AUTH);
    const userClient = createUserClientService({
      repo: createUserClientRepo(context.database.db),
      authRepo,
      auth,
      bus: context.bus,
      blobs: context.blobs,
    });
    context.routes((router) => {
      registerUserClientRoutes(router, { userClient });
      registerAvatarFileRoute(router, { userClient });
    });
  },
};
