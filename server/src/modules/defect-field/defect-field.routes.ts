import { defectFieldCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { readUploadedFile } from '../../platform/http/uploaded-file.js';
import { DEFECT_FIELD_IMPORT_MAX_BYTES } from './defect-field-import.js';
import type { DefectFieldService } from './defect-field.service.js';

const tags = ['disease-field'];

export function registerDefectFieldRoutes(router: Router, deps: { defectFields: DefectFieldService }): void {
  const { defectFields } = deps;

  router.user({
    call: defectFieldCalls.list,
    summary: "The project's defect fields in their order",
    tags,
    permission: 'project:view',
    handler: ({ auth, query }) => defectFields.list(auth, query.projectId),
  });

  router.user({
    call: defectFieldCalls.create,
    summary: 'Add a defect field (input, single or multi-select with unique options)',
    tags,
    permission: 'project:config',
    handler: ({ auth, body }) => defectFields.create(auth, body),
  });

  router.user({
    call: defectFieldCalls.update,
    summary: 'Change a defect field',
    tags,
    permission: 'project:config',
    handler: ({ auth, body }) => defectFields.update(auth, body),
  });

  router.user({
    call: defectFieldCalls.remove,
    summary: 'Delete a defect field',
    tags,
    permission: 'project:config',
    handler: async ({ auth, params }) => {
      await defectFields.remove(auth, params.id);
      return null;
    },
  });

  router.user({
    call: defectFieldCalls.importFile,
    summary:
      'Import defect fields from a file (multipart part `file`): JSON [{name, widget, options, visibleWhenMarking}] or CSV with that header, options split by |',
    tags,
    permission: 'project:config',
    handler: async ({ auth, query, request }) =>
      defectFields.importFile(auth, query.projectId, await readUploadedFile(request, DEFECT_FIELD_IMPORT_MAX_BYTES)),
  });
}
