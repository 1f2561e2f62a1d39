import { sql, type Kysely } from 'kysely';
import { DEFAULT_TEAM_FUNCTIONS, type TeamFunctionCode } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';

/** SQL of function packages: which a team has, since when and until when. */
export function createTeamFunctionRepo(db: Kysely<Database>) {
  return {
    listFunctions(teamId: number) {
      return db
        .selectFrom('team_functions')
        .select(['function_code', 'validity_days', 'activated_at', 'expires_at'])
        .where('team_id', '=', teamId)
        .execute();
    },

    listFunctionsOfTeams(teamIds: number[]) {
      if (teamIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('team_functions')
        .select(['team_id', 'function_code', 'activated_at', 'expires_at'])
        .where('team_id', 'in', teamIds)
        .execute();
    },

    /**
     * Activates or extends packages: an active one runs on from its current expiry, an expired or
     * never-activated one starts now.
     */
    async grant(teamId: number, grants: ReadonlyArray<{ code: TeamFunctionCode; validityDays: number }>, now: Date) {
      for (const grant of grants) {
        await db
          .insertInto('team_functions')
          .values({
            team_id: teamId,
            function_code: grant.code,
            validity_days: grant.validityDays,
            activated_at: now,
            expires_at: sql<Date>`${now}::timestamptz + make_interval(days => ${grant.validityDays}::int)`,
          })
          .onConflict((oc) =>
            oc.columns(['team_id', 'function_code']).doUpdateSet({
              validity_days: grant.validityDays,
              activated_at: sql<Date>`case when team_functions.expires_at > ${now}::timestamptz
                then team_functions.activated_at else ${now}::timestamptz end`,
              expires_at: sql<Date>`greatest(team_functions.expires_at, ${now}::timestamptz)
                + make_interval(days => ${grant.validityDays}::int)`,
              updated_at: now,
            }),
          )
          .execute();
      }
    },
  };
}

export type TeamFunctionRepo = ReturnType<typeof createTeamFunctionRepo>;

/**
 * Gives a new team its default packages (base and inspection for a year). Called inside the
 * transaction that creates the team, at registration and in the demo seed.
 */
export async function grantDefaultFunctions(db: Kysely<Database>, teamId: number): Promise<void> {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + DEFAULT_TEAM_FUNCTIONS.validityDays * 24 * 3600 * 1000);
  await db
    .insertInto('team_functions')
    .values(
      DEFAULT_TEAM_FUNCTIONS.codes.map((code) => ({
        team_id: teamId,
        function_code: code,
        validity_days: DEFAULT_TEAM_FUNCTIONS.validityDays,
        activated_at: now,
        expires_at: expiresAt,
      })),
    )
    .onConflict((oc) => oc.columns(['team_id', 'function_code']).doNothing())
    .execute();
}
