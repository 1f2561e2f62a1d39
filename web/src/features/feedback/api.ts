import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackHandledBody, FeedbackItem, FeedbackType, Page } from '@sightline/shared';
import { request } from '../../api/client';
import { feedbackKeys } from '../../api/query-keys';
import { useSignedIn } from '../../stores/session-store';

export interface FeedbackQuery {
  pageNum: number;
  pageSize: number;
  type?: FeedbackType;
  handled?: 'true' | 'false';
}

export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => request<{ id: number }>('/feedback', { method: 'POST', body }),
  });
}

/** Every user's feedback, for corporate management's inbox. */
export function useFeedbackPage(query: FeedbackQuery) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: feedbackKeys.page(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => request<Page<FeedbackItem>>('/feedback/page', { signal, query: { ...query } }),
  });
}

export function useSetFeedbackHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & FeedbackHandledBody) =>
      request<null>(`/feedback/${id}/handled`, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
