import { feedbackCalls } from '@sightline/shared';
import type { Router } from '../../platform/http/route.js';
import type { FeedbackService } from './feedback.service.js';

const tags = ['feedback'];

export function registerFeedbackRoutes(router: Router, deps: { feedback: FeedbackService }): void {
  router.user({
    call: feedbackCalls.submit,
    summary: 'Send a suggestion or a software bug report (content never empty)',
    tags,
    rateLimitPerMinute: 20,
    handler: ({ auth, body }) => deps.feedback.submit(auth, body),
  });

  router.user({
    call: feedbackCalls.page,
    summary: "A page of every user's feedback, newest first, by type and handled state (corporate management)",
    tags,
    permission: 'feedback:view',
    handler: ({ query }) => deps.feedback.page(query),
  });

  router.user({
    call: feedbackCalls.setHandled,
    summary: 'Mark a feedback handled or unhandled (corporate management)',
    tags,
    permission: 'feedback:view',
    handler: async ({ auth, params, body }) => {
      await deps.feedback.setHandled(auth, params.id, body.handled);
      return null;
    },
  });
}
