import { defectTypeCalls } from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { DefectTypeService } from './defect-type.service.js';

const tags = ['disease-type'];

export function registerDefectTypeRoutes(router: Router, deps: { defectTypes: DefectTypeService }): void {
  const { defectTypes } = deps;

  router.user({
    call: defectTypeCalls.list,
    summary: "The built-in defect types and the project's own",
    tags,
    permission: 'project:view',
    handler: ({ auth, query, request }) => defectTypes.list(auth, query.projectId, requestLanguage(request)),
  });

  router.user({
    call: defectTypeCalls.listFiltered,
    summary: "The project's defect types of one shape kind, built-in or custom",
    tags,
    permission: 'project:view',
    handler: ({ auth, body, request }) => defectTypes.listFiltered(auth, body, requestLanguage(request)),
  });

  router.user({
    call: defectTypeCalls.page,
    summary: "A page of the project's defect types, by name",
    tags,
    permission: 'project:view',
    handler: ({ auth, query, request }) => defectTypes.page(auth, query, requestLanguage(request)),
  });

  router.user({
    call: defectTypeCalls.create,
    summary: 'Create a custom defect type in a project',
    tags,
    permission: 'project:config',
    handler: ({ auth, body }) => defectTypes.create(auth, body),
  });

  router.user({
    call: defectTypeCalls.update,
    summary: 'Change a custom defect type (built-in ones are fixed)',
    tags,
    permission: 'project:config',
    handler: ({ auth, body }) => defectTypes.update(auth, body),
  });

  router.user({
    call: defectTypeCalls.remove,
    summary: 'Delete a custom defect type that no defect uses',
    tags,
    permission: 'project:config',
    handler: async ({ auth, params }) => {
      await defectTypes.remove(auth, params.id);
      return null;
    },
  });

  router.user({
    call: defectTypeCalls.createMany,
    summary: 'Create several custom defect types in a project',
    tags,
    permission: 'project:config',
    handler: ({ auth, body }) => defectTypes.createMany(auth, body),
  });

  router.user({
    call: defectTypeCalls.listForAdding,
    summary: 'The defect types offered when adding a defect in the project',
    tags,
    permission: 'project:view',
    handler: ({ auth, body, request }) => defectTypes.listForAdding(auth, body, requestLanguage(request)),
  });
}
