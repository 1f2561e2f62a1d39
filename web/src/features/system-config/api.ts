import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictionaryEntry, SystemConfigUpdateBody } from '@sightline/shared';
import { request } from '../../api/client';
import { brandingOf, type Branding } from './branding';

export const systemConfigKeys = { config: ['system-config'] as const };

/**
 * The deployment's company name, logo and icon (public: the login page shows them). Not asked on
 * the licence pages, where an unlicensed local deployment answers every other call with 5012.
 */
export function useSystemConfig(enabled = true) {
  return useQuery({
    queryKey: systemConfigKeys.config,
    enabled,
    retry: 1,
    staleTime: 10 * 60_000,
    queryFn: async ({ signal }): Promise<Branding> =>
      brandingOf(await request<DictionaryEntry[]>('/dictionary-data/find/system/config', { signal, quiet: true })),
  });
}

export function useUpdateSystemConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemConfigUpdateBody) =>
      request<DictionaryEntry[]>('/dictionary-data/system/config', { method: 'PUT', body }),
    onSuccess: (entries) => queryClient.setQueryData(systemConfigKeys.config, brandingOf(entries)),
  });
}

/** Uploads a logo or icon (PNG, JPEG or SVG, at most 2 MB) and makes it the entry's value at once. */
export function useUploadSystemImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entry, file }: { entry: 'logo' | 'icon'; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return request<DictionaryEntry>('/dictionary-data/system/logo', { method: 'POST', query: { entry }, form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemConfigKeys.config }),
  });
}
