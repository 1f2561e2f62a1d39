import type { Kysely } from 'kysely';
import type { FeedbackType } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

export function createFeedbackRepo(db: Kysely<Database>) {
  return {
    async insertFeedback(feedback: {
      userId: number;
      teamId: number | null;
      type: FeedbackType;
      content: string;
      contact: string | null;
    }) {
      const row = await db
        .insertInto('feedback')
        .values({
          user_id: feedback.userId,
          team_id: feedback.teamId,
          type: feedback.type,
          content: feedback.content,
          contact: feedback.contact,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
