import { z } from 'zod';
import { feedbackBodySchema } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { FeedbackService } from './feedback.service.js';

export function registerFeedbackRoutes(router: Router, deps: { feedback: FeedbackService }): void {
  router.user({
    method: 'POST',
    url: '/api/feedback',
    summary: 'Send a suggestion or a software bug report (content never empty)',
    tags: ['feedback'],
    body: feedbackBodySchema,
    response: z.object({ id: z.number().int() }),
    rateLimitPerMinute: 20,
    handler: ({ auth, body }) => deps.feedback.submit(auth, body),
  });
}
