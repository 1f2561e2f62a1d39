import {
  LIMITS,
  callPath,
  type CallDefinition,
  type CallInputOf,
  type CallMethod,
  type CallResultOf,
} from '@sightline/shared';
import { currentLanguage, translate } from '../i18n';
import { decideOutcome, issuesOf, type Failure, type RawOutcome, type SessionAction } from './outcome';
import { showToast } from './notifier';
import { getToken } from './token';

/** The one way the web talks to the server: `/api` + path, the `{code, msg, data}` envelope, global error handling. */
export const API_BASE = '/api';

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: CallMethod;
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  body?: unknown;
  /** A multipart body (uploads); sent as is. */
  form?: FormData;
  signal?: AbortSignal;
  /** No toast at all: the caller explains the failure itself. Session actions (4003, 5012) still run. */
  quiet?: boolean;
  /** Error keys the caller handles itself (no toast for them), e.g. `LOGIN_REPEATED`. */
  quietKeys?: readonly string[];
  timeoutMs?: number;
}

export class ApiError extends Error {
  readonly kind: Failure['kind'];
  readonly code: number;
  readonly key: string;
  readonly params: Record<string, string | number> | undefined;
  readonly status: number;
  readonly data: unknown;

  constructor(failure: Failure) {
    super(failure.key);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.code = failure.code;
    this.key = failure.key;
    this.params = failure.params;
    this.status = failure.status;
    this.data = failure.data;
  }

  /** Field issues of a 4000 validation answer. */
  get issues() {
    return issuesOf(this.data);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type SessionActionHandler = (failure: Failure) => void;

/** The app registers what 4003 and 5012 do (navigate, close the event stream); this is the fallback. */
const sessionHandlers: Record<SessionAction, SessionActionHandler> = {
  loginFailure: () => window.location.assign('/login'),
  licenseRequired: () => window.location.replace('/authorization'),
};

export function setSessionActionHandler(action: SessionAction, handler: SessionActionHandler): void {
  sessionHandlers[action] = handler;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `${url}?${text}` : url;
}

async function send(path: string, options: RequestOptions): Promise<RawOutcome> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? LIMITS.requestTimeoutMs);
  const forwardAbort = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  // The language the user reads, not the browser's: the server saves it at registration and names built-in things in it.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': currentLanguage() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  try {
    const response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      parsed = null;
    }
    return { type: 'response', status: response.status, body: parsed };
  } catch {
    if (timedOut) return { type: 'timeout' };
    if (options.signal?.aborted) return { type: 'aborted' };
    return { type: 'network', online: navigator.onLine };
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }
}

async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const outcome = decideOutcome(await send(path, options));
  if (outcome.ok) return outcome.data as T;
  const { failure } = outcome;
  const silenced = options.quiet === true || (options.quietKeys?.includes(failure.key) ?? false);
  if (failure.toast && (!silenced || failure.action !== null)) {
    showToast(failure.toast.level, translate(failure.toast.key, failure.toast.params));
  }
  if (failure.action) sessionHandlers[failure.action](failure);
  throw new ApiError(failure);
}

/** How one call is made, beside its input: cancellation, how its failures are shown, its time limit. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'quiet' | 'quietKeys' | 'timeoutMs'>;

type CallArguments<D extends CallDefinition> =
  object extends CallInputOf<D> ? [input?: CallInputOf<D> & CallOptions] : [input: CallInputOf<D> & CallOptions];

/**
 * Makes a call of the shared contract (`packages/shared/src/calls`): the definition gives the method and the path,
 * types the parameters, query and body the caller writes and the answer it reads, so none can drift from the
 * server's route, which serves the same definition.
 */
export function call<D extends CallDefinition>(definition: D, ...[input]: CallArguments<D>): Promise<CallResultOf<D>> {
  const { params, query, body, form, ...options } = (input ?? {}) as CallOptions & {
    params?: Record<string, string | number>;
    query?: Record<string, QueryValue>;
    body?: unknown;
    form?: FormData;
  };
  return request<CallResultOf<D>>(callPath(definition, params), {
    ...options,
    method: definition.method,
    query,
    body,
    form,
  });
}

/** The server does not have this call (an older server, or a feature of a later release). */
export function isMissingEndpoint(error: unknown): boolean {
  return isApiError(error) && error.status === 404 && error.key === 'notFound';
}
