import { describe, expect, it } from 'vitest';
import { previewLongSide } from './preview-size.js';

const bounds = { minimum: 1280, maximum: 2048 };

describe('previewLongSide', () => {
  it.each([
    // 20 MP (Phantom 4 RTK, 5472 × 3648): 1/4 scale, 1368 px
    [5472, 3648, 1368],
    // Mavic 3E (5280 × 3956): 1/4 scale, 1320 px
    [5280, 3956, 1320],
    // 12 MP (4000 × 3000): 1/4 would give 1000 px, below the minimum: 1/2 scale, 2000 px
    [4000, 3000, 2000],
    // 48 MP (8000 × 6000): 1/4 scale is 2000 px
    [8000, 6000, 2000],
    // 100 MP (12288 × 8192): 1/8 scale, 1536 px
    [12288, 8192, 1536],
    // portrait: the long side is the height
    [3648, 5472, 1368],
    // 2 × the minimum exactly: 1/2 scale
    [2560, 1440, 1280],
    // between the bounds at full size, but 1/2 would fall below: full size
    [2000, 1500, 2000],
    // just above the maximum with no scale reaching the minimum but full: capped
    [2300, 1000, 2048],
    // smaller than the minimum: the photo's own size
    [640, 512, 640],
    [1280, 960, 1280],
  ])('%i × %i → %i', (width, height, expected) => {
    expect(previewLongSide(width, height, bounds)).toBe(expected);
  });

  it('always lands within the bounds for photos larger than the minimum', () => {
    for (let longSide = 1281; longSide < 40_000; longSide += 97) {
      const side = previewLongSide(longSide, 100, bounds);
      expect(side).toBeGreaterThanOrEqual(bounds.minimum);
      expect(side).toBeLessThanOrEqual(bounds.maximum);
    }
  });
});
