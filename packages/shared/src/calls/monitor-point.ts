import { z } from 'zod';
import {
  createDisplacementBodySchema,
  createDisplacementsBodySchema,
  createMonitorPointBodySchema,
  createMonitorPointsBodySchema,
  displacementListQuerySchema,
  displacementRecordSchema,
  monitorCountSchema,
  monitorIdsBodySchema,
  monitorPointListQuerySchema,
  monitorPointSchema,
  monitorThresholdBatchBodySchema,
  updateDisplacementBodySchema,
  updateMonitorPointBodySchema,
} from '../schemas/monitor-point.js';
import { defineCall } from './define.js';
import { idParams } from './params.js';

const points = z.array(monitorPointSchema);
const records = z.array(displacementRecordSchema);

/** Total-station monitoring points of a project (SPEC section 7, "Monitoring", /monitor-point). */
export const monitorPointCalls = {
  list: defineCall({
    method: 'GET',
    path: '/monitor-point/list',
    query: monitorPointListQuerySchema,
    response: points,
  }),
  create: defineCall({
    method: 'POST',
    path: '/monitor-point',
    body: createMonitorPointBodySchema,
    response: monitorPointSchema,
  }),
  createMany: defineCall({
    method: 'POST',
    path: '/monitor-point/batch',
    body: createMonitorPointsBodySchema,
    response: points,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/monitor-point',
    body: updateMonitorPointBodySchema,
    response: monitorPointSchema,
  }),
  setThresholds: defineCall({
    method: 'PUT',
    path: '/monitor-point/threshold/batch',
    body: monitorThresholdBatchBodySchema,
    response: points,
  }),
  remove: defineCall({ method: 'DELETE', path: '/monitor-point/{id}', params: idParams, response: z.null() }),
  removeMany: defineCall({
    method: 'DELETE',
    path: '/monitor-point/batch',
    body: monitorIdsBodySchema,
    response: monitorCountSchema,
  }),
};

/**
 * A point's displacement records (/monitor-point-displacement). Writes answer the point's whole series, as one
 * record changes the current and cumulative displacements of the ones after it.
 */
export const displacementCalls = {
  list: defineCall({
    method: 'GET',
    path: '/monitor-point-displacement/list',
    query: displacementListQuerySchema,
    response: records,
  }),
  create: defineCall({
    method: 'POST',
    path: '/monitor-point-displacement',
    body: createDisplacementBodySchema,
    response: records,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/monitor-point-displacement',
    body: updateDisplacementBodySchema,
    response: records,
  }),
  createMany: defineCall({
    method: 'POST',
    path: '/monitor-point-displacement/batch',
    body: createDisplacementsBodySchema,
    response: records,
  }),
  remove: defineCall({
    method: 'DELETE',
    path: '/monitor-point-displacement/{id}',
    params: idParams,
    response: records,
  }),
};
