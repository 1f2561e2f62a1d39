import { ResultCode, isErrorKey, isSessionEndReason, type FieldIssue } from '@sightline/shared';

/**
 * What the one API client does with an answer (SPEC section 8), as a pure decision so it can be
 * tested without a browser: resolve with data, or fail with a translated toast and maybe a session action.
 */
export type RawOutcome =
  | { type: 'response'; status: number; body: unknown }
  | { type: 'timeout' }
  | { type: 'network'; online: boolean }
  | { type: 'aborted' };

export type ToastLevel = 'error' | 'warning';

export interface ToastSpec {
  level: ToastLevel;
  /** A full i18n key: `errors.<ErrorKey>`, or for a 4003 the session's end (`sessionEndTextKey`). */
  key: string;
  params?: Record<string, string | number>;
}

/** A session-wide consequence of the answer, run by the client after the toast. */
export type SessionAction = 'loginFailure' | 'licenseRequired';

export type FailureKind = 'business' | 'http' | 'timeout' | 'network' | 'offline' | 'aborted';

export interface Failure {
  kind: FailureKind;
  /** The envelope code, or 0 when there was no envelope. */
  code: number;
  /** The error key (`USER_OR_PASSWORD_ERROR`, `timeout`, ...). */
  key: string;
  params?: Record<string, string | number>;
  status: number;
  data: unknown;
  toast: ToastSpec | null;
  action: SessionAction | null;
}

export type Outcome = { ok: true; data: unknown } | { ok: false; failure: Failure };

interface EnvelopeLike {
  code: number;
  msg: string;
  data: unknown;
}

export function isEnvelope(body: unknown): body is EnvelopeLike {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as Record<string, unknown>;
  return typeof candidate.code === 'number' && typeof candidate.msg === 'string';
}

function paramsOf(data: unknown): Record<string, string | number> | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const params = (data as { params?: unknown }).params;
  if (typeof params !== 'object' || params === null) return undefined;
  const result: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') result[name] = value;
  }
  return result;
}

/** Field issues of a 4000 validation answer, if the answer carries them. */
export function issuesOf(data: unknown): FieldIssue[] {
  if (typeof data !== 'object' || data === null) return [];
  const issues = (data as { issues?: unknown }).issues;
  if (!Array.isArray(issues)) return [];
  return issues.filter(
    (issue): issue is FieldIssue =>
      typeof issue === 'object' &&
      issue !== null &&
      typeof (issue as FieldIssue).path === 'string' &&
      typeof (issue as FieldIssue).key === 'string',
  );
}

/**
 * Why the server ended the session, as a full i18n key: the reason it gave (the forceOffline event's
 * payload, a 4003's data), or an expired login when it gave none.
 */
export function sessionEndTextKey(data: unknown): string {
  const reason = typeof data === 'object' && data !== null ? (data as { reason?: unknown }).reason : undefined;
  return isSessionEndReason(reason) ? `ui.session.offline.${reason}` : 'errors.LOGIN_FAILURE';
}

/** The key to show for a code when the message is not a key we know. */
function fallbackKey(code: number): string {
  switch (code) {
    case ResultCode.NO_AUTH:
      return 'NO_AUTH';
    case ResultCode.LOGIN_FAILURE:
      return 'LOGIN_FAILURE';
    case ResultCode.LICENSE_REQUIRED:
      return 'LICENSE_REQUIRED';
    default:
      return 'serviceError';
  }
}

function fromEnvelope(status: number, envelope: EnvelopeLike): Outcome {
  if (envelope.code === ResultCode.SUCCESS) return { ok: true, data: envelope.data };
  // Server prose never reaches the user: only keys we have texts for.
  const key = isErrorKey(envelope.msg) ? envelope.msg : fallbackKey(envelope.code);
  const params = paramsOf(envelope.data);
  const base = { kind: 'business' as const, code: envelope.code, key, status, data: envelope.data };
  const toast = (level: ToastLevel): ToastSpec => ({ level, key: `errors.${key}`, ...(params ? { params } : {}) });
  const withParams = params ? { params } : {};
  switch (envelope.code) {
    case ResultCode.WARNING:
      return { ok: false, failure: { ...base, ...withParams, toast: toast('warning'), action: null } };
    case ResultCode.NO_AUTH:
      return { ok: false, failure: { ...base, ...withParams, toast: toast('warning'), action: null } };
    case ResultCode.LOGIN_FAILURE: {
      const ended: ToastSpec = { level: 'warning', key: sessionEndTextKey(envelope.data) };
      return { ok: false, failure: { ...base, ...withParams, toast: ended, action: 'loginFailure' } };
    }
    case ResultCode.LICENSE_REQUIRED:
      return { ok: false, failure: { ...base, ...withParams, toast: toast('error'), action: 'licenseRequired' } };
    case ResultCode.BAD_REQUEST:
    case ResultCode.SERVICE_ERROR:
      return { ok: false, failure: { ...base, ...withParams, toast: toast('error'), action: null } };
    default:
      return {
        ok: false,
        failure: { ...base, key: 'serviceError', toast: { level: 'error', key: 'errors.serviceError' }, action: null },
      };
  }
}

function plainFailure(kind: FailureKind, key: string, status = 0): Outcome {
  return {
    ok: false,
    failure: {
      kind,
      code: 0,
      key,
      status,
      data: null,
      toast: kind === 'aborted' ? null : { level: 'error', key: `errors.${key}` },
      action: null,
    },
  };
}

export function decideOutcome(raw: RawOutcome): Outcome {
  switch (raw.type) {
    case 'aborted':
      return plainFailure('aborted', 'aborted');
    case 'timeout':
      return plainFailure('timeout', 'timeout');
    case 'network':
      return raw.online ? plainFailure('network', 'serviceError') : plainFailure('offline', 'offLine');
    case 'response':
      if (isEnvelope(raw.body)) return fromEnvelope(raw.status, raw.body);
      if (raw.status === 404) return plainFailure('http', 'notFound', 404);
      return plainFailure('http', 'serviceError', raw.status);
  }
}
