import { z } from 'zod';
import { idParam, inspectionReportCalls } from '@sightline/shared';
import { requestLanguage } from '../../platform/http/language.js';
import type { Router } from '../../platform/http/route.js';
import type { InspectionReportService } from './inspection-report.service.js';

const tags = ['report'];
/** Reports are of the drone inspection (the team's inspection function package). */
const feature = 'inspection' as const;

export function registerInspectionReportRoutes(router: Router, reports: InspectionReportService): void {
  router.user({
    call: inspectionReportCalls.create,
    summary:
      "Generate an inspection's report in the background (Word, and PDF when LibreOffice is installed) with the chosen template, sections, defect table fields and key defects, in the caller's language; answers the report's record",
    tags,
    permission: 'report:generate',
    feature,
    handler: ({ auth, body, request }) => reports.create(auth, body, requestLanguage(request)),
  });
  router.user({
    call: inspectionReportCalls.again,
    summary:
      "Generate a report again: a new report with the same configuration from the inspection's data as it is now",
    tags,
    permission: 'report:generate',
    feature,
    handler: ({ auth, params }) => reports.again(auth, params.id),
  });
  router.user({
    call: inspectionReportCalls.createMonitor,
    summary:
      "Generate a monitoring report of a baseline in the background: the project's total-station points (records, threshold, alarms, line chart) and the baseline's drone targets (displacement per round, chart) chosen, over a date range, in the caller's language; answers the report's record",
    tags,
    permission: 'report:generate',
    feature: 'monitoring',
    handler: ({ auth, body, request }) => reports.createMonitor(auth, body, requestLanguage(request)),
  });
  router.user({
    call: inspectionReportCalls.againMonitor,
    summary:
      'Generate a monitoring report again: a new report with the same points, targets and dates from the monitoring data as it is now (the older one becomes historical)',
    tags,
    permission: 'report:generate',
    feature: 'monitoring',
    handler: ({ auth, body }) => reports.againMonitor(auth, body.id),
  });
  router.user({
    call: inspectionReportCalls.page,
    summary:
      "Reports of an inspection or of a project's inspections, newest first, with state (generating, failed, latest, historical), responsible person and generation time",
    tags,
    permission: 'report:view',
    feature,
    handler: ({ auth, query }) => reports.page(auth, query),
  });
  router.user({
    call: inspectionReportCalls.find,
    summary: 'A report with its state and file links',
    tags,
    permission: 'report:view',
    feature,
    handler: ({ auth, params }) => reports.find(auth, params.id),
  });
  router.user({
    call: inspectionReportCalls.remove,
    summary: 'Delete a report and its files',
    tags,
    permission: 'report:generate',
    feature,
    handler: async ({ auth, params }) => {
      await reports.remove(auth, params.id);
      return null;
    },
  });
  router.file({
    url: '/api/inspection-report/files/:id/:name',
    summary: "A written report's Word file or PDF, downloaded as an attachment under its name",
    tags,
    permission: 'report:view',
    feature,
    params: z.object({ id: idParam, name: z.string().min(1).max(300) }),
    handler: async ({ auth, params, reply }) => {
      const file = await reports.file(auth, params);
      reply.header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return file;
    },
  });
  router.file({
    url: '/api/inspection-report/preview/:id',
    summary: "A written report's PDF shown inline in the browser (the preview); 404 without a PDF",
    tags,
    permission: 'report:view',
    feature,
    params: z.object({ id: idParam }),
    handler: async ({ auth, params, reply }) => {
      const file = await reports.preview(auth, params.id);
      reply.header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.name)}`);
      return file;
    },
  });
}
