import { describe, expect, it } from 'vitest';
import { jpegDecodeScale, previewLongSide } from './preview-size.js';

const bounds = { minimum: 1024, maximum: 2048 };

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
    // 20 MP (Phantom 4 RTK, 5472 × 3648): a fifth, 1094 px, decoded at a quarter (a quarter, 1368 px, would decode at
    // half size: sharp's guard)
    [5472, 3648, 1094],
    // Mavic 3E (5280 × 3956): a fifth, 1056 px
    [5280, 3956, 1056],
    // 12 MP (4000 × 3000): a third, 1333 px, decoded at half size (half, 2000 px, would decode the photo whole)
    [4000, 3000, 1333],
    // 48 MP (8000 × 6000): a fifth, 1600 px, the largest of the previews decoded at a quarter
    [8000, 6000, 1600],
    // 45 MP (Zenmuse P1, 8192 × 5460): a fifth, 1638 px
    [8192, 5460, 1638],
    // 100 MP (12288 × 8192): a ninth, 1365 px, decoded at an eighth
    [12288, 8192, 1365],
    // 200 MP and more: at an eighth from a ninth on, the largest of those within the maximum
    [16384, 12288, 1820],
    [30000, 20000, 2000],
    // portrait: the long side is the height
    [3648, 5472, 1094],
    // 3 × the minimum exactly: a third
    [3072, 2048, 1024],
    // just under: any preview of 1024 px or more decodes the photo whole, so the largest: a half
    [3071, 2048, 1535],
    [2600, 1950, 1300],
    [2300, 1000, 1150],
    // between the bounds at full size: the photo's own size
    [2000, 1500, 2000],
    [2048, 1000, 2048],
    // smaller than the minimum: the photo's own size
    [640, 512, 640],
    [1024, 768, 1024],
  ])('%i × %i → %i', (width, height, expected) => {
    expect(previewLongSide(width, height, bounds)).toBe(expected);
  });

  it('lands within the bounds at the cheapest decoding scale that reaches the minimum, the largest such, for any larger photo', () => {
    for (let longSide = bounds.minimum + 1; longSide < 40_000; longSide += 97) {
      const side = previewLongSide(longSide, 100, bounds);
      expect(side).toBeGreaterThanOrEqual(bounds.minimum);
      expect(side).toBeLessThanOrEqual(bounds.maximum);
      // Asking for the minimum itself is the largest shrink, so the cheapest decoding of any allowed preview.
      const cheapest = jpegDecodeScale(longSide / bounds.minimum);
      expect(jpegDecodeScale(longSide / side)).toBe(cheapest);
      expect(longSide % side < longSide / side, 'a whole factor').toBe(true);
      // No larger whole-factor preview within the bounds decodes as cheaply.
      for (let factor = 1; Math.floor(longSide / factor) > side; factor += 1) {
        const larger = Math.floor(longSide / factor);
        if (larger <= bounds.maximum) expect(jpegDecodeScale(longSide / larger)).toBeLessThan(cheapest);
      }
    }
  });
});
