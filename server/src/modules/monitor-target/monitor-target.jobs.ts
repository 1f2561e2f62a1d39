import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { MONITOR_TARGET_JOB, MONITOR_TARGET_ROUNDS_JOB, type MonitorTargetService } from './monitor-target.service.js';

/** How often the worker looks for rounds uploaded after their targets were identified. */
const NEW_ROUNDS_EVERY_MS = 60_000;

/**
 * A target's identification: durable, run again from the start after a restart (its writes are idempotent); and the
 * recurring look for new rounds, which starts identifications again.
 */
export function registerMonitorTargetJobs(jobs: JobQueue, targets: MonitorTargetService): void {
  jobs.register(
    defineJob({
      name: MONITOR_TARGET_JOB,
      version: 1,
      payload: z.object({ targetId: z.number().int().positive() }),
      handler: (payload, context) => targets.runIdentification(payload, context),
    }),
  );
  jobs.register(
    defineJob({
      name: MONITOR_TARGET_ROUNDS_JOB,
      version: 1,
      payload: z.object({}),
      handler: () => targets.identifyNewRounds(),
    }),
  );
  jobs.every(MONITOR_TARGET_ROUNDS_JOB, NEW_ROUNDS_EVERY_MS, {});
}
