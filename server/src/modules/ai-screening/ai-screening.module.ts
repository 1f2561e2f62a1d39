import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDefectMeasure } from '../defect/defect-measure.js';
import { createDefectRepo } from '../defect/defect.repo.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { createInspectionImageRepo } from '../inspection/inspection-image.repo.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { INSPECTION_SCREENING_LOCK } from '../inspection/inspection.module.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { SERVED_MODEL } from '../project-model/project-model.module.js';
import { createModelChoice } from '../ai-model/model-choice.js';
import { createAiScreeningRepo, createScreeningLock } from './ai-screening.repo.js';
import { registerAiScreeningJob, registerAiScreeningRoutes } from './ai-screening.routes.js';
import { createAiScreeningService } from './ai-screening.service.js';

/**
 * AI screening of inspection photos and the review of its results. Its rows go with their inspection or photo by
 * the database's cascades; the inspection and defect modules refuse edits of an inspection being screened through the lock it provides.
 */
export const aiScreeningModule: ModuleDefinition = {
  name: 'ai-screening',
  register(context) {
    const db = context.database.db;
    const screening = createAiScreeningService({
      repo: createAiScreeningRepo(db),
      defects: createDefectRepo(db),
      inspections: createInspectionRepo(db),
      images: createInspectionImageRepo(db),
      access: context.use(PROJECT_ACCESS),
      types: createDiseaseFilterRepo(db),
      measure: createDefectMeasure({ db, servedModel: context.use(SERVED_MODEL), cpu: context.cpu, log: context.log }),
      models: createModelChoice(db),
      cpu: context.cpu,
      jobs: context.jobs,
      bus: context.bus,
      log: context.log,
    });
    context.provide(INSPECTION_SCREENING_LOCK, createScreeningLock(db));
    registerAiScreeningJob(context.jobs, screening);
    context.routes((router) => registerAiScreeningRoutes(router, { screening }));
  },
};
