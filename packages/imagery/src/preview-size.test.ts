import { describe, expect, it } from 'vitest';
import { jpegDecodeScale, previewLongSide } from './preview-size.js';

const bounds = { minimum: 1280, maximum: 2048 };

describe('jpegDecodeScale', () => {
  it.each([
    [1, 1],
    [1.99, 1],
    // sharp's guard: a shrink whose whole part is the scale decodes at the next larger scale
    [2, 1],
    [2.99, 1],
    [3, 2],
    [4, 2],
    [4.99, 2],
    [5, 4],
    [8, 4],
    [8.99, 4],
    [9, 8],
    [21.4, 8],
  ])('a shrink of %d decodes at 1/%i', (shrink, scale) => {
    expect(jpegDecodeScale(shrink)).toBe(scale);
  });
});

describe('previewLongSide', () => {
  it.each([
    // 20 MP (Phantom 4 RTK, 5472 × 3648): a quarter, 1368 px, decoded at half size
    [5472, 3648, 1368],
    // Mavic 3E (5280 × 3956): a quarter, 1320 px
    [5280, 3956, 1320],
    // 12 MP (4000 × 3000): a third, 1333 px, decoded at half size (half, 2000 px, would decode the photo whole)
    [4000, 3000, 1333],
    // 48 MP (8000 × 6000): a sixth, 1333 px, decoded at a quarter
    [8000, 6000, 1333],
    // 45 MP (Zenmuse P1, 8192 × 5460): a sixth, 1365 px
    [8192, 5460, 1365],
    // 100 MP (12288 × 8192): a ninth, 1365 px, decoded at an eighth
    [12288, 8192, 1365],
    // portrait: the long side is the height
    [3648, 5472, 1368],
    // 3 × the minimum exactly: a third
    [3840, 2160, 1280],
    // just under: a half, decoded whole as any preview of 1280 px or more would be
    [3839, 2160, 1919],
    [2560, 1440, 1280],
    // between the bounds at full size: the photo's own size; above the maximum with no factor reaching the minimum:
    // capped
    [2000, 1500, 2000],
    [2300, 1000, 2048],
    // smaller than the minimum: the photo's own size
    [640, 512, 640],
    [1280, 960, 1280],
  ])('%i × %i → %i', (width, height, expected) => {
    expect(previewLongSide(width, height, bounds)).toBe(expected);
  });

  it('lands within the bounds, at the cheapest decoding scale that reaches the minimum, for any larger photo', () => {
    for (let longSide = 1281; longSide < 40_000; longSide += 97) {
      const side = previewLongSide(longSide, 100, bounds);
      expect(side).toBeGreaterThanOrEqual(bounds.minimum);
      expect(side).toBeLessThanOrEqual(bounds.maximum);
      // Asking for the minimum itself is the largest shrink, so the cheapest decoding of any allowed preview.
      expect(jpegDecodeScale(longSide / side)).toBe(jpegDecodeScale(longSide / bounds.minimum));
    }
  });
});
