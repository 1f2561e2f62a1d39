import type { Kysely } from 'kysely';
import {
  AppError,
  BUSINESS_ENTRIES,
  TEAM_FUNCTION_CODES,
  type BusinessEntry,
  type TeamFunction,
  type TeamFunctionCode,
  type TeamFunctionState,
} from '@sightline/shared';
import type { AuthContext } from '../../platform/auth/auth-context.js';
import type { Database } from '../../platform/db/schema.js';
import type { ProjectAccess } from '../project/project-access.js';
import { createTeamFunctionRepo, type TeamFunctionRepo } from './team-function.repo.js';

export function functionState(
  row: { activated_at: Date | null; expires_at: Date | null } | undefined,
  now: Date,
): TeamFunctionState {
  if (!row?.activated_at) return 'not_activated';
  return row.expires_at && row.expires_at.getTime() > now.getTime() ? 'active' : 'expired';
}

/**
 * The guard other modules call before work that needs a package (AI screening, monitoring, ...):
 * throws TEAM_FUNCTION_INACTIVE, naming the function, unless it is active for the team.
 */
export async function requireFunction(db: Kysely<Database>, teamId: number | null, code: TeamFunctionCode) {
  if (teamId === null) throw new AppError('USER_NO_TEAM_ERROR');
  if (!(await createTeamFunctionRepo(db).isActive(teamId, code, new Date()))) {
    throw new AppError('TEAM_FUNCTION_INACTIVE', { params: { function: code } });
  }
}

export function createTeamFunctionService({
  repo,
  projectAccess,
}: {
  repo: TeamFunctionRepo;
  projectAccess: Pick<ProjectAccess, 'require'>;
}) {
  async function functionsOf(teamId: number): Promise<TeamFunction[]> {
    const rows = await repo.listFunctions(teamId);
    const now = new Date();
    return TEAM_FUNCTION_CODES.map((code) => {
      const row = rows.find((candidate) => candidate.function_code === code);
      return {
        code,
        nameKey: `teamFunction.name.${code}`,
        descriptionKey: `teamFunction.description.${code}`,
        status: functionState(row, now),
        activatedAt: row?.activated_at?.toISOString() ?? null,
        expiresAt: row?.expires_at?.toISOString() ?? null,
        validityDays: row?.validity_days ?? null,
      };
    });
  }

  return {
    functionsOf,

    /** The entries for the team; asked from within a project, the caller must have rights on it. */
    async businessEntries(auth: AuthContext, teamId: number, projectId?: number): Promise<BusinessEntry[]> {
      if (projectId !== undefined) await projectAccess.require(auth, projectId);
      const functions = await functionsOf(teamId);
      return BUSINESS_ENTRIES.map((entry) => ({
        code: entry.code,
        nameKey: `business.${entry.code}`,
        functionCode: entry.functionCode,
        enabled: functions.some((item) => item.code === entry.functionCode && item.status === 'active'),
      }));
    },

    grant: repo.grant,
  };
}

export type TeamFunctionService = ReturnType<typeof createTeamFunctionService>;
