import { licenceCalls } from '@sightline/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, isMissingEndpoint } from '../../api/client';
import { licenseKeys } from '../../api/query-keys';
import type { LicenseInfo } from './license-info';

export type { LicenseFunction, LicenseInfo, LicenseStatus } from './license-info';

/**
 * `available: false` on the hosted service: it needs no licence and has no licence calls (404),
 * so the page says so instead of failing.
 */
export type LicenseState = { available: true; info: LicenseInfo } | { available: false };

export function useLicenseInfo() {
  return useQuery({
    queryKey: licenseKeys.info,
    retry: false,
    queryFn: async ({ signal }): Promise<LicenseState> => {
      try {
        return { available: true, info: await call(licenceCalls.info, { signal, quiet: true }) };
      } catch (error) {
        if (isMissingEndpoint(error)) return { available: false };
        throw error;
      }
    },
  });
}

/** A refused file (LICENSE_CODE_ERROR, LICENSE_INFO_EXCEPTION, LICENSE_EXPIRED) is explained on the page. */
export function useActivateLicense() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return call(licenceCalls.activate, { form, quiet: true });
    },
    onSuccess: (info) => queryClient.setQueryData(licenseKeys.info, { available: true, info }),
  });
}
