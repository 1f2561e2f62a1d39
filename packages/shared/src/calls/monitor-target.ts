import {
  createTargetBodySchema,
  targetChartQuerySchema,
  targetBaselineSchema,
  targetBaselinesQuerySchema,
  targetChartSchema,
  targetCountSchema,
  targetIdsBodySchema,
  targetImageSchema,
  targetImagesQuerySchema,
  targetListBodySchema,
  targetPageSchema,
  targetPositionBodySchema,
  targetPositionsBodySchema,
  targetSchema,
  targetThresholdBatchBodySchema,
} from '../schemas/monitor-target.js';
import { z } from 'zod';
import { defineCall } from './define.js';
import { idParam } from '../schemas/fields.js';

/** Drone-target displacement monitoring (SPEC section 7, "Monitoring": /project-tag and /tag-displacement). */
export const monitorTargetCalls = {
  create: defineCall({ method: 'POST', path: '/project-tag', body: createTargetBodySchema, response: targetSchema }),
  list: defineCall({
    method: 'POST',
    path: '/project-tag/find/tag/list',
    body: targetListBodySchema,
    response: targetPageSchema,
  }),
  removeMany: defineCall({
    method: 'DELETE',
    path: '/project-tag/deleteByIds',
    body: targetIdsBodySchema,
    response: targetCountSchema,
  }),
  /** A new threshold for targets (beyond SPEC's calls, as monitoring points have): their alarms are recomputed. */
  setThresholds: defineCall({
    method: 'PUT',
    path: '/project-tag/threshold/batch',
    body: targetThresholdBatchBodySchema,
    response: z.array(targetSchema),
  }),
  images: defineCall({
    method: 'GET',
    path: '/tag-displacement/images',
    query: targetImagesQuerySchema,
    response: z.array(targetImageSchema),
  }),
  setPosition: defineCall({
    method: 'POST',
    path: '/tag-displacement/image-tags/{imageId}',
    params: z.object({ imageId: idParam }),
    body: targetPositionBodySchema,
    response: z.array(targetImageSchema),
  }),
  setPositions: defineCall({
    method: 'POST',
    path: '/tag-displacement/images-tags',
    body: targetPositionsBodySchema,
    response: targetCountSchema,
  }),
  /** The project's baselines with their photo count and the later inspections, rounds or skipped (and why). */
  baselines: defineCall({
    method: 'GET',
    path: '/tag-displacement/baselines',
    query: targetBaselinesQuerySchema,
    response: z.array(targetBaselineSchema),
  }),
  lineChart: defineCall({
    method: 'GET',
    path: '/tag-displacement/analysis/line-chart',
    query: targetChartQuerySchema,
    response: targetChartSchema,
  }),
};
