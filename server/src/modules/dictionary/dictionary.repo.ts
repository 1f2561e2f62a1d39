import type { Kysely } from 'kysely';
import type { DictionaryCategory } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { memberCount } from '../team/membership.js';

/** SQL of reference data (dictionary_data) and of a team's use of its limits. */
export function createDictionaryRepo(db: Kysely<Database>) {
  return {
    listCategory(category: DictionaryCategory) {
      return db
        .selectFrom('dictionary_data')
        .select(['data_key', 'data_value', 'sort'])
        .where('category', '=', category)
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },
    /** The team's limits with its current members (temporary ones until they expire). */
    findTeamUsage(teamId: number) {
      return db
        .selectFrom('teams')
        .select((eb) => [
          'teams.member_max',
          'teams.volume_max_gb',
          'teams.volume_used_bytes',
          memberCount(db, eb.ref('teams.id'), { current: true }).as('members'),
        ])
        .where('teams.id', '=', teamId)
        .executeTakeFirst();
    },
  };
}

export type DictionaryRepo = ReturnType<typeof createDictionaryRepo>;
