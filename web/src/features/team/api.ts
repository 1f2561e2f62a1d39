import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BindUserProjectsBody,
  BusinessEntry,
  LocalUser,
  LocalUserBatchDeleteBody,
  LocalUserCreateBody,
  LocalUserEditBody,
  MemberJurisdiction,
  MemberType,
  MemberRoleBody,
  MyTeam,
  Page,
  ProjectRef,
  ProjectType,
  RouterResponse,
  TeamDetails,
  TeamFunction,
  TeamMember,
  TeamRoleCount,
} from '@sightline/shared';
import { isMissingEndpoint, request } from '../../api/client';
import { useSessionStore } from '../../stores/session-store';

/** The teams the signed-in user belongs to (GET /team-client/teams). */
export type TeamSummary = MyTeam;

export const teamKeys = {
  all: ['team'] as const,
  teams: () => [...teamKeys.all, 'teams'] as const,
};

/**
 * Data of the current team. A root of its own (not `team`): switching teams refreshes everything
 * but the user's details and the list of teams, so these must not sit under `team`.
 */
export const teamDataKeys = {
  all: ['team-data'] as const,
  details: () => [...teamDataKeys.all, 'details'] as const,
  functions: () => [...teamDataKeys.all, 'functions'] as const,
  businessEntries: () => [...teamDataKeys.all, 'business-entries'] as const,
  members: (query: MemberQuery) => [...teamDataKeys.all, 'members', query] as const,
  roleCounts: () => [...teamDataKeys.all, 'role-counts'] as const,
  jurisdiction: () => [...teamDataKeys.all, 'jurisdiction'] as const,
  memberProjects: (userId: number) => [...teamDataKeys.all, 'member-projects', userId] as const,
  projects: () => [...teamDataKeys.all, 'projects'] as const,
  projectTypes: () => [...teamDataKeys.all, 'project-types'] as const,
  localUsers: (query: LocalUserQuery) => [...teamDataKeys.all, 'local-users', query] as const,
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

function useReady() {
  return useSessionStore((state) => state.status === 'ready' && state.teamId !== null);
}

function useInvalidateTeamData() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: teamDataKeys.all });
}

// ---------------------------------------------------------------- the team

export function useTeamDetails(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.details(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<TeamDetails>('/team-client/details', { signal }),
  });
}

export function useRenameTeam() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateTeamData();
  return useMutation({
    mutationFn: (name: string) => request<null>('/team-client', { method: 'PUT', body: { name } }),
    onSuccess: (_data, name) => {
      // The header shows the team's name from the session.
      const store = useSessionStore.getState();
      store.setTeam(store.teamId, name);
      void queryClient.invalidateQueries({ queryKey: teamKeys.teams() });
      return invalidate();
    },
  });
}

export function useTeamFunctions(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.functions(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<TeamFunction[]>('/team-client/function', { signal }),
  });
}

/** The business selection entries, each enabled while the team's function package for it is active. */
export function useBusinessEntries(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.businessEntries(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<BusinessEntry[]>('/team-client/business/list', { signal }),
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
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.members(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      request<Page<TeamMember>>('/team-client/user-page', {
        signal,
        query: { ...query, keyword: query.keyword || undefined },
      }),
  });
}

/** Every member of the current team (pickers: notice recipients). */
export function useAllMembers(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: [...teamDataKeys.all, 'all-members'],
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<TeamMember[]>('/team-client/users', { signal }),
  });
}

/** How many members hold each team role: one administrator at most, so the role picker knows. */
export function useRoleCounts(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.roleCounts(),
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

/** The team's projects the caller may see (all of them for owners and administrators). */
export function useTeamProjects(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.projects(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<ProjectRef[]>('/project/findTeamAll', { method: 'POST', signal }),
  });
}

/** Every member with their projects; owners and administrators are marked as seeing all of them. */
export function useJurisdiction(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.jurisdiction(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<MemberJurisdiction[]>('/team-jurisdiction/list', { signal }),
  });
}

export function useMemberProjects(userId: number | null) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.memberProjects(userId ?? 0),
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

export function useProjectTypes(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.projectTypes(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<ProjectType[]>('/project-type/findTeam', { method: 'POST', body: {}, signal }),
  });
}

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
  const ready = useReady();
  return useQuery({
    queryKey: teamDataKeys.localUsers(query),
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
