import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { registerInspectionFiles } from '../inspection/inspection-files.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { QUOTA } from '../team/team.module.js';
import { registerKeyDefectJobs } from './key-defect.jobs.js';
import { createKeyDefectRepo, keyDefectFiles } from './key-defect.repo.js';
import { registerKeyDefectRoutes } from './key-defect.routes.js';
import { createKeyDefectService, createUnusedScreenshotCollector } from './key-defect.service.js';

/**
 * Key (important) defects drawn on the model, with their screenshots (freed with their inspection, or after a day when
 * no key defect took them) and history.
 */
export const keyDefectModule: ModuleDefinition = {
  name: 'key-defect',
  register(context) {
    const db = context.database.db;
    const repo = createKeyDefectRepo(db);
    const quota = context.use(QUOTA);
    const keyDefects = createKeyDefectService({
      repo,
      inspections: createInspectionRepo(db),
      access: context.use(PROJECT_ACCESS),
      config: createDiseaseFilterRepo(db),
      quota,
      blobs: context.blobs,
    });
    registerInspectionFiles('key-defect', keyDefectFiles);
    registerKeyDefectJobs(context.jobs, createUnusedScreenshotCollector({ repo, blobs: context.blobs, quota }));
    context.routes((router) => registerKeyDefectRoutes(router, { keyDefects }));
  },
};
