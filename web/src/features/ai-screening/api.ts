import {
  AI_BUSY_STATES,
  AI_SCREENING_EVENT,
  aiScreeningCalls,
  aiScreeningStatusSchema,
  defectTypeCalls,
  spaceBindingCalls,
  type AiCheckStartBody,
  type AiCheckState,
  type AiFeedbackBody,
  type AiReviewTab,
  type AiScreeningStatus,
} from '@sightline/shared';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { onAppEvent } from '../../api/events';
import { inspectionKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

/**
 * AI screening and its review (SPEC section 7, "AI screening"). Under the inspection root, so the writes of defects
 * and photos elsewhere (the image editor) read the tabs again.
 */
export const aiKeys = {
  all: [...inspectionKeys.all, 'ai'] as const,
  ofInspection: (inspectionId: number) => [...aiKeys.all, 'inspection', inspectionId] as const,
  status: (inspectionId: number) => [...aiKeys.ofInspection(inspectionId), 'status'] as const,
  pages: (inspectionId: number) => [...aiKeys.ofInspection(inspectionId), 'page'] as const,
  page: (inspectionId: number, query: object) => [...aiKeys.pages(inspectionId), query] as const,
  image: (imageId: number) => [...aiKeys.all, 'image', imageId] as const,
  feedbacks: (inspectionId: number) => [...aiKeys.ofInspection(inspectionId), 'feedback'] as const,
  unbound: (inspectionId: number) => [...aiKeys.ofInspection(inspectionId), 'unbound'] as const,
  types: (projectId: number) => [...aiKeys.all, 'types', projectId] as const,
};

/** A screening holding its inspection: its state changes without a person's action. */
export const isBusy = (state: AiCheckState) => (AI_BUSY_STATES as readonly AiCheckState[]).includes(state);

/** The inspection's screening: state, progress and queue position, kept live by the event stream. */
export function useScreeningStatus(inspectionId: number) {
  const ready = useInTeam();
  const queryClient = useQueryClient();
  const query = useQuery<AiScreeningStatus>({
    queryKey: aiKeys.status(inspectionId),
    enabled: ready,
    // The events keep it live; a read while it runs heals a start's answer overtaken by the run's own events, and
    // follows the queue position, which other inspections' screenings move.
    refetchInterval: (query) => (isBusy(query.state.data?.state ?? 'NOT_EXISTING') ? 3000 : false),
    queryFn: ({ signal }) => call(aiScreeningCalls.position, { params: { inspectionId }, signal }),
  });
  useEffect(
    () =>
      onAppEvent(AI_SCREENING_EVENT, (payload) => {
        const parsed = aiScreeningStatusSchema.safeParse(payload);
        if (!parsed.success || parsed.data.inspectionId !== inspectionId) return;
        queryClient.setQueryData<AiScreeningStatus>(aiKeys.status(inspectionId), parsed.data);
        // Each photo done changes the tabs: the counts follow the progress, not only the end.
        void queryClient.invalidateQueries({ queryKey: aiKeys.pages(inspectionId) });
      }),
    [inspectionId, queryClient],
  );
  return query;
}

/** Start, cancel and jump: read again afterwards rather than stored (the run's events may come first). */
export function useScreeningActions(inspectionId: number) {
  const queryClient = useQueryClient();
  const settle = () => queryClient.invalidateQueries({ queryKey: aiKeys.ofInspection(inspectionId) });
  return {
    start: useMutation({
      mutationFn: (body: AiCheckStartBody) => call(aiScreeningCalls.start, { params: { inspectionId }, body }),
      // A run replaces AI defects and may delete drawn ones: the defect lists read again too.
      onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all }),
    }),
    cancel: useMutation({
      mutationFn: () => call(aiScreeningCalls.cancel, { params: { id: inspectionId } }),
      onSuccess: settle,
    }),
    jump: useMutation({
      mutationFn: () => call(aiScreeningCalls.jump, { params: { id: inspectionId } }),
      onSuccess: settle,
    }),
  };
}

/** Photos of the inspection not bound to a spatial marker, asked before a start. */
export function useUnboundCount(inspectionId: number) {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: aiKeys.unbound(inspectionId),
      staleTime: 0,
      queryFn: ({ signal }) => call(spaceBindingCalls.bindingCounts, { query: { inspectionId }, signal }),
    });
}

/** The project's defect types: names of the AI's, the built-in ones a screening may be asked for, a correct one. */
export function useProjectTypes(projectId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: aiKeys.types(projectId),
    enabled: ready,
    queryFn: ({ signal }) => call(defectTypeCalls.list, { query: { projectId }, signal }),
  });
}

export function useReviewPage(inspectionId: number, tab: AiReviewTab, pageNum: number, pageSize: number) {
  const ready = useInTeam();
  const query = { tab, pageNum, pageSize };
  return useQuery({
    queryKey: aiKeys.page(inspectionId, query),
    enabled: ready,
    // Read again when shown: the image editor changes the photos' defects without telling these keys.
    staleTime: 0,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(aiScreeningCalls.page, { body: { inspectionId, ...query }, signal }),
  });
}

/** A photo's AI result with its AI defects. */
export function useAiImage(imageId: number | null) {
  const ready = useInTeam();
  return useQuery({
    queryKey: aiKeys.image(imageId ?? 0),
    enabled: ready,
    staleTime: 0,
    queryFn:
      imageId === null
        ? skipToken
        : ({ signal }) => call(aiScreeningCalls.imageInfo, { params: { id: imageId }, signal }),
  });
}

/** Review, batch review, review all and revoke; answers how many photos changed. */
export function useReviewActions(inspectionId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: aiKeys.all });
  return {
    review: useMutation({
      mutationFn: (ids: number[]) => call(aiScreeningCalls.review, { body: { ids } }),
      onSuccess,
    }),
    revoke: useMutation({
      mutationFn: (ids: number[]) => call(aiScreeningCalls.revoke, { body: { ids } }),
      onSuccess,
    }),
    reviewAll: useMutation({
      mutationFn: () => call(aiScreeningCalls.reviewAll, { query: { inspectionId } }),
      onSuccess,
    }),
  };
}

/** The error feedback on an AI defect: the server retypes it, or deletes it when it is not damage. */
export function useGiveFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AiFeedbackBody) => call(aiScreeningCalls.feedback, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inspectionKeys.all }),
  });
}

export function useFeedbacks(inspectionId: number) {
  const ready = useInTeam();
  return useQuery({
    queryKey: aiKeys.feedbacks(inspectionId),
    enabled: ready,
    queryFn: ({ signal }) => call(aiScreeningCalls.feedbacks, { query: { inspectionId }, signal }),
  });
}
