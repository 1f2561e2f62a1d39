import { describe, expect, it } from 'vitest';
import { changePasswordBodySchema, loginBodySchema, profileBodySchema, registerBodySchema } from '@sightline/shared';
import { issueForField } from './field-issues';

const validRegister = {
  phone: '13800138000',
  smsCode: '123456',
  password: 'abc12345',
  confirmPassword: 'abc12345',
  name: 'Li Lei',
  organization: 'Bridge Institute',
  position: 'Engineer',
  agreement: true,
};

describe('issueForField with the shared schemas', () => {
  it('reports a field problem while the rest of the form is still empty', () => {
    expect(issueForField(registerBodySchema, { phone: '123' }, 'phone')).toEqual({ key: 'phoneInvalid' });
    expect(issueForField(registerBodySchema, {}, 'name')).toEqual({ key: 'required' });
    expect(issueForField(registerBodySchema, { password: 'short' }, 'password')).toEqual({ key: 'passwordFormat' });
    expect(issueForField(registerBodySchema, {}, 'agreement')).toEqual({ key: 'agreementRequired' });
  });

  it('passes a valid field even when other fields are invalid', () => {
    expect(issueForField(registerBodySchema, { phone: '+86 138 0013 8000' }, 'phone')).toBeNull();
    expect(issueForField(registerBodySchema, { name: 'Li Lei' }, 'name')).toBeNull();
  });

  it('gives the limit of a too-long text as the {max} parameter', () => {
    expect(issueForField(registerBodySchema, { name: 'x'.repeat(31) }, 'name')).toEqual({
      key: 'tooLong',
      params: { max: 30 },
    });
  });

  it('finds cross-field refinements once the form is otherwise valid', () => {
    expect(
      issueForField(registerBodySchema, { ...validRegister, confirmPassword: 'other123' }, 'confirmPassword'),
    ).toEqual({
      key: 'passwordMismatch',
    });
    expect(issueForField(registerBodySchema, validRegister, 'confirmPassword')).toBeNull();
    expect(
      issueForField(
        changePasswordBodySchema,
        { oldPassword: 'x', password: 'abc12345', confirmPassword: 'abc1234' },
        'confirmPassword',
      ),
    ).toEqual({ key: 'passwordMismatch' });
  });

  it('accepts an empty optional email and rejects a malformed one', () => {
    expect(issueForField(profileBodySchema, { name: 'A', email: '' }, 'email')).toBeNull();
    expect(issueForField(profileBodySchema, { name: 'A', email: 'not-an-email' }, 'email')).toEqual({
      key: 'emailInvalid',
    });
  });

  it('requires the login password', () => {
    expect(issueForField(loginBodySchema, { account: 'someone01', password: '' }, 'password')).toMatchObject({
      key: 'required',
    });
  });
});
