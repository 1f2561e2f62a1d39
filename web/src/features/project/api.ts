import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateProjectBody,
  InitModelResult,
  ModelUploader,
  ParsedLocation,
  ProjectCard,
  ProjectDetail,
  ProjectGroup,
  ProjectModel,
  ProjectPageBody,
  ProjectType,
  TeamDetails,
  TeamMember,
  UpdateProjectBody,
} from '@sightline/shared';
import type { Page } from '@sightline/shared';
import { request } from '../../api/client';
import { useSessionStore } from '../../stores/session-store';

/** Projects, their groups and types, and their 3D model (SPEC section 7, "Projects"). */
export const projectKeys = {
  all: ['project'] as const,
  pages: () => [...projectKeys.all, 'page'] as const,
  page: (body: ProjectPageBody) => [...projectKeys.pages(), body] as const,
  detail: (id: number) => [...projectKeys.all, 'detail', id] as const,
  groups: () => [...projectKeys.all, 'groups'] as const,
  types: () => [...projectKeys.all, 'types'] as const,
  teamMembers: () => [...projectKeys.all, 'team-members'] as const,
  teamStorage: () => [...projectKeys.all, 'team-storage'] as const,
  model: (id: number) => [...projectKeys.all, 'model', id] as const,
  uploader: (id: number) => [...projectKeys.all, 'uploader', id] as const,
};

const TRANSITIONAL: readonly ProjectCard['modelState'][] = ['uploading', 'unzipping'];

function useReady() {
  return useSessionStore((state) => state.status === 'ready');
}

// ---------------------------------------------------------------- projects

/**
 * A page of project cards. While a model is being uploaded or unzipped the page is fetched again every few
 * seconds, so cards follow other members' uploads too (the uploader also hears the event stream).
 */
export function useProjectPage(body: ProjectPageBody) {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.page(body),
    queryFn: ({ signal }) => request<Page<ProjectCard>>('/project/findPage', { method: 'POST', body, signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((card) => TRANSITIONAL.includes(card.modelState)) ? 5_000 : false,
  });
}

export function useProjectDetail(id: number | null) {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.detail(id ?? 0),
    queryFn: ({ signal }) => request<ProjectDetail>(`/project/${id}`, { signal }),
    enabled: ready && id !== null,
  });
}

function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.all });
}

/** Name taken answers on the name field rather than as a toast. */
const PROJECT_FORM_KEYS = ['PROJECT_NAME_EXITS_ERROR'] as const;

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: CreateProjectBody) =>
      request<{ id: number }>('/project', { method: 'POST', body, quietKeys: PROJECT_FORM_KEYS }),
    onSuccess: invalidate,
  });
}

export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) =>
      request<{ id: number }>('/project', { method: 'PUT', body, quietKeys: PROJECT_FORM_KEYS }),
    onSuccess: invalidate,
  });
}

export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/project/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useHandoverProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: { projectId: number; targetTeamId: number }) =>
      request<{ id: number }>('/project/handover', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}

function fileForm(file: Blob, name?: string): FormData {
  const form = new FormData();
  if (name) form.append('file', file, name);
  else form.append('file', file);
  return form;
}

export function useUploadCover() {
  return useMutation({
    mutationFn: (file: File) =>
      request<{ coverUrl: string }>('/project/cover', { method: 'POST', form: fileForm(file, file.name) }),
  });
}

/** Reads a location file; its refusal (with the reason) is shown on the field, not as a toast. */
export function useParseLocation() {
  return useMutation({
    mutationFn: (file: File) =>
      request<ParsedLocation>('/project/location/parse', {
        method: 'POST',
        form: fileForm(file, file.name),
        quietKeys: ['PROJECT_VECTOR_FILE_ERROR', 'FILE_TOO_LARGE'],
      }),
  });
}

// ---------------------------------------------------------------- groups

export function useProjectGroups() {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.groups(),
    queryFn: ({ signal }) => request<ProjectGroup[]>('/project-group/find/project/group', { signal }),
    enabled: ready,
  });
}

function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: projectKeys.groups() });
}

export function useSaveGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (body: { id?: number; name: string }) =>
      request<{ id: number }>('/project-group', {
        method: body.id === undefined ? 'POST' : 'PUT',
        body,
        quietKeys: ['PROJECT_GROUP_NAME_ERROR'],
      }),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/project-group/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- types, members, storage

/** Built-in and the team's own project types, enabled or not (a project keeps a type disabled later). */
export function useProjectTypes() {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.types(),
    queryFn: ({ signal }) => request<ProjectType[]>('/project-type/findTeam', { method: 'POST', body: {}, signal }),
    enabled: ready,
    staleTime: 5 * 60_000,
  });
}

export function useTeamMembers(enabled = true) {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.teamMembers(),
    queryFn: ({ signal }) => request<TeamMember[]>('/team-client/users', { signal }),
    enabled: ready && enabled,
  });
}

/** The team's storage (used and maximum GB), checked before a model upload starts (SPEC section 5). */
export function fetchTeamStorage(signal?: AbortSignal): Promise<TeamDetails> {
  return request<TeamDetails>('/team-client/details', { signal, quiet: true });
}

export function useTeamStorage() {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.teamStorage(),
    queryFn: ({ signal }) => fetchTeamStorage(signal),
    enabled: ready,
  });
}

// ---------------------------------------------------------------- the 3D model

/** The project's model; fetched again every few seconds while it is being unzipped or uploaded. */
export function useProjectModel(projectId: number | null) {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.model(projectId ?? 0),
    queryFn: ({ signal }) => request<ProjectModel | null>(`/project-model/findByProjectId/${projectId}`, { signal }),
    enabled: ready && projectId !== null,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'unzipping' || state === 'uploading' ? 3_000 : false;
    },
  });
}

/** Who holds the project's upload lock (null when nobody uploads). */
export function useModelUploader(projectId: number | null) {
  const ready = useReady();
  return useQuery({
    queryKey: projectKeys.uploader(projectId ?? 0),
    queryFn: ({ signal }) =>
      request<ModelUploader | null>('/project-model/find/project/model/user', {
        query: { projectId: projectId ?? 0 },
        signal,
      }),
    enabled: ready && projectId !== null,
    staleTime: 0,
  });
}

/** Declares an upload: checks quota and the one-uploader lock, reserves the bytes, answers the tus endpoint. */
export function initModelUpload(body: { projectId: number; fileName: string; sizeBytes: number }) {
  return request<InitModelResult>('/project-model/initModel', { method: 'POST', body, quiet: true });
}

/** Ends this user's uploads of the project: the lock and any reservation go (after a cancel). */
export function closeModelUploads(projectId: number) {
  return request<{ closed: number }>('/project-model/close/socket', { query: { projectId }, quiet: true });
}

export function useStartUnzip(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<ProjectModel>('/project-model/start/unzip', { method: 'POST', body: { projectId } }),
    onSuccess: (model) => {
      queryClient.setQueryData(projectKeys.model(projectId), model);
      void queryClient.invalidateQueries({ queryKey: projectKeys.pages() });
    },
  });
}

export function useDeleteModel(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => request<null>(`/project-model/delete/model/${projectId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
