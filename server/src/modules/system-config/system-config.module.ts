import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createSystemConfigRepo } from './system-config.repo.js';
import { registerSystemConfigRoutes } from './system-config.routes.js';
import { createSystemConfigService } from './system-config.service.js';

export const systemConfigModule: ModuleDefinition = {
  name: 'system-config',
  register(context) {
    const { config } = context;
    const systemConfig = createSystemConfigService({
      repo: createSystemConfigRepo(context.database.db),
      blobs: context.blobs,
      settings: { storage: { ip: config.PUBLIC_HOST ?? 'localhost', port: config.PORT } },
    });
    context.routes((router) => registerSystemConfigRoutes(router, { systemConfig }));
  },
};
