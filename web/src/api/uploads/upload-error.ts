import { ResultCode, isErrorKey } from '@sightline/shared';

/**
 * Why an upload (a model, a photo) stopped, as an error key the catalogue translates (SPEC section 8). The tus endpoint
 * answers refusals with our envelope in the body, so the key comes from there; pure, tested without a browser.
 */
export interface UploadFailure {
  key: string;
  params?: Record<string, string | number>;
}

interface ResponseLike {
  getStatus(): number;
  getBody(): string;
}

function responseOf(error: unknown): ResponseLike | null {
  if (typeof error !== 'object' || error === null) return null;
  const response = (error as { originalResponse?: unknown }).originalResponse;
  if (typeof response !== 'object' || response === null) return null;
  const candidate = response as Partial<ResponseLike>;
  return typeof candidate.getStatus === 'function' && typeof candidate.getBody === 'function'
    ? (candidate as ResponseLike)
    : null;
}

function paramsOf(data: unknown): Record<string, string | number> | undefined {
  const params = (data as { params?: unknown } | null)?.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const result: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' || typeof value === 'number') result[name] = value;
  }
  return result;
}

/** The failure an envelope body names, or null when the body is not one of ours. */
export function envelopeFailure(body: string): UploadFailure | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { code, msg, data } = parsed as { code?: unknown; msg?: unknown; data?: unknown };
  if (typeof code !== 'number' || typeof msg !== 'string' || code === ResultCode.SUCCESS) return null;
  const key = isErrorKey(msg) ? msg : 'serviceError';
  const params = paramsOf(data);
  return params ? { key, params } : { key };
}

/**
 * The response's body and status. The tus client aborts its request once it has reported the error, which
 * empties the XMLHttpRequest; its message keeps both (`response code: 400, response text: {...}, request id:`).
 */
function answerOf(error: unknown, response: ResponseLike): { status: number; body: string } {
  const message = error instanceof Error ? error.message : '';
  const body = response.getBody() || (/response text: ([\s\S]*), request id: /.exec(message)?.[1] ?? '');
  const status = response.getStatus() || Number(/response code: (\d+)/.exec(message)?.[1] ?? 0);
  return { status, body };
}

/** What to tell the user about an error of the tus client (or of Uppy wrapping it). */
export function uploadFailureOf(error: unknown, online: boolean): UploadFailure {
  const response = responseOf(error);
  if (response) {
    const { status, body } = answerOf(error, response);
    const fromBody = envelopeFailure(body);
    if (fromBody) return fromBody;
    if (status === 404) return { key: 'notFound' };
    if (status === 401) return { key: 'LOGIN_FAILURE' };
    return { key: 'serviceError' };
  }
  return { key: online ? 'serviceError' : 'offLine' };
}

/**
 * Whether the tus client should try a failed request again: not when the server refused it for a reason of
 * its own (quota, another uploader, a zip without tileset.json), which a retry would only repeat.
 */
export function isRetryableUploadError(error: unknown): boolean {
  const response = responseOf(error);
  if (!response) return true;
  const failure = envelopeFailure(answerOf(error, response).body);
  if (failure) return failure.key === 'serviceError';
  return true;
}

/** Failures worth a "retry" button: the network or the server, not a refusal. */
export function isRetryableKey(key: string): boolean {
  return key === 'serviceError' || key === 'offLine' || key === 'timeout' || key === 'notFound';
}
