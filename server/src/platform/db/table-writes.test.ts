import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, openTestDatabase } from '../../../test/harness.js';
import type { DatabaseHandle } from './database.js';
import type { WrittenTables } from './table-writes.js';

describe.each(backends())('%s: writes heard through the query builder', (backend) => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ handle, drop } = await openTestDatabase(backend));
  });
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  /** What the listener hears while `work` runs, as sorted table names ('any' for raw SQL). */
  async function heard(work: () => Promise<unknown>): Promise<string[][]> {
    const events: string[][] = [];
    const unsubscribe = handle.writes.subscribe((tables: WrittenTables) =>
      events.push(tables === 'any' ? ['any'] : [...tables].sort()),
    );
    try {
      await work();
    } finally {
      unsubscribe();
    }
    return events;
  }

  it('hears nothing of a SELECT, and each write statement before it runs and after', async () => {
    const db = handle.db;
    expect(await heard(() => db.selectFrom('users').select('id').execute())).toEqual([]);
    const inserted = await heard(() =>
      db.insertInto('captchas').values({ id: 'tw-1', answer_hash: 'x', expires_at: new Date() }).execute(),
    );
    expect(inserted).toEqual([['captchas'], ['captchas']]);
    expect(
      await heard(() => db.updateTable('captchas').set({ answer_hash: 'y' }).where('id', '=', 'tw-1').execute()),
    ).toEqual([['captchas'], ['captchas']]);
    expect(await heard(() => db.deleteFrom('captchas').where('id', '=', 'tw-1').execute())).toEqual([
      ['captchas'],
      ['captchas'],
    ]);
  });

  it('hears a write hidden in a SELECT’s WITH, and raw SQL as a write of any table', async () => {
    const db = handle.db;
    const withUpdate = await heard(() =>
      db
        .with('touched', (qb) => qb.updateTable('sessions').set({ status: 'away' }).where('id', '<', 0).returning('id'))
        .selectFrom('touched')
        .select('id')
        .execute(),
    );
    expect(withUpdate).toEqual([['sessions'], ['sessions']]);
    expect(await heard(() => sql`select 1`.execute(db))).toEqual([['any'], ['any']]);
  });

  it('hears a transaction’s writes again once they are committed or rolled back', async () => {
    const db = handle.db;
    const events: string[] = [];
    const unsubscribe = handle.writes.subscribe((tables) => events.push(tables === 'any' ? 'any' : [...tables].join()));
    try {
      const transaction = await db.startTransaction().execute();
      await transaction.updateTable('users').set({ name: 'x' }).where('id', '<', 0).execute();
      await transaction
        .updateTable('team_members')
        .set({ role_code: 'ROLE_TEAM_VIEWER' })
        .where('user_id', '<', 0)
        .execute();
      expect(events).toEqual(['users', 'team_members']);
      await transaction.commit().execute();
      expect(events.slice(2)).toEqual(['users,team_members']);

      await db
        .transaction()
        .execute(async (trx) => {
          await trx.deleteFrom('sessions').where('id', '<', 0).execute();
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(events.slice(3)).toEqual(['sessions', 'sessions']);
    } finally {
      unsubscribe();
    }
  });
});
