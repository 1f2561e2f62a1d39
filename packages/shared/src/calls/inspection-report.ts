import { z } from 'zod';
import {
  againMonitorReportBodySchema,
  createInspectionReportBodySchema,
  createMonitorReportBodySchema,
  inspectionReportIdParamsSchema,
  inspectionReportPageQuerySchema,
  inspectionReportPageSchema,
  inspectionReportSchema,
} from '../schemas/inspection-report.js';
import { defineCall } from './define.js';

/**
 * Inspection reports (SPEC section 7: "report endpoints under /inspection-report", designed in docs/api.md). Creating
 * and regenerating start a background job and answer the report's record at once; the Word file, the PDF and the
 * inline preview are file routes named by each record (`wordUrl`, `pdfUrl`, `previewUrl`).
 */
export const inspectionReportCalls = {
  create: defineCall({
    method: 'POST',
    path: '/inspection-report',
    body: createInspectionReportBodySchema,
    response: inspectionReportSchema,
  }),
  again: defineCall({
    method: 'POST',
    path: '/inspection-report/{id}/again',
    params: inspectionReportIdParamsSchema,
    response: inspectionReportSchema,
  }),
  /** SPEC section 7 "Monitoring": a monitoring report of a baseline's total-station points and drone targets. */
  createMonitor: defineCall({
    method: 'POST',
    path: '/inspection-report/create/monitor/report',
    body: createMonitorReportBodySchema,
    response: inspectionReportSchema,
  }),
  /** SPEC section 7 "Monitoring": a monitoring report written again, with its selection, from the data as it is now. */
  againMonitor: defineCall({
    method: 'POST',
    path: '/inspection-report/again/monitor/data',
    body: againMonitorReportBodySchema,
    response: inspectionReportSchema,
  }),
  page: defineCall({
    method: 'GET',
    path: '/inspection-report/find/page',
    query: inspectionReportPageQuerySchema,
    response: inspectionReportPageSchema,
  }),
  find: defineCall({
    method: 'GET',
    path: '/inspection-report/{id}',
    params: inspectionReportIdParamsSchema,
    response: inspectionReportSchema,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/inspection-report/{id}',
    params: inspectionReportIdParamsSchema,
    response: z.null(),
  }),
};
