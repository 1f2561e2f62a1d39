import type { Kysely } from 'kysely';
import type { FeedbackType } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

export interface FeedbackFilter {
  type?: FeedbackType | undefined;
  handled?: boolean | undefined;
}

export function createFeedbackRepo(db: Kysely<Database>) {
  /** Feedback matching the inbox's filters; the count needs no joins. */
  function filtered(filter: FeedbackFilter) {
    let query = db.selectFrom('feedback');
    if (filter.type) query = query.where('feedback.type', '=', filter.type);
    if (filter.handled !== undefined) {
      query = query.where('feedback.handled_at', filter.handled ? 'is not' : 'is', null);
    }
    return query;
  }

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

    /** A page of all feedback, newest first, with its sender, their team then and who handled it. */
    async pageFeedback(filter: FeedbackFilter, page: { pageNum: number; pageSize: number }) {
      const [rows, total] = await Promise.all([
        filtered(filter)
          .innerJoin('users as sender', 'sender.id', 'feedback.user_id')
          .leftJoin('teams', 'teams.id', 'feedback.team_id')
          .leftJoin('users as handler', 'handler.id', 'feedback.handled_by')
          .select([
            'feedback.id',
            'feedback.type',
            'feedback.content',
            'feedback.contact',
            'feedback.user_id',
            'sender.name as sender_name',
            'sender.account as sender_account',
            'sender.phone as sender_phone',
            'feedback.team_id',
            'teams.name as team_name',
            'feedback.handled_at',
            'feedback.handled_by',
            'handler.name as handler_name',
            'feedback.created_at',
          ])
          .orderBy('feedback.created_at', 'desc')
          .orderBy('feedback.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize)
          .execute(),
        filtered(filter)
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /**
     * Marks one feedback handled by `userId`, or unhandled. Marking it handled again keeps the first
     * handler and time. Answers whether the feedback exists.
     */
    async setHandled(id: number, handled: { by: number; at: Date } | null): Promise<boolean> {
      let query = db.updateTable('feedback').where('id', '=', id);
      query = handled
        ? query.set((eb) => ({
            handled_at: eb.fn.coalesce('handled_at', eb.val(handled.at)),
            handled_by: eb.case().when('handled_at', 'is', null).then(handled.by).else(eb.ref('handled_by')).end(),
          }))
        : query.set({ handled_at: null, handled_by: null });
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type FeedbackRepo = ReturnType<typeof createFeedbackRepo>;
export type FeedbackRow = Awaited<ReturnType<FeedbackRepo['pageFeedback']>>['rows'][number];
