import { z } from 'zod';
import { aiScreeningCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { AI_SCREENING_JOB, type AiScreeningService } from './ai-screening.service.js';

const tags = ['ai-screening'];

export function registerAiScreeningRoutes(router: Router, deps: { screening: AiScreeningService }): void {
  const { screening } = deps;
  router.user({
    call: aiScreeningCalls.start,
    summary:
      "Queue the inspection's AI screening of the photos in range (keeping or deleting drawn damage, or only photos not detected yet) for the types given (every type the detector covers when none)",
    tags,
    permission: 'image:screen',
    // Queueing work for the AI needs the team's AI screening package; stopping or reviewing a screening does not.
    feature: 'ai_screening',
    handler: ({ auth, params, body }) => screening.start(auth, params.inspectionId, body),
  });
  router.user({
    call: aiScreeningCalls.cancel,
    summary:
      "Stop the inspection's screening (`id`: the inspection): queued, it leaves the queue; running, it stops between photos",
    tags,
    permission: 'image:screen',
    handler: ({ auth, params }) => screening.cancel(auth, params.id),
  });
  router.user({
    call: aiScreeningCalls.jump,
    summary: "Move the inspection's queued screening (`id`: the inspection) to the front of the queue",
    tags,
    permission: 'image:screen',
    // Queueing work for the AI needs the team's AI screening package; stopping or reviewing a screening does not.
    feature: 'ai_screening',
    handler: ({ auth, params }) => screening.jump(auth, params.id),
  });
  router.user({
    call: aiScreeningCalls.position,
    summary: "The inspection's screening: state, progress and the screenings queued ahead of it",
    tags,
    permission: 'inspection:view',
    handler: ({ auth, params }) => screening.position(auth, params.inspectionId),
  });
  router.user({
    call: aiScreeningCalls.imageInfo,
    summary: "A photo's AI result and the AI defects on it",
    tags,
    permission: 'defect:view',
    handler: ({ auth, params }) => screening.imageInfo(auth, params.id),
  });
  router.user({
    call: aiScreeningCalls.page,
    summary: "A page of the inspection's photos in a review tab, with the photos in every tab",
    tags,
    permission: 'defect:view',
    handler: ({ auth, body }) => screening.page(auth, body),
  });
  router.user({
    call: aiScreeningCalls.review,
    summary: 'Mark screened photos of one inspection reviewed; answers how many were not already',
    tags,
    permission: 'defect:review',
    handler: ({ auth, body }) => screening.review(auth, body.ids, true),
  });
  router.user({
    call: aiScreeningCalls.reviewAll,
    summary: "Mark every screened photo of the inspection reviewed; answers how many (the message's {num})",
    tags,
    permission: 'defect:review',
    handler: ({ auth, query }) => screening.reviewAll(auth, query.inspectionId),
  });
  router.user({
    call: aiScreeningCalls.revoke,
    summary: 'Cancel the review of reviewed photos of one inspection; answers how many',
    tags,
    permission: 'defect:review',
    handler: ({ auth, body }) => screening.review(auth, body.ids, false),
  });
  router.user({
    call: aiScreeningCalls.feedback,
    summary:
      'Error feedback on an AI defect recognised wrongly: the correct type (the defect takes it), or none when it is not damage (the defect is deleted), and a note',
    tags,
    permission: 'defect:review',
    handler: ({ auth, body }) => screening.feedback(auth, body),
  });
  router.user({
    call: aiScreeningCalls.feedbacks,
    summary: "The inspection's error feedback on its AI defects, oldest first",
    tags,
    permission: 'defect:view',
    handler: ({ auth, query }) => screening.feedbacks(auth, query.inspectionId),
  });
  router.user({
    call: aiScreeningCalls.points3d,
    summary: "The inspection's AI defects placed on the model (their 3D points), for the model view",
    tags,
    permission: 'image:screen',
    handler: ({ auth, params }) => screening.points3d(auth, params.projectId, params.inspectionId),
  });
}

/** The queue's turns: each runs the screening at the head of the queue. */
export function registerAiScreeningJob(jobs: JobQueue, screening: AiScreeningService): void {
  jobs.register(
    defineJob({
      name: AI_SCREENING_JOB,
      version: 1,
      // The inspection whose start made the turn, for the logs: a turn runs whichever screening is first in line.
      payload: z.object({ inspectionId: z.number().int().positive() }),
      handler: (_payload, context) => screening.runTurn(context),
    }),
  );
}
