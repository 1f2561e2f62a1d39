/**
 * Photo comparison (SPEC section 5): 2 to 4 photos side by side in 2D, exactly 2 in 3D, never two photos of one
 * inspection, and photos of at least two inspections (a comparison is of a place across time). One function, so the
 * comparison page, the screens that open it and any server call refuse the same choices with the same keys.
 */
import { LIMITS } from './limits.js';

export const PHOTO_COMPARE_MODES = ['2d', '3d'] as const;
export type PhotoCompareMode = (typeof PHOTO_COMPARE_MODES)[number];

export interface ComparedPhoto {
  readonly id: number;
  readonly inspectionId: number;
}

/** Text keys under `photoCompare.rule.` of the comparison's mistakes; each comes with its own message. */
export type PhotoCompareProblem =
  | { key: 'count2d'; min: number; max: number; count: number }
  | { key: 'count3d'; required: number; count: number }
  | { key: 'sameInspection'; inspectionId: number }
  | { key: 'oneInspection' };

/** Every rule the chosen photos break, count first; empty when they can be compared. */
export function checkPhotoComparison(mode: PhotoCompareMode, photos: readonly ComparedPhoto[]): PhotoCompareProblem[] {
  const problems: PhotoCompareProblem[] = [];
  const count = photos.length;
  const { min, max } = LIMITS.compare2dPhotos;
  if (mode === '2d' && (count < min || count > max)) problems.push({ key: 'count2d', min, max, count });
  if (mode === '3d' && count !== LIMITS.compare3dPhotos) {
    problems.push({ key: 'count3d', required: LIMITS.compare3dPhotos, count });
  }
  const seen = new Set<number>();
  const repeated = new Set<number>();
  for (const { inspectionId } of photos) {
    if (seen.has(inspectionId)) repeated.add(inspectionId);
    seen.add(inspectionId);
  }
  for (const inspectionId of repeated) problems.push({ key: 'sameInspection', inspectionId });
  // One inspection alone is its own mistake only when it is not already the repeated one reported above.
  if (count > 0 && seen.size < 2 && repeated.size === 0) problems.push({ key: 'oneInspection' });
  return problems;
}

/** Whether another photo may be projected onto the model when `projected` already are (SPEC section 5). */
export const canProjectAnother = (projected: number): boolean => projected < LIMITS.projectedImagesMax;
