import { z } from 'zod';
import { defectHistoryCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import { defineJob, type JobQueue } from '../../platform/jobs/index.js';
import { HISTORY_MATCHING_JOB, type DefectHistoryService } from './defect-history.service.js';

const tags = ['defect-history'];
const feature = 'historical_defect' as const;

export function registerDefectHistoryRoutes(router: Router, deps: { history: DefectHistoryService }): void {
  const { history } = deps;
  router.user({
    call: defectHistoryCalls.match,
    summary:
      "Match an inspection's defects to its previous inspection's: `continue` (only defects not matched yet), `all` (again, hand-made links kept) or `cancel`; `distanceM` sets the inspection's threshold (0.3 m at first)",
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => history.match(auth, body),
  });
  router.user({
    call: defectHistoryCalls.predictions,
    summary:
      "A page of the inspection's defects with their match so far (null: not matched yet), and the matching's state",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => history.predictions(auth, body),
  });
  router.user({
    call: defectHistoryCalls.page,
    summary:
      'A page of the evolution table: matched pairs with both sizes and their change kind, new defects, and (once matching is done) repaired ones; filtered by change kinds',
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => history.page(auth, body),
  });
  router.user({
    call: defectHistoryCalls.all,
    summary: "Every entry of an inspection's evolution table",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => history.all(auth, body.inspectionId),
  });
  router.user({
    call: defectHistoryCalls.compare,
    summary: "A defect's chain across inspections, oldest first, with each defect's photo, sizes and inspection date",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => history.compare(auth, body.defectId),
  });
  router.user({
    call: defectHistoryCalls.count,
    summary:
      "An inspection's entries per change kind and its history links (which a change of its previous inspection drops)",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, body }) => history.count(auth, body.inspectionId),
  });
  router.user({
    call: defectHistoryCalls.rebind,
    summary:
      'Bind a defect by hand to a defect of its previous inspection (of a compatible shape, not bound to another), or to none',
    tags,
    permission: 'defect:edit',
    feature,
    handler: ({ auth, body }) => history.rebind(auth, body),
  });
  router.user({
    call: defectHistoryCalls.total,
    summary: "An inspection's totals: defects, matched, new, repaired and matched pairs per change kind",
    tags,
    permission: 'defect:view',
    feature,
    handler: ({ auth, params }) => history.total(auth, params.id),
  });
}

/** The matching's durable job. */
export function registerDefectHistoryJob(jobs: JobQueue, history: DefectHistoryService): void {
  jobs.register(
    defineJob({
      name: HISTORY_MATCHING_JOB,
      version: 1,
      payload: z.object({ inspectionId: z.number().int().positive() }),
      handler: (payload, context) => history.runMatching(payload, context),
    }),
  );
}
