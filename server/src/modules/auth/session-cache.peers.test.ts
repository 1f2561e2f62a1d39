import pino from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openServerDatabase, type DatabaseHandle } from '../../platform/db/database.js';
import { createPgEventBus, type PgEventBus } from '../../platform/events/pg-event-bus.js';
import { openTestDatabase } from '../../../test/harness.js';
import { buildStaffedTeam } from '../../../test/factories/team.js';
import { createAuthRepo } from './auth.repo.js';
import { cacheSessionLookups } from './session-cache.js';

/** Far longer than the test waits: only the other process's notice can explain a fresh read. */
const LONG_TTL_MS = 600_000;

describe.skipIf(!inject('postgresTemplate'))('session caches of processes sharing one database', () => {
  let api: DatabaseHandle;
  let other: DatabaseHandle;
  let drop: () => Promise<void>;
  const buses: PgEventBus[] = [];

  beforeAll(async () => {
    ({ handle: api, drop } = await openTestDatabase('postgres'));
    other = await openServerDatabase(api.connectionString);
    const log = pino({ level: 'silent' });
    for (let i = 0; i < 2; i += 1) buses.push(createPgEventBus({ connectionString: api.connectionString, log }));
    await Promise.all(buses.map((bus) => bus.start()));
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await other?.close();
    await api?.close();
    await drop?.();
  });

  it("drops an API process's cached role when another process changes it", async () => {
    const team = await buildStaffedTeam(api.db);
    const here = cacheSessionLookups(createAuthRepo(api.db), api.writes, { peers: buses[0], ttlMs: LONG_TTL_MS });
    const there = cacheSessionLookups(createAuthRepo(other.db), other.writes, {
      peers: buses[1],
      ttlMs: LONG_TTL_MS,
    });
    expect((await here.repo.findMembership(team.admin.id, team.id))?.role_code).toBe('ROLE_TEAM_ADMIN');

    await other.db
      .updateTable('team_members')
      .set({ role_code: 'ROLE_TEAM_VIEWER' })
      .where('team_id', '=', team.id)
      .where('user_id', '=', team.admin.id)
      .execute();

    await expect
      .poll(async () => (await here.repo.findMembership(team.admin.id, team.id))?.role_code, { timeout: 10_000 })
      .toBe('ROLE_TEAM_VIEWER');
    here.close();
    there.close();
  });
});
