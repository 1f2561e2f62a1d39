import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDefectTypeBody,
  DefectField,
  DefectFieldItem,
  DefectFilterRange,
  DefectType,
  Page,
  ProjectCustom,
  SaveDefectFilterRangeBody,
} from '@sightline/shared';
import { request } from '../../api/client';
import { projectConfigKeys } from '../../api/query-keys';
import { useSignedIn } from '../../stores/session-store';

/** A project's configuration (SPEC section 7, "Defect types and filters", and `/project-custom/*`). */

// ---------------------------------------------------------------- defect fields

export function useDefectFields(projectId: number) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectConfigKeys.fields(projectId),
    queryFn: ({ signal }) => request<DefectField[]>('/disease-field/list', { query: { projectId }, signal }),
    enabled: ready,
  });
}

function useInvalidate(key: readonly unknown[]) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export type DefectFieldInput = Omit<DefectFieldItem, 'options' | 'visibleWhenMarking'> & {
  options: string[];
  visibleWhenMarking: boolean;
};

export function useSaveDefectField(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.fields(projectId));
  return useMutation({
    mutationFn: (input: DefectFieldInput & { id?: number }) =>
      input.id === undefined
        ? request<{ id: number }>('/disease-field', { method: 'POST', body: { ...input, projectId } })
        : request<{ id: number }>('/disease-field', { method: 'PUT', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeleteDefectField(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.fields(projectId));
  return useMutation({
    mutationFn: (id: number) => request<null>(`/disease-field/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Import from a JSON or CSV file; row problems come back as field issues `rows.<n>.<field>`. */
export function useImportDefectFields(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.fields(projectId));
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request<{ imported: number }>('/disease-field/import', {
        method: 'POST',
        query: { projectId },
        form,
        quietKeys: ['VALIDATION_ERROR'],
      });
    },
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- defect types

export function useDefectTypePage(projectId: number, pageNum: number, pageSize: number, keyword: string) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectConfigKeys.typePage(projectId, { pageNum, pageSize, keyword }),
    queryFn: ({ signal }) =>
      request<Page<DefectType>>('/disease-type/page', {
        query: { projectId, pageNum, pageSize, keyword: keyword || undefined },
        signal,
      }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

export function useCreateDefectType(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.types(projectId));
  return useMutation({
    mutationFn: (body: Omit<CreateDefectTypeBody, 'projectId'>) =>
      request<{ id: number }>('/disease-type', {
        method: 'POST',
        body: { ...body, projectId },
        quietKeys: ['DISEASE_TYPE_NAME_ERROR'],
      }),
    onSuccess: invalidate,
  });
}

export function useUpdateDefectType(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.types(projectId));
  return useMutation({
    mutationFn: (body: { id: number; name?: string; color?: string; visibleOnAdd?: boolean }) =>
      request<{ id: number }>('/disease-type', { method: 'PUT', body, quietKeys: ['DISEASE_TYPE_NAME_ERROR'] }),
    onSuccess: invalidate,
  });
}

export function useDeleteDefectType(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.types(projectId));
  return useMutation({
    mutationFn: (id: number) => request<null>(`/disease-type/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- damage filter range

export function useDefectFilterRange(projectId: number) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectConfigKeys.filter(projectId),
    queryFn: ({ signal }) => request<DefectFilterRange>('/disease-filter', { query: { projectId }, signal }),
    enabled: ready,
  });
}

export function useSaveDefectFilterRange(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDefectFilterRangeBody) =>
      request<DefectFilterRange>('/disease-filter', { method: 'PUT', body }),
    onSuccess: (range) => queryClient.setQueryData(projectConfigKeys.filter(projectId), range),
  });
}

// ---------------------------------------------------------------- custom project data

export function useProjectCustoms(projectId: number) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectConfigKeys.customs(projectId),
    queryFn: ({ signal }) =>
      request<ProjectCustom[]>('/project-custom/findProjectCustomList', {
        method: 'POST',
        body: { projectId },
        signal,
      }),
    enabled: ready,
  });
}

export function useSaveProjectCustom(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.customs(projectId));
  return useMutation({
    mutationFn: (input: { id?: number; name: string; value: string }): Promise<unknown> =>
      input.id === undefined
        ? request<{ ids: number[] }>('/project-custom/adds', {
            method: 'POST',
            body: { projectId, items: [{ name: input.name, value: input.value }] },
            quietKeys: ['PROJECT_CUSTOM_NAME_ERROR'],
          })
        : request<{ id: number }>('/project-custom', {
            method: 'PUT',
            body: input,
            quietKeys: ['PROJECT_CUSTOM_NAME_ERROR'],
          }),
    onSuccess: invalidate,
  });
}

export function useDeleteProjectCustoms(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.customs(projectId));
  return useMutation({
    mutationFn: (ids: number[]) => request<null>('/project-custom/delete', { method: 'DELETE', body: { ids } }),
    onSuccess: invalidate,
  });
}
