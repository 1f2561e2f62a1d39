import { projectCustomCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ProjectCustomService } from './project-custom.service.js';

const tags = ['project-custom'];

export function registerProjectCustomRoutes(router: Router, deps: { customs: ProjectCustomService }): void {
  const { customs } = deps;

  router.user({
    call: projectCustomCalls.findAll,
    summary: 'Custom data of every project the caller may see, or of the projects named',
    tags,
    permission: 'project:view',
    handler: ({ auth, body }) => customs.findAll(auth, body),
  });

  router.user({
    call: projectCustomCalls.findForProject,
    summary: "A project's custom data",
    tags,
    permission: 'project:view',
    handler: ({ auth, body }) => customs.findForProject(auth, body.projectId),
  });

  router.user({
    call: projectCustomCalls.update,
    summary: 'Change one custom entry (name unique in the project)',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body }) => customs.update(auth, body),
  });

  router.user({
    call: projectCustomCalls.add,
    summary: 'Add custom entries to a project (names unique in the project)',
    tags,
    permission: 'project:edit',
    handler: ({ auth, body }) => customs.add(auth, body),
  });

  router.user({
    call: projectCustomCalls.remove,
    summary: 'Delete custom entries by id',
    tags,
    permission: 'project:edit',
    handler: async ({ auth, body }) => {
      await customs.remove(auth, body.ids);
      return null;
    },
  });

  router.user({
    call: projectCustomCalls.reportPosition,
    summary: "The project's saved camera view for report screenshots, or null",
    tags: ['project-report-position'],
    permission: 'project:view',
    handler: ({ auth, params }) => customs.reportPosition(auth, params.id),
  });

  router.user({
    call: projectCustomCalls.saveReportPosition,
    summary: 'Save the camera view used for report screenshots',
    tags: ['project-report-position'],
    permission: 'report:generate',
    handler: async ({ auth, body }) => {
      await customs.saveReportPosition(auth, body);
      return null;
    },
  });
}
