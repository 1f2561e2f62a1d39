import { describe, expect, it } from 'vitest';
import { loginBodySchema, registerBodySchema } from './schemas/auth.js';
import { ACCOUNT_PATTERN, PASSWORD_PATTERN, PHONE_PATTERN, normalizePhone } from './validation.js';

describe('SPEC section 5 validation rules', () => {
  it.each([
    ['abcd1234', true],
    ['ABCDEFGH12345678', true],
    ['abc1234', false],
    ['abcdefgh123456789', false],
    ['abcd_1234', false],
    ['用户名用户名用户名', false],
  ])('account %s valid=%s', (account, valid) => {
    expect(ACCOUNT_PATTERN.test(account)).toBe(valid);
  });

  it.each([
    ['Passw0rd', true],
    ['12345678901234567890', true],
    ['short1', false],
    ['123456789012345678901', false],
    ['pass word1', false],
  ])('password %s valid=%s', (password, valid) => {
    expect(PASSWORD_PATTERN.test(password)).toBe(valid);
  });

  it('accepts mainland mobile numbers with or without +86, and E.164 numbers', () => {
    expect(normalizePhone('+86 138-0013-8000')).toBe('13800138000');
    expect(PHONE_PATTERN.test('13800138000')).toBe(true);
    expect(PHONE_PATTERN.test('+819012345678')).toBe(true);
    expect(PHONE_PATTERN.test('12800138000')).toBe(false);
    expect(PHONE_PATTERN.test('1380013800')).toBe(false);
  });

  it('requires an account or a phone to log in', () => {
    expect(loginBodySchema.safeParse({ password: 'x' }).success).toBe(false);
    expect(loginBodySchema.parse({ phone: '13800138000', password: 'x' })).toMatchObject({
      clientType: 'PC',
      force: false,
    });
  });

  it('reports a password mismatch on the confirmation field', () => {
    const result = registerBodySchema.safeParse({
      phone: '13800138000',
      smsCode: '123456',
      password: 'Secret1234',
      confirmPassword: 'Secret9999',
      name: 'Li',
      organization: 'Org',
      position: 'Job',
      agreement: true,
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toContainEqual(
      expect.objectContaining({ path: ['confirmPassword'], message: 'passwordMismatch' }),
    );
  });
});
