import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';

/** SQL of the dictionary entries this module reads and writes. */
export function createSystemConfigRepo(db: Kysely<Database>) {
  return {
    findCategory(category: string) {
      return db
        .selectFrom('dictionary_data')
        .select(['data_key', 'data_value'])
        .where('category', '=', category)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },

    upsertEntries(category: string, entries: ReadonlyArray<{ key: string; value: string; sort: number }>) {
      return db
        .insertInto('dictionary_data')
        .values(entries.map((entry) => ({ category, data_key: entry.key, data_value: entry.value, sort: entry.sort })))
        .onConflict((oc) =>
          oc.columns(['category', 'data_key']).doUpdateSet((eb) => ({ data_value: eb.ref('excluded.data_value') })),
        )
        .execute();
    },
  };
}

export type SystemConfigRepo = ReturnType<typeof createSystemConfigRepo>;
