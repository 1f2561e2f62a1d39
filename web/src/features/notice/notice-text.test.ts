import { describe, expect, it } from 'vitest';
import { isNotice, noticeText, unreadTotal } from './notice-text';

const lookup = {
  has: (key: string) => key === 'notice.aiDone',
  translate: (key: string, params?: Record<string, string | number>) => `${key}:${params?.num ?? ''}`,
};

describe('noticeText', () => {
  it('translates a key the catalogue knows, with its values', () => {
    expect(noticeText('notice.aiDone', { num: 12 }, lookup)).toBe('notice.aiDone:12');
  });

  it('shows words people wrote as they are, filling {placeholders} it has values for', () => {
    expect(noticeText('Site visit on Monday', null, lookup)).toBe('Site visit on Monday');
    expect(noticeText('{count} photos left', { count: 3 }, lookup)).toBe('3 photos left');
  });
});

describe('unread counts and events', () => {
  it('adds the unread notices of every type', () => {
    expect(
      unreadTotal([
        { type: 'team', unread: 2 },
        { type: 'system', unread: 3 },
      ]),
    ).toBe(5);
    expect(unreadTotal(undefined)).toBe(0);
  });

  it('recognises a notice in an event payload', () => {
    expect(isNotice({ id: 1, title: 'x', type: 'team' })).toBe(true);
    expect(isNotice('notice')).toBe(false);
    expect(isNotice(null)).toBe(false);
  });
});
