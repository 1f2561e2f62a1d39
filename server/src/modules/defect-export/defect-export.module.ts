import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDefectFieldRepo } from '../defect-field/defect-field.repo.js';
import { createDefectRepo } from '../defect/defect.repo.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { registerInspectionFiles } from '../inspection/inspection-files.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { QUOTA } from '../team/team.module.js';
import { registerDefectExportJobs } from './defect-export.jobs.js';
import { createDefectExportRepo, excelFiles } from './defect-export.repo.js';
import { registerDefectExportRoutes } from './defect-export.routes.js';
import { createDefectExportService } from './defect-export.service.js';

/**
 * The defect list's Excel export and its records (/inspection-disease/export, /inspection-excel). Their files count
 * against the team's quota and go with their inspection or project when it is purged.
 */
export const defectExportModule: ModuleDefinition = {
  name: 'defect-export',
  register(context) {
    const db = context.database.db;
    const exports = createDefectExportService({
      repo: createDefectExportRepo(db),
      defects: createDefectRepo(db),
      inspections: createInspectionRepo(db),
      access: context.use(PROJECT_ACCESS),
      ranges: createDiseaseFilterRepo(db),
      fields: createDefectFieldRepo(db),
      quota: context.use(QUOTA),
      blobs: context.blobs,
      cpu: context.cpu,
      jobs: context.jobs,
      bus: context.bus,
      log: context.log,
    });
    registerInspectionFiles('defect-export', excelFiles);
    registerDefectExportJobs(context.jobs, exports);
    context.routes((router) => registerDefectExportRoutes(router, exports));
  },
};
