import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { createInspectionImageRepo } from '../inspection/inspection-image.repo.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { SERVED_MODEL } from '../project-model/project-model.module.js';
import { createDefectAnalysisRepo } from './defect-analysis.repo.js';
import { registerDefectAnalysisRoutes } from './defect-analysis.routes.js';
import { createComponentBinding } from './defect-binding.js';
import { createDefectMeasure } from './defect-measure.js';
import { createDefectMergeService } from './defect-merge.service.js';
import { createDefectRepeatService } from './defect-repeat.service.js';
import { createDefectStatisticsService } from './defect-statistics.service.js';
import { createDefectRepo } from './defect.repo.js';

/** What is worked out over an inspection's defects: merge, repeated defects, statistics and places. */
export const defectAnalysisModule: ModuleDefinition = {
  name: 'defect-analysis',
  register(context) {
    const db = context.database.db;
    const access = context.use(PROJECT_ACCESS);
    const inspections = createInspectionRepo(db);
    const repo = createDefectRepo(db);
    const analysis = createDefectAnalysisRepo(db);
    const merge = createDefectMergeService({
      repo,
      access,
      images: createInspectionImageRepo(db),
      measure: createDefectMeasure({ db, servedModel: context.use(SERVED_MODEL), cpu: context.cpu, log: context.log }),
      bindComponent: createComponentBinding(db),
    });
    const repeats = createDefectRepeatService({ analysis, repo, inspections, access });
    const statistics = createDefectStatisticsService({
      analysis,
      repo,
      inspections,
      access,
      config: createDiseaseFilterRepo(db),
    });
    context.routes((router) => registerDefectAnalysisRoutes(router, { merge, repeats, statistics }));
  },
};
