import { inspectionCalls } from '@sightline/shared';
import type {
  ImageGroupCreateBody,
  InspectionCreateBody,
  InspectionUpdateBody,
  ImageGroupInput,
} from '@sightline/shared';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { inspectionKeys, recycleKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** Inspections of a project, their image groups and the team's cameras (SPEC section 7, "Inspections and images"). */

export interface InspectionListQuery {
  pageNum: number;
  pageSize: number;
  keyword: string;
}

export function useInspectionPage(projectId: number | null, query: InspectionListQuery) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.page(projectId ?? 0, query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn:
      projectId === null
        ? skipToken
        : ({ signal }) =>
            call(inspectionCalls.list, {
              query: { projectId, ...query, keyword: query.keyword || undefined },
              signal,
            }),
  });
}

/** The detail screen's inspection: its fields, project name and groups. */
export function useInspectionInfo(id: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.info(id ?? 0),
    enabled: ready,
    retry: false,
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) => call(inspectionCalls.info, { query: { id }, signal, quietKeys: ['INSPECTION_NOT_EXISTING'] }),
  });
}

export function useImageGroupTree(id: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.groupTree(id ?? 0),
    enabled: ready,
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) => call(inspectionCalls.imageGroupTree, { query: { inspectionId: id }, signal }),
  });
}

/** Earlier inspections of the project that the edited one (or a new one, id null) may compare with. */
export function usePreviousCandidates(projectId: number, id: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.previousCandidates(projectId, id),
    enabled: ready,
    queryFn: ({ signal }) =>
      call(inspectionCalls.previousCandidates, {
        query: id === null ? { projectId } : { projectId, id },
        signal,
      }),
  });
}

export function useCameraParams() {
  const ready = useInTeam();
  return useQuery({
    queryKey: inspectionKeys.cameras(),
    enabled: ready,
    queryFn: ({ signal }) => call(inspectionCalls.cameraParams, { signal }),
  });
}

function useInvalidateInspections() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all });
}

/** A name already taken answers on the field, not as a toast. */
const GROUP_FORM_KEYS = ['INSPECTION_IMAGE_GROUP_NAME_EXISTING'] as const;

export function useCreateInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: InspectionCreateBody) => call(inspectionCalls.create, { body, quietKeys: [...GROUP_FORM_KEYS] }),
    onSuccess: invalidate,
  });
}

export function useUpdateInspection() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (body: InspectionUpdateBody) => call(inspectionCalls.update, { body }),
    onSuccess: invalidate,
  });
}

/** Deleting moves the inspection to the recycle bin, whose list changes too. */
export function useDeleteInspection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(inspectionCalls.remove, { query: { id } }),
    onSuccess: () =>
      Promise.all([inspectionKeys.all, recycleKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

export function useSaveImageGroup() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (input: { id: number | null; body: ImageGroupCreateBody }) => {
      if (input.id === null) {
        return call(inspectionCalls.addImageGroup, { body: input.body, quietKeys: [...GROUP_FORM_KEYS] });
      }
      const { name, cameraParamId, photoDistance }: ImageGroupInput = input.body;
      return call(inspectionCalls.updateImageGroup, {
        params: { id: input.id },
        body: { name, cameraParamId, photoDistance },
        quietKeys: [...GROUP_FORM_KEYS],
      });
    },
    onSuccess: invalidate,
  });
}

/** A group with photos is refused by the server (INSPECTION_IMAGE_GROUP_HAS_IMAGES), shown as its toast. */
export function useDeleteImageGroup() {
  const invalidate = useInvalidateInspections();
  return useMutation({
    mutationFn: (id: number) => call(inspectionCalls.removeImageGroup, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Imports a CSV or JSON camera file; a bad file answers VALIDATION_ERROR with `rows.<n>.<column>` issues. */
export function useImportCameraParams() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call(inspectionCalls.importCameraParams, { form, quietKeys: ['VALIDATION_ERROR'] });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.cameras() }),
  });
}
