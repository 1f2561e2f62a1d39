import { defineProvision, type ModuleDefinition } from '../../platform/modules/module-definition.js';
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

/** Where the served version of a project's model lives in the blob store, for modules that read its geometry. */
export interface ServedModel {
  /** Changes with every new version: a cache of the model's geometry is keyed by it. */
  key: string;
  /** The blob key of the version's tileset.json; its tiles' URIs resolve against it. */
  tilesetKey: string;
}
export const SERVED_MODEL = defineProvision<(projectId: number) => Promise<ServedModel | null>>('project-model.served');

/** The 3D model: tus uploads, the durable unzip, tiles served to project members, and its part of a project's life. */
export const projectModelModule: ModuleDefinition = {
  name: 'project-model',
  register(context) {
    const { config } = context;
    const repo = createProjectModelRepo(context.database.db);
    const modelFiles = createModelFiles({
      uploadsDir: context.uploads.folderOf({ name: MODEL_UPLOAD_KIND }),
      blobs: context.blobs,
    });
    const models = createProjectModelService({
      repo,
      access: context.use(PROJECT_ACCESS),
      quota: context.use(QUOTA),
      jobs: context.jobs,
      bus: context.bus,
      files: modelFiles,
      log: context.log,
      archiveLimits: {
        maxUncompressedBytes: config.ARCHIVE_MAX_UNCOMPRESSED_GB * 1024 ** 3,
        maxRatio: config.ARCHIVE_MAX_RATIO,
      },
      cpu: context.cpu,
    });
    context.provide(SERVED_MODEL, async (projectId) => {
      const row = await repo.findModel(projectId);
      if (!row || row.version === null || !row.tileset_path) return null;
      const prefix = modelFiles.versionPrefix(row.storage_key, row.version);
      return { key: prefix, tilesetKey: `${prefix}${row.tileset_path}` };
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
