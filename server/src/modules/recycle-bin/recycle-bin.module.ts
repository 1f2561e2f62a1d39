import { defineProvision, type ModuleDefinition } from '../../platform/modules/module-definition.js';
import { QUOTA } from '../team/team.module.js';
import { createRecycleBinRepo } from './recycle-bin.repo.js';
import { registerRecycleBinRoutes } from './recycle-bin.routes.js';
import { createRecycleBinService, type RecycleBinService } from './recycle-bin.service.js';

/** Moves things to the bin, restores and purges them; the project core puts projects there. */
export const RECYCLE_BIN = defineProvision<RecycleBinService>('recycle-bin');

export const recycleBinModule: ModuleDefinition = {
  name: 'recycle-bin',
  register(context) {
    const recycleBin = createRecycleBinService({
      repo: createRecycleBinRepo(context.database.db),
      blobs: context.blobs,
      quota: context.use(QUOTA),
    });
    context.provide(RECYCLE_BIN, recycleBin);
    context.routes((router) => registerRecycleBinRoutes(router, { recycleBin }));
  },
};
