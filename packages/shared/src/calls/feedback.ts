import { z } from 'zod';
import {
  feedbackBodySchema,
  feedbackHandledBodySchema,
  feedbackPageQuerySchema,
  feedbackPageSchema,
} from '../schemas/feedback.js';
import { idParam } from '../schemas/fields.js';
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
    params: z.object({ id: idParam }),
    body: feedbackHandledBodySchema,
    response: z.null(),
  }),
};
