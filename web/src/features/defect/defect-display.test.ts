import { describe, expect, it } from 'vitest';
import type { Defect } from '@sightline/shared';
import {
  FALLBACK_COLOUR,
  cappedCount,
  defectPoints,
  editedSizes,
  formatSize,
  parseColour,
  shownSize,
} from './defect-display';

const defect = (id: number, typeId: number, position: Defect['position']) =>
  ({ id, code: `D-${id}`, typeId, position }) as Defect;
const at = { lon: 113.9, lat: 22.5, height: 12 };

describe('sizes shown in the list', () => {
  it('shows the edited value over the computed one, and the computed one alone when none was typed', () => {
    const sizes = {
      size: { lengthM: 1.25, widthMm: 0.3, areaM2: null },
      sizeEdited: { lengthM: 2, widthMm: null, areaM2: null },
    };
    expect(shownSize(sizes, 'lengthM')).toEqual({ value: 2, computed: 1.25, edited: true });
    expect(shownSize(sizes, 'widthMm')).toEqual({ value: 0.3, computed: 0.3, edited: false });
    expect(shownSize({ ...sizes, sizeEdited: null }, 'lengthM')).toEqual({
      value: 1.25,
      computed: 1.25,
      edited: false,
    });
    expect(shownSize(sizes, 'areaM2')).toEqual({ value: null, computed: null, edited: false });
  });

  it('rounds each unit to its own precision and dashes a missing value', () => {
    expect(formatSize(1.23456, 'lengthM')).toBe('1.235');
    expect(formatSize(0.12345, 'widthMm')).toBe('0.12');
    expect(formatSize(2.5, 'areaM2')).toBe('2.5');
    expect(formatSize(null, 'areaM2')).toBe('—');
  });

  it('sends null when every size is back to computed', () => {
    expect(editedSizes({ lengthM: null, widthMm: undefined })).toBeNull();
    expect(editedSizes({ widthMm: 0.4 })).toEqual({ lengthM: null, widthMm: 0.4, areaM2: null });
  });
});

describe('type colours', () => {
  it('reads #RRGGBB and #RGB as RGBA in 0..1, and nothing else', () => {
    expect(parseColour('#ff8000')).toEqual([1, 128 / 255, 0, 1]);
    expect(parseColour(' #F80 ')).toEqual([1, 136 / 255, 0, 1]);
    expect(parseColour('red')).toBeNull();
    expect(parseColour('#12345')).toBeNull();
    expect(parseColour('#gg0000')).toBeNull();
  });
});

describe('defects on the 3D view', () => {
  it('draws the located ones in their type colour, counts the others, and groups by type, most first', () => {
    const types = [
      { id: 1, color: '#ff0000' },
      { id: 2, color: 'not a colour' },
    ];
    const { points, groups, unplaced } = defectPoints(
      [defect(10, 1, at), defect(11, 2, at), defect(12, 2, at), defect(13, 1, null), defect(14, 9, at)],
      types,
    );
    expect(points.map((point) => [point.id, point.color])).toEqual([
      [10, '#ff0000'],
      [11, FALLBACK_COLOUR],
      [12, FALLBACK_COLOUR],
      [14, FALLBACK_COLOUR],
    ]);
    expect(points[0]!.position).toEqual(at);
    expect(unplaced).toBe(1);
    expect(groups).toEqual([
      { typeId: 2, color: FALLBACK_COLOUR, count: 2 },
      { typeId: 1, color: '#ff0000', count: 1 },
      { typeId: 9, color: FALLBACK_COLOUR, count: 1 },
    ]);
  });
});

describe('counts', () => {
  it('reads "20000+" when the server stopped counting, the number itself otherwise', () => {
    expect(cappedCount(20_000, true)).toBe('20000+');
    expect(cappedCount(20_000, false)).toBe(20_000);
    expect(cappedCount(0, undefined)).toBe(0);
  });
});
