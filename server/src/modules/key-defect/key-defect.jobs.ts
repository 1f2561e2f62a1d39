import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import type { UnusedScreenshotCollector } from './key-defect.service.js';

export const COLLECT_SCREENSHOTS_JOB = 'key-defect.collect-screenshots';

/** How often screenshots uploaded and never held by a key defect are looked for (and once at every start). */
const COLLECT_EVERY_MS = 60 * 60 * 1000;

/** The release of screenshots no key defect took within a day (`UNUSED_SCREENSHOT_MAX_AGE_MS`). */
export function registerKeyDefectJobs(jobs: JobQueue, screenshots: UnusedScreenshotCollector): void {
  jobs.register(
    defineJob({
      name: COLLECT_SCREENSHOTS_JOB,
      version: 1,
      payload: z.object({}),
      handler: () => screenshots.collect(),
    }),
  );
  jobs.every(COLLECT_SCREENSHOTS_JOB, COLLECT_EVERY_MS, {});
}
