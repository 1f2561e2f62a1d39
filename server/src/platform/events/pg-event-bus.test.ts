import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase } from '../../../test/harness.js';
import type { UserEvent } from './event-bus.js';
import { createPgEventBus, type PgEventBus } from './pg-event-bus.js';

describe.skipIf(!inject('postgresTemplate'))('the event bus between processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let worker: PgEventBus;
  let api: PgEventBus;

  beforeAll(async () => {
    ({ handle: database, drop } = await openTestDatabase('postgres'));
    const log = pino({ level: 'silent' });
    // Two buses with connections of their own, as a worker process and an API process have.
    worker = createPgEventBus({ connectionString: database.connectionString, log });
    api = createPgEventBus({ connectionString: database.connectionString, log });
    await Promise.all([worker.start(), api.start()]);
  });
  afterAll(async () => {
    await Promise.all([worker?.close(), api?.close()]);
    await database?.close();
    await drop?.();
  });

  it('delivers events in order to the subscribers of another bus, whole beyond the 8000-byte NOTIFY limit', async () => {
    const received: UserEvent[] = [];
    const otherUser: UserEvent[] = [];
    api.subscribe(7, (event) => received.push(event));
    api.subscribe(8, (event) => otherUser.push(event));
    // A notice of about 40 kB with characters of several bytes each.
    const large: UserEvent = { userId: 7, name: 'notice', value: { text: '検査報告'.repeat(3_000), n: 1 } };
    const sent: UserEvent[] = [
      { userId: 7, name: 'modelUnzip', value: { progress: 0.25 } },
      large,
      { userId: 7, sessionId: 3, name: 'forceOffline', value: { reason: 'LOGIN_REPEATED' } },
    ];
    for (const event of sent) worker.publish(event);
    const deadline = Date.now() + 10_000;
    while (received.length < sent.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(received).toEqual(sent);
    expect(otherUser).toEqual([]);
  });
});
