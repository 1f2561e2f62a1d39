import { describe, expect, it } from 'vitest';
import { localUserCreateBodySchema, localUserEditBodySchema } from '@sightline/shared';
import { toCreateBody, toEditBody } from './components/LocalUserDialog';

describe('local user bodies', () => {
  it('leaves a blank password out of an edit, so the server keeps it', () => {
    const body = toEditBody({
      name: 'Li Lei',
      roleId: 'ROLE_TEAM_VIEWER',
      password: '',
      confirmPassword: '',
      phone: '',
      email: '',
    });
    expect(body).not.toHaveProperty('password');
    expect(localUserEditBodySchema.safeParse(body).success).toBe(true);
  });

  it('checks a new password and its confirmation on edit', () => {
    const body = toEditBody({
      name: 'Li Lei',
      roleId: 'ROLE_TEAM_VIEWER',
      password: 'NewPass123',
      confirmPassword: 'Other1234',
    });
    const result = localUserEditBodySchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('passwordMismatch');
  });

  it('needs account and password of the right form on create', () => {
    const bad = localUserCreateBodySchema.safeParse(
      toCreateBody({
        account: 'short',
        password: 'abc',
        confirmPassword: 'abc',
        name: 'Li',
        roleId: 'ROLE_TEAM_VIEWER',
      }),
    );
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual(['accountFormat', 'passwordFormat']);
    const good = localUserCreateBodySchema.safeParse(
      toCreateBody({
        account: 'lilei2026',
        password: 'Passw0rd1',
        confirmPassword: 'Passw0rd1',
        name: 'Li',
        roleId: 'ROLE_TEAM_VIEWER',
        phone: '',
      }),
    );
    expect(good.success).toBe(true);
  });
});
