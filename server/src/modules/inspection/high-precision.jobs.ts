import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { HIGH_PRECISION_JOB, type HighPrecisionService } from './high-precision.service.js';

/** The computation of a high-precision import's poses: durable, run again from the start after a restart. */
export function registerHighPrecisionJobs(jobs: JobQueue, highPrecision: HighPrecisionService): void {
  jobs.register(
    defineJob({
      name: HIGH_PRECISION_JOB,
      version: 1,
      payload: z.object({ importId: z.number().int().positive() }),
      handler: (payload, context) => highPrecision.runCompute(payload, context),
    }),
  );
}
