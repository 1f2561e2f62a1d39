import { z } from 'zod';
import {
  addDefectTypesBodySchema,
  createDefectTypeBodySchema,
  defectTypeFilterBodySchema,
  defectTypeListQuerySchema,
  defectTypePageQuerySchema,
  defectTypePageSchema,
  defectTypeSchema,
  idParam,
  idResultSchema,
  projectDefectTypesBodySchema,
  updateDefectTypeBodySchema,
} from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { DefectTypeService } from './defect-type.service.js';

const tags = ['disease-type'];

export function registerDefectTypeRoutes(router: Router, deps: { defectTypes: DefectTypeService }): void {
  const { defectTypes } = deps;

  router.user({
    method: 'GET',
    url: '/api/disease-type/list',
    summary: "The built-in defect types and the project's own",
    tags,
    permission: 'project:view',
    query: defectTypeListQuerySchema,
    response: z.array(defectTypeSchema),
    handler: ({ auth, query, request }) => defectTypes.list(auth, query.projectId, requestLanguage(request)),
  });

  router.user({
    method: 'POST',
    url: '/api/disease-type/list/type',
    summary: "The project's defect types of one shape kind, built-in or custom",
    tags,
    permission: 'project:view',
    body: defectTypeFilterBodySchema,
    response: z.array(defectTypeSchema),
    handler: ({ auth, body, request }) => defectTypes.listFiltered(auth, body, requestLanguage(request)),
  });

  router.user({
    method: 'GET',
    url: '/api/disease-type/page',
    summary: "A page of the project's defect types, by name",
    tags,
    permission: 'project:view',
    query: defectTypePageQuerySchema,
    response: defectTypePageSchema,
    handler: ({ auth, query, request }) => defectTypes.page(auth, query, requestLanguage(request)),
  });

  router.user({
    method: 'POST',
    url: '/api/disease-type',
    summary: 'Create a custom defect type in a project',
    tags,
    permission: 'project:config',
    body: createDefectTypeBodySchema,
    response: idResultSchema,
    handler: ({ auth, body }) => defectTypes.create(auth, body),
  });

  router.user({
    method: 'PUT',
    url: '/api/disease-type',
    summary: 'Change a custom defect type (built-in ones are fixed)',
    tags,
    permission: 'project:config',
    body: updateDefectTypeBodySchema,
    response: idResultSchema,
    handler: ({ auth, body }) => defectTypes.update(auth, body),
  });

  router.user({
    method: 'DELETE',
    url: '/api/disease-type/:id',
    summary: 'Delete a custom defect type that no defect uses',
    tags,
    permission: 'project:config',
    params: z.object({ id: idParam }),
    response: z.null(),
    handler: async ({ auth, params }) => {
      await defectTypes.remove(auth, params.id);
      return null;
    },
  });

  router.user({
    method: 'POST',
    url: '/api/disease-type/adds',
    summary: 'Create several custom defect types in a project',
    tags,
    permission: 'project:config',
    body: addDefectTypesBodySchema,
    response: z.object({ ids: z.array(z.number().int()) }),
    handler: ({ auth, body }) => defectTypes.createMany(auth, body),
  });

  router.user({
    method: 'POST',
    url: '/api/disease-type/findProjectDiseaseTypeList',
    summary: 'The defect types offered when adding a defect in the project',
    tags,
    permission: 'project:view',
    body: projectDefectTypesBodySchema,
    response: z.array(defectTypeSchema),
    handler: ({ auth, body, request }) => defectTypes.listForAdding(auth, body, requestLanguage(request)),
  });
}
