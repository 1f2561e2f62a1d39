import { describe, expect, it } from 'vitest';
import { thin } from './binary.js';
import { polylineLength, ringArea, simplifyPolyline } from './simplify.js';
import { traceSkeleton } from './trace.js';
import type { Point } from './types.js';

function canvas(w: number, h: number): { m: Uint8Array; set: (x: number, y: number) => void } {
  const m = new Uint8Array(w * h);
  return { m, set: (x, y) => (m[y * w + x] = 1) };
}

describe('skeleton tracing', () => {
  it('traces a straight line into one polyline between its end points', () => {
    const { m, set } = canvas(30, 5);
    for (let x = 2; x < 28; x++) set(x, 2);
    const paths = traceSkeleton(m, 30, 5);
    expect(paths).toHaveLength(1);
    const p = paths[0]!;
    const ends = [p[0]!, p[p.length - 1]!].map((q) => q[0]).sort((a, b) => a - b);
    expect(ends).toEqual([2, 27]);
    expect(p).toHaveLength(26);
  });

  it('traces an L-shaped (bent) line into one polyline', () => {
    const { m, set } = canvas(30, 30);
    for (let x = 2; x < 20; x++) set(x, 5);
    for (let y = 6; y < 25; y++) set(19, y);
    const paths = traceSkeleton(m, 30, 30);
    expect(paths).toHaveLength(1);
    expect(polylineLength(paths[0]!)).toBeGreaterThan(35);
  });

  it('splits a T junction into the straight main line and the branch', () => {
    const { m, set } = canvas(60, 40);
    for (let x = 2; x < 58; x++) set(x, 10);
    for (let y = 11; y < 35; y++) set(30, y);
    const paths = traceSkeleton(m, 60, 40).sort((a, b) => b.length - a.length);
    expect(paths).toHaveLength(2);
    const main = paths[0]!;
    expect(main.length).toBeGreaterThanOrEqual(55);
    expect(new Set(main.map((p) => p[1]))).toEqual(new Set([10]));
    expect(paths[1]!.length).toBeGreaterThanOrEqual(24);
  });

  it('drops short spurs at junctions', () => {
    const { m, set } = canvas(60, 20);
    for (let x = 2; x < 58; x++) set(x, 10);
    for (let y = 11; y < 14; y++) set(30, y); // 3-pixel spur
    const paths = traceSkeleton(m, 60, 20, { spurLength: 8 });
    expect(paths).toHaveLength(1);
    const p = paths[0]!;
    expect(p.length).toBeGreaterThanOrEqual(54);
    expect(new Set(p.map((q) => q[1]))).toEqual(new Set([10]));
    for (let i = 1; i < p.length; i++)
      expect(Math.hypot(p[i]![0] - p[i - 1]![0], p[i]![1] - p[i - 1]![1])).toBeLessThan(3);
  });

  it('traces a closed loop as a closed polyline', () => {
    const { m, set } = canvas(30, 30);
    for (let i = 5; i <= 20; i++) {
      set(i, 5);
      set(i, 20);
      set(5, i);
      set(20, i);
    }
    thin(m, 30, 30);
    const paths = traceSkeleton(m, 30, 30);
    expect(paths).toHaveLength(1);
    const p = paths[0]!;
    expect(p[0]).toEqual(p[p.length - 1]);
    expect(polylineLength(p)).toBeGreaterThan(50);
  });

  it('handles a thinned diagonal thick line (staircase) as one polyline', () => {
    const w = 50;
    const { m, set } = canvas(w, w);
    for (let t = 5; t < 45; t++)
      for (let d = -2; d <= 2; d++) {
        set(t, Math.min(w - 2, Math.max(1, t + d)));
      }
    thin(m, w, w);
    const paths = traceSkeleton(m, w, w);
    expect(paths).toHaveLength(1);
    expect(polylineLength(paths[0]!)).toBeGreaterThan(45);
  });
});

describe('polyline simplification and areas', () => {
  it('keeps the corners of a sampled L and drops collinear points', () => {
    const pts: Point[] = [];
    for (let x = 0; x <= 10; x++) pts.push([x, 0]);
    for (let y = 1; y <= 10; y++) pts.push([10, y]);
    expect(simplifyPolyline(pts, 0.5)).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
    ]);
  });

  it('keeps small wiggles above the tolerance', () => {
    const pts: Point[] = [
      [0, 0],
      [5, 3],
      [10, 0],
    ];
    expect(simplifyPolyline(pts, 1)).toHaveLength(3);
    expect(simplifyPolyline(pts, 4)).toHaveLength(2);
  });

  it('computes ring areas with the shoelace formula', () => {
    expect(
      ringArea([
        [0, 0],
        [4, 0],
        [4, 3],
        [0, 3],
      ]),
    ).toBe(12);
  });
});
