import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { registerProjectChild } from '../project/project-children.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { QUOTA } from '../team/team.module.js';
import { createModelFiles } from './model-files.js';
import { registerProjectModelJobs } from './project-model.jobs.js';
import { projectModelHooks } from './project-model.project-hooks.js';
import { createProjectModelRepo } from './project-model.repo.js';
import { registerProjectModelRoutes } from './project-model.routes.js';
import { createProjectModelService } from './project-model.service.js';
import { registerProjectModelTiles } from './project-model.tiles.js';
import { MODEL_UPLOAD_KIND, projectModelUploadKind } from './project-model.upload.js';

/** The 3D model: tus uploads, the durable unzip, tiles served to project members, and its part of a project's life. */
export const projectModelModule: ModuleDefinition = {
  name: 'project-model',
  register(context) {
    const { config } = context;
    const models = createProjectModelService({
      repo: createProjectModelRepo(context.database.db),
      access: context.use(PROJECT_ACCESS),
      quota: context.use(QUOTA),
      jobs: context.jobs,
      bus: context.bus,
      files: createModelFiles({
        uploadsDir: context.uploads.folderOf({ name: MODEL_UPLOAD_KIND }),
        blobs: context.blobs,
      }),
      log: context.log,
      archiveLimits: {
        maxUncompressedBytes: config.ARCHIVE_MAX_UNCOMPRESSED_GB * 1024 ** 3,
        maxRatio: config.ARCHIVE_MAX_RATIO,
      },
      cpu: context.cpu,
    });
    registerProjectChild('model', projectModelHooks);
    registerProjectModelJobs(context.jobs, models);
    context.uploads.add(projectModelUploadKind(models));
    context.routes((router) => {
      registerProjectModelRoutes(router, { models });
      registerProjectModelTiles(router, { models });
    });
  },
};
