import { AppError, TEAM_FUNCTION_CODES, type AdminTeam, type AdminTeamUpgradeBody, type Page } from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { TeamFunctionRepo } from '../team-function/team-function.repo.js';
import { functionState } from '../team-function/team-function.service.js';
import type { TeamRepo } from '../team/team.repo.js';
import { toGb } from '../team/team.service.js';
import type { TeamAdminRepo } from './team-admin.repo.js';

const GIB = 1024 ** 3;

/** Upgrades of any team by a sales manager: member and storage maxima, kind, function packages. */
export function createTeamAdminService({
  repo,
  teams,
  functions,
}: {
  repo: TeamAdminRepo;
  teams: Pick<TeamRepo, 'findTeam' | 'countMembers'>;
  functions: TeamFunctionRepo;
}) {
  return {
    async teamPage(query: {
      pageNum: number;
      pageSize: number;
      keyword?: string | undefined;
    }): Promise<Page<AdminTeam>> {
      const { rows, total } = await repo.pageTeams(query);
      const packages = await functions.listFunctionsOfTeams(rows.map((row) => row.id));
      const now = new Date();
      return {
        records: rows.map((row) => ({
          teamId: row.id,
          name: row.name,
          kind: row.kind,
          owner: { userId: row.owner_id, name: row.owner_name, phone: row.owner_phone },
          memberCount: Number(row.member_count ?? 0),
          memberMax: row.member_max,
          teamVolumeSize: toGb(Number(row.volume_used_bytes)),
          teamVolumeMax: row.volume_max_gb,
          functions: TEAM_FUNCTION_CODES.map((code) => {
            const item = packages.find((candidate) => candidate.team_id === row.id && candidate.function_code === code);
            return { code, status: functionState(item, now), expiresAt: item?.expires_at?.toISOString() ?? null };
          }),
          upgradedBy:
            row.upgraded_by !== null && row.upgrader_name !== null
              ? { userId: row.upgraded_by, name: row.upgrader_name }
              : null,
          upgradedAt: row.upgraded_at?.toISOString() ?? null,
          createdAt: row.created_at.toISOString(),
        })),
        total,
        pageNum: query.pageNum,
        pageSize: query.pageSize,
      };
    },

    /**
     * A maximum below what the team already uses is refused: members beyond it (USER_COUNT_MAXIMUM)
     * or bytes beyond it (TEAM_VOLUME_EXCEED) would be left over the limit.
     */
    async upgrade(auth: AuthContext, teamId: number, body: AdminTeamUpgradeBody): Promise<void> {
      const team = await teams.findTeam(teamId);
      if (!team) throw new AppError('notFound');
      if (body.memberMax !== undefined && body.memberMax < (await teams.countMembers(teamId))) {
        throw new AppError('USER_COUNT_MAXIMUM');
      }
      if (body.volumeMaxGb !== undefined && body.volumeMaxGb * GIB < Number(team.volume_used_bytes)) {
        throw new AppError('TEAM_VOLUME_EXCEED');
      }
      await repo.upgradeTeam({
        teamId,
        upgradedBy: auth.userId,
        now: new Date(),
        memberMax: body.memberMax,
        volumeMaxGb: body.volumeMaxGb,
        kind: body.kind,
        functions: body.functions ?? [],
      });
    },
  };
}

export type TeamAdminService = ReturnType<typeof createTeamAdminService>;
