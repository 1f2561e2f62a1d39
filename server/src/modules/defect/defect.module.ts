import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDefectFieldRepo } from '../defect-field/defect-field.repo.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { createInspectionImageRepo } from '../inspection/inspection-image.repo.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { SERVED_MODEL } from '../project-model/project-model.module.js';
import { createMarkerRepo } from '../spatial-marker/spatial-marker.repo.js';
import { createComponentBinding } from './defect-binding.js';
import { createDefectMeasure } from './defect-measure.js';
import { createDefectRepo } from './defect.repo.js';
import { registerDefectRoutes } from './defect.routes.js';
import { createDefectService } from './defect.service.js';

/**
 * Defects marked on inspection photos, measured and placed on the model. They go with their photo, inspection or
 * project by the database's cascades, so the module adds no project hooks.
 */
export const defectModule: ModuleDefinition = {
  name: 'defect',
  register(context) {
    const db = context.database.db;
    const defects = createDefectService({
      repo: createDefectRepo(db),
      access: context.use(PROJECT_ACCESS),
      inspections: createInspectionRepo(db),
      images: createInspectionImageRepo(db),
      config: createDiseaseFilterRepo(db),
      fields: createDefectFieldRepo(db),
      markers: createMarkerRepo(db),
      bindComponent: createComponentBinding(db),
      measure: createDefectMeasure({
        db,
        servedModel: context.use(SERVED_MODEL),
        cpu: context.cpu,
        log: context.log,
      }),
    });
    context.routes((router) => registerDefectRoutes(router, { defects }));
  },
};
