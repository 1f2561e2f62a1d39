import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { MONITOR_TARGET_JOB, type MonitorTargetService } from './monitor-target.service.js';

/** A target's identification: durable, run again from the start after a restart (its writes are idempotent). */
export function registerMonitorTargetJobs(jobs: JobQueue, targets: MonitorTargetService): void {
  jobs.register(
    defineJob({
      name: MONITOR_TARGET_JOB,
      version: 1,
      payload: z.object({ targetId: z.number().int().positive() }),
      handler: (payload, context) => targets.runIdentification(payload, context),
    }),
  );
}
