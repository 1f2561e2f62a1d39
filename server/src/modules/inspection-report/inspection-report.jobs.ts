import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { INSPECTION_REPORT_JOB, type InspectionReportService } from './inspection-report.service.js';

/** The report's durable job: writes one report's Word file (and PDF). */
export function registerInspectionReportJobs(jobs: JobQueue, reports: InspectionReportService): void {
  jobs.register(
    defineJob({
      name: INSPECTION_REPORT_JOB,
      version: 1,
      payload: z.object({ reportId: z.number().int().positive() }),
      handler: ({ reportId }, context) => reports.run(reportId, context),
    }),
  );
}
