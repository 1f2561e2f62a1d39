import { describe, expect, it } from 'vitest';
import { fileFolderOf, withFileLink } from './file-links';

describe('links to stored files', () => {
  it('asks one link per folder a screen shows: every avatar, one team covers, one model version tiles', () => {
    expect(fileFolderOf('/api/files/avatars/7/avatar-ab.png')).toBe('/api/files/avatars/');
    expect(fileFolderOf('/api/files/project-covers/3/cover-cd.jpg')).toBe('/api/files/project-covers/3/');
    expect(fileFolderOf('/api/project-model/tiles/12/4/Dragon/tileset.json')).toBe('/api/project-model/tiles/12/4/');
    // The logo is public, and another site's image is not ours to sign.
    expect(fileFolderOf('/api/files/system/logo-ef.png')).toBeNull();
    expect(fileFolderOf('https://example.com/a.png')).toBeNull();
  });

  it('adds the signed link after the URL, keeping its own query', () => {
    const link = { query: 'sig=1.2.3.L2FwaS8.mac', expiresAt: '2030-01-01T00:00:00.000Z' };
    expect(withFileLink('/api/files/avatars/7/a.png', link)).toBe('/api/files/avatars/7/a.png?sig=1.2.3.L2FwaS8.mac');
    expect(withFileLink('/api/x.png?size=2', link)).toBe('/api/x.png?size=2&sig=1.2.3.L2FwaS8.mac');
  });
});
