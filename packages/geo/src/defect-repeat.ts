/**
 * Repeated defects (SPEC sections 2 and 5): one defect marked on several overlapping photos. Two located defects of
 * the same type on different photos whose places on the model are within the threshold are the same defect, and so,
 * through each other, are chains of them (union-find over a grid of the threshold's size: each defect reads the 27
 * cubes around it, so 10,000 defects take milliseconds). Two marks on one photo are not repeats of each other (that
 * is a merge's business), though a chain through other photos can bring them into one group.
 *
 * Of each group the best view is kept: the defect whose photo's camera was nearest to it (the most pixels per metre
 * on it); on equal distances, or without a camera place, the larger drawn extent (the diagonal of its pixel bounding
 * box); then the lower id.
 */
import type { Ecef } from './coordinates.js';
import { PointGrid } from './point-grid.js';

export interface RepeatCandidate {
  readonly id: number;
  readonly typeId: number;
  readonly imageId: number;
  /** Where the defect stands on the model. */
  readonly position: Ecef;
  /** Metres from its photo's camera to its place; null when the photo's camera place is unknown. */
  readonly cameraDistanceM: number | null;
  /** The drawn shape's extent in pixels (`pixelExtent`). */
  readonly extentPx: number;
}

export interface RepeatGroup {
  /** The best view, kept. */
  readonly keepId: number;
  /** The others, deleted by the repeated-defect deletion; by id. */
  readonly repeatedIds: number[];
}

/** The diagonal of the points' bounding box, in pixels. */
export function pixelExtent(points: ReadonlyArray<readonly [number, number]>): number {
  let [minU, minV, maxU, maxV] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [u, v] of points) {
    minU = Math.min(minU, u);
    minV = Math.min(minV, v);
    maxU = Math.max(maxU, u);
    maxV = Math.max(maxV, v);
  }
  return points.length ? Math.hypot(maxU - minU, maxV - minV) : 0;
}

/** Whether `a` is a better view than `b`. */
function betterView(a: RepeatCandidate, b: RepeatCandidate): boolean {
  const [da, db] = [a.cameraDistanceM ?? Infinity, b.cameraDistanceM ?? Infinity];
  if (da !== db) return da < db;
  if (a.extentPx !== b.extentPx) return a.extentPx > b.extentPx;
  return a.id < b.id;
}

/** Groups of two or more, ordered by their kept defect's id. */
export function findRepeatedDefects(defects: readonly RepeatCandidate[], distanceM: number): RepeatGroup[] {
  if (!(distanceM > 0 && Number.isFinite(distanceM))) throw new RangeError('the repeat distance must be positive');
  const indexed = defects.map((defect, index) => ({ defect, index, position: defect.position }));
  const parent = indexed.map((_, index) => index);
  const root = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  const grid = new PointGrid(indexed, distanceM);
  for (const { defect, index, position } of indexed) {
    for (const { item } of grid.near(position, distanceM)) {
      if (item.index <= index || item.defect.typeId !== defect.typeId || item.defect.imageId === defect.imageId) {
        continue;
      }
      const [a, b] = [root(index), root(item.index)];
      if (a !== b) parent[Math.max(a, b)] = Math.min(a, b);
    }
  }
  const groups = new Map<number, RepeatCandidate[]>();
  for (const { defect, index } of indexed) {
    const key = root(index);
    const members = groups.get(key);
    if (members) members.push(defect);
    else groups.set(key, [defect]);
  }
  const found: RepeatGroup[] = [];
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const keep = members.reduce((best, candidate) => (betterView(candidate, best) ? candidate : best));
    found.push({
      keepId: keep.id,
      repeatedIds: members
        .filter((member) => member !== keep)
        .map((member) => member.id)
        .sort((a, b) => a - b),
    });
  }
  return found.sort((a, b) => a.keepId - b.keepId);
}
