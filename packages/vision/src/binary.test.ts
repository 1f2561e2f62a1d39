import { describe, expect, it } from 'vitest';
import { componentCrop, connectedComponents, distanceAt, hysteresis, thin } from './binary.js';
import { rng } from './synthetic.js';

function fromRows(rows: string[]): { mask: Uint8Array; w: number; h: number } {
  const h = rows.length;
  const w = rows[0]!.length;
  const mask = new Uint8Array(w * h);
  rows.forEach((r, y) => [...r].forEach((c, x) => (mask[y * w + x] = c === '#' ? 1 : 0)));
  return { mask, w, h };
}

describe('connected components and hysteresis', () => {
  it('labels 8-connected components with bounding boxes', () => {
    const { mask, w, h } = fromRows(['#..##', '.#..#', '.....', '##...']);
    const cs = connectedComponents(mask, w, h);
    expect(cs.map((c) => c.pixels.length).sort()).toEqual([2, 2, 3]);
    const big = cs.find((c) => c.pixels.length === 3)!;
    expect([big.x0, big.y0, big.x1, big.y1]).toEqual([3, 0, 4, 1]);
  });

  it('keeps weak pixels only when connected to a strong one', () => {
    const w = 6;
    const score = Float32Array.from([0.3, 0.3, 0.9, 0, 0.3, 0.3]);
    expect([...hysteresis(score, w, 1, 0.2, 0.8)]).toEqual([1, 1, 1, 0, 0, 0]);
  });

  it('grows hysteresis from strong pixels exactly as components of the weak mask that hold one', () => {
    const w = 157;
    const h = 93;
    const r = rng(11);
    // blotchy map: sums of neighbours make connected regions of every size
    const noise = Float32Array.from({ length: w * h }, () => r());
    const score = new Float32Array(w * h);
    for (let y = 1; y < h - 1; y++)
      for (let x = 1; x < w - 1; x++)
        score[y * w + x] = (noise[y * w + x]! + noise[y * w + x + 1]! + noise[(y + 1) * w + x]!) / 3;
    const weak = Uint8Array.from(score, (v) => (v >= 0.45 ? 1 : 0));
    const expected = new Uint8Array(w * h);
    for (const c of connectedComponents(weak, w, h))
      if (c.pixels.some((p) => score[p]! >= 0.7)) for (const p of c.pixels) expected[p] = 1;
    expect(expected.some((v) => v === 1) && expected.some((v, i) => v === 0 && weak[i] === 1)).toBe(true);
    expect([...hysteresis(score, w, h, 0.45, 0.7)]).toEqual([...expected]);
  });

  it('labels a component larger than its first pixel buffer, and keeps earlier components intact', () => {
    const w = 400;
    const h = 300;
    const mask = new Uint8Array(w * h).fill(1);
    for (let x = 0; x < w; x++) mask[10 * w + x] = 0; // a 10-row band above a 289-row block
    const [band, block] = connectedComponents(mask, w, h);
    expect(band!.pixels.length).toBe(10 * w);
    expect(block!.pixels.length).toBe(289 * w);
    expect(new Set(block!.pixels).size).toBe(289 * w);
    expect([block!.x0, block!.y0, block!.x1, block!.y1]).toEqual([0, 11, w - 1, h - 1]);
    expect(Math.max(...band!.pixels)).toBe(10 * w - 1);
  });
});

describe('distance to the background', () => {
  it('matches brute force Euclidean distance to the background', () => {
    const rows = ['..........', '.#######..', '.########.', '.########.', '..######..', '..........'];
    const big = new Uint8Array(60 * 40);
    for (let y = 3; y < 37; y++) for (let x = 2; x < 58; x++) big[y * 60 + x] = (x * 7 + y * 3) % 23 ? 1 : 0;
    for (const { mask, w, h } of [fromRows(rows), { mask: big, w: 60, h: 40 }]) {
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          let best = Infinity;
          for (let v = -1; v <= h; v++) {
            for (let u = -1; u <= w; u++) {
              const bg = u < 0 || v < 0 || u >= w || v >= h || !mask[v * w + u];
              if (bg) best = Math.min(best, Math.hypot(u - x, v - y));
            }
          }
          expect(distanceAt(mask, w, h, x, y)).toBeCloseTo(mask[y * w + x] ? best : 0, 5);
        }
      }
    }
  });
});

