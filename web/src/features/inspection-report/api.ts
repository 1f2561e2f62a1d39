import { useEffect } from 'react';
import {
  INSPECTION_REPORT_EVENT,
  defectTypeCalls,
  diseaseFilterCalls,
  inspectionReportCalls,
  inspectionReportEventSchema,
  keyDefectCalls,
  type CreateInspectionReportBody,
} from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/**
 * Inspection reports (issue 16, /inspection-report) and what their configuration reads: the project's report filter
 * (/report-filter), its defect types and the inspection's key defects. Under the inspection root: a team switch reads
 * them again.
 */
export const reportKeys = {
  all: [...inspectionKeys.all, 'reports'] as const,
  ofInspection: (inspectionId: number) => [...reportKeys.all, 'inspection', inspectionId] as const,
  page: (inspectionId: number, pageNum: number, pageSize: number) =>
    [...reportKeys.ofInspection(inspectionId), 'page', pageNum, pageSize] as const,
  filter: (projectId: number) => [...reportKeys.all, 'filter', projectId] as const,
  types: (projectId: number) => [...reportKeys.all, 'types', projectId] as const,
  keyDefects: (inspectionId: number) => [...reportKeys.ofInspection(inspectionId), 'key-defects'] as const,
  /** The preview's URL with its signed link. */
  preview: (id: number) => [...reportKeys.all, 'preview', id] as const,
};

/** A generating report refreshes the list this often even when the event stream is down. */
const GENERATING_POLL_MS = 3_000;

/** A page of the inspection's reports, newest first, kept live by the event stream and polled while one generates. */
export function useReportPage(inspectionId: number, pageNum: number, pageSize: number) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppEvent(INSPECTION_REPORT_EVENT, (payload) => {
        const parsed = inspectionReportEventSchema.safeParse(payload);
        if (parsed.success && parsed.data.inspectionId === inspectionId)
          void queryClient.invalidateQueries({ queryKey: reportKeys.ofInspection(inspectionId) });
      }),
    [inspectionId, queryClient],
  );
  return useQuery({
    queryKey: reportKeys.page(inspectionId, pageNum, pageSize),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(inspectionReportCalls.page, { query: { inspectionId, pageNum, pageSize }, signal }),
    refetchInterval: (query) =>
      query.state.data?.records.some((report) => report.state === 'generating') ? GENERATING_POLL_MS : false,
  });
}

function useReportWrite<T, R>(inspectionId: number, write: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reportKeys.ofInspection(inspectionId) }),
  });
}

/** Starts a report; a key defect without its screenshot is answered with REPORT_SCREENSHOT_MISSING (shown). */
export const useCreateReport = (inspectionId: number) =>
  useReportWrite(inspectionId, (body: CreateInspectionReportBody) => call(inspectionReportCalls.create, { body }));

export const useReportAgain = (inspectionId: number) =>
  useReportWrite(inspectionId, (id: number) => call(inspectionReportCalls.again, { params: { id } }));

export const useDeleteReport = (inspectionId: number) =>
  useReportWrite(inspectionId, (id: number) => call(inspectionReportCalls.remove, { params: { id } }));

export { downloadReport, signedReportUrl } from '../../api/report-files';

/** The project's report filter: the defect types and size intervals reports count. */
export function useReportFilter(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: reportKeys.filter(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(diseaseFilterCalls.configuration, { body: { projectId }, signal }),
  });
}

/** Saves the report filter's defect types; none chosen clears them (every type). */
export function useSaveReportTypes(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (diseaseTypeIds: number[]) =>
      diseaseTypeIds.length > 0
        ? call(diseaseFilterCalls.saveTypes, { body: { projectId, diseaseTypeIds } })
        : call(diseaseFilterCalls.clearTypes, { body: { projectId } }),
    onSuccess: (configuration) => queryClient.setQueryData(reportKeys.filter(projectId), configuration),
  });
}

export function useReportDefectTypes(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: reportKeys.types(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(defectTypeCalls.list, { query: { projectId }, signal }),
  });
}

/** The inspection's key defects with their drawn graph and the folder of their screenshots. */
export function useReportKeyDefects(inspectionId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: reportKeys.keyDefects(inspectionId),
    enabled: ready,
    queryFn: ({ signal }) => call(keyDefectCalls.coordinates, { body: { inspectionId }, signal }),
  });
}
