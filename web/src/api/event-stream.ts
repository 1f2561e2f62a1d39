import { LIMITS } from '@sightline/shared';
import { isEnvelope } from './outcome';
import { createSseParser, parseAppEvent, type AppEvent } from './sse-parser';

export type EventStreamState = 'connecting' | 'open' | 'closed';

export interface EventStreamOptions {
  url: string;
  getToken: () => string | null;
  onEvent: (event: AppEvent) => void;
  /** The server refused the token (401 / 4003): the stream stops for good. `data` is the answer's, which may say why. */
  onUnauthorized: (data: unknown) => void;
  onStateChange?: (state: EventStreamState) => void;
  heartbeatTimeoutMs?: number;
  /** Waits between reconnection attempts; the last one repeats. */
  retryDelaysMs?: readonly number[];
  fetchImpl?: typeof fetch;
}

export interface EventStreamHandle {
  close(): void;
}

const DEFAULT_RETRY_DELAYS = [1_000, 2_000, 5_000, 10_000, 30_000];

/**
 * Keeps one event stream open with the Authorization header: reconnects after errors with a
 * growing delay, and treats `heartbeatTimeoutMs` of silence (no byte, not even the 30 s heartbeat
 * comment) as a dead connection.
 */
export function openEventStream(options: EventStreamOptions): EventStreamHandle {
  const fetchImpl = options.fetchImpl ?? fetch.bind(globalThis);
  const heartbeatTimeoutMs = options.heartbeatTimeoutMs ?? LIMITS.sseHeartbeatTimeoutMs;
  const retryDelays = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS;
  let closed = false;
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let attempt = 0;

  const setState = (state: EventStreamState) => options.onStateChange?.(state);

  const scheduleReconnect = () => {
    if (closed) return;
    const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)] ?? 30_000;
    attempt++;
    setState('connecting');
    retryTimer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    if (closed) return;
    const token = options.getToken();
    if (!token) {
      closed = true;
      setState('closed');
      return;
    }
    controller = new AbortController();
    const current = controller;
    let watchdog: ReturnType<typeof setTimeout> | null = null;
    const feedWatchdog = () => {
      if (watchdog !== null) clearTimeout(watchdog);
      watchdog = setTimeout(() => current.abort(), heartbeatTimeoutMs);
    };
    setState('connecting');
    try {
      feedWatchdog();
      const response = await fetchImpl(options.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: current.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) {
        closed = true;
        setState('closed');
        const body: unknown = await response.json().catch(() => null);
        options.onUnauthorized(isEnvelope(body) ? body.data : null);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`event stream answered ${response.status}`);
      attempt = 0;
      setState('open');
      const parser = createSseParser({
        onFrame: (frame) => {
          const event = parseAppEvent(frame.data);
          if (event) options.onEvent(event);
        },
      });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        feedWatchdog();
        parser.feed(value);
      }
    } catch {
      // Network failure, silence or close(): the next step decides.
    } finally {
      if (watchdog !== null) clearTimeout(watchdog);
    }
    scheduleReconnect();
  };

  void connect();

  return {
    close() {
      closed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      controller?.abort();
      setState('closed');
    },
  };
}
