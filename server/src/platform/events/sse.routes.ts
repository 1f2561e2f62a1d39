import type { FastifyInstance } from 'fastify';
import { AppError, LIMITS } from '@sightline/shared';
import type { Authenticate } from '../auth/auth-context.js';
import type { EventBus, UserEvent } from './event-bus.js';

/** SSE frames carry `name:value`, the form SPEC section 7 gives; the value is JSON. */
export function formatEvent(event: Pick<UserEvent, 'name' | 'value'>): string {
  return `data: ${event.name}:${JSON.stringify(event.value ?? null)}\n\n`;
}

export function registerSseRoutes(app: FastifyInstance, deps: { bus: EventBus; authenticate: Authenticate }): void {
  // Streams are hijacked from Fastify, so closing the server would wait on them forever: end them first.
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });
  app.get(
    '/api/sse/userConnect',
    { schema: { summary: 'Event stream of the signed-in user', tags: ['events'] } },
    async (request, reply) => {
      const auth = await deps.authenticate(request);
      if (!auth) throw new AppError('LOGIN_FAILURE');
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: 5000\n\n${formatEvent({ name: 'connected', value: { sessionId: auth.sessionId } })}`);
      const heartbeat = setInterval(() => raw.write(`: heartbeat ${Date.now()}\n\n`), LIMITS.sseHeartbeatIntervalMs);
      const unsubscribe = deps.bus.subscribe(auth.userId, (event) => {
        if (event.sessionId !== undefined && event.sessionId !== auth.sessionId) return;
        raw.write(formatEvent(event));
        if (event.name === 'forceOffline' || event.name === 'logout') close();
      });
      function close() {
        openStreams.delete(close);
        clearInterval(heartbeat);
        unsubscribe();
        if (!raw.writableEnded) raw.end();
      }
      openStreams.add(close);
      request.raw.on('close', close);
    },
  );
}
