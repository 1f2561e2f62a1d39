import { roleMenuCalls, teamCalls, teamFunctionCalls, projectTypeCalls, projectCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import type { RouterResponse, TeamDetails, TeamFunctionCode } from '@sightline/shared';
import { useInTeam, useSignedIn } from '../stores/session-store';
import { call, isMissingEndpoint } from './client';
import { teamKeys, teamsKeys } from './query-keys';

/** The team data several features show; each feature's own team calls stay in its api.ts. */

/** The menu and button permissions of the signed-in user in a team. */
export function fetchRoleMenu(teamId: number, signal?: AbortSignal): Promise<RouterResponse> {
  return call(roleMenuCalls.forTeam, { params: { teamId }, signal });
}

/** Makes `teamId` the user's current team and answers with that team's menu. */
export function changeTeam(teamId: number): Promise<RouterResponse> {
  return call(roleMenuCalls.changeTeam, { params: { teamId } });
}

/** The teams the user belongs to; an older server without the call answers 404, read as "no choice". */
export function useTeams() {
  const ready = useSignedIn();
  return useQuery({
    queryKey: teamsKeys.all,
    enabled: ready,
    queryFn: async ({ signal }) => {
      try {
        return await call(teamCalls.myTeams, { signal, quiet: true });
      } catch (error) {
        if (isMissingEndpoint(error)) return [];
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}

/** The current team: name, members and maximum, storage used and maximum (GB). */
export function fetchTeamDetails(options: { signal?: AbortSignal; quiet?: boolean } = {}): Promise<TeamDetails> {
  return call(teamCalls.details, options);
}

export function useTeamDetails(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.details(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => fetchTeamDetails({ signal }),
  });
}

/** The current team's function packages (settings lists them; features offer what needs an active one). */
export function useTeamFunctions(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.functions(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => call(teamFunctionCalls.functionsOf, { signal }),
  });
}

/**
 * Whether the team's function package `code` is active: `loading` until the packages are known, `unknown` when their
 * list cannot be read (the server, which refuses with TEAM_FUNCTION_INACTIVE, then says so).
 */
export function useFunctionState(
  code: TeamFunctionCode,
  enabled = true,
): 'loading' | 'active' | 'inactive' | 'unknown' {
  const functions = useTeamFunctions(enabled);
  if (functions.data) {
    return functions.data.some((entry) => entry.code === code && entry.status === 'active') ? 'active' : 'inactive';
  }
  return functions.isError ? 'unknown' : 'loading';
}

/** Every member of the current team (pickers: notice recipients, project members). */
export function useTeamMembers(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.allMembers(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => call(teamCalls.members, { signal }),
  });
}

/** Built-in and the team's own project types, enabled or not (a project keeps a type disabled later). */
export function useProjectTypes(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.projectTypes(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => call(projectTypeCalls.list, { body: {}, signal }),
  });
}

/** The team's projects the caller may see (all of them for owners and administrators). */
export function useTeamProjects(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.projects(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => call(projectCalls.listRefs, { signal }),
  });
}
