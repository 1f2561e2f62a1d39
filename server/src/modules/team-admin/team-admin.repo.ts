import type { Kysely } from 'kysely';
import type { TeamFunctionCode, TeamKind } from '@sightline/shared';
import type { Database } from '../../platform/db/schema.js';
import { likePattern } from '../../platform/db/sql-helpers.js';
import { createTeamFunctionRepo } from '../team-function/team-function.repo.js';
import { memberCount } from '../team/membership.js';

/** SQL of the sales managers' view of every team and their upgrades. */
export function createTeamAdminRepo(db: Kysely<Database>) {
  return {
    async pageTeams(filter: { keyword?: string | undefined; pageNum: number; pageSize: number }) {
      let query = db
        .selectFrom('teams')
        .innerJoin('users as owner', 'owner.id', 'teams.owner_id')
        .leftJoin('users as upgrader', 'upgrader.id', 'teams.upgraded_by');
      if (filter.keyword) {
        const pattern = likePattern(filter.keyword);
        query = query.where((eb) =>
          eb.or([
            eb('teams.name', 'ilike', pattern),
            eb('owner.name', 'ilike', pattern),
            eb('owner.phone', 'ilike', pattern),
          ]),
        );
      }
      const [rows, total] = await Promise.all([
        query
          .select((eb) => [
            'teams.id',
            'teams.name',
            'teams.kind',
            'teams.owner_id',
            'owner.name as owner_name',
            'owner.phone as owner_phone',
            'teams.member_max',
            'teams.volume_max_gb',
            'teams.volume_used_bytes',
            'teams.upgraded_by',
            'upgrader.name as upgrader_name',
            'teams.upgraded_at',
            'teams.created_at',
            memberCount(db, eb.ref('teams.id')).as('member_count'),
          ])
          .orderBy('teams.id')
          .limit(filter.pageSize)
          .offset((filter.pageNum - 1) * filter.pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },

    /** Applies a sales manager's upgrade and records it, all or nothing. */
    upgradeTeam(upgrade: {
      teamId: number;
      upgradedBy: number;
      now: Date;
      memberMax?: number | undefined;
      volumeMaxGb?: number | undefined;
      kind?: TeamKind | undefined;
      functions: ReadonlyArray<{ code: TeamFunctionCode; validityDays: number }>;
    }) {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('teams')
          .set({
            ...(upgrade.memberMax !== undefined ? { member_max: upgrade.memberMax } : {}),
            ...(upgrade.volumeMaxGb !== undefined ? { volume_max_gb: upgrade.volumeMaxGb } : {}),
            ...(upgrade.kind !== undefined ? { kind: upgrade.kind } : {}),
            upgraded_by: upgrade.upgradedBy,
            upgraded_at: upgrade.now,
            updated_at: upgrade.now,
          })
          .where('id', '=', upgrade.teamId)
          .execute();
        await createTeamFunctionRepo(trx).grant(upgrade.teamId, upgrade.functions, upgrade.now);
        await trx
          .insertInto('team_upgrades')
          .values({
            team_id: upgrade.teamId,
            upgraded_by: upgrade.upgradedBy,
            changes: JSON.stringify({
              memberMax: upgrade.memberMax,
              volumeMaxGb: upgrade.volumeMaxGb,
              kind: upgrade.kind,
              functions: upgrade.functions,
            }),
            created_at: upgrade.now,
          })
          .execute();
      });
    },
  };
}

export type TeamAdminRepo = ReturnType<typeof createTeamAdminRepo>;
