import { z } from 'zod';
import {
  createDefectFieldBodySchema,
  defectFieldImportResultSchema,
  defectFieldSchema,
  idParam,
  idResultSchema,
  projectIdQuerySchema,
  updateDefectFieldBodySchema,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { readUploadedFile } from '../../platform/http/uploaded-file.js';
import { DEFECT_FIELD_IMPORT_MAX_BYTES } from './defect-field-import.js';
import type { DefectFieldService } from './defect-field.service.js';

const tags = ['disease-field'];

export function registerDefectFieldRoutes(router: Router, deps: { defectFields: DefectFieldService }): void {
  const { defectFields } = deps;

  router.user({
    method: 'GET',
    url: '/api/disease-field/list',
    summary: "The project's defect fields in their order",
    tags,
    permission: 'project:view',
    query: projectIdQuerySchema,
    response: z.array(defectFieldSchema),
    handler: ({ auth, query }) => defectFields.list(auth, query.projectId),
  });

  router.user({
    method: 'POST',
    url: '/api/disease-field',
    summary: 'Add a defect field (input, single or multi-select with unique options)',
    tags,
    permission: 'project:config',
    body: createDefectFieldBodySchema,
    response: idResultSchema,
    handler: ({ auth, body }) => defectFields.create(auth, body),
  });

  router.user({
    method: 'PUT',
    url: '/api/disease-field',
    summary: 'Change a defect field',
    tags,
    permission: 'project:config',
    body: updateDefectFieldBodySchema,
    response: idResultSchema,
    handler: ({ auth, body }) => defectFields.update(auth, body),
  });

  router.user({
    method: 'DELETE',
    url: '/api/disease-field/:id',
    summary: 'Delete a defect field',
    tags,
    permission: 'project:config',
    params: z.object({ id: idParam }),
    response: z.null(),
    handler: async ({ auth, params }) => {
      await defectFields.remove(auth, params.id);
      return null;
    },
  });

  router.user({
    method: 'POST',
    url: '/api/disease-field/import',
    summary:
      'Import defect fields from a file (multipart part `file`): JSON [{name, widget, options, visibleWhenMarking}] or CSV with that header, options split by |',
    tags,
    permission: 'project:config',
    query: projectIdQuerySchema,
    response: defectFieldImportResultSchema,
    handler: async ({ auth, query, request }) =>
      defectFields.importFile(auth, query.projectId, await readUploadedFile(request, DEFECT_FIELD_IMPORT_MAX_BYTES)),
  });
}
