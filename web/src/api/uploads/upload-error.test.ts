import { describe, expect, it } from 'vitest';
import { envelopeFailure, isRetryableUploadError, uploadFailureOf } from './upload-error';

const refused = (status: number, body: string) => ({
  originalResponse: { getStatus: () => status, getBody: () => body },
});

describe('upload failures', () => {
  it('reads the key and params of our envelope', () => {
    expect(envelopeFailure(JSON.stringify({ code: 4000, msg: 'TEAM_VOLUME_EXCEED', data: null }))).toEqual({
      key: 'TEAM_VOLUME_EXCEED',
    });
    expect(
      envelopeFailure(JSON.stringify({ code: 4000, msg: 'FILE_TOO_LARGE', data: { params: { max: 100 } } })),
    ).toEqual({ key: 'FILE_TOO_LARGE', params: { max: 100 } });
    expect(envelopeFailure(JSON.stringify({ code: 4000, msg: 'some prose', data: null }))).toEqual({
      key: 'serviceError',
    });
    expect(envelopeFailure('Not Found')).toBeNull();
    expect(envelopeFailure(JSON.stringify({ code: 2000, msg: 'ok', data: null }))).toBeNull();
  });

  it('explains tus errors by the body, then the status, then the network', () => {
    const body = JSON.stringify({ code: 4000, msg: 'PROJECT_MODEL_TILESET_MISSING', data: null });
    expect(uploadFailureOf(refused(400, body), true)).toEqual({ key: 'PROJECT_MODEL_TILESET_MISSING' });
    expect(uploadFailureOf(refused(404, ''), true)).toEqual({ key: 'notFound' });
    expect(uploadFailureOf(refused(502, '<html>'), true)).toEqual({ key: 'serviceError' });
    expect(uploadFailureOf(new Error('network'), false)).toEqual({ key: 'offLine' });
    expect(uploadFailureOf(new Error('network'), true)).toEqual({ key: 'serviceError' });
  });

  it('does not retry refusals that would only repeat', () => {
    const user = JSON.stringify({ code: 4000, msg: 'PROJECT_MODEL_USER', data: null });
    const quota = JSON.stringify({ code: 4000, msg: 'TEAM_VOLUME_EXCEED', data: null });
    const crash = JSON.stringify({ code: 5000, msg: 'serviceError', data: null });
    expect(isRetryableUploadError(refused(409, user))).toBe(false);
    expect(isRetryableUploadError(refused(507, quota))).toBe(false);
    expect(isRetryableUploadError(refused(500, crash))).toBe(true);
    expect(isRetryableUploadError(refused(502, 'Bad gateway'))).toBe(true);
    expect(isRetryableUploadError(new Error('offline'))).toBe(true);
  });
});

describe('an answer emptied by the tus client', () => {
  it('reads the key from the error message once the request was aborted', () => {
    const body = JSON.stringify({ code: 4000, msg: 'PROJECT_MODEL_TILESET_MISSING', data: { reason: 'missing' } });
    const error = Object.assign(
      new Error(
        `tus: unexpected response while uploading chunk, originated from request (method: PATCH, url: http://x/api/project-model/upload/1, response code: 400, response text: ${body}, request id: n/a)`,
      ),
      { originalResponse: { getStatus: () => 0, getBody: () => '' } },
    );
    expect(uploadFailureOf(error, true)).toEqual({ key: 'PROJECT_MODEL_TILESET_MISSING' });
    expect(isRetryableUploadError(error)).toBe(false);
  });
});
