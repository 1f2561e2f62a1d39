import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { PROJECT_VERSION } from '../../version.js';
import { createNoticeRepo } from './notice.repo.js';
import { registerNoticeRoutes } from './notice.routes.js';
import { createNoticeService } from './notice.service.js';

export const noticeModule: ModuleDefinition = {
  name: 'notice',
  register(context) {
    const notices = createNoticeService({ repo: createNoticeRepo(context.database.db), bus: context.bus });
    context.routes((router) => registerNoticeRoutes(router, { notices, projectVersion: PROJECT_VERSION }));
  },
};
