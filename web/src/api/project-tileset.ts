import type { ViewerApi } from '../viewer';
import { fetchFileLink, fileFolderOf, withFileLink } from './file-links';

/**
 * Loads a project's served tileset into a 3D view. CesiumJS fetches the tiles itself: with a signed link to the
 * version's folder, renewed when it expires.
 */
export function loadProjectTileset(api: ViewerApi, tilesetUrl: string): Promise<void> {
  const folder = fileFolderOf(tilesetUrl);
  if (!folder) return api.loadTileset(tilesetUrl);
  return fetchFileLink(folder).then((link) =>
    api.loadTileset(withFileLink(tilesetUrl, link), {
      renewQuery: async () => (await fetchFileLink(folder, { fresh: true })).query,
    }),
  );
}
