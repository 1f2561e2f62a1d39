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

/**
 * Crop of a component as a 0/1 mask with `pad` pixels of background on every side, and its pixels as crop
 * indices in raster order (so that work on a sprawling component's crop goes by its pixels, not its box).
 */
export function componentCrop(
  c: Component,
  width: number,
  pad = 1,
): { mask: Uint8Array; w: number; h: number; ox: number; oy: number; pixels: Int32Array } {
  const ox = c.x0 - pad;
  const oy = c.y0 - pad;
  const w = c.x1 - c.x0 + 1 + 2 * pad;
  const h = c.y1 - c.y0 + 1 + 2 * pad;
  const mask = new Uint8Array(w * h);
  const pixels = new Int32Array(c.pixels.length);
  for (let k = 0; k < c.pixels.length; k++) {
    const p = c.pixels[k]!;
    const y = (p / width) | 0;
    const x = p - y * width;
    const q = (y - oy) * w + (x - ox);
    mask[q] = 1;
    pixels[k] = q;
  }
  pixels.sort();
  return { mask, w, h, ox, oy, pixels };
}

/**
 * Exact Euclidean distance from pixel (x, y) to the nearest background pixel centre; pixels outside the array
 * count as background, and a background pixel is at 0. Searched ring by ring outwards, stopping once no
 * farther ring can hold anything closer: widths are read at skeleton pixels only, a few px from the edge, so
 * this costs far less than a distance transform of the whole component.
 */
export function distanceAt(mask: Uint8Array, w: number, h: number, x: number, y: number): number {
  let best = Infinity;
  for (let r = 0; r * r < best; r++) {
    for (let v = y - r; v <= y + r; v++) {
      const edge = v === y - r || v === y + r;
      const dy2 = (v - y) * (v - y);
      for (let u = x - r; u <= x + r; u += edge ? 1 : 2 * r) {
        const bg = u < 0 || v < 0 || u >= w || v >= h || !mask[v * w + u];
        if (bg) best = Math.min(best, (u - x) * (u - x) + dy2);
        if (r === 0) break;
      }
    }
  }
  return Math.fround(Math.sqrt(best)); // float32, as widths have always been measured
}

/**
 * Zhang-Suen deletion rule of each sub-iteration as a table over the 8-neighbourhood, bits clockwise from north
 * (p2 = N = bit 0, p3 = NE, p4 = E, p5 = SE, p6 = S, p7 = SW, p8 = W, p9 = NW = bit 7): delete when 2 <= B <= 6
 * neighbours are set, A = 1 background-to-foreground transition runs round them, and the sub-iteration's
 * two products of three neighbours are clear.
 */
function zhangSuenTable(step: 0 | 1): Uint8Array {
  const t = new Uint8Array(256);
  for (let code = 0; code < 256; code++) {
    const n = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => (code >> k) & 1);
    const [p2, , p4, , p6, , p8] = n;
    const b = n.reduce((a, v) => a + v, 0);
    let a = 0;
    for (let k = 0; k < 8; k++) if (!n[k] && n[(k + 1) % 8]) a++;
    const clear = step === 0 ? !(p2 && p4 && p6) && !(p4 && p6 && p8) : !(p2 && p4 && p8) && !(p2 && p6 && p8);
    t[code] = b >= 2 && b <= 6 && a === 1 && clear ? 1 : 0;
  }
  return t;
}
const ZS_FIRST = zhangSuenTable(0);
const ZS_SECOND = zhangSuenTable(1);

/**
 * Zhang-Suen thinning (in place) followed by removal of staircase corners, giving a skeleton that is
 * one pixel thin and 8-connected. The border row/column must be background (use componentCrop with pad >= 1).
 * `pixels`, when given, lists the foreground in raster order (componentCrop's), sparing a scan of the box.
 */
export function thin(mask: Uint8Array, w: number, h: number, pixels?: ArrayLike<number>): Uint8Array {
  let active: number[] = [];
  if (pixels) active = Array.from(pixels);
  else for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) if (mask[y * w + x]) active.push(y * w + x);
  const code = (p: number): number =>
    (mask[p - w] ? 1 : 0) |
    (mask[p - w + 1] ? 2 : 0) |
    (mask[p + 1] ? 4 : 0) |
    (mask[p + w + 1] ? 8 : 0) |
    (mask[p + w] ? 16 : 0) |
    (mask[p + w - 1] ? 32 : 0) |
    (mask[p - 1] ? 64 : 0) |
    (mask[p - w - 1] ? 128 : 0);
  // Only pixels with a background neighbour can go (all eight set means B = 8), and the decisions of a
  // sub-iteration all read the state before it, so examining the border alone deletes exactly the same pixels
  // while a thick component is peeled one layer at a time.
  const queued = new Uint8Array(w * h);
  let border: number[] = [];
  for (const p of active) {
    if (code(p) !== 255) {
      queued[p] = 1;
      border.push(p);
    }
  }
  const del: number[] = [];
  let changed = true;
  while (changed) {
    changed = false;
    for (let step = 0; step < 2; step++) {
      const table = step === 0 ? ZS_FIRST : ZS_SECOND;
      del.length = 0;
      for (const p of border) if (mask[p] && table[code(p)]) del.push(p);
      if (!del.length) continue;
      changed = true;
      for (const p of del) mask[p] = 0;
      border = border.filter((p) => mask[p]);
      for (const p of del) {
        for (let dy = -w; dy <= w; dy += w) {
          for (let q = p + dy - 1; q <= p + dy + 1; q++) {
            if (mask[q] && !queued[q]) {
              queued[q] = 1;
              border.push(q);
            }
          }
        }
      }
    }
  }
  active = active.filter((p) => mask[p]);
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
