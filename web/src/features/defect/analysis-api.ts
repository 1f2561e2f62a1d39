import { defectAnalysisCalls } from '@sightline/shared';
import type { DefectFilter, RepeatDefectsBody } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { useInTeam } from '../../stores/session-store';
import { defectKeys } from './api';

/** Merge, repeated defects and statistics of an inspection's defects (issue 13, points 5 to 7). */

/** A write to defects: every list, page, statistic and details of defects is read again. */
function useDefectWrite<T, R>(write: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: defectKeys.all }),
  });
}

export const useMergeDefects = () =>
  useDefectWrite((ids: number[]) => call(defectAnalysisCalls.merge, { body: { ids } }));

/** The repeated-defect groups for a threshold, asked for on demand (the dialog's Find). */
export function useRepeatedDefects(body: RepeatDefectsBody | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: [...defectKeys.ofInspection(body?.inspectionId ?? 0), 'repeat', body] as const,
    enabled: ready && body !== null,
    queryFn: ({ signal }) => call(defectAnalysisCalls.repeat, { body: body!, signal }),
  });
}

export const useDeleteRepeatedDefects = () =>
  useDefectWrite((body: RepeatDefectsBody) => call(defectAnalysisCalls.repeatDelete, { body }));

/** Counts of the inspection's defects by type, level and component with the list's filters (`/space/find/*`). */
export function useDefectStatistics(filter: DefectFilter, enabled: boolean) {
  const ready = useInTeam();
  return useQuery({
    queryKey: [...defectKeys.ofInspection(filter.inspectionId), 'statistics', filter] as const,
    enabled: ready && enabled,
    queryFn: async ({ signal }) => {
      const [byType, byLevel, byComponent] = await Promise.all([
        call(defectAnalysisCalls.countByType, { body: filter, signal }),
        call(defectAnalysisCalls.countByLevel, { body: filter, signal }),
        call(defectAnalysisCalls.countByComponent, { body: filter, signal }),
      ]);
      return { byType, byLevel, byComponent };
    },
  });
}
