import { z } from 'zod';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { isUploadId } from './model-files.js';
import { COLLECT_JOB, UNZIP_JOB, type ProjectModelService } from './project-model.service.js';

const id = z.number().int().positive();

/** How often files nothing owns any more are looked for (and once at every start). */
const COLLECT_EVERY_MS = 60 * 60 * 1000;

/** The model's durable jobs: the unzip of an uploaded zip, and the collection of orphaned files. */
export function registerProjectModelJobs(jobs: JobQueue, models: ProjectModelService): void {
  jobs.register(
    defineJob({
      name: UNZIP_JOB,
      version: 1,
      payload: z.object({
        projectId: id,
        uploadId: z.string().refine(isUploadId),
        version: id,
        userId: id,
      }),
      handler: (payload, context) => models.runUnzip(payload, context),
    }),
  );
  jobs.register(
    defineJob({
      name: COLLECT_JOB,
      version: 1,
      payload: z.object({}),
      handler: () => models.collectFiles(),
    }),
  );
  jobs.every(COLLECT_JOB, COLLECT_EVERY_MS, {});
}
