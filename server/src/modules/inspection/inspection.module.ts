import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { defineProvision, type ModuleDefinition } from '../../platform/modules/module-definition.js';
import { registerProjectChild } from '../project/project-children.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { RECYCLE_BIN } from '../recycle-bin/recycle-bin.module.js';
import { registerRecyclable } from '../recycle-bin/recycle-bin.service.js';
import { inspectionHooks } from './inspection.project-hooks.js';
import { highPrecisionHooks } from './high-precision.project-hooks.js';
import { registerHighPrecisionJobs } from './high-precision.jobs.js';
import { createHighPrecisionRepo } from './high-precision.repo.js';
import { registerHighPrecisionRoutes } from './high-precision.routes.js';
import { createHighPrecisionService } from './high-precision.service.js';
import { POINT_CLOUD_UPLOAD_KIND, pointCloudUploadKind } from './point-cloud.upload.js';
import { QUOTA } from '../team/team.module.js';
import { createInspectionImageRepo } from './inspection-image.repo.js';
import { registerInspectionImageJobs } from './inspection-image.jobs.js';
import { registerInspectionImageRoutes } from './inspection-image.routes.js';
import { registerImagePoseRoutes } from './inspection-image-pose.routes.js';
import { createImageEditRepo } from './inspection-image-edit.repo.js';
import { registerImageEditRoutes } from './inspection-image-edit.routes.js';
import { createImageEditService } from './inspection-image-edit.service.js';
import { createImagesRecordRepo } from './images-record.repo.js';
import { registerImagesRecordRoutes } from './images-record.routes.js';
import { createImagesRecordService } from './images-record.service.js';
import { createImagePoseService } from './inspection-image-pose.service.js';
import { registerInspectionImageViewRoutes } from './inspection-image-view.routes.js';
import { createInspectionImageViewService } from './inspection-image-view.service.js';
import { createInspectionImageService } from './inspection-image.service.js';
import { IMAGE_UPLOAD_KIND, inspectionImageUploadKind } from './inspection-image.upload.js';
import { INSPECTION_KIND, inspectionRecyclable } from './inspection.recycle.js';
import { createInspectionRepo } from './inspection.repo.js';
import { registerInspectionRoutes } from './inspection.routes.js';
import { createInspectionService } from './inspection.service.js';

/**
 * What a domain standing on inspections does, inside the inspection edit's transaction, when an inspection's previous
 * inspection changes (historical defect matching drops the inspection's links); answers how many things it undid.
 */
export const PREVIOUS_INSPECTION_CHANGED =
  defineProvision<(trx: Kysely<Database>, inspectionId: number) => Promise<number>>('inspection.previousChanged');

/**
 * Refuses a change to the given inspections while one of them is being screened by the AI
 * (INSPECTION_IN_AI_CAN_NOT_OPERA); the AI screening module provides it, the inspection and defect services call it.
 */
export const INSPECTION_SCREENING_LOCK =
  defineProvision<(inspectionIds: Iterable<number>) => Promise<void>>('inspection.screeningLock');

/** Inspections of a project, their image groups, the team's camera parameters, and the photos with their ingest. */
export const inspectionModule: ModuleDefinition = {
  name: 'inspection',
  register(context) {
    const db = context.database.db;
    const access = context.use(PROJECT_ACCESS);
    const inspectionRepo = createInspectionRepo(db);
    const imageRepo = createInspectionImageRepo(db);
    const screeningLockOf = context.useLater(INSPECTION_SCREENING_LOCK);
    const screeningLock = (inspectionIds: Iterable<number>) => screeningLockOf()(inspectionIds);
    const images = createInspectionImageService({
      repo: imageRepo,
      inspections: inspectionRepo,
      access,
      quota: context.use(QUOTA),
      jobs: context.jobs,
      bus: context.bus,
      blobs: context.blobs,
      cpu: context.cpu,
      log: context.log,
      uploadsDir: context.uploads.folderOf({ name: IMAGE_UPLOAD_KIND }),
      screeningLock,
    });
    const previousChanged = context.useLater(PREVIOUS_INSPECTION_CHANGED);
    const inspections = createInspectionService({
      repo: inspectionRepo,
      access,
      previousChanged: (trx, inspectionId) => previousChanged()(trx, inspectionId),
      screeningLock,
      recycleBin: context.use(RECYCLE_BIN),
      groupImageCount: images.groupImageCount,
      groupCategoryCounts: images.groupCategoryCounts,
    });
    // The high-precision transform and the point cloud (their purge runs before the inspections' own).
    const highPrecision = createHighPrecisionService({
      repo: createHighPrecisionRepo(db),
      inspections: inspectionRepo,
      access,
      quota: context.use(QUOTA),
      jobs: context.jobs,
      bus: context.bus,
      blobs: context.blobs,
      log: context.log,
      pointCloudUploadsDir: context.uploads.folderOf({ name: POINT_CLOUD_UPLOAD_KIND }),
    });
    registerProjectChild('high-precision', highPrecisionHooks);
    registerHighPrecisionJobs(context.jobs, highPrecision);
    context.uploads.add(pointCloudUploadKind(highPrecision));
    registerRecyclable(INSPECTION_KIND, inspectionRecyclable);
    registerProjectChild('inspection', inspectionHooks);
    registerInspectionImageJobs(context.jobs, images);
    context.uploads.add(inspectionImageUploadKind(images));
    context.routes((router) => {
      registerInspectionRoutes(router, { inspections });
      registerInspectionImageRoutes(router, { images });
      registerHighPrecisionRoutes(router, { highPrecision });
      registerImagePoseRoutes(router, {
        poses: createImagePoseService({ db, inspections: inspectionRepo, access, publish: images.publishCounts }),
      });
      const imageEditRepo = createImageEditRepo(db);
      registerImagesRecordRoutes(
        router,
        createImagesRecordService({
          repo: createImagesRecordRepo(db),
          inspections: inspectionRepo,
          groupOfInspection: imageEditRepo.groupOfInspection,
          access,
        }),
      );
      registerImageEditRoutes(
        router,
        createImageEditService({
          repo: imageEditRepo,
          findImages: imageRepo.findImages,
          access,
          remove: images.remove,
          publish: images.publishCounts,
        }),
      );
      registerInspectionImageViewRoutes(router, {
        view: createInspectionImageViewService({ db, inspections: inspectionRepo, access }),
      });
    });
  },
};
