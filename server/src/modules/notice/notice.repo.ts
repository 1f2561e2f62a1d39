import type { Kysely } from 'kysely';
import type { NoticeParams, NoticeType } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { currentMemberIds } from '../team/membership.js';

export interface NewNotice {
  userId: number;
  teamId: number | null;
  type: NoticeType;
  title: string;
  content: string;
  params: NoticeParams | null;
}

const NOTICE_COLUMNS = [
  'id',
  'team_id',
  'user_id',
  'type',
  'title',
  'content',
  'params',
  'read_at',
  'created_at',
] as const;

/** SQL of notices; every query but the insert is scoped to one recipient. */
export function createNoticeRepo(db: Kysely<Database>) {
  const live = (userId: number) =>
    db.selectFrom('notices').where('user_id', '=', userId).where('deleted_at', 'is', null);

  return {
    insertNotices(notices: readonly NewNotice[]) {
      return db
        .insertInto('notices')
        .values(
          notices.map((notice) => ({
            user_id: notice.userId,
            team_id: notice.teamId,
            type: notice.type,
            title: notice.title,
            content: notice.content,
            params: notice.params ? JSON.stringify(notice.params) : null,
          })),
        )
        .returning(NOTICE_COLUMNS)
        .execute();
    },

    /** A live notice by id, whoever it belongs to (the service checks the recipient). */
    findNotice(id: number) {
      return db
        .selectFrom('notices')
        .select(NOTICE_COLUMNS)
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    async pageNotices(
      filter: { userId: number; type?: NoticeType | undefined; read?: boolean | undefined },
      page: { pageNum: number; pageSize: number },
    ) {
      let query = live(filter.userId);
      if (filter.type) query = query.where('type', '=', filter.type);
      if (filter.read !== undefined) query = query.where('read_at', filter.read ? 'is not' : 'is', null);
      const [rows, total] = await Promise.all([
        query
          .select(NOTICE_COLUMNS)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNum - 1) * page.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    latestUnread(userId: number, limit: number) {
      return live(userId)
        .select(NOTICE_COLUMNS)
        .where('read_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async unreadByType(userId: number) {
      const rows = await live(userId)
        .select(['type', (eb) => eb.fn.countAll<string>().as('count')])
        .where('read_at', 'is', null)
        .groupBy('type')
        .execute();
      return new Map(rows.map((row) => [row.type, Number(row.count)]));
    },

    markRead(filter: { userId: number; id?: number; type?: NoticeType }) {
      let query = db
        .updateTable('notices')
        .set({ read_at: new Date() })
        .where('user_id', '=', filter.userId)
        .where('deleted_at', 'is', null)
        .where('read_at', 'is', null);
      if (filter.id !== undefined) query = query.where('id', '=', filter.id);
      if (filter.type !== undefined) query = query.where('type', '=', filter.type);
      return query.executeTakeFirst();
    },

    deleteType(userId: number, type: NoticeType) {
      return db
        .updateTable('notices')
        .set({ deleted_at: new Date() })
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
    },

    teamMemberIds(teamId: number) {
      return currentMemberIds(db, teamId);
    },
  };
}

export type NoticeRepo = ReturnType<typeof createNoticeRepo>;
export type NoticeRow = Awaited<ReturnType<NoticeRepo['latestUnread']>>[number];
