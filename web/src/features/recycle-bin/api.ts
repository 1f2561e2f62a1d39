import { recycleBinCalls } from '@sightline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client';
import { isTeamQuery, recycleKeys } from '../../api/query-keys';
import { useInTeam } from '../../stores/session-store';

export interface RecycleQuery {
  pageNum: number;
  pageSize: number;
  kind?: string;
  keyword?: string;
}

export function useRecyclePage(query: RecycleQuery) {
  const ready = useInTeam();
  return useQuery({
    queryKey: recycleKeys.page(query),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      call(recycleBinCalls.list, {
        signal,
        query: { ...query, kind: query.kind || undefined, keyword: query.keyword || undefined },
      }),
  });
}

export function useRecycleTotal() {
  const ready = useInTeam();
  return useQuery({
    queryKey: recycleKeys.total(),
    enabled: ready,
    queryFn: ({ signal }) => call(recycleBinCalls.totalSize, { signal }),
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  // Restoring or purging changes the team's storage, its projects and anything inside them.
  return () => queryClient.invalidateQueries({ predicate: isTeamQuery });
}

export function useRestoreItems() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => call(recycleBinCalls.restore, { body: { ids } }),
    onSuccess: invalidate,
  });
}

/** USER_PASSWORD_CHECK is shown on the dialog's password field, not as a toast. */
export function useDeleteItems() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { ids: number[]; password: string }) =>
      call(recycleBinCalls.deletePermanently, { body, quietKeys: ['USER_PASSWORD_CHECK'] }),
    onSuccess: invalidate,
  });
}

export function useEmptyBin() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (password: string) =>
      call(recycleBinCalls.clean, { body: { password }, quietKeys: ['USER_PASSWORD_CHECK'] }),
    onSuccess: invalidate,
  });
}
