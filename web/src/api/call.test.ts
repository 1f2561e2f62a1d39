import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall, noticeCalls, projectGroupCalls, type Notice } from '@sightline/shared';
import { call } from './client';

/** The fetch the client makes, answered with `data` in a success envelope. */
function answerWith(data: unknown) {
  const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
    Response.json({ code: 2000, msg: 'success', data }, { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe('call(): a call of the shared contract', () => {
  it('takes the method and the path from the definition, filling and encoding its parameters', async () => {
    const fetch = answerWith({ count: 2 });
    const counted = await call(noticeCalls.readType, { params: { type: 'team invite' } });
    expect(counted).toEqual({ count: 2 });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/notice/read-type/team%20invite');
    expect(init.method).toBe('PUT');
  });

  it('sends the body as JSON and the query in the URL', async () => {
    const fetch = answerWith({ id: 5 });
    await call(projectGroupCalls.create, { body: { name: 'Bridges' } });
    await call(noticeCalls.page, { query: { pageNum: 2, pageSize: 10 } });
    const [, create] = fetch.mock.calls[0]!;
    expect(create.body).toBe(JSON.stringify({ name: 'Bridges' }));
    expect(fetch.mock.calls[1]![0]).toBe('/api/notice/page?pageNum=2&pageSize=10');
  });

  // The checks below are made by the type checker (`npm run typecheck`, a step of `npm test`), not at run time.
  it('types the answer from the response schema and the input from the path and the schemas', () => {
    expectTypeOf<Awaited<ReturnType<typeof call<typeof noticeCalls.get>>>>().toEqualTypeOf<Notice>();
    const guarded = () => {
      // @ts-expect-error: the path names its parameter `id`
      void call(noticeCalls.get, { params: { noticeId: 1 } });
      // @ts-expect-error: a call with a path parameter needs it
      void call(noticeCalls.get);
      // @ts-expect-error: the body schema requires a name
      void call(projectGroupCalls.create, { body: {} });
      // @ts-expect-error: a call without a body takes none
      void call(noticeCalls.tipCard, { body: { id: 1 } });
    };
    expect(guarded).toBeTypeOf('function');
  });

  it('fails the type check of every caller when a path parameter is renamed in the contract', () => {
    const renamed = defineCall({
      method: 'GET',
      path: '/notice/{noticeId}',
      params: z.object({ noticeId: z.coerce.number() }),
      response: z.null(),
    });
    const guarded = () => {
      // @ts-expect-error: written for the old path `/notice/{id}`
      void call(renamed, { params: { id: 1 } });
      defineCall({
        method: 'GET',
        path: '/notice/{noticeId}',
        // @ts-expect-error: the params schema must name the path's parameters
        params: z.object({ id: z.coerce.number() }),
        response: z.null(),
      });
    };
    expect(guarded).toBeTypeOf('function');
  });
});
