import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createNoticeRepo } from '../notice/notice.repo.js';
import { createNoticeService } from '../notice/notice.service.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createMonitorPointRepo } from './monitor-point.repo.js';
import { registerMonitorPointRoutes } from './monitor-point.routes.js';
import { createMonitorPointService } from './monitor-point.service.js';

/**
 * Total-station monitoring points and their displacement records. They go with their project by the database's
 * cascade, so the module adds no project hooks; alarms reach members through the notice service.
 */
export const monitorPointModule: ModuleDefinition = {
  name: 'monitor-point',
  register(context) {
    const db = context.database.db;
    const monitorPoints = createMonitorPointService({
      repo: createMonitorPointRepo(db),
      access: context.use(PROJECT_ACCESS),
      notices: createNoticeService({ repo: createNoticeRepo(db), bus: context.bus }),
    });
    context.routes((router) => registerMonitorPointRoutes(router, { monitorPoints }));
  },
};
