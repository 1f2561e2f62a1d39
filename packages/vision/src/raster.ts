/**
 * Rasterising shapes into a binary mask (1 inside), pixel (x, y) standing at its centre [x, y]: the synthetic
 * cracks of the tests and the masks of exported training sets are drawn by the same rules.
 */
import type { Point } from './types.js';

/** Set every pixel whose centre lies strictly within strokeWidth/2 of the polyline (so a band covers exactly strokeWidth centres across). */
export function strokePolyline(
  mask: Uint8Array,
  width: number,
  height: number,
  pts: readonly Point[],
  strokeWidth: number,
): void {
  const half = strokeWidth / 2;
  // a single point is a dot of the stroke's width
  const segs = pts.length === 1 ? [pts[0]!, pts[0]!] : pts;
  for (let s = 1; s < segs.length; s++) {
    const [ax, ay] = segs[s - 1]!;
    const [bx, by] = segs[s]!;
    const x0 = Math.max(0, Math.floor(Math.min(ax, bx) - half - 1));
    const x1 = Math.min(width - 1, Math.ceil(Math.max(ax, bx) + half + 1));
    const y0 = Math.max(0, Math.floor(Math.min(ay, by) - half - 1));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(ay, by) + half + 1));
    const dx = bx - ax;
    const dy = by - ay;
    const l2 = dx * dx + dy * dy || 1;
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        const t = Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / l2));
        const ex = ax + t * dx - x;
        const ey = ay + t * dy - y;
        if (ex * ex + ey * ey < half * half) mask[y * width + x] = 1;
      }
    }
  }
}

/**
 * Set every pixel whose centre lies inside the ring (even-odd rule; the ring is open, its last point joins its
 * first). A centre on the left or top edge counts, one on the right or bottom edge does not (the usual top-left
 * rule), so a shape covers about its area and two shapes sharing an edge do not overlap.
 */
export function fillPolygon(mask: Uint8Array, width: number, height: number, ring: readonly Point[]): void {
  if (ring.length < 3) return;
  const ys = ring.map((p) => p[1]);
  const y0 = Math.max(0, Math.ceil(Math.min(...ys)));
  const y1 = Math.min(height - 1, Math.floor(Math.max(...ys)));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    xs.length = 0;
    for (let i = 0; i < ring.length; i++) {
      const [ax, ay] = ring[i]!;
      const [bx, by] = ring[(i + 1) % ring.length]!;
      // half-open in y so a vertex on this row is counted once
      if (ay <= y !== by <= y) xs.push(ax + ((y - ay) / (by - ay)) * (bx - ax));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]!));
      const to = Math.min(width - 1, Math.ceil(xs[k + 1]!) - 1);
      for (let x = from; x <= to; x++) mask[y * width + x] = 1;
    }
  }
}
