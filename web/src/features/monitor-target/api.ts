import { useEffect } from 'react';
import {
  INSPECTION_REPORT_EVENT,
  MONITOR_TARGET_EVENT,
  inspectionImageCalls,
  inspectionReportCalls,
  inspectionReportEventSchema,
  monitorTargetCalls,
  type CreateMonitorReportBody,
  type CreateTargetBody,
  type InspectionImage,
  type Page,
  type InspectionReport,
  type MonitorTargetEvent,
} from '@sightline/shared';
import {
  keepPreviousData,
  skipToken,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { useInTeam } from '../../stores/session-store';

/** Drone-target monitoring of a project (SPEC section 7, "Monitoring": /project-tag, /tag-displacement). */

export const targetKeys = {
  all: (projectId: number) => ['monitor-target', projectId] as const,
  page: (projectId: number, pageNum: number) => ['monitor-target', projectId, 'page', pageNum] as const,
  images: (projectId: number, tagId: number) => ['monitor-target', projectId, 'images', tagId] as const,
  chart: (projectId: number, tagId: number) => ['monitor-target', projectId, 'chart', tagId] as const,
  photos: (inspectionId: number, pageNum: number, pageSize: number) =>
    ['monitor-target', 'photos', inspectionId, pageNum, pageSize] as const,
  /** The project's baselines with their rounds and skipped inspections. */
  baselines: (projectId: number) => ['monitor-target', projectId, 'baselines'] as const,
  /** Every target of the project (the monitoring report's choice). */
  every: (projectId: number) => ['monitor-target', projectId, 'every'] as const,
  /** A monitoring report generated from the page. */
  report: (reportId: number) => ['monitor-target', 'report', reportId] as const,
};

export const TARGET_PAGE_SIZE = 10;

export function useTargetPage(projectId: number, pageNum: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: targetKeys.page(projectId, pageNum),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(monitorTargetCalls.list, { body: { projectId, pageNum, pageSize: TARGET_PAGE_SIZE }, signal }),
  });
}

/** A target's photos: the baseline's, then each round's, with the position found or set by hand. */
export function useTargetImages(projectId: number, tagId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: targetKeys.images(projectId, tagId ?? 0),
    enabled: ready,
    queryFn: tagId === null ? skipToken : ({ signal }) => call(monitorTargetCalls.images, { query: { tagId }, signal }),
  });
}

export function useTargetChart(projectId: number, tagId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: targetKeys.chart(projectId, tagId ?? 0),
    enabled: ready,
    queryFn:
      tagId === null
        ? skipToken
        : ({ signal }) => call(monitorTargetCalls.lineChart, { query: { projectId, tagIds: String(tagId) }, signal }),
  });
}

/** A page of an inspection's photos (the baseline's list). */
export function useInspectionPhotos(inspectionId: number | null, pageNum: number, pageSize: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: targetKeys.photos(inspectionId ?? 0, pageNum, pageSize),
    enabled: ready,
    queryFn:
      inspectionId === null
        ? skipToken
        : ({ signal }) => call(inspectionImageCalls.findPage, { body: { inspectionId, pageNum, pageSize }, signal }),
  });
}

/** The contract's largest page: an inspection's photos to pick a target's baseline photo on, read a page at a time. */
const PHOTO_CHOICE_PAGE = 200;

/** An inspection's photos a page of 200 after another, for the new target's choice of a baseline photo. */
export function useInspectionPhotoPages(inspectionId: number | null) {
  const ready = useInTeam();
  return useInfiniteQuery({
    queryKey: ['monitor-target', 'photo-pages', inspectionId ?? 0] as const,
    enabled: ready,
    initialPageParam: 1,
    getNextPageParam: (last: Page<InspectionImage>) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
    queryFn:
      inspectionId === null
        ? skipToken
        : ({ pageParam, signal }) =>
            call(inspectionImageCalls.findPage, {
              body: { inspectionId, pageNum: pageParam, pageSize: PHOTO_CHOICE_PAGE },
              signal,
            }),
  });
}

