import { defineProvision, type ModuleDefinition } from '../../platform/modules/module-definition.js';
import { RECYCLE_BIN } from '../recycle-bin/recycle-bin.module.js';
import { onMemberRemoved } from '../team/member-removal.js';
import { INVITABLE_PROJECTS, QUOTA } from '../team/team.module.js';
import { createProjectAccess, type ProjectAccess } from './project-access.js';
import { createProjectGroupRepo } from './project-group.repo.js';
import { registerProjectGroupRoutes } from './project-group.routes.js';
import { createProjectGroupService } from './project-group.service.js';
import { createProjectTypeRepo } from './project-type.repo.js';
import { registerProjectTypeRoutes } from './project-type.routes.js';
import { createProjectTypeService } from './project-type.service.js';
import { createProjectRepo, removeProjectRights } from './project.repo.js';
import { registerProjectCoverFileRoute, registerProjectRoutes } from './project.routes.js';
import { createProjectService } from './project.service.js';

/** Project rights, for every project-scoped call of every domain under a project. */
export const PROJECT_ACCESS = defineProvision<ProjectAccess>('project.access');

/**
 * The project core, with its groups and types. Domains under a project register their lifecycle hooks
 * (project-children.ts) in their own modules; this one knows none of them.
 */
export const projectModule: ModuleDefinition = {
  name: 'project',
  register(context) {
    const { database } = context;
    const repo = createProjectRepo(database.db);
    const access = createProjectAccess(repo);
    context.provide(PROJECT_ACCESS, access);
    context.provide(INVITABLE_PROJECTS, repo);
    onMemberRemoved(removeProjectRights);
    const groups = createProjectGroupService({ repo: createProjectGroupRepo(database.db) });
    const projects = createProjectService({
      repo,
      access,
      groups,
      blobs: context.blobs,
      quota: context.use(QUOTA),
      recycleBin: context.use(RECYCLE_BIN),
    });
    context.routes((router) => {
      registerProjectRoutes(router, { projects });
      registerProjectCoverFileRoute(router, { projects });
      registerProjectGroupRoutes(router, { groups });
      registerProjectTypeRoutes(router, {
        types: createProjectTypeService({ repo: createProjectTypeRepo(database.db) }),
      });
    });
  },
};
