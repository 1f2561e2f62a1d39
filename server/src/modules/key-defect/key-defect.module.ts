import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { registerInspectionFiles } from '../inspection/inspection-files.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { QUOTA } from '../team/team.module.js';
import { createKeyDefectRepo, keyDefectFiles } from './key-defect.repo.js';
import { registerKeyDefectRoutes } from './key-defect.routes.js';
import { createKeyDefectService } from './key-defect.service.js';

/** Key (important) defects drawn on the model, with their screenshots (freed with their inspection) and history. */
export const keyDefectModule: ModuleDefinition = {
  name: 'key-defect',
  register(context) {
    const db = context.database.db;
    const keyDefects = createKeyDefectService({
      repo: createKeyDefectRepo(db),
      inspections: createInspectionRepo(db),
      access: context.use(PROJECT_ACCESS),
      config: createDiseaseFilterRepo(db),
      quota: context.use(QUOTA),
      blobs: context.blobs,
    });
    registerInspectionFiles('key-defect', keyDefectFiles);
    context.routes((router) => registerKeyDefectRoutes(router, { keyDefects }));
  },
};
