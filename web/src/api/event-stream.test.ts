import { describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';
import type { AppEvent } from './sse-parser';

/** A server stream the test writes into; it errors when the client aborts, as fetch's body does. */
function controllableStream(signal: AbortSignal | null | undefined) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
  const encoder = new TextEncoder();
  return { body, write: (text: string) => controller.enqueue(encoder.encode(text)), end: () => controller.close() };
}

const waitFor = async (check: () => boolean, ms = 2000) => {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > ms) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe('openEventStream', () => {
  it('sends the token and dispatches name:value messages', async () => {
    const events: AppEvent[] = [];
    let write: (text: string) => void = () => {};
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      const stream = controllableStream(init?.signal);
      write = stream.write;
      return new Response(stream.body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    });
    const handle = openEventStream({
      url: '/api/sse/userConnect',
      getToken: () => 'abc',
      onEvent: (event) => events.push(event),
      onUnauthorized: () => {},
      fetchImpl: fetchImpl as typeof fetch,
    });
    await waitFor(() => fetchImpl.mock.calls.length === 1);
    const init = fetchImpl.mock.calls[0]?.[1];
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer abc');
    await new Promise((resolve) => setTimeout(resolve, 10));
    write(': heartbeat\n\n');
    write('data: forceOffline:{"reason":"x"}\n\n');
    await waitFor(() => events.length === 1);
    expect(events[0]).toEqual({ type: 'forceOffline', payload: { reason: 'x' } });
    handle.close();
  });

  it('stops for good when the server refuses the token, handing on why', async () => {
    const onUnauthorized = vi.fn();
    const fetchImpl = vi.fn(
      async () =>
        new Response(JSON.stringify({ code: 4003, msg: 'LOGIN_FAILURE', data: { reason: 'PASSWORD_CHANGED' } }), {
          status: 401,
        }),
    );
    openEventStream({
      url: '/x',
      getToken: () => 'abc',
      onEvent: () => {},
      onUnauthorized,
      retryDelaysMs: [5],
      fetchImpl: fetchImpl as typeof fetch,
    });
    await waitFor(() => onUnauthorized.mock.calls.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith({ reason: 'PASSWORD_CHANGED' });
  });

  it('reconnects after the heartbeat timeout of silence and after errors', async () => {
    const fetchImpl = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      if (fetchImpl.mock.calls.length === 1) throw new TypeError('network down');
      return new Response(controllableStream(init?.signal).body, { status: 200 });
    });
    const states: string[] = [];
    const handle = openEventStream({
      url: '/x',
      getToken: () => 'abc',
      onEvent: () => {},
      onUnauthorized: () => {},
      onStateChange: (state) => states.push(state),
      heartbeatTimeoutMs: 40,
      retryDelaysMs: [5],
      fetchImpl: fetchImpl as typeof fetch,
    });
    // 1: network error, 2: opens then goes silent, 3: reconnect after the silence.
    await waitFor(() => fetchImpl.mock.calls.length >= 3);
    expect(states).toContain('open');
    handle.close();
    const calls = fetchImpl.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(fetchImpl.mock.calls.length).toBe(calls);
    expect(states.at(-1)).toBe('closed');
  });

  it('does not connect without a token', async () => {
    const fetchImpl = vi.fn();
    openEventStream({
      url: '/x',
      getToken: () => null,
      onEvent: () => {},
      onUnauthorized: () => {},
      fetchImpl: fetchImpl as unknown as typeof fetch,
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchImpl).not.toHaveBeenCalled();
  });
});
