import { describe, expect, it } from 'vitest';
import { DEFAULT_POST, postProcessCrackScore, type CrackPostParams } from './crackPost.js';

/** A score map with a straight horizontal "crack" of score 1, three pixels thick, from (x, y) over `length` pixels. */
function mapWithLine(w: number, h: number, x: number, y: number, length: number): Float32Array {
  const map = new Float32Array(w * h);
  for (let dy = 0; dy < 3; dy++) map.fill(1, (y + dy) * w + x, (y + dy) * w + x + length);
  return map;
}

/**
 * Scatters 2 x 2 specks every 6 pixels (a ninth of the surface) over a region, as texture leaves candidates, none
 * touching the line whose three rows start at `lineY`.
 */
function addTexture(
  map: Float32Array,
  w: number,
  region: { x0: number; y0: number; x1: number; y1: number },
  lineY: number,
) {
  for (let y = region.y0; y < region.y1; y += 6) {
    if (y + 1 >= lineY - 1 && y <= lineY + 3) continue;
    for (let x = region.x0; x < region.x1; x += 6) for (const i of [0, 1, w, w + 1]) map[y * w + x + i] = 1;
  }
}

const kept = (map: Float32Array, w: number, x: number, y: number) => map[y * w + x]! > 0;

describe('crack score post-processing', () => {
  const relative: CrackPostParams = { ...DEFAULT_POST, minExtentFrac: 0.02, maxClutter: 1 };

  it('drops a component short for the image it is in: the same 60 px line stays in a small image', () => {
    const big = mapWithLine(4000, 3000, 100, 100, 60);
    postProcessCrackScore(big, 4000, 3000, relative);
    expect(kept(big, 4000, 130, 101)).toBe(false);
    const small = mapWithLine(544, 384, 100, 100, 60);
    postProcessCrackScore(small, 544, 384, relative);
    expect(kept(small, 544, 130, 101)).toBe(true);
  });

  it('drops a short line among texture, keeps it on plain ground and keeps a long line through the texture', () => {
    const params: CrackPostParams = { ...relative, maxClutter: 0.05, clutterExtentFrac: 0.07 };
    const [w, h] = [2000, 1500];
    const map = mapWithLine(w, h, 200, 300, 150);
    mapWithLine(w, h, 1200, 300, 150).forEach((value, index) => (map[index] ||= value));
    addTexture(map, w, { x0: 1150, y0: 240, x1: 1400, y1: 370 }, 300);
    // A long line (over 7 % of the diagonal) through another patch of texture.
    mapWithLine(w, h, 100, 1000, 1500).forEach((value, index) => (map[index] ||= value));
    addTexture(map, w, { x0: 600, y0: 940, x1: 900, y1: 1070 }, 1000);
    postProcessCrackScore(map, w, h, params);
    expect(kept(map, w, 270, 301)).toBe(true);
    expect(kept(map, w, 1270, 301)).toBe(false);
    expect(kept(map, w, 750, 1001)).toBe(true);
    // The specks themselves are too short to be cracks.
    expect(kept(map, w, 1150, 240)).toBe(false);
  });
});
