import { AppError, NOTICE_TYPES, type Notice, type NoticeParams, type NoticeType, type Page } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { EventBus } from '../../platform/events/event-bus.js';
import type { NoticeRepo, NoticeRow } from './notice.repo.js';

/** How many unread notices the header's tip card shows. */
const TIP_CARD_SIZE = 5;

function presentNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    content: row.content,
    params: row.params,
    teamId: row.team_id,
    read: row.read_at !== null,
    readAt: row.read_at ? row.read_at.toISOString() : null,
    createdAt: row.created_at.toISOString(),
  };
}

export interface NotifyInput {
  userId: number;
  type: NoticeType;
  title: string;
  content: string;
  params?: NoticeParams;
  teamId?: number | null;
}

export function createNoticeService({ repo, bus }: { repo: NoticeRepo; bus: EventBus }) {
  /** Stores notices and pushes each to its recipient's event stream. */
  async function deliver(inputs: readonly NotifyInput[]): Promise<NoticeRow[]> {
    if (inputs.length === 0) return [];
    const rows = await repo.insertNotices(
      inputs.map((input) => ({
        userId: input.userId,
        teamId: input.teamId ?? null,
        type: input.type,
        title: input.title,
        content: input.content,
        params: input.params ?? null,
      })),
    );
    for (const row of rows) bus.publish({ userId: row.user_id, name: 'notice', value: presentNotice(row) });
    return rows;
  }

  async function ownNotice(auth: AuthContext, id: number): Promise<NoticeRow> {
    const row = await repo.findNotice(id);
    if (!row) throw new AppError('notFound');
    if (row.user_id !== auth.userId) throw new AppError('NO_AUTH');
    return row;
  }

  return {
    /** For other modules: tells one user something, in the notice list and live on their stream. */
    async notify(input: NotifyInput): Promise<Notice> {
      const [row] = await deliver([input]);
      if (!row) throw new Error('notice not stored');
      return presentNotice(row);
    },

    async send(
      auth: AuthContext,
      input: { title: string; content: string; type: NoticeType; userIds?: number[] | undefined },
    ) {
      if (auth.teamId === null) throw new AppError('NO_AUTH');
      const teamId = auth.teamId;
      const members = await repo.teamMemberIds(teamId);
      const recipients = input.userIds ? [...new Set(input.userIds)] : members;
      if (recipients.some((userId) => !members.includes(userId))) throw new AppError('NO_AUTH');
      const rows = await deliver(
        recipients.map((userId) => ({ userId, teamId, type: input.type, title: input.title, content: input.content })),
      );
      return { count: rows.length };
    },

    async get(auth: AuthContext, id: number): Promise<Notice> {
      return presentNotice(await ownNotice(auth, id));
    },

    async page(
      auth: AuthContext,
      query: { pageNum: number; pageSize: number; type?: NoticeType | undefined; read?: boolean | undefined },
    ): Promise<Page<Notice>> {
      const { rows, total } = await repo.pageNotices(
        { userId: auth.userId, type: query.type, read: query.read },
        query,
      );
      return { records: rows.map(presentNotice), total, pageNum: query.pageNum, pageSize: query.pageSize };
    },

    async typeStatus(auth: AuthContext) {
      const unread = await repo.unreadByType(auth.userId);
      return NOTICE_TYPES.map((type) => ({ type, unread: unread.get(type) ?? 0 }));
    },

    async tipCard(auth: AuthContext): Promise<Notice[]> {
      return (await repo.latestUnread(auth.userId, TIP_CARD_SIZE)).map(presentNotice);
    },

    async read(auth: AuthContext, id: number) {
      await ownNotice(auth, id);
      await repo.markRead({ userId: auth.userId, id });
    },

    async readType(auth: AuthContext, type: NoticeType) {
      const result = await repo.markRead({ userId: auth.userId, type });
      return { count: Number(result.numUpdatedRows) };
    },

    async deleteType(auth: AuthContext, type: NoticeType) {
      const result = await repo.deleteType(auth.userId, type);
      return { count: Number(result.numUpdatedRows) };
    },
  };
}

export type NoticeService = ReturnType<typeof createNoticeService>;
