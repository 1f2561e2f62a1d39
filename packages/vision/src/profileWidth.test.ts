import { describe, expect, it } from 'vitest';
import { toGray } from './image.js';
import { kthSmallest, profileScratch, profileWidthAt, profileWidths } from './profileWidth.js';
import { drawCrack, rng, textureImage } from './synthetic.js';

describe('crack width from the image profile', () => {
  it('selects the k-th smallest value as a sort would, with ties and any k', () => {
    const r = rng(3);
    for (const n of [1, 2, 7, 90, 97]) {
      const values = Float32Array.from({ length: n }, () => Math.round(r() * 20)); // many ties
      const sorted = values.slice().sort();
      for (let k = 0; k < n; k++) expect(kthSmallest(values.slice(), k)).toBe(sorted[k]);
    }
  });

  const img = textureImage(200, 120, 4, 170, 4);
  drawCrack(
    img,
    [
      [10, 60],
      [190, 60],
    ],
    5,
  );
  const gray = toGray(img);

  it('measures the drawn band across the line', () => {
    const w = profileWidthAt(gray, img.width, img.height, 100, 60, 1, 0);
    expect(w).not.toBeNull();
    expect(Math.abs(w! - 5)).toBeLessThan(0.75);
    // no band across a line drawn where there is none
    expect(profileWidthAt(gray, img.width, img.height, 100, 20, 1, 0)).toBeNull();
  });

  it('gives the same widths with one reused scratch buffer as with fresh ones', () => {
    const scratch = profileScratch(24);
    for (const [x, y] of [
      [30, 60],
      [100, 61],
      [150, 59],
      [100, 20],
    ] as const) {
      expect(profileWidthAt(gray, img.width, img.height, x, y, 1, 0, 24, scratch)).toBe(
        profileWidthAt(gray, img.width, img.height, x, y, 1, 0, 24),
      );
    }
    const pts: Array<[number, number]> = [
      [20, 60],
      [60, 60],
      [120, 60],
      [180, 60],
    ];
    const widths = profileWidths(gray, img.width, img.height, pts);
    expect(widths.every((v) => v !== null && Math.abs(v - 5) < 0.75)).toBe(true);
  });
});
