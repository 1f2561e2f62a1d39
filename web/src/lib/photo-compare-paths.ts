import { PHOTO_COMPARE_MODES, type PhotoCompareMode } from '@sightline/shared';
import { idListParam } from './id-params';

/**
 * The comparison page (/imgcompare, SPEC section 2) for the chosen photos: the spatial markers' photo history and the
 * photo viewer open it, and the page keeps its choice in the same query, so a comparison can be kept as a link.
 */
export function photoComparePath(mode: PhotoCompareMode, imageIds: readonly number[]): string {
  return `/imgcompare?mode=${mode}&images=${imageIds.join(',')}`;
}

/** The page's query: the mode (2D when absent or unknown) and the photo ids, in their order (none when unreadable). */
export function photoCompareQuery(params: URLSearchParams): { mode: PhotoCompareMode; imageIds: number[] } {
  const mode = PHOTO_COMPARE_MODES.find((known) => known === params.get('mode')) ?? '2d';
  return { mode, imageIds: idListParam(params.get('images') ?? '') ?? [] };
}
