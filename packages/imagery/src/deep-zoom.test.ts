import { describe, expect, it } from 'vitest';
import { maxLevelOf, pyramidLevels, tileCount, tileOrdinal, type PyramidGeometry } from './deep-zoom.js';

const photo: PyramidGeometry = { width: 6000, height: 4000, tileSize: 256, overlap: 1 };

describe('Deep Zoom pyramid geometry', () => {
  it('counts levels from one pixel to the full size, halving with the size rounded up', () => {
    expect(maxLevelOf(photo)).toBe(13); // 2^13 = 8192 ≥ 6000 > 4096
    const levels = pyramidLevels(photo);
    expect(levels).toHaveLength(14);
    expect(levels[0]).toEqual({ level: 0, width: 1, height: 1, columns: 1, rows: 1 });
    expect(levels[13]).toEqual({ level: 13, width: 6000, height: 4000, columns: 24, rows: 16 });
    // 6000 / 2 = 3000, 4000 / 2 = 2000; 6000 / 8 = 750, 4000 / 8 = 500
    expect(levels[12]).toMatchObject({ width: 3000, height: 2000, columns: 12, rows: 8 });
    expect(levels[10]).toMatchObject({ width: 750, height: 500, columns: 3, rows: 2 });
    // an odd size rounds up: 4000 / 2^12 = 0.98 → 1
    expect(levels[1]).toMatchObject({ width: 2, height: 1 });
  });

  it('numbers tiles level by level, row by row, and has none outside a level’s grid', () => {
    const total = tileCount(photo);
    const levels = pyramidLevels(photo);
    expect(total).toBe(levels.reduce((sum, level) => sum + level.columns * level.rows, 0));
    expect(tileOrdinal(photo, 0, 0, 0)).toBe(0);
    const top = levels[13]!;
    expect(tileOrdinal(photo, 13, top.columns - 1, top.rows - 1)).toBe(total - 1);
    expect(tileOrdinal(photo, 13, 0, 1)).toBe(total - top.columns * top.rows + top.columns);
    expect(tileOrdinal(photo, 13, top.columns, 0)).toBeNull();
    expect(tileOrdinal(photo, 13, 0, top.rows)).toBeNull();
    expect(tileOrdinal(photo, 14, 0, 0)).toBeNull();
  });

  it('is one tile at every level for a photo no larger than a tile', () => {
    const small = { width: 200, height: 100, tileSize: 256, overlap: 1 };
    expect(pyramidLevels(small).every((level) => level.columns === 1 && level.rows === 1)).toBe(true);
    expect(tileCount(small)).toBe(maxLevelOf(small) + 1);
  });
});
