import { useQuery } from '@tanstack/react-query';
import type { RouterResponse } from '@sightline/shared';
import { isMissingEndpoint, request } from '../../api/client';
import { useSessionStore } from '../../stores/session-store';

export interface TeamSummary {
  teamId: number;
  teamName: string;
  roleId: string | null;
}

export const teamKeys = {
  all: ['team'] as const,
  teams: () => [...teamKeys.all, 'teams'] as const,
};

/** The menu and button permissions of the signed-in user in a team. */
export function fetchRoleMenu(teamId: number, signal?: AbortSignal): Promise<RouterResponse> {
  return request<RouterResponse>(`/role-menu/${teamId}`, { signal });
}

/** Makes `teamId` the user's current team and answers with that team's menu. */
export function changeTeam(teamId: number): Promise<RouterResponse> {
  return request<RouterResponse>(`/role-menu/changeTeam/${teamId}`);
}

/** The teams the user belongs to; an older server without the call answers 404, read as "no choice". */
export function useTeams() {
  const ready = useSessionStore((state) => state.status === 'ready');
  return useQuery({
    queryKey: teamKeys.teams(),
    enabled: ready,
    queryFn: async ({ signal }) => {
      try {
        return await request<TeamSummary[]>('/team-client/teams', { signal, quiet: true });
      } catch (error) {
        if (isMissingEndpoint(error)) return [];
        throw error;
      }
    },
    staleTime: 5 * 60_000,
  });
}
