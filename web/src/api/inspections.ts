import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
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
