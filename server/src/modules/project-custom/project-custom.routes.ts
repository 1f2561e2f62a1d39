import { z } from 'zod';
import {
  addProjectCustomsBodySchema,
  deleteProjectCustomsBodySchema,
  findAllCustomBodySchema,
  idParam,
  idResultSchema,
  projectCustomSchema,
  projectIdBodySchema,
  reportPositionSchema,
  saveReportPositionBodySchema,
  updateProjectCustomBodySchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { ProjectCustomService } from './project-custom.service.js';

const tags = ['project-custom'];

export function registerProjectCustomRoutes(router: Router, deps: { customs: ProjectCustomService }): void {
  const { customs } = deps;

  router.user({
    method: 'POST',
    url: '/api/project-custom/findAllCustom',
    summary: 'Custom data of every project the caller may see, or of the projects named',
    tags,
    permission: 'project:view',
    body: findAllCustomBodySchema,
    response: z.array(projectCustomSchema),
    handler: ({ auth, body }) => customs.findAll(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/project-custom/findProjectCustomList',
    summary: "A project's custom data",
    tags,
    permission: 'project:view',
    body: projectIdBodySchema,
    response: z.array(projectCustomSchema),
    handler: ({ auth, body }) => customs.findForProject(auth, body.projectId),
  });

  router.user({
    method: 'PUT',
    url: '/api/project-custom',
    summary: 'Change one custom entry (name unique in the project)',
    tags,
    permission: 'project:edit',
    body: updateProjectCustomBodySchema,
    response: idResultSchema,
    handler: ({ auth, body }) => customs.update(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/project-custom/adds',
    summary: 'Add custom entries to a project (names unique in the project)',
    tags,
    permission: 'project:edit',
    body: addProjectCustomsBodySchema,
    response: z.object({ ids: z.array(z.number().int()) }),
    handler: ({ auth, body }) => customs.add(auth, body),
  });

  router.user({
    method: 'DELETE',
    url: '/api/project-custom/delete',
    summary: 'Delete custom entries by id',
    tags,
    permission: 'project:edit',
    body: deleteProjectCustomsBodySchema,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await customs.remove(auth, body.ids);
      return null;
    },
  });

  router.user({
    method: 'GET',
    url: '/api/project-report-position/:id',
    summary: "The project's saved camera view for report screenshots, or null",
    tags: ['project-report-position'],
    permission: 'project:view',
    params: z.object({ id: idParam }),
    response: reportPositionSchema.nullable(),
    handler: ({ auth, params }) => customs.reportPosition(auth, params.id),
  });

  router.user({
    method: 'POST',
    url: '/api/project-report-position',
    summary: 'Save the camera view used for report screenshots',
    tags: ['project-report-position'],
    permission: 'report:generate',
    body: saveReportPositionBodySchema,
    response: z.null(),
    handler: async ({ auth, body }) => {
      await customs.saveReportPosition(auth, body);
      return null;
    },
  });
}
