import { z } from 'zod';
import { defectFilterSchema, defectSchema } from '../schemas/defect.js';
import {
  defectCoordinatesSchema,
  defectCountByComponentSchema,
  defectCountByLevelSchema,
  defectCountByTypeSchema,
  mergeDefectsBodySchema,
  oldNearDefectsBodySchema,
  oldNearDefectsSchema,
  repeatDefectsBodySchema,
  repeatDefectsSchema,
} from '../schemas/defect-analysis.js';
import { defineCall } from './define.js';

/**
 * Calls over an inspection's defects (SPEC section 7, "Defects"): merge, repeated defects, statistics, places for the
 * 3D view and the previous inspection's defects near a point. The SPEC names `/space/find/*` without its leaves:
 * they are `type`, `level` and `component` (docs/api.md).
 */
export const defectAnalysisCalls = {
  merge: defineCall({
    method: 'PUT',
    path: '/inspection-disease/merge',
    body: mergeDefectsBodySchema,
    response: defectSchema,
  }),
  repeat: defineCall({
    method: 'POST',
    path: '/inspection-disease/repeat',
    body: repeatDefectsBodySchema,
    response: repeatDefectsSchema,
  }),
  repeatDelete: defineCall({
    method: 'DELETE',
    path: '/inspection-disease/repeatDeleteIds',
    body: repeatDefectsBodySchema,
    response: z.object({ count: z.number().int() }),
  }),
  countByType: defineCall({
    method: 'POST',
    path: '/inspection-disease/space/find/type',
    body: defectFilterSchema,
    response: defectCountByTypeSchema,
  }),
  countByLevel: defineCall({
    method: 'POST',
    path: '/inspection-disease/space/find/level',
    body: defectFilterSchema,
    response: defectCountByLevelSchema,
  }),
  countByComponent: defineCall({
    method: 'POST',
    path: '/inspection-disease/space/find/component',
    body: defectFilterSchema,
    response: defectCountByComponentSchema,
  }),
  coordinates: defineCall({
    method: 'POST',
    path: '/inspection-disease/find/disease/coordinate',
    body: defectFilterSchema,
    response: defectCoordinatesSchema,
  }),
  oldNear: defineCall({
    method: 'POST',
    path: '/inspection-disease/find/old/near/disease',
    body: oldNearDefectsBodySchema,
    response: oldNearDefectsSchema,
  }),
};
