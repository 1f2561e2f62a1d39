import type { FeedbackType } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { FeedbackRepo } from './feedback.repo.js';

export function createFeedbackService({ repo }: { repo: FeedbackRepo }) {
  return {
    async submit(
      auth: AuthContext,
      input: { type: FeedbackType; content: string; contact?: string | undefined },
    ): Promise<{ id: number }> {
      const id = await repo.insertFeedback({
        userId: auth.userId,
        teamId: auth.teamId,
        type: input.type,
        content: input.content,
        contact: input.contact || null,
      });
      return { id };
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
