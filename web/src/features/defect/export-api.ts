import { useEffect } from 'react';
import { DEFECT_EXPORT_EVENT, defectExportCalls, type DefectExportBody } from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { fetchFileLink, withFileLink } from '../../api/file-links';
import { useInTeam } from '../../stores/session-store';
import { defectKeys } from './api';

/** The export records of an inspection, under its defects: a team switch reads them again. */
const exportKeys = {
  ofInspection: (inspectionId: number) => [...defectKeys.ofInspection(inspectionId), 'exports'] as const,
};

/** A page of the inspection's export records, read again whenever the event stream says an export moved. */
export function useExportRecords(inspectionId: number, pageNum: number, pageSize: number) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppEvent(DEFECT_EXPORT_EVENT, (payload) => {
        if ((payload as { inspectionId?: number }).inspectionId === inspectionId)
          void queryClient.invalidateQueries({ queryKey: exportKeys.ofInspection(inspectionId) });
      }),
    [inspectionId, queryClient],
  );
  return useQuery({
    queryKey: [...exportKeys.ofInspection(inspectionId), pageNum, pageSize] as const,
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(defectExportCalls.page, { query: { inspectionId, pageNum, pageSize }, signal }),
    // The event stream may be down: generating records are polled as well.
    refetchInterval: (query) => (query.state.data?.records.some((r) => r.state === 'generating') ? 3_000 : false),
  });
}

function useExportWrite<T, R>(inspectionId: number, write: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.ofInspection(inspectionId) }),
  });
}

export const useStartExport = (inspectionId: number) =>
  useExportWrite(inspectionId, (body: DefectExportBody) => call(defectExportCalls.start, { body }));

export const useDeleteExport = (inspectionId: number) =>
  useExportWrite(inspectionId, (id: number) => call(defectExportCalls.remove, { params: { id } }));

/** Downloads a done export: a signed link to its record's folder, as an anchor cannot send the session header. */
export async function downloadExport(record: { id: number; fileUrl: string | null }) {
  if (!record.fileUrl) return;
  const link = await fetchFileLink(`/api/inspection-excel/files/${record.id}/`);
  const anchor = document.createElement('a');
  anchor.href = withFileLink(record.fileUrl, link);
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
