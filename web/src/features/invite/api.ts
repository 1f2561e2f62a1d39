import { invitationCalls } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
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
    queryFn: ({ signal }) => call(invitationCalls.analyse, { query: { sid }, signal, quiet: true }),
  });
}

/** Wrong passwords, the block, expiry, a full team and membership are explained on the page. */
export function useJoinTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { sid: string; password: string }) => call(invitationCalls.join, { query: input, quiet: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamsKeys.all }),
  });
}
