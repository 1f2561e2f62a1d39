import { describe, expect, it } from 'vitest';
import { inviteMessage, inviteUrl, isLinkExpired } from './invitation-link';

describe('invitation links', () => {
  it('reads a link past its expiry (or without a valid one) as expired', () => {
    const now = Date.parse('2026-03-01T12:00:00Z');
    expect(isLinkExpired('2026-03-01T11:59:59Z', now)).toBe(true);
    expect(isLinkExpired('2026-03-01T12:00:00Z', now)).toBe(true);
    expect(isLinkExpired('2026-03-02T00:00:00Z', now)).toBe(false);
    expect(isLinkExpired('garbage', now)).toBe(true);
  });

  it('puts the web origin in front of the server path', () => {
    expect(inviteUrl('https://inspect.example.com/', '/invite?sid=abc')).toBe(
      'https://inspect.example.com/invite?sid=abc',
    );
    expect(inviteUrl('http://127.0.0.1:3000', 'invite?sid=x')).toBe('http://127.0.0.1:3000/invite?sid=x');
    expect(inviteMessage({ link: 'Link', password: 'Password' }, 'http://h/invite?sid=1', 'Ab12')).toBe(
      'Link: http://h/invite?sid=1\nPassword: Ab12',
    );
  });
});
