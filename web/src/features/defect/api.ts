import { defectCalls, defectFieldCalls, defectTypeCalls, spatialMarkerCalls } from '@sightline/shared';
import type { DefectFilter, UpdateDefectBody } from '@sightline/shared';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../api/client';
import { inspectionKeys, projectConfigKeys, spatialMarkerKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/** An inspection's defects (SPEC section 7, "Defects"): the list, the details, edits, stars and deletes. */

type BatchUpdateBody = z.input<typeof defectCalls.updateMany.body>;
/** The list's filters without the inspection (which the list is of) and the paging. */
export type DefectListFilter = Omit<DefectFilter, 'inspectionId'>;

/**
 * Under the inspection root: a team switch or a change to the inspection's photos reads them again, and the
 * image editor's writes (which invalidate the inspection) refresh the list too.
 */
export const defectKeys = {
  all: [...inspectionKeys.all, 'defects'] as const,
  ofInspection: (inspectionId: number) => [...defectKeys.all, 'inspection', inspectionId] as const,
  page: (inspectionId: number, query: object) => [...defectKeys.ofInspection(inspectionId), 'page', query] as const,
  list: (inspectionId: number) => [...defectKeys.ofInspection(inspectionId), 'list'] as const,
  details: (id: number) => [...defectKeys.all, 'details', id] as const,
  types: (projectId: number) => [...defectKeys.all, 'types', projectId] as const,
};

export function useDefectPage(inspectionId: number, filter: DefectListFilter, pageNum: number, pageSize: number) {
  const ready = useInTeam();
  const query = { ...filter, pageNum, pageSize };
  return useQuery({
    queryKey: defectKeys.page(inspectionId, query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(defectCalls.page, { body: { inspectionId, ...query }, signal }),
  });
}

/** Every defect of the inspection the 3D view draws (the damage filter range applies, as in the list). */
export function useDefectList(inspectionId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: defectKeys.list(inspectionId ?? 0),
    enabled: ready,
    queryFn:
      inspectionId === null
        ? skipToken
        : ({ signal }) => call(defectCalls.list, { body: { inspectionId, filterRange: true }, signal }),
  });
}

export function useDefectDetails(id: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: defectKeys.details(id ?? 0),
    enabled: ready,
    retry: false,
    queryFn:
      id === null
        ? skipToken
        : ({ signal }) =>
            call(defectCalls.details, { params: { id }, signal, quietKeys: ['INSPECTION_DISEASE_NOT_EXISTING'] }),
  });
}

/** Every defect type of the project, built-in and own, for names and colours in the list and its filter. */
export function useProjectDefectTypes(projectId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: defectKeys.types(projectId ?? 0),
    enabled: ready,
    queryFn:
      projectId === null ? skipToken : ({ signal }) => call(defectTypeCalls.list, { query: { projectId }, signal }),
  });
}

/** A write to defects: every list, page and details of defects is read again. */
function useDefectWrite<T, R>(write: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: defectKeys.all }),
  });
}

export const useUpdateDefect = () => useDefectWrite((body: UpdateDefectBody) => call(defectCalls.update, { body }));
export const useUpdateDefects = () => useDefectWrite((body: BatchUpdateBody) => call(defectCalls.updateMany, { body }));
export const useStarDefects = () =>
  useDefectWrite(({ ids, star }: { ids: number[]; star: boolean }) =>
    call(star ? defectCalls.star : defectCalls.unstar, { body: { ids } }),
  );
export const useDeleteDefects = () =>
  useDefectWrite(async (ids: number[]) => {
    if (ids.length === 1) {
      await call(defectCalls.remove, { params: { id: ids[0]! } });
      return { count: 1 };
    }
    return call(defectCalls.removeMany, { body: { ids } });
  });

/** The project's markers (the components a defect is bound to), shared with the marker screens' cache. */
export function useProjectMarkers(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: spatialMarkerKeys.tree(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(spatialMarkerCalls.tree, { body: { projectId }, signal }),
    select: (nodes) => nodes.filter((node) => node.kind === 'marker'),
  });
}

/** The project's custom defect fields, shared with the configuration screen's cache. */
export function useProjectDefectFields(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: projectConfigKeys.fields(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(defectFieldCalls.list, { query: { projectId }, signal }),
  });
}
