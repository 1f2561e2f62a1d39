import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { EventBus, UserEvent } from './event-bus.js';

const CHANNEL = 'sightline_events';
/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. Larger events travel as numbered pieces of their
 * base64 text (pure ASCII, so characters are bytes), all sent in one statement and so delivered together.
 */
const MAX_PAYLOAD_BYTES = 7_900;
const PIECE_CHARS = 7_800;
/** Pieces of an event whose rest never came (a lost connection) are dropped after this long. */
const PARTIAL_TTL_MS = 60_000;
const RECONNECT_MS = 1_000;

export interface PgEventBus extends EventBus {
  /** Connects and listens; events published before start are sent once it is connected. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** `w` a whole event as JSON; `p` one piece: id, index, count, base64 text. */
type Envelope = { w: UserEvent } | { p: [string, number, number, string] };

/** Splits one event into NOTIFY payloads. */
function payloadsOf(event: UserEvent): string[] {
  const whole = JSON.stringify({ w: event } satisfies Envelope);
  if (Buffer.byteLength(whole) < MAX_PAYLOAD_BYTES) return [whole];
  const text = Buffer.from(JSON.stringify(event)).toString('base64');
  const id = randomUUID();
  const count = Math.ceil(text.length / PIECE_CHARS);
  return Array.from({ length: count }, (_, index) =>
    JSON.stringify({
      p: [id, index, count, text.slice(index * PIECE_CHARS, (index + 1) * PIECE_CHARS)],
    } satisfies Envelope),
  );
}

/**
 * The event bus of a deployment with several processes (SIGHTLINE_ROLE=api and worker on one PostgreSQL):
 * every publish is a NOTIFY, and every process LISTENs and hands events to its own subscribers, so an event
 * published anywhere (a job's progress in a worker, a forced logout in another API process) reaches the user's
 * streams wherever they are open. Publishing goes through the database even for local subscribers, so events
 * keep one order for everyone.
 */
export function createPgEventBus(options: { connectionString: string; log: FastifyBaseLogger }): PgEventBus {
  const { log } = options;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const partial = new Map<string, { pieces: string[]; received: number; timer: NodeJS.Timeout }>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let closed = false;
  // One chain of sends, so events leave in the order they were published.
  let sending = Promise.resolve();

  function deliver(event: UserEvent): void {
    emitter.emit(`user:${event.userId}`, event);
  }

  function receive(payload: string): void {
    const envelope = JSON.parse(payload) as Envelope;
    if ('w' in envelope) return deliver(envelope.w);
    const [id, index, count, text] = envelope.p;
    const entry = partial.get(id) ?? {
      pieces: new Array<string>(count),
      received: 0,
      timer: setTimeout(() => partial.delete(id), PARTIAL_TTL_MS).unref(),
    };
    partial.set(id, entry);
    if (entry.pieces[index] === undefined) entry.received += 1;
    entry.pieces[index] = text;
    if (entry.received < count) return;
    clearTimeout(entry.timer);
    partial.delete(id);
    deliver(JSON.parse(Buffer.from(entry.pieces.join(''), 'base64').toString()) as UserEvent);
  }

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({ connectionString: options.connectionString, application_name: 'sightline-events' });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        receive(message.payload);
      } catch (error) {
        log.warn({ err: error }, 'an event from the database could not be read');
      }
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'event bus connection lost; reconnecting');
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (!closed) setTimeout(() => void ensureConnected().catch(() => undefined), RECONNECT_MS).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${CHANNEL}`);
    return next;
  }

  function ensureConnected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= connect()
      .then((connected) => {
        if (closed) {
          void connected.end();
          throw new Error('event bus closed');
        }
        client = connected;
        return connected;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  return {
    publish(event) {
      if (closed) return;
      const payloads = payloadsOf(event);
      sending = sending
        .then(async () => {
          const connection = await ensureConnected();
          await connection.query('SELECT pg_notify($1, payload) FROM unnest($2::text[]) AS payload', [
            CHANNEL,
            payloads,
          ]);
        })
        .catch((error: unknown) => {
          // Events are notices of changes the web can also read; a lost one is logged, not retried.
          log.warn({ err: error, event: event.name }, 'event not published');
        });
    },
    subscribe(userId, listener) {
      emitter.on(`user:${userId}`, listener);
      return () => emitter.off(`user:${userId}`, listener);
    },
    async start() {
      await ensureConnected();
    },
    async close() {
      await sending;
      closed = true;
      for (const { timer } of partial.values()) clearTimeout(timer);
      partial.clear();
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
