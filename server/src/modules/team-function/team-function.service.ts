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
import type { ProjectAccess } from '../project/project-access.js';
import type { TeamFunctionRepo } from './team-function.repo.js';

interface FunctionRow {
  activated_at: Date | null;
  expires_at: Date | null;
}

export function functionState(row: FunctionRow | undefined, now: Date): TeamFunctionState {
  if (!row?.activated_at) return 'not_activated';
  return row.expires_at && row.expires_at.getTime() > now.getTime() ? 'active' : 'expired';
}

/** On a local deployment the licence bounds every package too (SPEC section 4). */
export interface FunctionLicence {
  /** When each licensed function ends; a function missing from the map is not licensed here. */
  functionEnds(): Promise<ReadonlyMap<TeamFunctionCode, Date>>;
}

/**
 * A package works while the team's grant runs and, on a licensed deployment (`licensedUntil` not undefined),
 * while the licence's function runs: null there means the licence leaves the function out.
 */
export function effectiveFunction(
  row: FunctionRow | undefined,
  licensedUntil: Date | null | undefined,
  now: Date,
): { status: TeamFunctionState; expiresAt: Date | null } {
  const status = functionState(row, now);
  const expiresAt = row?.expires_at ?? null;
  if (licensedUntil === undefined || status !== 'active') return { status, expiresAt };
  if (licensedUntil === null) return { status: 'not_activated', expiresAt: null };
  if (licensedUntil.getTime() <= now.getTime()) return { status: 'expired', expiresAt: licensedUntil };
  return { status, expiresAt: expiresAt && expiresAt < licensedUntil ? expiresAt : licensedUntil };
}

export function createTeamFunctionService({
  repo,
  projectAccess,
  licence,
}: {
  repo: TeamFunctionRepo;
  projectAccess: Pick<ProjectAccess, 'require'>;
  /** Present on a local deployment only. */
  licence?: FunctionLicence | null;
}) {
  async function functionsOf(teamId: number): Promise<TeamFunction[]> {
    const [rows, licensed] = await Promise.all([repo.listFunctions(teamId), licence?.functionEnds()]);
    const now = new Date();
    return TEAM_FUNCTION_CODES.map((code) => {
      const row = rows.find((candidate) => candidate.function_code === code);
      const { status, expiresAt } = effectiveFunction(row, licensed && (licensed.get(code) ?? null), now);
      return {
        code,
        nameKey: `teamFunction.name.${code}`,
        descriptionKey: `teamFunction.description.${code}`,
        status,
        activatedAt: row?.activated_at?.toISOString() ?? null,
        expiresAt: expiresAt?.toISOString() ?? null,
        validityDays: row?.validity_days ?? null,
      };
    });
  }

  return {
    functionsOf,

    /**
     * The guard of routes declaring a `feature`, and of work that needs a package (AI screening, monitoring, ...):
     * throws TEAM_FUNCTION_INACTIVE, naming the function, unless it is active for the team.
     */
    async requireActive(teamId: number | null, code: TeamFunctionCode): Promise<void> {
      if (teamId === null) throw new AppError('USER_NO_TEAM_ERROR');
      const functions = await functionsOf(teamId);
      if (functions.find((item) => item.code === code)?.status !== 'active') {
        throw new AppError('TEAM_FUNCTION_INACTIVE', { params: { function: code } });
      }
    },

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
