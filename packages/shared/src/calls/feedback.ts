import { z } from 'zod';
import {
  feedbackBodySchema,
  feedbackHandledBodySchema,
  feedbackPageQuerySchema,
  feedbackPageSchema,
} from '../schemas/feedback.js';
import { idParams } from './params.js';
import { defineCall } from './define.js';

export const feedbackCalls = {
  submit: defineCall({
    method: 'POST',
    path: '/feedback',
    body: feedbackBodySchema,
    response: z.object({ id: z.number().int() }),
  }),
  page: defineCall({
    method: 'GET',
    path: '/feedback/page',
    query: feedbackPageQuerySchema,
    response: feedbackPageSchema,
  }),
  setHandled: defineCall({
    method: 'PUT',
    path: '/feedback/{id}/handled',
    params: idParams,
    body: feedbackHandledBodySchema,
    response: z.null(),
  }),
};
