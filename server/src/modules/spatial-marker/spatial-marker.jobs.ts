import { z } from 'zod';
import { LIMITS } from '@sightline/shared';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { AUTO_BINDING_JOB, type SpaceGeometryService } from './space-geometry.service.js';

/** The markers' durable job: an inspection's automatic binding. */
export function registerSpatialMarkerJobs(jobs: JobQueue, geometry: SpaceGeometryService): void {
  jobs.register(
    defineJob({
      name: AUTO_BINDING_JOB,
      version: 1,
      payload: z.object({
        inspectionId: z.number().int().positive(),
        distanceCm: z.number().int().min(LIMITS.autoBindDistanceCm.min).max(LIMITS.autoBindDistanceCm.max),
      }),
      handler: (payload, context) => geometry.runAutoBinding(payload, context),
    }),
  );
}
