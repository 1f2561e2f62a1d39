import { projectGroupCalls, projectModelCalls, projectCalls } from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateProjectBody, ProjectCard, ProjectPageBody, UpdateProjectBody } from '@sightline/shared';
import { call } from '../../api/client';
import { projectKeys, recycleKeys, teamKeys } from '../../api/query-keys';
import { useSignedIn } from '../../stores/session-store';

const TRANSITIONAL: readonly ProjectCard['modelState'][] = ['uploading', 'unzipping'];

// ---------------------------------------------------------------- projects

/**
 * A page of project cards. While a model is being uploaded or unzipped the page is fetched again every few
 * seconds, so cards follow other members' uploads too (the uploader also hears the event stream).
 */
export function useProjectPage(body: ProjectPageBody) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.page(body),
    queryFn: ({ signal }) => call(projectCalls.page, { body, signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.records.some((card) => TRANSITIONAL.includes(card.modelState)) ? 5_000 : false,
  });
}

/**
 * What a project's change reaches beyond the project pages: the team's project list (member authorization,
 * invitations), its storage (covers and models count), and the recycle bin (a deleted project goes there).
 */
export function useInvalidateProjects() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [projectKeys.all, teamKeys.projects(), teamKeys.details(), recycleKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Name taken answers on the name field rather than as a toast. */
const PROJECT_FORM_KEYS = ['PROJECT_NAME_EXITS_ERROR'] as const;

export function useCreateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: CreateProjectBody) => call(projectCalls.create, { body, quietKeys: PROJECT_FORM_KEYS }),
    onSuccess: invalidate,
  });
}

export function useUpdateProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: UpdateProjectBody) => call(projectCalls.update, { body, quietKeys: PROJECT_FORM_KEYS }),
    onSuccess: invalidate,
  });
}

export function useDeleteProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (id: number) => call(projectCalls.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useHandoverProject() {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: (body: { projectId: number; targetTeamId: number }) => call(projectCalls.handover, { body }),
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
    mutationFn: (file: File) => call(projectCalls.uploadCover, { form: fileForm(file, file.name) }),
  });
}

/** Reads a location file; its refusal (with the reason) is shown on the field, not as a toast. */
export function useParseLocation() {
  return useMutation({
    mutationFn: (file: File) =>
      call(projectCalls.parseLocationFile, {
        form: fileForm(file, file.name),
        quietKeys: ['PROJECT_VECTOR_FILE_ERROR', 'FILE_TOO_LARGE'],
      }),
  });
}

// ---------------------------------------------------------------- groups

export function useProjectGroups() {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.groups(),
    queryFn: ({ signal }) => call(projectGroupCalls.list, { signal }),
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
    mutationFn: ({ id, ...group }: { id?: number; name: string }) =>
      id === undefined
        ? call(projectGroupCalls.create, { body: group, quietKeys: ['PROJECT_GROUP_NAME_ERROR'] })
        : call(projectGroupCalls.rename, { body: { ...group, id }, quietKeys: ['PROJECT_GROUP_NAME_ERROR'] }),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: number) => call(projectGroupCalls.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- the 3D model

/** Who holds the project's upload lock (null when nobody uploads). */
export function useModelUploader(projectId: number | null) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectKeys.uploader(projectId ?? 0),
    queryFn: ({ signal }) => call(projectModelCalls.findUploader, { query: { projectId: projectId ?? 0 }, signal }),
    enabled: ready && projectId !== null,
    staleTime: 0,
  });
}

/** Declares an upload: checks quota and the one-uploader lock, reserves the bytes, answers the tus endpoint. */
export function initModelUpload(body: { projectId: number; fileName: string; sizeBytes: number }) {
  return call(projectModelCalls.initModel, { body, quiet: true });
}

/** Ends this user's uploads of the project: the lock and any reservation go (after a cancel). */
export function closeModelUploads(projectId: number) {
  return call(projectModelCalls.closeUploads, { query: { projectId }, quiet: true });
}

export function useStartUnzip(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(projectModelCalls.startUnzip, { body: { projectId } }),
    onSuccess: (model) => {
      queryClient.setQueryData(projectKeys.model(projectId), model);
      void queryClient.invalidateQueries({ queryKey: projectKeys.pages() });
    },
  });
}

export function useDeleteModel(projectId: number) {
  const invalidate = useInvalidateProjects();
  return useMutation({
    mutationFn: () => call(projectModelCalls.deleteModel, { params: { id: projectId } }),
    onSuccess: invalidate,
  });
}
