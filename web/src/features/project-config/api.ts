import { defectFieldCalls, defectTypeCalls, diseaseFilterCalls, projectCustomCalls } from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateDefectTypeBody, DefectFieldItem, SaveDefectFilterRangeBody } from '@sightline/shared';
import { call } from '../../api/client';
import { projectConfigKeys } from '../../api/query-keys';
import { useSignedIn } from '../../stores/session-store';

/** A project's configuration (SPEC section 7, "Defect types and filters", and `/project-custom/*`). */

// ---------------------------------------------------------------- defect fields

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
    mutationFn: ({ id, ...input }: DefectFieldInput & { id?: number }) =>
      id === undefined
        ? call(defectFieldCalls.create, { body: { ...input, projectId } })
        : call(defectFieldCalls.update, { body: { ...input, id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteDefectField(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.fields(projectId));
  return useMutation({
    mutationFn: (id: number) => call(defectFieldCalls.remove, { params: { id } }),
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
      return call(defectFieldCalls.importFile, { query: { projectId }, form, quietKeys: ['VALIDATION_ERROR'] });
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
      call(defectTypeCalls.page, { query: { projectId, pageNum, pageSize, keyword: keyword || undefined }, signal }),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}

export function useCreateDefectType(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.types(projectId));
  return useMutation({
    mutationFn: (body: Omit<CreateDefectTypeBody, 'projectId'>) =>
      call(defectTypeCalls.create, { body: { ...body, projectId }, quietKeys: ['DISEASE_TYPE_NAME_ERROR'] }),
    onSuccess: invalidate,
  });
}

export function useUpdateDefectType(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.types(projectId));
  return useMutation({
    mutationFn: (body: { id: number; name?: string; color?: string; visibleOnAdd?: boolean }) =>
      call(defectTypeCalls.update, { body, quietKeys: ['DISEASE_TYPE_NAME_ERROR'] }),
    onSuccess: invalidate,
  });
}

export function useDeleteDefectType(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.types(projectId));
  return useMutation({
    mutationFn: (id: number) => call(defectTypeCalls.remove, { params: { id } }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------- damage filter range

export function useDefectFilterRange(projectId: number) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectConfigKeys.filter(projectId),
    queryFn: ({ signal }) => call(diseaseFilterCalls.range, { query: { projectId }, signal }),
    enabled: ready,
  });
}

export function useSaveDefectFilterRange(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveDefectFilterRangeBody) => call(diseaseFilterCalls.saveRange, { body }),
    onSuccess: (range) => queryClient.setQueryData(projectConfigKeys.filter(projectId), range),
  });
}

// ---------------------------------------------------------------- custom project data

export function useProjectCustoms(projectId: number) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: projectConfigKeys.customs(projectId),
    queryFn: ({ signal }) => call(projectCustomCalls.findForProject, { body: { projectId }, signal }),
    enabled: ready,
  });
}

export function useSaveProjectCustom(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.customs(projectId));
  return useMutation({
    mutationFn: ({ id, ...item }: { id?: number; name: string; value: string }): Promise<unknown> =>
      id === undefined
        ? call(projectCustomCalls.add, {
            body: { projectId, items: [item] },
            quietKeys: ['PROJECT_CUSTOM_NAME_ERROR'],
          })
        : call(projectCustomCalls.update, { body: { ...item, id }, quietKeys: ['PROJECT_CUSTOM_NAME_ERROR'] }),
    onSuccess: invalidate,
  });
}

export function useDeleteProjectCustoms(projectId: number) {
  const invalidate = useInvalidate(projectConfigKeys.customs(projectId));
  return useMutation({
    mutationFn: (ids: number[]) => call(projectCustomCalls.remove, { body: { ids } }),
    onSuccess: invalidate,
  });
}
