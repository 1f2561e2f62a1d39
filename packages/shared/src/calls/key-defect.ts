import {
  calibrationBodySchema,
  calibrationInfoQuerySchema,
  calibrationInfoSchema,
  calibrationInitParamsSchema,
  calibrationStatusSchema,
  createKeyDefectBodySchema,
  keyDefectBatchCreateBodySchema,
  keyDefectCoordinatesSchema,
  keyDefectCountSchema,
  keyDefectHistoryPageSchema,
  keyDefectHistoryQuerySchema,
  keyDefectIdParamsSchema,
  keyDefectIdsBodySchema,
  keyDefectInspectionBodySchema,
  keyDefectSchema,
  keyDefectScreenshotQuerySchema,
  keyDefectScreenshotSchema,
  updateKeyDefectBodySchema,
} from '../schemas/key-defect.js';
import { z } from 'zod';
import { defineCall } from './define.js';

/**
 * Key (important) defects (SPEC section 7, /inspection-disease-important). The SPEC names the coordinate call's
 * "important variant" without its path: it is `/inspection-disease-important/find/disease/coordinate`. The
 * screenshot upload is ours (docs/api.md): the PNG goes first, the create or update names it.
 */
export const keyDefectCalls = {
  uploadScreenshot: defineCall({
    method: 'POST',
    path: '/inspection-disease-important/screenshot',
    query: keyDefectScreenshotQuerySchema,
    multipart: true,
    response: keyDefectScreenshotSchema,
  }),
  create: defineCall({
    method: 'POST',
    path: '/inspection-disease-important',
    body: createKeyDefectBodySchema,
    response: keyDefectSchema,
  }),
  update: defineCall({
    method: 'PUT',
    path: '/inspection-disease-important',
    body: updateKeyDefectBodySchema,
    response: keyDefectSchema,
  }),
  createMany: defineCall({
    method: 'POST',
    path: '/inspection-disease-important/batch',
    body: keyDefectBatchCreateBodySchema,
    response: z.array(keyDefectSchema),
  }),
  removeMany: defineCall({
    method: 'DELETE',
    path: '/inspection-disease-important/batch',
    body: keyDefectIdsBodySchema,
    response: keyDefectCountSchema,
  }),
  get: defineCall({
    method: 'GET',
    path: '/inspection-disease-important/{id}',
    params: keyDefectIdParamsSchema,
    response: keyDefectSchema,
  }),
  history: defineCall({
    method: 'POST',
    path: '/inspection-disease-important/find/history',
    body: keyDefectHistoryQuerySchema,
    response: keyDefectHistoryPageSchema,
  }),
  coordinates: defineCall({
    method: 'POST',
    path: '/inspection-disease-important/find/disease/coordinate',
    body: keyDefectInspectionBodySchema,
    response: keyDefectCoordinatesSchema,
  }),
};

/**
 * The calibration of defect positions (SPEC sections 4 and 7): start (continue or all) and cancel through one call
 * (the SPEC names no cancel call: `mode: 'cancel'`), reset, and the state for a photo's inspection.
 */
export const defectCalibrationCalls = {
  run: defineCall({
    method: 'PUT',
    path: '/inspection-disease/calibration',
    body: calibrationBodySchema,
    response: calibrationStatusSchema,
  }),
  init: defineCall({
    method: 'PUT',
    path: '/inspection-disease/calibration/init/{id}',
    params: calibrationInitParamsSchema,
    response: calibrationStatusSchema,
  }),
  info: defineCall({
    method: 'GET',
    path: '/inspection-disease/calibration/info',
    query: calibrationInfoQuerySchema,
    response: calibrationInfoSchema,
  }),
};
