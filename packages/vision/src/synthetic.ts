/** Deterministic synthetic test images: concrete-like texture with dark cracks of known width. */
import { strokePolyline } from './raster.js';
import type { Point, RgbImage } from './types.js';

/** Small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Grey concrete-like background with mild noise. */
export function textureImage(width: number, height: number, seed = 1, base = 170, noise = 6): RgbImage {
  const r = rng(seed);
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    const v = Math.max(0, Math.min(255, Math.round(base + (r() + r() + r() - 1.5) * noise * 2)));
    data[i * 3] = v;
    data[i * 3 + 1] = v;
    data[i * 3 + 2] = Math.max(0, v - 4);
  }
  return { width, height, data };
}

/** Paint a dark band of the given full width along a polyline (pixels whose centre lies within width/2). */
export function drawCrack(img: RgbImage, pts: readonly Point[], width: number, value = 45): Uint8Array {
  const mask = new Uint8Array(img.width * img.height);
  strokePolyline(mask, img.width, img.height, pts, width);
  for (let i = 0; i < mask.length; i++) {
    if (mask[i]) {
      img.data[i * 3] = value;
      img.data[i * 3 + 1] = value;
      img.data[i * 3 + 2] = value;
    }
  }
  return mask;
}

/** A wandering crack polyline from (x0, y0) heading `angle` for `length` px. */
export function wanderingPath(x0: number, y0: number, angle: number, length: number, seed: number, step = 8): Point[] {
  const r = rng(seed);
  const pts: Point[] = [[x0, y0]];
  let a = angle;
  let x = x0;
  let y = y0;
  for (let d = 0; d < length; d += step) {
    a += (r() - 0.5) * 0.5;
    x += Math.cos(a) * step;
    y += Math.sin(a) * step;
    pts.push([x, y]);
  }
  return pts;
}

/** Texture with several wandering cracks (bench input when the fixtures are absent). */
export function syntheticCrackImage(width: number, height: number, seed: number): RgbImage {
  const img = textureImage(width, height, seed);
  const r = rng(seed + 1);
  const n = Math.max(1, Math.round((width * height) / 1_500_000));
  for (let i = 0; i < n; i++) {
    drawCrack(
      img,
      wanderingPath(r() * width, r() * height, r() * Math.PI * 2, 300 + r() * 900, seed + i),
      2 + Math.floor(r() * 5),
    );
  }
  return img;
}
