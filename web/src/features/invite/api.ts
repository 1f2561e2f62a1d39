import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JoinResult, LinkAnalysis } from '@sightline/shared';
import { request } from '../../api/client';
import { inviteKeys, teamsKeys } from '../../api/query-keys';

/**
 * What the link offers. The page explains an invalid link itself (TEAM_INVITATION_LINK_INVALID),
 * so no toast; the answer is not retried, since an expired link stays expired.
 */
export function useLinkAnalysis(sid: string) {
  return useQuery({
    queryKey: inviteKeys.analysis(sid),
    enabled: sid.length > 0,
    retry: false,
    queryFn: ({ signal }) =>
      request<LinkAnalysis>('/team-client/link-analysis', { query: { sid }, signal, quiet: true }),
  });
}

/** Wrong passwords, the block, expiry, a full team and membership are explained on the page. */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sid: string; password: string }) =>
      request<JoinResult>('/team-client/join', { method: 'POST', query: input, quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
  });
}
