import { describe, expect, it } from 'vitest';
import { loginBodySchema } from '@sightline/shared';
import { toLoginBody } from './login-body';

describe('toLoginBody', () => {
  it('sends a phone-shaped identifier as the phone, normalised', () => {
    expect(toLoginBody({ identifier: ' +86 138-0013-8000 ', password: 'abc12345' }, false)).toEqual({
      phone: '13800138000',
      password: 'abc12345',
      clientType: 'PC',
      force: false,
    });
  });

  it('sends anything else as the account, and carries force', () => {
    const body = toLoginBody({ identifier: 'inspector01', password: 'abc12345' }, true);
    expect(body).toEqual({ account: 'inspector01', password: 'abc12345', clientType: 'PC', force: true });
    expect(loginBodySchema.safeParse(body).success).toBe(true);
  });
});
