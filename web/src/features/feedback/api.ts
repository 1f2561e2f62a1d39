import { feedbackCalls } from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackBody, FeedbackHandledBody, FeedbackType } from '@sightline/shared';
import { call } from '../../api/client';
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
    mutationFn: (body: FeedbackBody) => call(feedbackCalls.submit, { body }),
  });
}

/** Every user's feedback, for corporate management's inbox. */
export function useFeedbackPage(query: FeedbackQuery) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: feedbackKeys.page(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(feedbackCalls.page, { signal, query: { ...query } }),
  });
}

export function useSetFeedbackHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & FeedbackHandledBody) =>
      call(feedbackCalls.setHandled, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
