import { interpolate, type Notice, type NoticeType } from '@sightline/shared';

/**
 * A notice's title or content as shown: notices the system writes carry an i18n key and values
 * ({num}, {count}), notices people send carry their own words, shown as written.
 */
export function noticeText(
  text: string,
  params: Notice['params'],
  lookup: {
    has: (key: string) => boolean;
    translate: (key: string, params?: Record<string, string | number>) => string;
  },
): string {
  if (lookup.has(text)) return lookup.translate(text, params ?? undefined);
  return params ? interpolate(text, params) : text;
}

/** Unread notices over all types: the header bell's number. */
export function unreadTotal(status: ReadonlyArray<{ type: NoticeType; unread: number }> | undefined): number {
  return (status ?? []).reduce((sum, entry) => sum + entry.unread, 0);
}

/** Whether a value from the event stream looks like a notice (the `notice` event carries one). */
export function isNotice(value: unknown): value is Notice {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Notice>;
  return typeof candidate.id === 'number' && typeof candidate.title === 'string' && typeof candidate.type === 'string';
}
