import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationLink, InvitationLinkBody, JoinResult, LinkAnalysis } from '@sightline/shared';
import { request } from '../../api/client';
import { useSessionStore } from '../../stores/session-store';
import { teamDataKeys, teamKeys } from '../team/api';

export const inviteKeys = {
  link: () => [...teamDataKeys.all, 'invitation-link'] as const,
  analysis: (sid: string) => ['invite', 'analysis', sid] as const,
};

/** The team's live invitation link (with its password), or null when there is none. */
export function useInvitationLink(enabled: boolean) {
  const ready = useSessionStore((state) => state.status === 'ready' && state.teamId !== null);
  return useQuery({
    queryKey: inviteKeys.link(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<InvitationLink | null>('/team-client/invitation-link', { signal }),
  });
}

/** A new link replaces the previous one, which stops working at once. */
export function useCreateInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationLinkBody) =>
      request<InvitationLink>('/team-client/invitation-link', { method: 'POST', body }),
    onSuccess: (link) => queryClient.setQueryData(inviteKeys.link(), link),
  });
}

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.teams() }),
  });
}
