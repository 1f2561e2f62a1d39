import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { registerProjectChild } from '../project/project-children.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { RECYCLE_BIN } from '../recycle-bin/recycle-bin.module.js';
import { registerRecyclable } from '../recycle-bin/recycle-bin.service.js';
import { inspectionHooks } from './inspection.project-hooks.js';
import { QUOTA } from '../team/team.module.js';
import { createInspectionImageRepo } from './inspection-image.repo.js';
import { registerInspectionImageJobs } from './inspection-image.jobs.js';
import { registerInspectionImageRoutes } from './inspection-image.routes.js';
import { createInspectionImageService } from './inspection-image.service.js';
import { IMAGE_UPLOAD_KIND, inspectionImageUploadKind } from './inspection-image.upload.js';
import { INSPECTION_KIND, inspectionRecyclable } from './inspection.recycle.js';
import { createInspectionRepo } from './inspection.repo.js';
import { registerInspectionRoutes } from './inspection.routes.js';
import { createInspectionService } from './inspection.service.js';

/** Inspections of a project, their image groups, the team's camera parameters, and the photos with their ingest. */
export const inspectionModule: ModuleDefinition = {
  name: 'inspection',
  register(context) {
    const db = context.database.db;
    const access = context.use(PROJECT_ACCESS);
    const inspectionRepo = createInspectionRepo(db);
    const images = createInspectionImageService({
      repo: createInspectionImageRepo(db),
      inspections: inspectionRepo,
      access,
      quota: context.use(QUOTA),
      jobs: context.jobs,
      bus: context.bus,
      blobs: context.blobs,
      cpu: context.cpu,
      log: context.log,
      uploadsDir: context.uploads.folderOf({ name: IMAGE_UPLOAD_KIND }),
    });
    const inspections = createInspectionService({
      repo: inspectionRepo,
      access,
      recycleBin: context.use(RECYCLE_BIN),
      groupImageCount: images.groupImageCount,
      groupCategoryCounts: images.groupCategoryCounts,
    });
    registerRecyclable(INSPECTION_KIND, inspectionRecyclable);
    registerProjectChild('inspection', inspectionHooks);
    registerInspectionImageJobs(context.jobs, images);
    context.uploads.add(inspectionImageUploadKind(images));
    context.routes((router) => {
      registerInspectionRoutes(router, { inspections });
      registerInspectionImageRoutes(router, { images });
    });
  },
};
