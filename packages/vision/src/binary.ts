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

/**
 * Visit the 8-connected components of mask (non-zero = foreground) in raster order of their first pixel. The
 * pixel list handed to `visit` is a view into one growing buffer that the next component overwrites, so a
 * 12-megapixel mask costs no per-pixel allocation; copy it to keep it.
 */
export function forEachComponent(
  mask: Uint8Array,
  width: number,
  height: number,
  visit: (pixels: Int32Array, x0: number, y0: number, x1: number, y1: number) => void,
): void {
  const seen = new Uint8Array(mask.length);
  let buf = new Int32Array(Math.min(mask.length, 1 << 16) || 1);
  const last = width - 1;
  let n = 0;
  const take = (q: number): void => {
    if (mask[q] && !seen[q]) {
      seen[q] = 1;
      buf[n++] = q;
    }
  };
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    // breadth-first: the pixel list is its own queue
    n = 0;
    buf[n++] = start;
    seen[start] = 1;
    let x0 = width,
      y0 = height,
      x1 = -1,
      y1 = -1;
    for (let head = 0; head < n; head++) {
      const p = buf[head]!;
      const y = (p / width) | 0;
      const x = p - y * width;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (n + 8 > buf.length) {
        const grown = new Int32Array(Math.min(mask.length + 8, buf.length * 2));
        grown.set(buf);
        buf = grown;
      }
      const up = y > 0;
      const down = y < height - 1;
      const left = x > 0;
      const right = x < last;
      if (right) take(p + 1);
      if (down && right) take(p + width + 1);
      if (down) take(p + width);
      if (down && left) take(p + width - 1);
      if (left) take(p - 1);
      if (up && left) take(p - width - 1);
      if (up) take(p - width);
      if (up && right) take(p - width + 1);
    }
    visit(buf.subarray(0, n), x0, y0, x1, y1);
  }
}

/** 8-connected components of mask (non-zero = foreground). */
export function connectedComponents(mask: Uint8Array, width: number, height: number, minPixels = 1): Component[] {
  const out: Component[] = [];
  forEachComponent(mask, width, height, (pixels, x0, y0, x1, y1) => {
    if (pixels.length >= minPixels) out.push({ label: out.length + 1, pixels: pixels.slice(), x0, y0, x1, y1 });
  });
  return out;
}

/**
 * Hysteresis: pixels >= low that are 8-connected to a pixel >= high. Grown from the strong pixels only, so the
 * many weak components of a textured photo are never labelled.
 */
export function hysteresis(
  score: ArrayLike<number>,
  width: number,
  height: number,
  low: number,
  high: number,
): Uint8Array {
  const out = new Uint8Array(width * height);
  let stack = new Int32Array(1024);
  const last = width - 1;
  for (let start = 0; start < out.length; start++) {
    if (out[start] || score[start]! < high || score[start]! < low) continue;
    let sp = 0;
    stack[sp++] = start;
    out[start] = 1;
    while (sp > 0) {
      const p = stack[--sp]!;
      const y = (p / width) | 0;
      const x = p - y * width;
      if (sp + 8 > stack.length) {
        const grown = new Int32Array(stack.length * 2);
        grown.set(stack);
        stack = grown;
      }
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx > last) continue;
          const q = ny * width + nx;
          if (!out[q] && score[q]! >= low) {
            out[q] = 1;
            stack[sp++] = q;
          }
        }
      }
    }
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
