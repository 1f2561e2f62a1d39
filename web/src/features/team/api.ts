import {
  teamCalls,
  roleCalls,
  projectBelongCalls,
  projectTypeCalls,
  userCalls,
  invitationCalls,
  systemConfigCalls,
} from '@sightline/shared';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BindUserProjectsBody,
  InvitationLinkBody,
  LocalUserBatchDeleteBody,
  LocalUserCreateBody,
  LocalUserEditBody,
  MemberType,
  MemberRoleBody,
  SystemConfigUpdateBody,
} from '@sightline/shared';
import { call } from '../../api/client';
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
    mutationFn: (name: string) => call(teamCalls.rename, { body: { name } }),
    onSuccess: (_data, name) => {
      // The header shows the team's name from the session.
      const store = useSessionStore.getState();
      store.setTeam(store.teamId, name);
      void queryClient.invalidateQueries({ queryKey: teamsKeys.all });
      return invalidate();
    },
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
      call(teamCalls.memberPage, { signal, query: { ...query, keyword: query.keyword || undefined } }),
  });
}

/** How many members hold each team role: one administrator at most, so the role picker knows. */
export function useRoleCounts(enabled = true) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.roleCounts(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => call(roleCalls.teamRoleCounts, { signal }),
  });
}

export function useChangeMemberRole() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: MemberRoleBody) => call(teamCalls.changeRole, { body }),
    onSuccess: invalidate,
  });
}

export function useRemoveMember() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (userId: number) => call(teamCalls.removeMember, { body: { userId } }),
    onSuccess: invalidate,
  });
}

export function useHandOverAdministrator() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (userId: number) => call(teamCalls.handOverAdministrator, { body: { userId } }),
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
    queryFn: ({ signal }) => call(projectBelongCalls.jurisdiction, { signal }),
  });
}

export function useMemberProjects(userId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: teamKeys.memberProjects(userId ?? 0),
    enabled: ready,
    queryFn:
      userId === null
        ? skipToken
        : ({ signal }) => call(projectBelongCalls.projectsOfMember, { params: { userId }, signal }),
  });
}

export function useAssignMemberProjects() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: BindUserProjectsBody) => call(projectBelongCalls.assignProjectsToMember, { body }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- project types

export function useToggleProjectType() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: { id: number; enabled: boolean }) => call(projectTypeCalls.setEnabled, { body }),
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
    queryFn: ({ signal }) => call(userCalls.page, { body: { ...query, keyword: query.keyword || undefined }, signal }),
  });
}

export function useCreateLocalUser() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: LocalUserCreateBody) => call(userCalls.create, { body }),
    onSuccess: invalidate,
  });
}

export function useEditLocalUser() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: LocalUserEditBody }) =>
      call(userCalls.edit, { params: { id }, body }),
    onSuccess: invalidate,
  });
}

/** USER_PASSWORD_CHECK is shown on the password field by the dialog, not as a toast. */
export function useDeleteLocalUsers() {
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (body: LocalUserBatchDeleteBody) =>
      call(userCalls.deleteBatch, { body, quietKeys: ['USER_PASSWORD_CHECK'] }),
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
    queryFn: ({ signal }) => call(invitationCalls.currentLink, { signal }),
  });
}

/** A new link replaces the previous one, which stops working at once. */
export function useCreateInvitationLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InvitationLinkBody) => call(invitationCalls.createLink, { body }),
    onSuccess: (link) => queryClient.setQueryData(teamKeys.invitationLink(), link),
  });
}

// ---------------------------------------------------------------- the deployment's branding (settings page)

export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemConfigUpdateBody) => call(systemConfigCalls.update, { body }),
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
      return call(systemConfigCalls.uploadImage, { query: { entry }, form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemConfigKeys.config }),
  });
}
