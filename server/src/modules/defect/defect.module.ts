import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createDefectFieldRepo } from '../defect-field/defect-field.repo.js';
import { createDiseaseFilterRepo } from '../disease-filter/disease-filter.repo.js';
import { createInspectionImageRepo } from '../inspection/inspection-image.repo.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { INSPECTION_SCREENING_LOCK } from '../inspection/inspection.module.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { SERVED_MODEL } from '../project-model/project-model.module.js';
import { createMarkerRepo } from '../spatial-marker/spatial-marker.repo.js';
import { createCalibrationRepo } from './defect-calibration.repo.js';
import { registerCalibrationJob, registerCalibrationRoutes } from './defect-calibration.routes.js';
import { createCalibrationService } from './defect-calibration.service.js';
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
    const access = context.use(PROJECT_ACCESS);
    const inspections = createInspectionRepo(db);
    const images = createInspectionImageRepo(db);
    const servedModel = context.use(SERVED_MODEL);
    const screeningLock = context.useLater(INSPECTION_SCREENING_LOCK);
    const measure = createDefectMeasure({ db, servedModel, cpu: context.cpu, log: context.log });
    const bindComponent = createComponentBinding(db);
    const defects = createDefectService({
      repo: createDefectRepo(db),
      access,
      inspections,
      images,
      config: createDiseaseFilterRepo(db),
      fields: createDefectFieldRepo(db),
      markers: createMarkerRepo(db),
      bindComponent,
      measure,
      screeningLock: (inspectionIds) => screeningLock()(inspectionIds),
    });
    const calibration = createCalibrationService({
      repo: createCalibrationRepo(db),
      inspections,
      images,
      access,
      servedModel,
      measure,
      bindComponent,
      jobs: context.jobs,
      bus: context.bus,
      log: context.log,
    });
    registerCalibrationJob(context.jobs, calibration);
    context.routes((router) => {
      registerDefectRoutes(router, { defects });
      registerCalibrationRoutes(router, { calibration });
    });
  },
};
