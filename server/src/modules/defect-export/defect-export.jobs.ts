import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { DEFECT_EXPORT_JOB, type DefectExportService } from './defect-export.service.js';

/** The export's durable job: writes one record's workbook. */
export function registerDefectExportJobs(jobs: JobQueue, exports: DefectExportService): void {
  jobs.register(
    defineJob({
      name: DEFECT_EXPORT_JOB,
      version: 1,
      payload: z.object({ recordId: z.number().int().positive() }),
      handler: ({ recordId }, context) => exports.run(recordId, context),
    }),
  );
}
