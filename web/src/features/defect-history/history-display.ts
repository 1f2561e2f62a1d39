/**
 * What the history screens show of a matching, kept free of React and Cesium: a change kind's colour, the photos a
 * chain compares, each side's defects as 3D points.
 */
import { LIMITS, type HistoryChain, type HistoryChangeKind, type HistoryRelation } from '@sightline/shared';
import { formatSize, type SizeDimension } from '../../lib/defect-sizes';

/** Each change kind's colour (CSS `#RRGGBB`, as the 3D view takes it): growth warm, new red, repaired grey. */
export const KIND_COLOURS: Readonly<Record<HistoryChangeKind, string>> = {
  unchanged: '#52c41a',
  length: '#fa8c16',
  width: '#faad14',
  lengthWidth: '#fa541c',
  area: '#eb2f96',
  new: '#f5222d',
  repaired: '#8c8c8c',
};

/** A size's column head, with its unit. */
export const SIZE_LABEL = {
  lengthM: 'historyUi.column.length',
  widthMm: 'historyUi.column.width',
  areaM2: 'historyUi.column.area',
} as const satisfies Record<SizeDimension, string>;

/** A signed change of a size, `+0.4` or `-0.05`; empty when there is none to say. */
export function formatDelta(value: number | null | undefined, dimension: SizeDimension): string {
  if (value === null || value === undefined) return '';
  const text = formatSize(value, dimension);
  return value > 0 ? `+${text}` : text;
}

/**
 * The photos the 2D comparison opens for a chain: its newest entries' photos (at most the comparison's maximum),
 * oldest first; none when fewer than its minimum, since the comparison page would refuse them.
 */
export function chainComparePhotos(chain: HistoryChain['chain']): number[] {
  const { min, max } = LIMITS.compare2dPhotos;
  const newest = chain.slice(-max).map((entry) => entry.defect.imageId);
  return newest.length >= min ? newest : [];
}

export interface SidePoint {
  id: number;
  color: string;
  position: { lon: number; lat: number; height: number };
}

/**
 * The two sides of the 3D comparison from the evolution table's entries: the previous inspection's defects (matched
 * ones and repaired ones) and this one's (matched ones and new ones), each placed one a point in its entry's
 * colour; `unplaced` counts those with no place on the model.
 */
export function comparisonSides(entries: readonly HistoryRelation[]) {
  const previous: SidePoint[] = [];
  const current: SidePoint[] = [];
  let unplaced = 0;
  for (const entry of entries) {
    const color = KIND_COLOURS[entry.changeKind];
    for (const [defect, side] of [
      [entry.previous, previous],
      [entry.defect, current],
    ] as const) {
      if (!defect) continue;
      if (defect.position) side.push({ id: defect.id, color, position: defect.position });
      else unplaced++;
    }
  }
  return { previous, current, unplaced };
}
