import { useMutation } from '@tanstack/react-query';
import type { FeedbackBody } from '@sightline/shared';
import { request } from '../../api/client';

export function useSendFeedback() {
  return useMutation({
    mutationFn: (body: FeedbackBody) => request<{ id: number }>('/feedback', { method: 'POST', body }),
  });
}
