/**
 * Historical defect matching (SPEC sections 2 and 4): each defect of an inspection is matched to at most one defect
 * of the previous inspection, and each earlier defect to at most one later one. A pair must be of the same type,
 * of compatible shapes (a line with a line, an area with an area: a crack is never an area of spalling) and within
 * the distance threshold in 3D (inclusive).
 *
 * Among the candidate pairs the nearest go first (greedy by distance; equal distances by the lower current id, then
 * the lower previous id). Greedy rather than an optimal assignment: with a threshold well below the spacing of
 * distinct defects of one type, candidates rarely compete, and when they do the nearest is what an inspector would
 * pick; an optimal assignment (Hungarian, cubic) would only trade a nearer pair for two farther ones. Candidates are
 * found through a grid of the threshold's size, so 10,000 defects against 10,000 take milliseconds.
 *
 * Pairs already fixed (a link written before a cancel, a link made by hand) are given as `fixed`: their defects
 * take no part. Since greedy picks the same pairs whatever was fixed among its own earlier picks, a matching
 * continued after a cancel ends as one run straight through would.
 */
import type { Ecef } from './coordinates.js';
import { PointGrid } from './point-grid.js';

export type HistoryShape = 'line' | 'area';

export interface HistorySizes {
  readonly lengthM: number | null;
  readonly widthMm: number | null;
  readonly areaM2: number | null;
}

export interface HistoryCandidate extends HistorySizes {
  readonly id: number;
  readonly typeId: number;
  readonly shape: HistoryShape;
  /** Where the defect stands on the model; null when it is not placed (it then matches nothing). */
  readonly position: Ecef | null;
}

/** Relative share and absolute floors below which a size did not change (noise between two measurements). */
export interface ChangeTolerance {
  readonly relative: number;
  readonly lengthM: number;
  readonly widthMm: number;
  readonly areaM2: number;
}

export type SizeChangeKind = 'unchanged' | 'length' | 'width' | 'lengthWidth' | 'area';

export interface SizeChange {
  readonly kind: SizeChangeKind;
  /** Current minus previous; null where either side has no such size. */
  readonly delta: HistorySizes;
}

export interface HistoryPair {
  readonly currentId: number;
  readonly previousId: number;
  readonly distanceM: number;
  readonly change: SizeChange;
}

export interface HistoryMatching {
  /** By current id. */
  readonly pairs: HistoryPair[];
  /** Current defects with no earlier match (new), by id. */
  readonly added: number[];
  /** Earlier defects nothing matched (repaired, or not found again), by id. */
  readonly repaired: number[];
}

function difference(current: number | null, previous: number | null): number | null {
  return current === null || previous === null ? null : current - previous;
}

function changed(delta: number | null, previous: number | null, floor: number, relative: number): boolean {
  if (delta === null || previous === null) return false;
  return Math.abs(delta) > Math.max(floor, relative * Math.abs(previous));
}

/**
 * How a defect's sizes moved since its earlier match: lines compare length and width, areas compare area. A size
 * one side lacks (a width never drawn) is not compared.
 */
export function sizeChange(
  shape: HistoryShape,
  current: HistorySizes,
  previous: HistorySizes,
  tolerance: ChangeTolerance,
): SizeChange {
  const delta = {
    lengthM: difference(current.lengthM, previous.lengthM),
    widthMm: difference(current.widthMm, previous.widthMm),
    areaM2: difference(current.areaM2, previous.areaM2),
  };
  if (shape === 'area') {
    const area = changed(delta.areaM2, previous.areaM2, tolerance.areaM2, tolerance.relative);
    return { kind: area ? 'area' : 'unchanged', delta };
  }
  const length = changed(delta.lengthM, previous.lengthM, tolerance.lengthM, tolerance.relative);
  const width = changed(delta.widthMm, previous.widthMm, tolerance.widthMm, tolerance.relative);
  const kind = length && width ? 'lengthWidth' : length ? 'length' : width ? 'width' : 'unchanged';
  return { kind, delta };
}

export function matchDefectHistory(
  current: readonly HistoryCandidate[],
  previous: readonly HistoryCandidate[],
  options: {
    distanceM: number;
    tolerance: ChangeTolerance;
    fixed?: { currentIds: Iterable<number>; previousIds: Iterable<number> };
  },
): HistoryMatching {
  const { distanceM, tolerance } = options;
  if (!(distanceM > 0 && Number.isFinite(distanceM))) throw new RangeError('the match distance must be positive');
  const fixedCurrent = new Set(options.fixed?.currentIds ?? []);
  const fixedPrevious = new Set(options.fixed?.previousIds ?? []);
  const open = previous.filter((defect) => !fixedPrevious.has(defect.id));
  const placed = open.flatMap((defect) => (defect.position ? [{ defect, position: defect.position }] : []));
  const grid = new PointGrid(placed, distanceM);

  const candidates: Array<{ current: HistoryCandidate; previous: HistoryCandidate; distanceM: number }> = [];
  const pending = current.filter((defect) => !fixedCurrent.has(defect.id));
  for (const defect of pending) {
    if (!defect.position) continue;
    for (const { item, distanceM: apart } of grid.near(defect.position, distanceM)) {
      if (item.defect.typeId !== defect.typeId || item.defect.shape !== defect.shape) continue;
      candidates.push({ current: defect, previous: item.defect, distanceM: apart });
    }
  }
  candidates.sort((a, b) => a.distanceM - b.distanceM || a.current.id - b.current.id || a.previous.id - b.previous.id);

  const takenCurrent = new Set<number>();
  const takenPrevious = new Set<number>();
  const pairs: HistoryPair[] = [];
  for (const candidate of candidates) {
    if (takenCurrent.has(candidate.current.id) || takenPrevious.has(candidate.previous.id)) continue;
    takenCurrent.add(candidate.current.id);
    takenPrevious.add(candidate.previous.id);
    pairs.push({
      currentId: candidate.current.id,
      previousId: candidate.previous.id,
      distanceM: candidate.distanceM,
      change: sizeChange(candidate.current.shape, candidate.current, candidate.previous, tolerance),
    });
  }
  const byId = (a: number, b: number) => a - b;
  return {
    pairs: pairs.sort((a, b) => a.currentId - b.currentId),
    added: pending
      .filter((defect) => !takenCurrent.has(defect.id))
      .map((defect) => defect.id)
      .sort(byId),
    repaired: open
      .filter((defect) => !takenPrevious.has(defect.id))
      .map((defect) => defect.id)
      .sort(byId),
  };
}
