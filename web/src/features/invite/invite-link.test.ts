import { describe, expect, it } from 'vitest';
import { afterLoginTarget, sidOf } from './invite-link';

describe('the invite page', () => {
  it('sends a user who signed in from an invitation back to it', () => {
    expect(sidOf('?sid=abc%20def')).toBe('abc def');
    expect(sidOf('?other=1')).toBe('');
    expect(afterLoginTarget('?sid=abc', '/home')).toBe('/invite?sid=abc');
    expect(afterLoginTarget('?sid=a%2Fb', '/home')).toBe('/invite?sid=a%2Fb');
    expect(afterLoginTarget('', '/home')).toBe('/home');
    expect(afterLoginTarget('?tab=1', '/team/members')).toBe('/team/members?tab=1');
  });
});
