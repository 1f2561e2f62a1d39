import {
  DEFECT_HISTORY_EVENT,
  defectCalls,
  defectHistoryCalls,
  historyMatchingStatusSchema,
  type HistoryChangeKind,
  type HistoryMatchingState,
  type HistoryMatchingStatus,
  type HistoryRebindBody,
} from '@sightline/shared';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/**
 * Historical defect matching and evolution (SPEC section 7, /inspection-disease-relation and
 * /inspection-disease-his-pre). Under the inspection root, so a defect's edit or deletion (which invalidates it)
 * reads the matching again.
 */
export const historyKeys = {
  all: [...inspectionKeys.all, 'history'] as const,
  ofInspection: (inspectionId: number) => [...historyKeys.all, 'inspection', inspectionId] as const,
  status: (inspectionId: number) => [...historyKeys.ofInspection(inspectionId), 'status'] as const,
  total: (inspectionId: number) => [...historyKeys.ofInspection(inspectionId), 'total'] as const,
  pages: (inspectionId: number) => [...historyKeys.ofInspection(inspectionId), 'page'] as const,
  page: (inspectionId: number, query: object) => [...historyKeys.pages(inspectionId), query] as const,
  entries: (inspectionId: number) => [...historyKeys.ofInspection(inspectionId), 'all'] as const,
  candidates: (inspectionId: number) => [...historyKeys.ofInspection(inspectionId), 'candidates'] as const,
  chain: (defectId: number) => [...historyKeys.all, 'chain', defectId] as const,
  defect: (defectId: number) => [...historyKeys.all, 'defect', defectId] as const,
};

/** A matching under way: its state changes without a person's action. */
export const LIVE_STATES: readonly HistoryMatchingState[] = ['queued', 'running'];

/**
 * The matching's state and progress, kept live by the event stream. The SPEC has no status call: the predictions
 * page carries the status, so a page of one defect reads it.
 */
export function useMatchingStatus(inspectionId: number) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  const query = useQuery<HistoryMatchingStatus>({
    queryKey: historyKeys.status(inspectionId),
    enabled: ready,
    // The events keep it live; a read while the job runs heals a start's answer overtaken by the job's own events.
    refetchInterval: (query) => (LIVE_STATES.includes(query.state.data?.state ?? 'uncalculated') ? 3000 : false),
    queryFn: async ({ signal }) =>
      (
        await call(defectHistoryCalls.predictions, {
          body: { inspectionId, pageNum: 1, pageSize: 1 },
          signal,
        })
      ).status,
  });
  useEffect(
    () =>
      onAppEvent(DEFECT_HISTORY_EVENT, (payload) => {
        const parsed = historyMatchingStatusSchema.safeParse(payload);
        if (!parsed.success || parsed.data.inspectionId !== inspectionId) return;
        queryClient.setQueryData<HistoryMatchingStatus>(historyKeys.status(inspectionId), parsed.data);
        // Each batch writes links: the totals and the table follow the progress, not only the end.
        for (const queryKey of [
          historyKeys.total(inspectionId),
          historyKeys.pages(inspectionId),
          historyKeys.entries(inspectionId),
        ]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      }),
    [inspectionId, queryClient],
  );
  return query;
}

export function useMatchingActions(inspectionId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: 'continue' | 'all' | 'cancel') =>
      call(defectHistoryCalls.match, { body: { inspectionId, mode } }),
    // Read again rather than stored: the job's events may arrive before this answer, which would then be older.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.ofInspection(inspectionId) }),
  });
}

export function useHistoryTotal(inspectionId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: historyKeys.total(inspectionId),
    enabled: ready,
    queryFn: ({ signal }) => call(defectHistoryCalls.total, { params: { id: inspectionId }, signal }),
  });
}

export function useHistoryPage(
  inspectionId: number,
  changeKinds: readonly HistoryChangeKind[],
  pageNum: number,
  pageSize: number,
) {
  const ready = useInTeam();
  const query = { changeKinds: [...changeKinds], pageNum, pageSize };
  return useQuery({
    queryKey: historyKeys.page(inspectionId, query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(defectHistoryCalls.page, { body: { inspectionId, ...query }, signal }),
  });
}

/** Every entry of the evolution table: both sides' defects for the 3D comparison. */
export function useHistoryAll(inspectionId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: historyKeys.entries(inspectionId),
    enabled: ready,
    queryFn: ({ signal }) => call(defectHistoryCalls.all, { body: { inspectionId }, signal }),
  });
}

/** The previous inspection's defects a defect may be bound to (every one: the damage filter range does not apply). */
export function useRebindCandidates(previousInspectionId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: historyKeys.candidates(previousInspectionId ?? 0),
    enabled: ready,
    queryFn:
      previousInspectionId === null
        ? skipToken
        : ({ signal }) =>
            call(defectCalls.list, { body: { inspectionId: previousInspectionId, filterRange: false }, signal }),
  });
}

export function useRebind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HistoryRebindBody) => call(defectHistoryCalls.rebind, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

export function useDefectChain(defectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: historyKeys.chain(defectId),
    enabled: ready,
    retry: false,
    queryFn: ({ signal }) => call(defectHistoryCalls.compare, { body: { defectId }, signal }),
  });
}

/** One defect with its shape, whose photo crop the chain shows (the chain's entries carry no shape). */
export function useChainDefect(defectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: historyKeys.defect(defectId),
    enabled: ready,
    queryFn: ({ signal }) => call(defectCalls.details, { params: { id: defectId }, signal }),
  });
}
