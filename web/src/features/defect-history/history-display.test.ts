import { describe, expect, it } from 'vitest';
import type { HistoryChain, HistoryDefect, HistoryRelation } from '@sightline/shared';
import { KIND_COLOURS, chainComparePhotos, comparisonSides, formatDelta } from './history-display';

const defect = (id: number, placed = true): HistoryDefect => ({
  id,
  code: `D${id}`,
  inspectionId: 1,
  imageId: id * 10,
  imageName: `${id}.JPG`,
  typeId: 1,
  level: 2,
  shapeKind: 'polyline',
  size: { lengthM: 1, widthMm: 0.5, areaM2: null },
  position: placed ? { lon: 121, lat: 31, height: id } : null,
});
const chainOf = (count: number): HistoryChain['chain'] =>
  Array.from({ length: count }, (_unused, index) => ({
    defect: defect(index + 1),
    inspection: { id: index + 1, name: `Year ${index}`, inspectionDate: `202${index}-04-01` },
    changeKind: index === 0 ? null : 'length',
    delta: null,
    manual: false,
  }));
const entry = (current: HistoryDefect | null, previous: HistoryDefect | null, kind: HistoryRelation['changeKind']) => ({
  defect: current,
  previous,
  changeKind: kind,
  delta: null,
  distanceM: null,
  manual: false,
});

describe("a chain's photos for the 2D comparison", () => {
  it('takes the newest four, oldest first', () => {
    expect(chainComparePhotos(chainOf(6))).toEqual([30, 40, 50, 60]);
    expect(chainComparePhotos(chainOf(2))).toEqual([10, 20]);
  });

  it('gives none for a defect seen once, which the comparison would refuse', () => {
    expect(chainComparePhotos(chainOf(1))).toEqual([]);
  });
});

describe('the sides of the 3D comparison', () => {
  it('puts earlier defects left and current ones right, each in its entry colour, and counts the unplaced', () => {
    const sides = comparisonSides([
      entry(defect(2), defect(1), 'length'),
      entry(defect(3), null, 'new'),
      entry(null, defect(4), 'repaired'),
      entry(defect(5, false), null, 'new'),
    ]);
    expect(sides.previous.map((point) => [point.id, point.color])).toEqual([
      [1, KIND_COLOURS.length],
      [4, KIND_COLOURS.repaired],
    ]);
    expect(sides.current.map((point) => [point.id, point.color])).toEqual([
      [2, KIND_COLOURS.length],
      [3, KIND_COLOURS.new],
    ]);
    expect(sides.unplaced).toBe(1);
  });
});

describe('a size change', () => {
  it('is signed, in the size precision, and empty when unknown', () => {
    expect(formatDelta(0.4, 'lengthM')).toBe('+0.4');
    expect(formatDelta(-0.05, 'widthMm')).toBe('-0.05');
    expect(formatDelta(null, 'areaM2')).toBe('');
  });
});
