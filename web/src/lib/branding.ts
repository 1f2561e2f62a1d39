import type { DictionaryEntry } from '@sightline/shared';

/** The shell's branding: SPEC section 3, system config entries (company name, logo, icon). */
export interface Branding {
  companyName: string;
  logo: string;
  icon: string;
}

/** What the shell shows before the server answers, and for an entry the server leaves out. */
export const DEFAULT_BRANDING: Branding = { companyName: 'Sightline', logo: '/favicon.svg', icon: '/favicon.svg' };

export function brandingOf(entries: readonly DictionaryEntry[]): Branding {
  const value = (key: keyof Branding) =>
    entries.find((entry) => entry.key === key)?.value.trim() || DEFAULT_BRANDING[key];
  return { companyName: value('companyName'), logo: value('logo'), icon: value('icon') };
}

/** The browser tab's title: the page's name, then the company's. */
export function documentTitle(pageTitle: string | null, companyName: string): string {
  return pageTitle ? `${pageTitle} · ${companyName}` : companyName;
}

/** Pages where no call but the licence's may be made (an unlicensed local deployment answers 5012). */
export const LICENCE_PATHS: readonly string[] = ['/license', '/authorization'];

/** The favicon's type from its path, so the browser reads an SVG, PNG or JPEG icon correctly. */
export function iconType(path: string): string {
  const lower = path.toLowerCase();
  if (lower.endsWith('.svg')) return 'image/svg+xml';
  if (lower.endsWith('.jpg') || lower.endsWith('.jpeg')) return 'image/jpeg';
  return 'image/png';
}

/** The image types the server accepts for a logo or an icon (it checks the bytes again). */
export const SYSTEM_IMAGE_ACCEPT = '.png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml';
