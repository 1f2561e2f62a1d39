/** Pure binary-image helpers: connected components, hysteresis, distance transform, thinning. */

export interface Component {
  label: number;
  /** Pixel indices (row-major in the full image). */
  pixels: Int32Array;
  x0: number;
  y0: number;
  x1: number; // inclusive
  y1: number; // inclusive
}

const DX8 = [1, 1, 0, -1, -1, -1, 0, 1];
const DY8 = [0, 1, 1, 1, 0, -1, -1, -1];

/** 8-connected components of mask (non-zero = foreground). */
export function connectedComponents(mask: Uint8Array, width: number, height: number, minPixels = 1): Component[] {
  const seen = new Uint8Array(mask.length);
  const out: Component[] = [];
  const stack = new Int32Array(mask.length > 1 << 22 ? 1 << 22 : Math.max(16, mask.length));
  const dyn: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const pix: number[] = [];
    let sp = 0;
    stack[sp++] = start;
    seen[start] = 1;
    let x0 = width,
      y0 = height,
      x1 = -1,
      y1 = -1;
    while (sp > 0 || dyn.length) {
      const p = sp > 0 ? stack[--sp]! : dyn.pop()!;
      pix.push(p);
      const y = (p / width) | 0;
      const x = p - y * width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      for (let k = 0; k < 8; k++) {
        const nx = x + DX8[k]!;
        const ny = y + DY8[k]!;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
        const q = ny * width + nx;
        if (mask[q] && !seen[q]) {
          seen[q] = 1;
          if (sp < stack.length) stack[sp++] = q;
          else dyn.push(q);
        }
      }
    }
    if (pix.length >= minPixels) out.push({ label: out.length + 1, pixels: Int32Array.from(pix), x0, y0, x1, y1 });
  }
  return out;
}

/** Hysteresis: pixels >= low that are 8-connected to a pixel >= high. */
export function hysteresis(
  score: ArrayLike<number>,
  width: number,
  height: number,
  low: number,
  high: number,
): Uint8Array {
  const cand = new Uint8Array(width * height);
  for (let i = 0; i < cand.length; i++) cand[i] = score[i]! >= low ? 1 : 0;
  const out = new Uint8Array(width * height);
  for (const c of connectedComponents(cand, width, height)) {
    let keep = false;
    for (const p of c.pixels) {
      if (score[p]! >= high) {
        keep = true;
        break;
      }
    }
    if (keep) for (const p of c.pixels) out[p] = 1;
  }
  return out;
}

/** Crop of a component as a 0/1 mask with `pad` pixels of background on every side. */
export function componentCrop(
  c: Component,
  width: number,
  pad = 1,
): { mask: Uint8Array; w: number; h: number; ox: number; oy: number } {
  const ox = c.x0 - pad;
  const oy = c.y0 - pad;
  const w = c.x1 - c.x0 + 1 + 2 * pad;
  const h = c.y1 - c.y0 + 1 + 2 * pad;
  const mask = new Uint8Array(w * h);
  for (const p of c.pixels) {
    const y = (p / width) | 0;
    const x = p - y * width;
    mask[(y - oy) * w + (x - ox)] = 1;
  }
  return { mask, w, h, ox, oy };
}

function edt1d(f: Float64Array, n: number, d: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    let vk = v[k]!;
    let s = (f[q]! + q * q - (f[vk]! + vk * vk)) / (2 * q - 2 * vk);
    while (s <= z[k]!) {
      k--;
      vk = v[k]!;
      s = (f[q]! + q * q - (f[vk]! + vk * vk)) / (2 * q - 2 * vk);
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1]! < q) k++;
    const vk = v[k]!;
    d[q] = (q - vk) * (q - vk) + f[vk]!;
  }
}

/**
 * Exact Euclidean distance from every foreground pixel to the nearest background pixel centre
 * (Felzenszwalb & Huttenlocher). Background pixels get 0. Pixels outside the array count as background.
 */
export function distanceToBackground(mask: Uint8Array, w: number, h: number): Float32Array {
  // pad by one so that outside = background
  const W = w + 2;
  const H = h + 2;
  const INF = 1e20;
  const g = new Float64Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const inside = x > 0 && y > 0 && x <= w && y <= h && mask[(y - 1) * w + (x - 1)];
      g[y * W + x] = inside ? INF : 0;
    }
  }
  const n = Math.max(W, H);
  const f = new Float64Array(n);
  const d = new Float64Array(n);
  const v = new Int32Array(n);
  const z = new Float64Array(n + 1);
  for (let x = 0; x < W; x++) {
    for (let y = 0; y < H; y++) f[y] = g[y * W + x]!;
    edt1d(f, H, d, v, z);
    for (let y = 0; y < H; y++) g[y * W + x] = d[y]!;
  }
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) f[x] = g[y * W + x]!;
    edt1d(f, W, d, v, z);
    for (let x = 0; x < W; x++) g[y * W + x] = d[x]!;
  }
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) out[y * w + x] = Math.sqrt(g[(y + 1) * W + (x + 1)]!);
  return out;
}

/**
 * Zhang-Suen thinning (in place) followed by removal of staircase corners, giving a skeleton that is
 * one pixel thin and 8-connected. The border row/column must be background (use componentCrop with pad >= 1).
 */
export function thin(mask: Uint8Array, w: number, h: number): Uint8Array {
  let active: number[] = [];
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) if (mask[y * w + x]) active.push(y * w + x);
  const del: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (let step = 0; step < 2; step++) {
      del.length = 0;
      for (const p of active) {
        if (!mask[p]) continue;
        const p2 = mask[p - w]!,
          p3 = mask[p - w + 1]!,
          p4 = mask[p + 1]!,
          p5 = mask[p + w + 1]!;
        const p6 = mask[p + w]!,
          p7 = mask[p + w - 1]!,
          p8 = mask[p - 1]!,
          p9 = mask[p - w - 1]!;
        const b = p2 + p3 + p4 + p5 + p6 + p7 + p8 + p9;
        if (b < 2 || b > 6) continue;
        const a =
          (+(!p2 && p3) | 0) +
          (+(!p3 && p4) | 0) +
          (+(!p4 && p5) | 0) +
          (+(!p5 && p6) | 0) +
          (+(!p6 && p7) | 0) +
          (+(!p7 && p8) | 0) +
          (+(!p8 && p9) | 0) +
          (+(!p9 && p2) | 0);
        if (a !== 1) continue;
        if (step === 0) {
          if (p2 && p4 && p6) continue;
          if (p4 && p6 && p8) continue;
        } else {
          if (p2 && p4 && p8) continue;
          if (p2 && p6 && p8) continue;
        }
        del.push(p);
      }
      if (del.length) {
        changed = true;
        for (const p of del) mask[p] = 0;
      }
    }
    if (changed) active = active.filter((p) => mask[p]);
  }
  // staircase removal: p with two perpendicular 4-neighbours set while the opposite ones and opposite diagonal are clear
  for (const p of active) {
    if (!mask[p]) continue;
    const n = mask[p - w],
      s = mask[p + w],
      e = mask[p + 1],
      wv = mask[p - 1];
    const ne = mask[p - w + 1],
      nw = mask[p - w - 1],
      se = mask[p + w + 1],
      sw = mask[p + w - 1];
    if (
      (n && e && !s && !wv && !sw) ||
      (n && wv && !s && !e && !se) ||
      (s && e && !n && !wv && !nw) ||
      (s && wv && !n && !e && !ne)
    ) {
      mask[p] = 0;
    }
  }
  return mask;
}