/** Zhang-Suen as first written (arithmetic on the eight neighbours), the reference for the table-driven thin(). */
function referenceThin(mask: Uint8Array, w: number, h: number): void {
  let changed = true;
  while (changed) {
    changed = false;
    for (let step = 0; step < 2; step++) {
      const del: number[] = [];
      for (let y = 1; y < h - 1; y++) {
        for (let x = 1; x < w - 1; x++) {
          const p = y * w + x;
          if (!mask[p]) continue;
          const [p2, p3, p4, p5, p6, p7, p8, p9] = [
            mask[p - w]!,
            mask[p - w + 1]!,
            mask[p + 1]!,
            mask[p + w + 1]!,
            mask[p + w]!,
            mask[p + w - 1]!,
            mask[p - 1]!,
            mask[p - w - 1]!,
          ];
          const ring = [p2, p3, p4, p5, p6, p7, p8, p9, p2];
          const b = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
          let a = 0;
          for (let k = 0; k < 8; k++) if (!ring[k] && ring[k + 1]) a++;
          if (b < 2 || b > 6 || a !== 1) continue;
          if (step === 0 ? p2 * p4 * p6 || p4 * p6 * p8 : p2 * p4 * p8 || p2 * p6 * p8) continue;
          del.push(p);
        }
      }
      for (const p of del) mask[p] = 0;
      if (del.length) changed = true;
    }
  }
  for (let p = w + 1; p < w * (h - 1) - 1; p++) {
    if (!mask[p]) continue;
    const [n, s, e, wv] = [mask[p - w], mask[p + w], mask[p + 1], mask[p - 1]];
    const [ne, nw, se, sw] = [mask[p - w + 1], mask[p - w - 1], mask[p + w + 1], mask[p + w - 1]];
    if (
      (n && e && !s && !wv && !sw) ||
      (n && wv && !s && !e && !se) ||
      (s && e && !n && !wv && !nw) ||
      (s && wv && !n && !e && !ne)
    )
      mask[p] = 0;
  }
}

describe('thinning', () => {
  it('reduces a 5-pixel-thick bar to a one-pixel line of about its length', () => {
    const w = 40;
    const h = 11;
    const mask = new Uint8Array(w * h);
    for (let y = 3; y < 8; y++) for (let x = 3; x < 37; x++) mask[y * w + x] = 1;
    thin(mask, w, h);
    const pix = [...mask.keys()].filter((i) => mask[i]);
    const ys = new Set(pix.map((p) => Math.floor(p / w)));
    expect(pix.length).toBeGreaterThan(25);
    expect(pix.length).toBeLessThan(36);
    // one pixel thin: no column holds two skeleton pixels
    const cols = new Map<number, number>();
    for (const p of pix) cols.set(p % w, (cols.get(p % w) ?? 0) + 1);
    expect(Math.max(...cols.values())).toBe(1);
    expect(ys.size).toBeLessThanOrEqual(3);
  });

  it('gives the same skeleton as the textbook Zhang-Suen steps on random blobs and bands', () => {
    const w = 90;
    const h = 70;
    const r = rng(5);
    for (let trial = 0; trial < 6; trial++) {
      const mask = new Uint8Array(w * h);
      for (let k = 0; k < 12; k++) {
        const cx = 5 + r() * (w - 10);
        const cy = 5 + r() * (h - 10);
        const rx = 1 + r() * 12;
        const ry = 1 + r() * 4;
        for (let y = 1; y < h - 1; y++)
          for (let x = 1; x < w - 1; x++) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) mask[y * w + x] = 1;
      }
      const expected = mask.slice();
      referenceThin(expected, w, h);
      expect([...thin(mask, w, h)]).toEqual([...expected]);
    }
  });

  it('componentCrop pads with background', () => {
    const { mask, w, h } = fromRows(['....', '.##.', '....']);
    const [c] = connectedComponents(mask, w, h);
    const crop = componentCrop(c!, w, 1);
    expect([crop.w, crop.h, crop.ox, crop.oy]).toEqual([4, 3, 0, 0]);
    expect([...crop.mask]).toEqual([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0]);
  });
});
