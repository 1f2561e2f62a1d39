/**
 * Automatic binding of photos to spatial markers. The rule: a photo binds to every marker within `distanceM` of the
 * point where its optical axis first meets the model; a photo whose axis misses the model binds to none. The axis,
 * not the whole frustum, because a drone photo of a component is aimed at it: the frustum of an oblique photo holds
 * dozens of components it was not taken for.
 */
import type { Ecef } from '@sightline/geo';
import { PointGrid, opticalAxisRay } from '@sightline/geo';
import type { MeshIndex } from './mesh-index.js';
import type { PosedPhoto } from './photo-sight.js';

export interface SpatialMarkerPoint {
  readonly id: number;
  readonly position: Ecef;
}

export interface PhotoBinding {
  readonly photoId: number;
  readonly markerId: number;
  /** Metres from the marker to where the photo's axis meets the model. */
  readonly distanceM: number;
}

/** Bindings ordered by photo, then marker. */
export function bindPhotosToMarkers(input: {
  photos: readonly PosedPhoto[];
  markers: readonly SpatialMarkerPoint[];
  index: MeshIndex;
  distanceM: number;
}): { bindings: PhotoBinding[] } {
  const { distanceM, index } = input;
  if (!(distanceM > 0 && Number.isFinite(distanceM))) throw new RangeError('the binding distance must be positive');
  // Markers hashed into cubes of the binding distance: each photo's question reads the 27 cubes around its hit.
  const grid = new PointGrid(input.markers, distanceM);
  const bindings: PhotoBinding[] = [];
  for (const { id, camera } of input.photos) {
    const hit = index.firstHit(opticalAxisRay(camera));
    if (!hit) continue;
    for (const near of grid.near(hit.point, distanceM)) {
      bindings.push({ photoId: id, markerId: near.item.id, distanceM: near.distanceM });
    }
  }
  return { bindings: bindings.sort((a, b) => a.photoId - b.photoId || a.markerId - b.markerId) };
}
