import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { registerInspectionFiles, singleFileHooks } from '../inspection/inspection-files.js';
import { createInspectionRepo } from '../inspection/inspection.repo.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { QUOTA } from '../team/team.module.js';
import { createAiModelRepo } from './ai-model.repo.js';
import { registerAiModelJobs, registerAiModelRoutes } from './ai-model.routes.js';
import { createAiModelService } from './ai-model.service.js';

/** The uploads folder's subfolder of models being uploaded and checked. */
export const AI_MODEL_UPLOAD_FOLDER = 'ai-model';

/** Training sets' zips on the team's quota: shown in the bin, moved by a handover, freed by a purge. */
const trainingSetFiles = singleFileHooks('ai_training_sets');

/**
 * Learned detection models of a team and training sets of inspections (issue 14). Their files count against the
 * team's quota; a training set goes with its inspection or project when it is purged. Screening asks model-choice.ts
 * which model a project uses.
 */
export const aiModelModule: ModuleDefinition = {
  name: 'ai-model',
  register(context) {
    const db = context.database.db;
    const models = createAiModelService({
      repo: createAiModelRepo(db),
      inspections: createInspectionRepo(db),
      access: context.use(PROJECT_ACCESS),
      quota: context.use(QUOTA),
      blobs: context.blobs,
      cpu: context.cpu,
      jobs: context.jobs,
      bus: context.bus,
      log: context.log,
    });
    registerInspectionFiles('ai-training-set', trainingSetFiles);
    registerAiModelJobs(context.jobs, models);
    // An uploaded model lands here as it arrives (up to 200 MB), beside the other uploads in the data folder.
    const uploadsDir = context.uploads.folderOf({ name: AI_MODEL_UPLOAD_FOLDER });
    context.routes((router) => registerAiModelRoutes(router, models, uploadsDir));
  },
};
