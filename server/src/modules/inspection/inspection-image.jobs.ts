import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { PYRAMID_JOB } from './inspection-image-pyramid.js';
import { COLLECT_UPLOADS_JOB, INGEST_JOB, type InspectionImageService } from './inspection-image.service.js';

/** How often abandoned photo uploads are looked for (and once at every start). */
const COLLECT_EVERY_MS = 60 * 60 * 1000;

/** The photos' durable jobs: one ingest per photo, and the release of abandoned uploads. */
export function registerInspectionImageJobs(jobs: JobQueue, images: InspectionImageService): void {
  jobs.register(
    defineJob({
      name: INGEST_JOB,
      version: 1,
      // Two workers taking four photos each: while a photo's bookkeeping waits on the database, others wait for the
      // CPU pool (which decodes two at a time), and a thousand photos cost 250 fetches from the queue, not 1,000.
      concurrency: 2,
      batchSize: 4,
      payload: z.object({ imageId: z.number().int().positive() }),
      handler: (payload, context) => images.runIngest(payload, context),
    }),
  );
  jobs.register(
    defineJob({
      name: PYRAMID_JOB,
      version: 1,
      payload: z.object({ imageId: z.number().int().positive() }),
      handler: (payload, context) => images.runPyramid(payload, context),
    }),
  );
  jobs.register(
    defineJob({
      name: COLLECT_UPLOADS_JOB,
      version: 1,
      payload: z.object({}),
      handler: () => images.collectUploads(),
    }),
  );
  jobs.every(COLLECT_UPLOADS_JOB, COLLECT_EVERY_MS, {});
}
