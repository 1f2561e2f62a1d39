import { systemConfigCalls } from '@sightline/shared';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { DEFAULT_BRANDING, LICENCE_PATHS, brandingOf, type Branding } from '../lib/branding';
import { call } from './client';
import { systemConfigKeys } from './query-keys';

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
      brandingOf(await call(systemConfigCalls.systemConfig, { signal, quiet: true })),
  });
}

/** The company name, logo and icon to show; the defaults until (or unless) the server answers. */
export function useBranding(): Branding {
  const { pathname } = useLocation();
  const { data } = useSystemConfig(!LICENCE_PATHS.includes(pathname));
  return data ?? DEFAULT_BRANDING;
}
