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

/** Cells per axis at most, so that a cell's number (x · ny + y) · nz + z stays an exact integer in a double. */
const MAX_CELLS_PER_AXIS = 2 ** 17;

/**
 * Markers hashed into cubes at least as large as the binding distance, so a query reads the 27 cubes around a point.
 * A hash rather than kdbush (two-dimensional: markers on a tower stand above each other) or a tree: the radius is
 * fixed per question, and a grid of that size answers it in constant time. Cubes are numbered from the markers'
 * lowest corner, so a key is one number (strings cost more than the rays here).
 */
class MarkerGrid {
  private readonly cells = new Map<number, SpatialMarkerPoint[]>();
  private readonly min: [number, number, number] = [Infinity, Infinity, Infinity];
  private readonly counts: [number, number, number];
  private readonly cellM: number;

  constructor(markers: readonly SpatialMarkerPoint[], radiusM: number) {
    const max = [-Infinity, -Infinity, -Infinity];
    for (const { position } of markers) {
      [position.x, position.y, position.z].forEach((value, axis) => {
        this.min[axis] = Math.min(this.min[axis]!, value);
        max[axis] = Math.max(max[axis]!, value);
      });
    }
    const extent = markers.length > 0 ? Math.max(...max.map((value, axis) => value - this.min[axis]!)) : 0;
    this.cellM = Math.max(radiusM, extent / (MAX_CELLS_PER_AXIS - 1));
    this.counts = [0, 1, 2].map((axis) => Math.floor((max[axis]! - this.min[axis]!) / this.cellM) + 1) as [
      number,
      number,
      number,
    ];
    for (const marker of markers) {
      const { x, y, z } = marker.position;
      const key = this.key(this.cellOf(x, 0), this.cellOf(y, 1), this.cellOf(z, 2));
      const cell = this.cells.get(key);
      if (cell) cell.push(marker);
      else this.cells.set(key, [marker]);
    }
  }

  private cellOf(value: number, axis: 0 | 1 | 2): number {
    return Math.floor((value - this.min[axis]) / this.cellM);
  }

  private key(x: number, y: number, z: number): number {
    return (x * this.counts[1] + y) * this.counts[2] + z;
  }

  /** Markers within `radiusM` (at most the cell size) of `point`, with their distances. */
  near(point: Ecef, radiusM: number): Array<{ marker: SpatialMarkerPoint; distanceM: number }> {
    const found: Array<{ marker: SpatialMarkerPoint; distanceM: number }> = [];
    const cx = this.cellOf(point.x, 0);
    const cy = this.cellOf(point.y, 1);
    const cz = this.cellOf(point.z, 2);
    const [nx, ny, nz] = this.counts;
    for (let x = Math.max(cx - 1, 0); x <= Math.min(cx + 1, nx - 1); x++) {
      for (let y = Math.max(cy - 1, 0); y <= Math.min(cy + 1, ny - 1); y++) {
        for (let z = Math.max(cz - 1, 0); z <= Math.min(cz + 1, nz - 1); z++) {
          for (const marker of this.cells.get(this.key(x, y, z)) ?? []) {
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
