import { describe, expect, it } from 'vitest';
import { decideOutcome, issuesOf, sessionEndTextKey } from './outcome';

const response = (body: unknown, status = 200) => decideOutcome({ type: 'response', status, body });

describe('decideOutcome', () => {
  it('resolves 2000 with the data', () => {
    expect(response({ code: 2000, msg: 'success', data: { id: 1 } })).toEqual({ ok: true, data: { id: 1 } });
  });

  it('turns 2003 into a warning that keeps its key (LOGIN_REPEATED)', () => {
    const outcome = response({ code: 2003, msg: 'LOGIN_REPEATED', data: null });
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.failure).toMatchObject({
      code: 2003,
      key: 'LOGIN_REPEATED',
      toast: { level: 'warning', key: 'errors.LOGIN_REPEATED' },
      action: null,
    });
  });

  it('shows a 4000 error toast for the key, with its params', () => {
    const outcome = response({ code: 4000, msg: 'TEAM_INVITATION_CODE_INVALID', data: { params: { count: 3 } } }, 400);
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.toast).toEqual({
      level: 'error',
      key: 'errors.TEAM_INVITATION_CODE_INVALID',
      params: { count: 3 },
    });
    expect(outcome.failure.params).toEqual({ count: 3 });
  });

  it('warns on 4001', () => {
    const outcome = response({ code: 4001, msg: 'NO_AUTH', data: null }, 403);
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.toast).toEqual({ level: 'warning', key: 'errors.NO_AUTH' });
    expect(outcome.failure.action).toBeNull();
  });

  it('ends the session on 4003', () => {
    const outcome = response({ code: 4003, msg: 'LOGIN_FAILURE', data: null }, 401);
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.action).toBe('loginFailure');
    expect(outcome.failure.toast?.level).toBe('warning');
  });

  it('explains a 4003 by the reason the server ended the session for, an expired login without one', () => {
    const revoked = response({ code: 4003, msg: 'LOGIN_FAILURE', data: { reason: 'PASSWORD_CHANGED' } }, 401);
    const expired = response({ code: 4003, msg: 'LOGIN_FAILURE', data: null }, 401);
    if (revoked.ok || expired.ok) throw new Error('expected failures');
    expect(revoked.failure.toast).toEqual({ level: 'warning', key: 'ui.session.offline.PASSWORD_CHANGED' });
    expect(revoked.failure.action).toBe('loginFailure');
    expect(expired.failure.toast).toEqual({ level: 'warning', key: 'errors.LOGIN_FAILURE' });
  });

  it('goes to the licence page on 5012', () => {
    const outcome = response({ code: 5012, msg: 'LICENSE_EXPIRED', data: null }, 403);
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.action).toBe('licenseRequired');
    expect(outcome.failure.toast?.key).toBe('errors.LICENSE_EXPIRED');
  });

  it('shows the service error for 5000 and never the prose of an unknown message', () => {
    const known = response({ code: 5000, msg: 'serviceError', data: null }, 500);
    const prose = response({ code: 4000, msg: 'NullPointerException at line 3', data: null }, 400);
    if (known.ok || prose.ok) throw new Error('expected failures');
    expect(known.failure.toast?.key).toBe('errors.serviceError');
    expect(prose.failure.toast?.key).toBe('errors.serviceError');
    expect(prose.failure.key).toBe('serviceError');
  });

  it('uses the code default when a 4003 or 5012 comes without a known key', () => {
    const login = response({ code: 4003, msg: 'whatever', data: null }, 401);
    const licence = response({ code: 5012, msg: '', data: null }, 403);
    if (login.ok || licence.ok) throw new Error('expected failures');
    expect(login.failure.key).toBe('LOGIN_FAILURE');
    expect(licence.failure.key).toBe('LICENSE_REQUIRED');
  });

  it('treats an unknown code as a service error', () => {
    const outcome = response({ code: 1234, msg: 'NO_AUTH', data: null });
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.toast?.key).toBe('errors.serviceError');
  });

  it('reads a 404 without an envelope as not found, other bare statuses as service errors', () => {
    const missing = response('<html>Not Found</html>', 404);
    const gateway = response(null, 502);
    if (missing.ok || gateway.ok) throw new Error('expected failures');
    expect(missing.failure).toMatchObject({ kind: 'http', key: 'notFound', status: 404 });
    expect(missing.failure.toast?.key).toBe('errors.notFound');
    expect(gateway.failure.toast?.key).toBe('errors.serviceError');
  });

  it('keeps the envelope key on a 404 that has one', () => {
    const outcome = response({ code: 4000, msg: 'PROJECT_NO_ERROR', data: null }, 404);
    if (outcome.ok) throw new Error('expected a failure');
    expect(outcome.failure.key).toBe('PROJECT_NO_ERROR');
  });

  it('distinguishes timeout, offline, network and abort', () => {
    const timeout = decideOutcome({ type: 'timeout' });
    const offline = decideOutcome({ type: 'network', online: false });
    const network = decideOutcome({ type: 'network', online: true });
    const aborted = decideOutcome({ type: 'aborted' });
    if (timeout.ok || offline.ok || network.ok || aborted.ok) throw new Error('expected failures');
    expect(timeout.failure.toast?.key).toBe('errors.timeout');
    expect(offline.failure.toast?.key).toBe('errors.offLine');
    expect(network.failure.toast?.key).toBe('errors.serviceError');
    expect(aborted.failure.toast).toBeNull();
  });
});

describe('issuesOf', () => {
  it('reads the field issues of a validation answer and ignores malformed ones', () => {
    expect(
      issuesOf({
        issues: [
          { path: 'phone', key: 'phoneInvalid' },
          { path: 'name', key: 'tooLong', params: { max: 30 } },
          { nope: 1 },
        ],
      }),
    ).toEqual([
      { path: 'phone', key: 'phoneInvalid' },
      { path: 'name', key: 'tooLong', params: { max: 30 } },
    ]);
    expect(issuesOf(null)).toEqual([]);
    expect(issuesOf({ issues: 'x' })).toEqual([]);
  });
});

describe('sessionEndTextKey', () => {
  it('names the text of each reason of the forceOffline event, and an expired login for anything else', () => {
    expect(sessionEndTextKey({ reason: 'LOGIN_REPEATED' })).toBe('ui.session.offline.LOGIN_REPEATED');
    expect(sessionEndTextKey({ reason: 'PASSWORD_CHANGED' })).toBe('ui.session.offline.PASSWORD_CHANGED');
    expect(sessionEndTextKey({ reason: 'USER_ACCOUNT_ABNORMALITY' })).toBe(
      'ui.session.offline.USER_ACCOUNT_ABNORMALITY',
    );
    expect(sessionEndTextKey({ reason: 'USER_DELETED' })).toBe('ui.session.offline.USER_DELETED');
    expect(sessionEndTextKey({ reason: 'SOMETHING_NEW' })).toBe('errors.LOGIN_FAILURE');
    expect(sessionEndTextKey(null)).toBe('errors.LOGIN_FAILURE');
  });
});
