import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createInspectionImageRepo } from '../inspection/inspection-image.repo.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { registerProjectChild } from '../project/project-children.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { SERVED_MODEL } from '../project-model/project-model.module.js';
import { createBindingRepo } from './space-binding.repo.js';
import { registerSpaceBindingRoutes } from './space-binding.routes.js';
import { createSpaceBindingService } from './space-binding.service.js';
import { createSpaceGeometry } from './space-geometry.service.js';
import { registerSpatialMarkerJobs } from './spatial-marker.jobs.js';
import { spatialMarkerHooks } from './spatial-marker.project-hooks.js';
import { createMarkerRepo } from './spatial-marker.repo.js';
import { registerSpatialMarkerRoutes } from './spatial-marker.routes.js';
import { createSpatialMarkerService } from './spatial-marker.service.js';

/** Spatial markers: each project's tree of groups and markers, the photos bound to them, and the model's geometry. */
export const spatialMarkerModule: ModuleDefinition = {
  name: 'spatial-marker',
  register(context) {
    const db = context.database.db;
    const access = context.use(PROJECT_ACCESS);
    const inspections = createInspectionRepo(db);
    const images = createInspectionImageRepo(db);
    const markerRepo = createMarkerRepo(db);
    const bindingRepo = createBindingRepo(db);
    const markers = createSpatialMarkerService({
      repo: markerRepo,
      access,
      inspections,
      images,
      markerIdsOfImage: bindingRepo.markerIdsOfImage,
      isBound: bindingRepo.isBound,
      markerCountsOfInspection: bindingRepo.markerCountsOfInspection,
    });
    const geometry = createSpaceGeometry({
      db,
      inspections,
      images,
      access,
      servedModel: context.use(SERVED_MODEL),
      store: {
        async markersWithPosition(projectId) {
          const rows = await markerRepo.markersWithPosition(projectId);
          return rows.map((row) => ({ id: row.id, position: { lon: row.lon!, lat: row.lat!, height: row.height! } }));
        },
        replaceAutoBindings: (inspectionId, distanceCm, rows) =>
          bindingRepo.transaction((q) => q.replaceAutoBindings(inspectionId, distanceCm, rows)),
      },
      cpu: context.cpu,
      jobs: context.jobs,
      bus: context.bus,
      log: context.log,
    });
    const bindings = createSpaceBindingService({ repo: bindingRepo, access, inspections, images, markers, geometry });
    registerProjectChild('spatial-marker', spatialMarkerHooks);
    registerSpatialMarkerJobs(context.jobs, geometry);
    context.routes((router) => {
      registerSpatialMarkerRoutes(router, { markers, bindings });
      registerSpaceBindingRoutes(router, { bindings });
    });
  },
};
