import {
  historyChainSchema,
  historyCompareBodySchema,
  historyCountSchema,
  historyInspectionBodySchema,
  historyInspectionParamsSchema,
  historyMatchingBodySchema,
  historyMatchingStatusSchema,
  historyPageBodySchema,
  historyPredictionPageBodySchema,
  historyPredictionPageSchema,
  historyRebindBodySchema,
  historyRelationListSchema,
  historyRelationPageSchema,
  historyRelationSchema,
  historyTotalSchema,
} from '../schemas/defect-history.js';
import { defineCall } from './define.js';

/**
 * Historical defect matching and evolution (SPEC section 7). The SPEC names no call that starts or stops the
 * matching: `PUT /inspection-disease-his-pre/match` does (continue, all or cancel, as calibration's call does).
 */
export const defectHistoryCalls = {
  compare: defineCall({
    method: 'POST',
    path: '/inspection-disease-relation/find/compare/disease',
    body: historyCompareBodySchema,
    response: historyChainSchema,
  }),
  page: defineCall({
    method: 'POST',
    path: '/inspection-disease-relation/find/page',
    body: historyPageBodySchema,
    response: historyRelationPageSchema,
  }),
  all: defineCall({
    method: 'POST',
    path: '/inspection-disease-relation/find/all',
    body: historyInspectionBodySchema,
    response: historyRelationListSchema,
  }),
  predictions: defineCall({
    method: 'POST',
    path: '/inspection-disease-his-pre/find/page',
    body: historyPredictionPageBodySchema,
    response: historyPredictionPageSchema,
  }),
  count: defineCall({
    method: 'POST',
    path: '/inspection-disease-his-pre/count/history/disease',
    body: historyInspectionBodySchema,
    response: historyCountSchema,
  }),
  rebind: defineCall({
    method: 'POST',
    path: '/inspection-disease-his-pre/again/bind',
    body: historyRebindBodySchema,
    response: historyRelationSchema,
  }),
  total: defineCall({
    method: 'GET',
    path: '/inspection-disease-his-pre/total/his/sum/{id}',
    params: historyInspectionParamsSchema,
    response: historyTotalSchema,
  }),
  match: defineCall({
    method: 'PUT',
    path: '/inspection-disease-his-pre/match',
    body: historyMatchingBodySchema,
    response: historyMatchingStatusSchema,
  }),
};
