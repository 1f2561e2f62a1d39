/**
 * Crack width from the image itself: full width at half depth of the darkness profile measured across the
 * polyline (bilinear samples every 0.25 px). Used by the built-in detector, whose score map is deliberately
 * smoothed across scales and therefore wider than the crack.
 */
import type { Point } from './types.js';

function bilinear(g: Uint8Array, w: number, h: number, x: number, y: number): number {
  const x0 = Math.max(0, Math.min(w - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(h - 1, Math.floor(y)));
  const x1 = Math.min(w - 1, x0 + 1);
  const y1 = Math.min(h - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const a = g[y0 * w + x0]!;
  const b = g[y0 * w + x1]!;
  const c = g[y1 * w + x0]!;
  const d = g[y1 * w + x1]!;
  return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy;
}

/** The k-th smallest value (0-based) of v, which is reordered (Hoare's selection: no full sort per profile). */
export function kthSmallest(v: Float32Array, k: number): number {
  let lo = 0;
  let hi = v.length - 1;
  while (lo < hi) {
    const pivot = v[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (v[i]! < pivot) i++;
      while (v[j]! > pivot) j--;
      if (i <= j) {
        const t = v[i]!;
        v[i++] = v[j]!;
        v[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return v[k]!;
}

/** Buffers reused across the many profiles of one photo (thousands per polyline set). */
export interface ProfileScratch {
  prof: Float32Array;
  sort: Float32Array;
}

export function profileScratch(reach = 24): ProfileScratch {
  const len = 2 * Math.round(reach / 0.25) + 1;
  return { prof: new Float32Array(len), sort: new Float32Array(len) };
}

/**
 * Width (px) of the dark band crossing (cx, cy) perpendicular to unit direction (tx, ty), or null when
 * there is no clear band. `reach` is how far to look on each side.
 */
export function profileWidthAt(
  gray: Uint8Array,
  w: number,
  h: number,
  cx: number,
  cy: number,
  tx: number,
  ty: number,
  reach = 24,
  scratch?: ProfileScratch,
): number | null {
  const nx = -ty;
  const ny = tx;
  const step = 0.25;
  const n = Math.round(reach / step);
  const s = scratch && scratch.prof.length === 2 * n + 1 ? scratch : profileScratch(reach);
  const prof = s.prof;
  for (let i = -n; i <= n; i++) prof[i + n] = bilinear(gray, w, h, cx + nx * i * step, cy + ny * i * step);
  // darkest point near the centre
  let minI = n;
  const near = Math.round(3 / step);
  for (let i = n - near; i <= n + near; i++) if (prof[i]! < prof[minI]!) minI = i;
  const minV = prof[minI]!;
  // background: the 60 % quantile of the outer parts of the profile on each side, take the brighter side's level
  const outer = (from: number, to: number): number => {
    const v = s.sort.subarray(0, to - from);
    v.set(prof.subarray(from, to));
    return v.length ? kthSmallest(v, Math.floor(v.length * 0.6)) : 0;
  };
  const left = outer(0, Math.max(1, minI - Math.round(2 / step)));
  const right = outer(Math.min(prof.length - 1, minI + Math.round(2 / step)), prof.length);
  const bg = Math.min(left, right);
  const depth = bg - minV;
  if (depth < 6) return null;
  const half = bg - depth / 2;
  let a = minI;
  while (a > 0 && prof[a - 1]! < half) a--;
  let b = minI;
  while (b < prof.length - 1 && prof[b + 1]! < half) b++;
  if (a === 0 || b === prof.length - 1) return null;
  // sub-sample crossings by linear interpolation
  const fa = (half - prof[a]!) / (prof[a - 1]! - prof[a]! || 1);
  const fb = (half - prof[b]!) / (prof[b + 1]! - prof[b]! || 1);
  return (b - a + fa + fb) * step;
}

/** Widths at the vertices of a polyline (null entries where the profile is unclear). */
export function profileWidths(
  gray: Uint8Array,
  w: number,
  h: number,
  pts: readonly Point[],
  reach = 24,
): Array<number | null> {
  const scratch = profileScratch(reach);
  return pts.map((p, i) => {
    const a = pts[Math.max(0, i - 1)]!;
    const b = pts[Math.min(pts.length - 1, i + 1)]!;
    let tx = b[0] - a[0];
    let ty = b[1] - a[1];
    const l = Math.hypot(tx, ty);
    if (l === 0) return null;
    tx /= l;
    ty /= l;
    // median of a few samples along the tangent around the vertex
    const vals: number[] = [];
    for (const s of [-2, -1, 0, 1, 2]) {
      const v = profileWidthAt(gray, w, h, p[0] + tx * s, p[1] + ty * s, tx, ty, reach, scratch);
      if (v !== null) vals.push(v);
    }
    if (vals.length < 3) return null;
    vals.sort((x, y) => x - y);
    return vals[Math.floor(vals.length / 2)]!;
  });
}
