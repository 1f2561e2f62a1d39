import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BindUserProjectsBody,
  DictionaryEntry,
  InvitationLink,
  InvitationLinkBody,
  LocalUser,
  LocalUserBatchDeleteBody,
  LocalUserCreateBody,
  LocalUserEditBody,
  MemberJurisdiction,
  MemberType,
  MemberRoleBody,
  Page,
  ProjectRef,
  SystemConfigUpdateBody,
  TeamFunction,
  TeamMember,
  TeamRoleCount,
} from '@sightline/shared';
import { request } from '../../api/client';
import { systemConfigKeys, teamKeys, teamsKeys } from '../../api/query-keys';
import { brandingOf } from '../../lib/branding';
import { useInTeam, useSessionStore } from '../../stores/session-store';

/** Membership, roles, local users and project types change what every team page shows. */
function useInvalidateTeamData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all });
}

// ---------------------------------------------------------------- the team

export function useRenameTeam() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (name: string) => request<null>('/team-client', { method: 'PUT', body: { name } }),
    onSuccess: (_data, name) => {
      // The header shows the team's name from the session.
      const store = useSessionStore.getState();
      store.setTeam(store.teamId, name);
      void queryClient.invalidateQueries({ queryKey: teamsKeys.all });
      return invalidate();
    },
  });
}

export function useTeamFunctions(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.functions(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<TeamFunction[]>('/team-client/function', { signal }),
  });
}

// ---------------------------------------------------------------- members

export interface MemberQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  memberType?: MemberType;
}

export function useMemberPage(query: MemberQuery) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.members(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request<Page<TeamMember>>('/team-client/user-page', {
        signal,
        query: { ...query, keyword: query.keyword || undefined },
      }),
  });
}

/** How many members hold each team role: one administrator at most, so the role picker knows. */
export function useRoleCounts(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.roleCounts(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<TeamRoleCount[]>('/role/list/team-all', { signal }),
  });
}

export function useChangeMemberRole() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: MemberRoleBody) => request<TeamMember>('/team-client/user-role', { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (userId: number) => request<null>('/team-client/remove-user', { method: 'PUT', body: { userId } }),
    onSuccess: invalidate,
  });
}

export function useHandOverAdministrator() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (userId: number) =>
      request<{ administratorId: number; formerAdministratorIds: number[] }>('/team-client/admin-handover', {
        method: 'PUT',
        body: { userId },
      }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- project authorization

/** Every member with their projects; owners and administrators are marked as seeing all of them. */
export function useJurisdiction(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.jurisdiction(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<MemberJurisdiction[]>('/team-jurisdiction/list', { signal }),
  });
}

export function useMemberProjects(userId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.memberProjects(userId ?? 0),
    enabled: ready && userId !== null,
    queryFn: ({ signal }) => request<ProjectRef[]>(`/project-belong/findProjectByUser/${userId}`, { signal }),
  });
}

export function useAssignMemberProjects() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: BindUserProjectsBody) => request<null>('/team-jurisdiction', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- project types

export function useToggleProjectType() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: { id: number; enabled: boolean }) =>
      request<null>('/project-type/isEnable', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- local users

export interface LocalUserQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
}

export function useLocalUsers(query: LocalUserQuery) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.localUsers(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request<Page<LocalUser>>('/user/page', {
        method: 'POST',
        body: { ...query, keyword: query.keyword || undefined },
        signal,
      }),
  });
}

export function useCreateLocalUser() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: LocalUserCreateBody) => request<LocalUser>('/user', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

export function useEditLocalUser() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LocalUserEditBody }) =>
      request<LocalUser>(`/user/${id}`, { method: 'PUT', body }),
    onSuccess: invalidate,
  });
}

/** USER_PASSWORD_CHECK is shown on the password field by the dialog, not as a toast. */
export function useDeleteLocalUsers() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: LocalUserBatchDeleteBody) =>
      request<null>('/user/del/batch', { method: 'POST', body, quietKeys: ['USER_PASSWORD_CHECK'] }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- the invitation link

/** The team's live invitation link (with its password), or null when there is none. */
export function useInvitationLink(enabled: boolean) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.invitationLink(),
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
    onSuccess: (link) => queryClient.setQueryData(teamKeys.invitationLink(), link),
  });
}

// ---------------------------------------------------------------- the deployment's branding (settings page)

export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemConfigUpdateBody) =>
      request<DictionaryEntry[]>('/dictionary-data/system/config', { method: 'PUT', body }),
    onSuccess: (entries) => queryClient.setQueryData(systemConfigKeys.config, brandingOf(entries)),
  });
}

/** Uploads a logo or icon (PNG, JPEG or SVG, at most 2 MB) and makes it the entry's value at once. */
export function useUploadSystemImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, file }: { entry: 'logo' | 'icon'; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return request<DictionaryEntry>('/dictionary-data/system/logo', { method: 'POST', query: { entry }, form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemConfigKeys.config }),
  });
}
