import { z } from 'zod';
import {
  defectExportBodySchema,
  inspectionExcelIdParamsSchema,
  inspectionExcelPageQuerySchema,
  inspectionExcelPageSchema,
  inspectionExcelSchema,
} from '../schemas/defect-export.js';
import { defineCall } from './define.js';

/**
 * The defect list's Excel export (SPEC section 7: "Excel export" under /inspection-disease, its records under
 * /inspection-excel). The export starts a background job and answers its record at once.
 */
export const defectExportCalls = {
  start: defineCall({
    method: 'POST',
    path: '/inspection-disease/export',
    body: defectExportBodySchema,
    response: inspectionExcelSchema,
  }),
  page: defineCall({
    method: 'GET',
    path: '/inspection-excel/find/page',
    query: inspectionExcelPageQuerySchema,
    response: inspectionExcelPageSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/inspection-excel/{id}',
    params: inspectionExcelIdParamsSchema,
    response: z.null(),
  }),
};
