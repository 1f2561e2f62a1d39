import { z } from 'zod';
import {
  feedbackBodySchema,
  feedbackHandledBodySchema,
  feedbackPageQuerySchema,
  feedbackPageSchema,
  idParam,
} from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { FeedbackService } from './feedback.service.js';

const tags = ['feedback'];

export function registerFeedbackRoutes(router: Router, deps: { feedback: FeedbackService }): void {
  router.user({
    method: 'POST',
    url: '/api/feedback',
    summary: 'Send a suggestion or a software bug report (content never empty)',
    tags,
    body: feedbackBodySchema,
    response: z.object({ id: z.number().int() }),
    rateLimitPerMinute: 20,
    handler: ({ auth, body }) => deps.feedback.submit(auth, body),
  });

  router.user({
    method: 'GET',
    url: '/api/feedback/page',
    summary: "A page of every user's feedback, newest first, by type and handled state (corporate management)",
    tags,
    permission: 'feedback:view',
    query: feedbackPageQuerySchema,
    response: feedbackPageSchema,
    handler: ({ query }) => deps.feedback.page(query),
  });

  router.user({
    method: 'PUT',
    url: '/api/feedback/:id/handled',
    summary: 'Mark a feedback handled or unhandled (corporate management)',
    tags,
    permission: 'feedback:view',
    params: z.object({ id: idParam }),
    body: feedbackHandledBodySchema,
    response: z.null(),
    handler: async ({ auth, params, body }) => {
      await deps.feedback.setHandled(auth, params.id, body.handled);
      return null;
    },
  });
}
