import type { FastifyInstance } from 'fastify';
import { createLocalEventBus, type EventBus, type UserEvent } from '../src/platform/events/event-bus.js';

/** Serves the app on a free loopback port and answers its base URL, for what must speak HTTP (tus, streams, load). */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** The in-process bus, keeping every event published so a test can read what users were told. */
export function recordingBus(): { bus: EventBus; events: UserEvent[] } {
  const bus = createLocalEventBus();
  const events: UserEvent[] = [];
  const publish = bus.publish.bind(bus);
  bus.publish = (event) => {
    events.push(event);
    publish(event);
  };
  return { bus, events };
}

/** A JSON call over real HTTP, answered as our envelope. */
export async function callOverHttp<T>(baseUrl: string, method: string, url: string, token: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as { code: number; msg: string; data: T };
}
