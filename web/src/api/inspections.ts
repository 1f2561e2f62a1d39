import { keepPreviousData, skipToken, useQueries, useQuery } from '@tanstack/react-query';
import { inspectionCalls } from '@sightline/shared';
import { useInTeam } from '../stores/session-store';
import { call } from './client';
import { inspectionKeys } from './query-keys';

export interface InspectionListQuery {
  pageNum: number;
  pageSize: number;
  keyword: string;
}

/**
 * A project's inspections, a page at a time. The inspection list and the 3D view's photo layer (which picks an
 * inspection) both read it, so it lives with the shared calls rather than in either feature.
 */
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

/** One inspection: its fields, project and groups (the inspection's screen, the 3D comparison's project). */
const inspectionInfoQuery = (id: number) => ({
  queryKey: inspectionKeys.info(id),
  retry: false,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call(inspectionCalls.info, { query: { id }, signal, quietKeys: ['INSPECTION_NOT_EXISTING'] }),
});

export function useInspectionInfo(id: number | null) {
  const ready = useInTeam();
  return useQuery({
    ...(id === null ? { queryKey: inspectionKeys.info(0), queryFn: skipToken } : inspectionInfoQuery(id)),
    enabled: ready,
  });
}

/** Several inspections at once (the comparison names each photo's). */
export function useInspectionInfos(ids: readonly number[]) {
  const ready = useInTeam();
  return useQueries({ queries: ids.map((id) => ({ ...inspectionInfoQuery(id), enabled: ready })) });
}
