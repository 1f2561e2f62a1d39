import { teamAdminCalls } from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTeamUpgradeBody } from '@sightline/shared';
import { call } from '../../api/client';
import { isTeamQuery, teamAdminKeys } from '../../api/query-keys';
import { useSignedIn } from '../../stores/session-store';

export interface AdminTeamQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

/** Every team with its usage, maxima and function packages (sales managers). */
export function useAdminTeams(query: AdminTeamQuery) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: teamAdminKeys.teams(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(teamAdminCalls.teamPage, { signal, query: { ...query, keyword: query.keyword || undefined } }),
  });
}

export function useUpgradeTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ teamId, body }: { teamId: number; body: AdminTeamUpgradeBody }) =>
      call(teamAdminCalls.upgrade, { params: { id: teamId }, body }),
    // The upgraded team may be the caller's own: its details and functions change too.
    onSuccess: () => queryClient.invalidateQueries({ predicate: isTeamQuery }),
  });
}
