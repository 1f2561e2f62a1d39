/**
 * Automatic binding of photos to spatial markers. The rule: a photo binds to every marker within `distanceM` of the
 * point where its optical axis first meets the model; a photo whose axis misses the model binds to none. The axis,
 * not the whole frustum, because a drone photo of a component is aimed at it: the frustum of an oblique photo holds
 * dozens of components it was not taken for.
 */
import type { Ecef } from '@sightline/geo';
import { opticalAxisRay } from '@sightline/geo';
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

/**
 * Markers hashed into cubes of the binding distance, so a query reads the 27 cubes around a point. A hash rather
 * than kdbush (two-dimensional: markers on a tower stand above each other) or a tree: the radius is fixed per
 * question, and a grid of that size answers it in constant time.
 */
class MarkerGrid {
  private readonly cells = new Map<string, SpatialMarkerPoint[]>();

  constructor(
    markers: readonly SpatialMarkerPoint[],
    private readonly cellM: number,
  ) {
    for (const marker of markers) {
      const key = this.key(marker.position.x, marker.position.y, marker.position.z);
      const cell = this.cells.get(key);
      if (cell) cell.push(marker);
      else this.cells.set(key, [marker]);
    }
  }

  private key(x: number, y: number, z: number): string {
    return `${Math.floor(x / this.cellM)},${Math.floor(y / this.cellM)},${Math.floor(z / this.cellM)}`;
  }

  /** Markers within `radiusM` (at most the cell size) of `point`, with their distances. */
  near(point: Ecef, radiusM: number): Array<{ marker: SpatialMarkerPoint; distanceM: number }> {
    const found: Array<{ marker: SpatialMarkerPoint; distanceM: number }> = [];
    const cx = Math.floor(point.x / this.cellM);
    const cy = Math.floor(point.y / this.cellM);
    const cz = Math.floor(point.z / this.cellM);
    for (let dx = -1; dx <= 1; dx++) {
      for (let dy = -1; dy <= 1; dy++) {
        for (let dz = -1; dz <= 1; dz++) {
          for (const marker of this.cells.get(`${cx + dx},${cy + dy},${cz + dz}`) ?? []) {
            const distanceM = Math.hypot(
              marker.position.x - point.x,
              marker.position.y - point.y,
              marker.position.z - point.z,
            );
            if (distanceM <= radiusM) found.push({ marker, distanceM });
          }
        }
      }
    }
    return found;
  }
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
  const grid = new MarkerGrid(input.markers, distanceM);
  const bindings: PhotoBinding[] = [];
  for (const { id, camera } of input.photos) {
    const hit = index.firstHit(opticalAxisRay(camera));
    if (!hit) continue;
    for (const near of grid.near(hit.point, distanceM)) {
      bindings.push({ photoId: id, markerId: near.marker.id, distanceM: near.distanceM });
    }
  }
  return { bindings: bindings.sort((a, b) => a.photoId - b.photoId || a.markerId - b.markerId) };
}
