import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { inspectionImageViewQueries } from '../inspection/inspection-image-view.service.js';
import { createNoticeRepo } from '../notice/notice.repo.js';
import { createNoticeService } from '../notice/notice.service.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { registerMonitorTargetJobs } from './monitor-target.jobs.js';
import { createMonitorTargetRepo } from './monitor-target.repo.js';
import { registerMonitorTargetRoutes } from './monitor-target.routes.js';
import { createMonitorTargetService } from './monitor-target.service.js';

/**
 * Drone-target displacement monitoring: targets, their identification job and their positions on photos. Rows go
 * with their project, inspection or photo by the database's cascades, so the module adds no project hooks; alarms
 * reach members through the notice service.
 */
export const monitorTargetModule: ModuleDefinition = {
  name: 'monitor-target',
  register(context) {
    const db = context.database.db;
    const targets = createMonitorTargetService({
      repo: createMonitorTargetRepo(db),
      view: inspectionImageViewQueries(db),
      access: context.use(PROJECT_ACCESS),
      notices: createNoticeService({ repo: createNoticeRepo(db), bus: context.bus }),
      jobs: context.jobs,
      cpu: context.cpu,
      bus: context.bus,
      log: context.log,
    });
    registerMonitorTargetJobs(context.jobs, targets);
    context.routes((router) => registerMonitorTargetRoutes(router, { targets }));
  },
};
