import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isMissingEndpoint, request } from '../../api/client';
import { normalizeFunctions, type LicenseInfo } from './license-info';

export type { LicenseFunction, LicenseInfo, LicenseStatus } from './license-info';

/** `available: false` when the server has no licence service (404): the page says so instead of failing. */
export type LicenseState = { available: true; info: LicenseInfo } | { available: false };

export const licenseKeys = { info: ['license', 'info'] as const };

export function useLicenseInfo() {
  return useQuery({
    queryKey: licenseKeys.info,
    queryFn: async ({ signal }): Promise<LicenseState> => {
      try {
        const data = await request<Omit<LicenseInfo, 'functions'> & { functions?: unknown }>('/license/info', {
          signal,
          quiet: true,
        });
        return { available: true, info: { ...data, functions: normalizeFunctions(data.functions) } };
      } catch (error) {
        if (isMissingEndpoint(error)) return { available: false };
        throw error;
      }
    },
  });
}

export function useActivateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return request<unknown>('/license/activate', { method: 'POST', form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: licenseKeys.info }),
  });
}
