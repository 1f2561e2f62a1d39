import { z } from 'zod';
import { defectExportCalls, idParam } from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { DefectExportService } from './defect-export.service.js';

const tags = ['defect'];
/** Defects are the drone inspection's (the team's inspection function package), their exports too. */
const feature = 'inspection' as const;

export function registerDefectExportRoutes(router: Router, exports: DefectExportService): void {
  router.user({
    call: defectExportCalls.start,
    summary:
      "Export an inspection's defects with the list's filters to Excel in the background: chosen columns, headers in the caller's language, a thumbnail per defect; answers the export's record",
    tags,
    permission: 'defect:export',
    feature,
    handler: ({ auth, body, request }) => exports.start(auth, body, requestLanguage(request)),
  });
  router.user({
    call: defectExportCalls.page,
    summary: "Excel export records of an inspection or of a project's inspections, newest first",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, query }) => exports.page(auth, query),
  });
  router.user({
    call: defectExportCalls.remove,
    summary: 'Delete an Excel export record and its file',
    tags,
    permission: 'defect:export',
    feature,
    handler: async ({ auth, params }) => {
      await exports.remove(auth, params.id);
      return null;
    },
  });
  router.file({
    url: '/api/inspection-excel/files/:id/:name',
    summary: "A done export's workbook, downloaded as an attachment under its name",
    tags,
    permission: 'defect:view',
    feature,
    params: z.object({ id: idParam, name: z.string().min(1).max(300) }),
    handler: async ({ auth, params, reply }) => {
      const file = await exports.file(auth, params);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return file;
    },
  });
}
