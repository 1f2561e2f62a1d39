import { AppError, type FeedbackItem, type FeedbackType, type Page } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { FeedbackFilter, FeedbackRepo, FeedbackRow } from './feedback.repo.js';

function presentFeedback(row: FeedbackRow): FeedbackItem {
  return {
    id: row.id,
    type: row.type,
    content: row.content,
    contact: row.contact,
    sender: { userId: row.user_id, name: row.sender_name, account: row.sender_account, phone: row.sender_phone },
    team: row.team_id !== null && row.team_name !== null ? { teamId: row.team_id, name: row.team_name } : null,
    handled: row.handled_at !== null,
    handledAt: row.handled_at ? row.handled_at.toISOString() : null,
    handledBy:
      row.handled_by !== null && row.handler_name !== null ? { userId: row.handled_by, name: row.handler_name } : null,
    createdAt: row.created_at.toISOString(),
  };
}

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

    /** The inbox: feedback of every user of the deployment, not only of the reader's team. */
    async page(query: FeedbackFilter & { pageNum: number; pageSize: number }): Promise<Page<FeedbackItem>> {
      const { rows, total } = await repo.pageFeedback({ type: query.type, handled: query.handled }, query);
      return { records: rows.map(presentFeedback), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async setHandled(auth: AuthContext, id: number, handled: boolean): Promise<void> {
      const found = await repo.setHandled(id, handled ? { by: auth.userId, at: new Date() } : null);
      if (!found) throw new AppError('notFound');
    },
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
