/**
 * Points hashed into cubes at least as large as the search radius, so a query reads the 27 cubes around a point. A
 * hash rather than kdbush (two-dimensional: points on a tower stand above each other) or a tree: the radius is fixed
 * per grid, and a grid of that size answers it in constant time. Cubes are numbered from the points' lowest corner,
 * so a key is one number (strings cost more than the queries here).
 */
import type { Ecef } from './coordinates.js';

export interface GridPoint {
  readonly position: Ecef;
}

/** Cells per axis at most, so that a cell's number (x · ny + y) · nz + z stays an exact integer in a double. */
const MAX_CELLS_PER_AXIS = 2 ** 17;

export class PointGrid<T extends GridPoint> {
  private readonly cells = new Map<number, T[]>();
  private readonly min: [number, number, number] = [Infinity, Infinity, Infinity];
  private readonly counts: [number, number, number];
  private readonly cellM: number;

  /** `radiusM`: the largest radius `near` is asked for. */
  constructor(points: readonly T[], radiusM: number) {
    if (!(radiusM > 0 && Number.isFinite(radiusM))) throw new RangeError('the grid radius must be positive');
    const max = [-Infinity, -Infinity, -Infinity];
    for (const { position } of points) {
      [position.x, position.y, position.z].forEach((value, axis) => {
        this.min[axis] = Math.min(this.min[axis]!, value);
        max[axis] = Math.max(max[axis]!, value);
      });
    }
    const extent = points.length > 0 ? Math.max(...max.map((value, axis) => value - this.min[axis]!)) : 0;
    this.cellM = Math.max(radiusM, extent / (MAX_CELLS_PER_AXIS - 1));
    this.counts = [0, 1, 2].map((axis) => Math.floor((max[axis]! - this.min[axis]!) / this.cellM) + 1) as [
      number,
      number,
      number,
    ];
    for (const point of points) {
      const { x, y, z } = point.position;
      const key = this.key(this.cellOf(x, 0), this.cellOf(y, 1), this.cellOf(z, 2));
      const cell = this.cells.get(key);
      if (cell) cell.push(point);
      else this.cells.set(key, [point]);
    }
  }

  private cellOf(value: number, axis: 0 | 1 | 2): number {
    return Math.floor((value - this.min[axis]) / this.cellM);
  }

  private key(x: number, y: number, z: number): number {
    return (x * this.counts[1] + y) * this.counts[2] + z;
  }

  /** Points within `radiusM` (at most the grid's radius) of `point`, with their distances, in no order. */
  near(point: Ecef, radiusM: number): Array<{ item: T; distanceM: number }> {
    const found: Array<{ item: T; distanceM: number }> = [];
    if (this.cells.size === 0) return found;
    const cx = this.cellOf(point.x, 0);
    const cy = this.cellOf(point.y, 1);
    const cz = this.cellOf(point.z, 2);
    const [nx, ny, nz] = this.counts;
    for (let x = Math.max(cx - 1, 0); x <= Math.min(cx + 1, nx - 1); x++) {
      for (let y = Math.max(cy - 1, 0); y <= Math.min(cy + 1, ny - 1); y++) {
        for (let z = Math.max(cz - 1, 0); z <= Math.min(cz + 1, nz - 1); z++) {
          for (const item of this.cells.get(this.key(x, y, z)) ?? []) {
            const distanceM = ecefDistance(item.position, point);
            if (distanceM <= radiusM) found.push({ item, distanceM });
          }
        }
      }
    }
    return found;
  }

  /** The point nearest to `point` within `radiusM`, the lower `tieBreak` first on equal distances; null if none. */
  nearest(point: Ecef, radiusM: number, tieBreak: (a: T, b: T) => number): { item: T; distanceM: number } | null {
    let best: { item: T; distanceM: number } | null = null;
    for (const candidate of this.near(point, radiusM)) {
      if (
        !best ||
        candidate.distanceM < best.distanceM ||
        (candidate.distanceM === best.distanceM && tieBreak(candidate.item, best.item) < 0)
      ) {
        best = candidate;
      }
    }
    return best;
  }
}

export function ecefDistance(a: Ecef, b: Ecef): number {
  return Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);
}
