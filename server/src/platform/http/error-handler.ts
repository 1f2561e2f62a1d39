import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, CATALOGUES, ERROR_DEFINITIONS, ResultCode, type FieldIssue } from '@sightline/shared';

const VALIDATION_KEYS = new Set(Object.keys(CATALOGUES['zh-CN'].validation));

interface RawIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns a zod issue into a field issue whose key the web translates under `validation.`. */
export function toFieldIssue(issue: RawIssue, prefix: string): FieldIssue {
  const fieldPath = [prefix, ...issue.instancePath.split('/').filter(Boolean)].filter(Boolean).join('.');
  const params: Record<string, string | number> = {};
  if (typeof issue.params.maximum === 'number' || typeof issue.params.maximum === 'bigint')
    params.max = Number(issue.params.maximum);
  if (typeof issue.params.minimum === 'number' || typeof issue.params.minimum === 'bigint')
    params.min = Number(issue.params.minimum);
  const message = issue.message ?? '';
  let key = VALIDATION_KEYS.has(message) ? message : 'invalidValue';
  if (!VALIDATION_KEYS.has(message)) {
    if (issue.keyword === 'invalid_type' && message.includes('received undefined')) key = 'required';
    else if (issue.keyword === 'too_big') key = issue.params.origin === 'string' ? 'tooLong' : 'numberRange';
    else if (issue.keyword === 'too_small') key = issue.params.origin === 'string' ? 'tooShort' : 'numberRange';
  }
  const takesParams = key === 'tooLong' || key === 'tooShort' || key === 'numberRange';
  return takesParams && Object.keys(params).length > 0 ? { path: fieldPath, key, params } : { path: fieldPath, key };
}

export function envelopeFor(error: AppError) {
  const data = error.params || error.data ? { params: error.params, ...(error.data as object | undefined) } : null;
  return { code: error.code, msg: error.key, data };
}

/** The one final handler: every failure leaves as the envelope, and internals never leave. */
/** Error envelopes bypass the route's success schema (a 2003 warning is still HTTP 200). */
function send(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => JSON.stringify(payload))
    .send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return send(reply, error.status, envelopeFor(error));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const prefix = error.validationContext === 'body' ? '' : (error.validationContext ?? '');
      const issues = error.validation.map((issue) => toFieldIssue(issue as RawIssue, prefix));
      return send(reply, 400, { code: ResultCode.BAD_REQUEST, msg: 'VALIDATION_ERROR', data: { issues } });
    }
    if (error.statusCode === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_FILES_LIMIT') {
      return send(reply, 413, envelopeFor(new AppError('FILE_TOO_LARGE')));
    }
    if (error.statusCode === 429) {
      return send(reply, 429, envelopeFor(new AppError('ABNORMAL_OPERATION')));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like: the caller's mistake, said without internals.
      request.log.info({ err: error }, 'rejected request');
      return send(reply, error.statusCode, {
        code: ResultCode.BAD_REQUEST,
        msg: 'VALIDATION_ERROR',
        data: { issues: [] as FieldIssue[] },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      code: ERROR_DEFINITIONS.serviceError.code,
      msg: 'serviceError',
      data: { requestId: request.id },
    });
  });
}
