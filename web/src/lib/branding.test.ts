import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING, brandingOf, documentTitle, iconType } from './branding';

describe('branding', () => {
  it('reads the entries, keeping defaults for missing or blank ones', () => {
    expect(
      brandingOf([
        { key: 'companyName', value: 'Bridge Co' },
        { key: 'logo', value: '/api/files/system/logo-0123456789abcdef.png' },
        { key: 'icon', value: '  ' },
      ]),
    ).toEqual({
      companyName: 'Bridge Co',
      logo: '/api/files/system/logo-0123456789abcdef.png',
      icon: DEFAULT_BRANDING.icon,
    });
    expect(brandingOf([])).toEqual(DEFAULT_BRANDING);
  });

  it('titles the tab with the page and the company', () => {
    expect(documentTitle('Recycle bin', 'Bridge Co')).toBe('Recycle bin · Bridge Co');
    expect(documentTitle(null, 'Bridge Co')).toBe('Bridge Co');
  });

  it('types the favicon from its extension', () => {
    expect(iconType('/favicon.svg')).toBe('image/svg+xml');
    expect(iconType('/api/files/system/icon-1.JPG')).toBe('image/jpeg');
    expect(iconType('/api/files/system/icon-1.png')).toBe('image/png');
  });
});
