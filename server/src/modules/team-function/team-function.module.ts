import { FEATURE_CHECK, type ModuleDefinition } from '../../platform/modules/module-definition.js';
import { LICENCE } from '../licence/licence.module.js';
import { PROJECT_ACCESS } from '../project/project.module.js';
import { createTeamFunctionRepo } from './team-function.repo.js';
import { registerTeamFunctionRoutes } from './team-function.routes.js';
import { createTeamFunctionService } from './team-function.service.js';

/** A team's function packages; the router asks it whether a call's feature is active for the caller's team. */
export const teamFunctionModule: ModuleDefinition = {
  name: 'team-function',
  register(context) {
    const functions = createTeamFunctionService({
      repo: createTeamFunctionRepo(context.database.db),
      projectAccess: context.use(PROJECT_ACCESS),
      licence: context.use(LICENCE),
    });
    context.provide(FEATURE_CHECK, (caller, feature) => functions.requireActive(caller.teamId, feature));
    context.routes((router) => registerTeamFunctionRoutes(router, { functions }));
  },
};
