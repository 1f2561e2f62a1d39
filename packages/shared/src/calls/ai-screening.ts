import { z } from 'zod';
import {
  aiCheckIdParamsSchema,
  aiFeedbackBodySchema,
  aiFeedbackQuerySchema,
  aiFeedbackSchema,
  aiCheckStartBodySchema,
  aiCheckStartParamsSchema,
  aiImageInfoParamsSchema,
  aiImageInfoSchema,
  aiImagePageSchema,
  aiPageBodySchema,
  aiPoints3dParamsSchema,
  aiPoints3dSchema,
  aiReviewAllQuerySchema,
  aiReviewBodySchema,
  aiReviewResultSchema,
  aiScreeningStatusSchema,
} from '../schemas/ai-screening.js';
import { defineCall } from './define.js';

/**
 * AI screening and review (SPEC section 7, "AI screening"). The `{id}` of cancel and jump-in-queue is the
 * inspection's (one screening per inspection).
 */
export const aiScreeningCalls = {
  start: defineCall({
    method: 'POST',
    path: '/ai-check/{inspectionId}',
    params: aiCheckStartParamsSchema,
    body: aiCheckStartBodySchema,
    response: aiScreeningStatusSchema,
  }),
  cancel: defineCall({
    method: 'PUT',
    path: '/ai-check/cancel/{id}',
    params: aiCheckIdParamsSchema,
    response: aiScreeningStatusSchema,
  }),
  jump: defineCall({
    method: 'PUT',
    path: '/ai-check/jump-in-queue/{id}',
    params: aiCheckIdParamsSchema,
    response: aiScreeningStatusSchema,
  }),
  position: defineCall({
    method: 'GET',
    path: '/ai-check/queue-position/{inspectionId}',
    params: aiCheckStartParamsSchema,
    response: aiScreeningStatusSchema,
  }),
  imageInfo: defineCall({
    method: 'POST',
    path: '/inspection-image/img-ai-info/{id}',
    params: aiImageInfoParamsSchema,
    response: aiImageInfoSchema,
  }),
  page: defineCall({
    method: 'POST',
    path: '/inspection-image/page/ai',
    body: aiPageBodySchema,
    response: aiImagePageSchema,
  }),
  review: defineCall({
    method: 'POST',
    path: '/inspection-image/review',
    body: aiReviewBodySchema,
    response: aiReviewResultSchema,
  }),
  reviewAll: defineCall({
    method: 'POST',
    path: '/inspection-image/review-all',
    query: aiReviewAllQuerySchema,
    response: aiReviewResultSchema,
  }),
  revoke: defineCall({
    method: 'POST',
    path: '/inspection-image/revoke-review',
    body: aiReviewBodySchema,
    response: aiReviewResultSchema,
  }),
  points3d: defineCall({
    method: 'POST',
    path: '/project-tag/3d/{projectId}/{inspectionId}',
    params: aiPoints3dParamsSchema,
    response: aiPoints3dSchema,
  }),
  /** Not in SPEC section 7: stores the error-feedback dialog's correction of a wrongly recognised AI defect. */
  feedback: defineCall({
    method: 'POST',
    path: '/inspection-image/ai-feedback',
    body: aiFeedbackBodySchema,
    response: aiFeedbackSchema,
  }),
  feedbacks: defineCall({
    method: 'GET',
    path: '/inspection-image/ai-feedback',
    query: aiFeedbackQuerySchema,
    response: z.array(aiFeedbackSchema),
  }),
};
