import { useLocation } from 'react-router';
import { useSystemConfig } from '../api';
import { DEFAULT_BRANDING, LICENCE_PATHS, type Branding } from '../branding';

/** The company name, logo and icon to show; the defaults until (or unless) the server answers. */
export function useBranding(): Branding {
  const { pathname } = useLocation();
  const { data } = useSystemConfig(!LICENCE_PATHS.includes(pathname));
  return data ?? DEFAULT_BRANDING;
}
