import { QueryClient } from '@tanstack/react-query';

/**
 * One client for the app. No automatic retries: every failed request already showed its
 * translated toast, and a retry would show it again.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
