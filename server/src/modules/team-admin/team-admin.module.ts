import type { ModuleDefinition } from '../../platform/modules/module-definition.js';
import { createTeamFunctionRepo } from '../team-function/team-function.repo.js';
import { createTeamRepo } from '../team/team.repo.js';
import { createTeamAdminRepo } from './team-admin.repo.js';
import { registerTeamAdminRoutes } from './team-admin.routes.js';
import { createTeamAdminService } from './team-admin.service.js';

/** The sales managers' administration of every team. */
export const teamAdminModule: ModuleDefinition = {
  name: 'team-admin',
  register(context) {
    const { db } = context.database;
    const teamAdmin = createTeamAdminService({
      repo: createTeamAdminRepo(db),
      teams: createTeamRepo(db),
      functions: createTeamFunctionRepo(db),
    });
    context.routes((router) => registerTeamAdminRoutes(router, { teamAdmin }));
  },
};