/** The project's baselines (GET /tag-displacement/baselines), each with its later inspections, rounds or skipped. */
export function useTargetBaselines(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: targetKeys.baselines(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(monitorTargetCalls.baselines, { query: { projectId }, signal }),
  });
}

/** Identification's progress and end arrive on the event stream: the project's targets are read again. */
export function useTargetEvents(projectId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppEvent(MONITOR_TARGET_EVENT, (payload) => {
        if ((payload as MonitorTargetEvent | null)?.projectId !== projectId) return;
        void queryClient.invalidateQueries({ queryKey: targetKeys.all(projectId) });
      }),
    [projectId, queryClient],
  );
}

function useTargetWrite<T, R>(projectId: number, write: (value: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: targetKeys.all(projectId) }),
  });
}

export function useCreateTarget(projectId: number) {
  return useTargetWrite(projectId, (body: CreateTargetBody) => call(monitorTargetCalls.create, { body }));
}

/** One threshold for several targets (PUT /project-tag/threshold/batch); their alarms are recomputed. */
export function useSetTargetThresholds(projectId: number) {
  return useTargetWrite(projectId, (body: { ids: number[]; thresholdMm: number }) =>
    call(monitorTargetCalls.setThresholds, { body }),
  );
}

export function useRemoveTargets(projectId: number) {
  return useTargetWrite(projectId, (ids: number[]) => call(monitorTargetCalls.removeMany, { body: { ids } }));
}

export function useSetPosition(projectId: number) {
  return useTargetWrite(projectId, ({ imageId, ...body }: { imageId: number; tagId: number; x: number; y: number }) =>
    call(monitorTargetCalls.setPosition, { params: { imageId }, body }),
  );
}

/** The project's targets at once (the largest page), for the monitoring report's choice of targets. */
export function useEveryTarget(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: targetKeys.every(projectId),
    enabled: ready,
    queryFn: ({ signal }) =>
      call(monitorTargetCalls.list, { body: { projectId, pageNum: 1, pageSize: EVERY_TARGET_MAX }, signal }),
  });
}

/** The page size limit of the shared contract. */
const EVERY_TARGET_MAX = 200;
/** A generating report is read this often even when the event stream is down. */
const REPORT_POLL_MS = 3_000;

/** A monitoring report generated from the page, kept live by the event stream and polled while it generates. */
export function useMonitorReport(reportId: number | null) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppEvent(INSPECTION_REPORT_EVENT, (payload) => {
        const parsed = inspectionReportEventSchema.safeParse(payload);
        if (parsed.success && parsed.data.id === reportId)
          void queryClient.invalidateQueries({ queryKey: targetKeys.report(parsed.data.id) });
      }),
    [reportId, queryClient],
  );
  return useQuery({
    queryKey: targetKeys.report(reportId ?? 0),
    enabled: ready,
    queryFn:
      reportId === null
        ? skipToken
        : ({ signal }) => call(inspectionReportCalls.find, { params: { id: reportId }, signal }),
    refetchInterval: (query) => (query.state.data?.state === 'generating' ? REPORT_POLL_MS : false),
  });
}

/** Starts a monitoring report of a baseline (POST /inspection-report/create/monitor/report). */
export function useCreateMonitorReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateMonitorReportBody) => call(inspectionReportCalls.createMonitor, { body }),
    onSuccess: (report: InspectionReport) => queryClient.setQueryData(targetKeys.report(report.id), report),
  });
}

/** Writes a monitoring report again from the data as it is now (POST /inspection-report/again/monitor/data). */
export function useMonitorReportAgain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(inspectionReportCalls.againMonitor, { body: { id } }),
    onSuccess: (report: InspectionReport) => queryClient.setQueryData(targetKeys.report(report.id), report),
  });
}
