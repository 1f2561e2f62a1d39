import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Notice, NoticeSendBody, NoticeType, Page } from '@sightline/shared';
import { request } from '../../api/client';
import { noticeKeys } from '../../api/query-keys';
import { useSignedIn } from '../../stores/session-store';

export interface NoticeQuery {
  pageNum: number;
  pageSize: number;
  type: NoticeType;
  read?: 'true' | 'false';
}

export function useNoticeTypeStatus() {
  const ready = useSignedIn();
  return useQuery({
    queryKey: noticeKeys.typeStatus(),
    enabled: ready,
    queryFn: ({ signal }) => request<Array<{ type: NoticeType; unread: number }>>('/notice/type-status', { signal }),
  });
}

export function useNoticeTipCard(enabled: boolean) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: noticeKeys.tipCard(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => request<Notice[]>('/notice/tip-card', { signal }),
  });
}

export function useNoticePage(query: NoticeQuery) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: noticeKeys.page(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => request<Page<Notice>>('/notice/page', { signal, query: { ...query } }),
  });
}

export function useNotice(id: number | null) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: noticeKeys.detail(id ?? 0),
    enabled: ready && id !== null,
    queryFn: ({ signal }) => request<Notice>(`/notice/${id}`, { signal }),
  });
}

function useInvalidateNotices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}

export function useReadNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/notice/read/${id}`, { method: 'PUT' }),
    onSuccess: invalidate,
  });
}

export function useReadNoticeType() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (type: NoticeType) => request<{ count: number }>(`/notice/read-type/${type}`, { method: 'PUT' }),
    onSuccess: invalidate,
  });
}

export function useDeleteNoticeType() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (type: NoticeType) => request<{ count: number }>(`/notice/type/${type}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useSendNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (body: NoticeSendBody) => request<{ count: number }>('/notice/send', { method: 'POST', body }),
    onSuccess: invalidate,
  });
}
