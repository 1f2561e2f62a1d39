import { noticeCalls } from '@sightline/shared';
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoticeSendBody, NoticeType } from '@sightline/shared';
import { call } from '../../api/client';
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
    queryFn: ({ signal }) => call(noticeCalls.typeStatus, { signal }),
  });
}

export function useNoticeTipCard(enabled: boolean) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: noticeKeys.tipCard(),
    enabled: ready && enabled,
    queryFn: ({ signal }) => call(noticeCalls.tipCard, { signal }),
  });
}

export function useNoticePage(query: NoticeQuery) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: noticeKeys.page(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => call(noticeCalls.page, { signal, query: { ...query } }),
  });
}

export function useNotice(id: number | null) {
  const ready = useSignedIn();
  return useQuery({
    queryKey: noticeKeys.detail(id ?? 0),
    enabled: ready,
    queryFn: id === null ? skipToken : ({ signal }) => call(noticeCalls.get, { params: { id }, signal }),
  });
}

function useInvalidateNotices() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: noticeKeys.all });
}

export function useReadNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (id: number) => call(noticeCalls.read, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useReadNoticeType() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (type: NoticeType) => call(noticeCalls.readType, { params: { type } }),
    onSuccess: invalidate,
  });
}

export function useDeleteNoticeType() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (type: NoticeType) => call(noticeCalls.deleteType, { params: { type } }),
    onSuccess: invalidate,
  });
}

export function useSendNotice() {
  const invalidate = useInvalidateNotices();
  return useMutation({
    mutationFn: (body: NoticeSendBody) => call(noticeCalls.send, { body }),
    onSuccess: invalidate,
  });
}
