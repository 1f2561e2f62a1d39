/**
 * Classical crack score map (0..1): multi-scale morphological black-hat (dark thin structures) weighted by a
 * Hessian line measure (elongated, not blobs), normalised by the image's own texture noise so that one
 * threshold suits many images. Runs on OpenCV.js.
 */
import type { CV } from './opencv.js';

export interface CrackScoreParams {
  /** pre-blur sigma (px) */
  blur: number;
  /** pyramid levels used (0 = full resolution); black-hat kernel `kernel` px at each level */
  levels: number[];
  kernel: number;
  /** Hessian sigma per level (in level pixels) */
  hessSigma: number;
  /** exponent of the line measure in the product (0 = ignore) */
  lineExp: number;
  /** Frangi blobness beta */
  beta: number;
  /** score = 1 - exp(-(bh / noise) / gain) */
  gain: number;
  /** floor for the noise estimate in grey levels */
  noiseFloor: number;
  /** weight of coarse levels relative to level 0 */
  levelWeight: number;
  /** normalise each level by its own noise before taking the max */
  perLevel: boolean;
  /** use Weber contrast (black-hat / closing) instead of the grey-level difference */
  weber: boolean;
  /** quantile used as the texture level (0.5 = median + MAD rule) */
  noiseQ: number;
  /** also scale by this fraction of the `topQ` quantile of the response when that is larger (0 = off) */
  topGain: number;
  topQ: number;
  /** absolute-evidence gate: response below gateLo x noise scores 0, above gateHi x noise passes fully (0 = off) */
  gateLo: number;
  gateHi: number;
}

/** Tuned on the DeepCrack TRAIN split only (src/cli/tune-builtin.ts). */
export const DEFAULT_CRACK_PARAMS: CrackScoreParams = {
  blur: 0,
  levels: [0, 1, 2],
  kernel: 9,
  hessSigma: 1.5,
  lineExp: 0.5,
  beta: 0.5,
  gain: 6,
  noiseFloor: 2,
  levelWeight: 1,
  perLevel: false,
  weber: true,
  noiseQ: 0.5,
  topGain: 1.8,
  topQ: 0.995,
  gateLo: 0,
  gateHi: 0,
};

/** Median absolute deviation based noise of a non-negative response (robust sigma). */
function robustScale(data: Float32Array, step: number, q = 0.5): number {
  const sample: number[] = [];
  for (let i = 0; i < data.length; i += step) sample.push(data[i]!);
  sample.sort((a, b) => a - b);
  if (q !== 0.5) return sample[Math.min(sample.length - 1, Math.floor(sample.length * q))] ?? 0;
  const med = sample[Math.floor(sample.length / 2)] ?? 0;
  const dev = sample.map((v) => Math.abs(v - med)).sort((a, b) => a - b);
  return med + 1.4826 * (dev[Math.floor(dev.length / 2)] ?? 0);
}

/** Crack score map (0..1) of a whole grey image in one go (small images, tuning). */
export function crackScore(
  cv: CV,
  gray: Uint8Array,
  w: number,
  h: number,
  p: CrackScoreParams = DEFAULT_CRACK_PARAMS,
): Float32Array {
  const r = crackResponse(cv, gray, w, h, p);
  normaliseCrackResponse(r, p);
  return r;
}

/**
 * Map a raw response (from one or many stitched tiles) to 0..1 in place, with statistics of the whole image
 * (so that tiles share one normalisation and no seams appear).
 */
export function normaliseCrackResponse(out: Float32Array, p: CrackScoreParams = DEFAULT_CRACK_PARAMS): void {
  const noise = p.perLevel
    ? 1
    : Math.max(p.noiseFloor, robustScale(out, Math.max(1, Math.floor(out.length / 20000)), p.noiseQ));
  let scale = noise * p.gain;
  if (p.topGain > 0)
    scale = Math.max(scale, p.topGain * robustScale(out, Math.max(1, Math.floor(out.length / 50000)), p.topQ));
  const k = 1 / scale;
  if (p.gateHi > p.gateLo) {
    const lo = p.gateLo * noise;
    const span = (p.gateHi - p.gateLo) * noise;
    for (let i = 0; i < out.length; i++) {
      const r = out[i]!;
      const g = Math.min(1, Math.max(0, (r - lo) / span));
      out[i] = (1 - Math.exp(-r * k)) * g;
    }
  } else for (let i = 0; i < out.length; i++) out[i] = 1 - Math.exp(-out[i]! * k);
}

/** Radius of OpenCV's Gaussian kernel for a float image (its ksize rule: round(8σ + 1), made odd). */
function gaussianRadius(sigma: number): number {
  return (Math.round(sigma * 8 + 1) | 1) >> 1;
}

/**
 * How far (full-resolution px) the response at a pixel looks: at pyramid level L the black-hat (dilation then
 * erosion) or the smoothed Sobel reaches r level pixels, the pyrDowns on the way add 2 px per level, and the
 * linear upsampling one level pixel. A tile whose core keeps this much context on every inner side, and whose
 * origin lies on the coarsest level's grid, gives exactly the whole image's response in its core.
 */
export function crackContextPx(p: CrackScoreParams = DEFAULT_CRACK_PARAMS): number {
  const r = Math.max(2 * (p.kernel >> 1), p.lineExp > 0 ? gaussianRadius(p.hessSigma) + 1 : 0);
  const blur = p.blur > 0 ? gaussianRadius(p.blur) : 0;
  let ctx = 0;
  for (const level of p.levels) {
    const s = 2 ** level;
    ctx = Math.max(ctx, blur + s * r + 2 * (s - 1) + s);
  }
  return ctx;
}

/** Tiles must start on this grid so that their pyramids sample the same pixels as the whole image's. */
export function crackTileAlign(p: CrackScoreParams = DEFAULT_CRACK_PARAMS): number {
  return 2 ** Math.max(0, ...p.levels);
}

// The per-pixel loops live in small functions of their own: inside crackResponse, whose OpenCV values are
// untyped, V8 kept them unoptimised (about 100 ns a pixel instead of a few).

/** Black-hat to Weber contrast in place: bh / closing, with closing = bh + image. */
function weberInPlace(bh: Float32Array, img: Float32Array): void {
  for (let i = 0; i < bh.length; i++) bh[i] = (bh[i]! * 128) / (bh[i]! + img[i]! + 16);
}

/**
 * Weight a response by the Hessian line measure exp(-(λ2/λ1)² / 2β²)^lineExp (`k` = lineExp / 2β²); pixels
 * whose largest eigenvalue is not positive (not darker than across) get 0.
 */
function lineWeight(r: Float32Array, dxx: Float32Array, dyy: Float32Array, dxy: Float32Array, k: number): void {
  for (let i = 0; i < r.length; i++) {
    const xx = dxx[i]!;
    const yy = dyy[i]!;
    const xy = dxy[i]!;
    const tr = xx + yy;
    const disc = Math.sqrt((xx - yy) * (xx - yy) + 4 * xy * xy);
    const l1 = (tr + disc) / 2; // largest (across a dark line: positive)
    if (l1 <= 0) {
      r[i] = 0;
      continue;
    }
    const rb = Math.abs((tr - disc) / 2) / l1; // λ2 runs along the line: about 0
    r[i] = r[i]! * Math.exp(-(rb * rb) * k);
  }
}

/** out = max(out, weight * v) over the top-left w x h of v (row stride `stride`). */
function maxInto(out: Float32Array, w: number, h: number, v: Float32Array, stride: number, weight: number): void {
  for (let y = 0; y < h; y++) {
    for (let x = 0, i = y * w, j = y * stride; x < w; x++, i++, j++) {
      const s = v[j]! * weight;
      if (s > out[i]!) out[i] = s;
    }
  }
}

/** Raw (un-normalised) crack response of an 8-bit grey tile. Returns Float32Array (w*h), >= 0. */
export function crackResponse(
  cv: CV,
  gray: Uint8Array,
  w: number,
  h: number,
  p: CrackScoreParams = DEFAULT_CRACK_PARAMS,
): Float32Array {
  const mats: Array<{ delete(): void }> = [];
  const track = <T extends { delete(): void }>(m: T): T => {
    mats.push(m);
    return m;
  };
  try {
    const src = track(cv.matFromArray(h, w, cv.CV_8UC1, gray));
    const g = track(new cv.Mat());
    src.convertTo(g, cv.CV_32F);
    if (p.blur > 0) cv.GaussianBlur(g, g, new cv.Size(0, 0), p.blur, p.blur, cv.BORDER_REFLECT);
    const out = new Float32Array(w * h);
    const ker = track(cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(p.kernel, p.kernel)));
    let cur = g;
    let level = 0;
    const maxLevel = Math.max(...p.levels);
    for (level = 0; level <= maxLevel; level++) {
      if (level > 0) {
        const down = track(new cv.Mat());
        cv.pyrDown(cur, down, new cv.Size(0, 0), cv.BORDER_REFLECT);
        cur = down;
      }
      if (!p.levels.includes(level)) continue;
      if (cur.rows < 3 || cur.cols < 3) break;
      const bh = track(new cv.Mat());
      cv.morphologyEx(cur, bh, cv.MORPH_BLACKHAT, ker, new cv.Point(-1, -1), 1, cv.BORDER_REFLECT);
      if (p.weber) weberInPlace(bh.data32F as Float32Array, cur.data32F as Float32Array);
      let resp = bh;
      if (p.lineExp > 0) {
        // Hessian of the smoothed level image
        const sm = track(new cv.Mat());
        cv.GaussianBlur(cur, sm, new cv.Size(0, 0), p.hessSigma, p.hessSigma, cv.BORDER_REFLECT);
        const dxx = track(new cv.Mat());
        const dyy = track(new cv.Mat());
        const dxy = track(new cv.Mat());
        cv.Sobel(sm, dxx, cv.CV_32F, 2, 0, 3, 1, 0, cv.BORDER_REFLECT);
        cv.Sobel(sm, dyy, cv.CV_32F, 0, 2, 3, 1, 0, cv.BORDER_REFLECT);
        cv.Sobel(sm, dxy, cv.CV_32F, 1, 1, 3, 1, 0, cv.BORDER_REFLECT);
        lineWeight(
          bh.data32F as Float32Array,
          dxx.data32F as Float32Array,
          dyy.data32F as Float32Array,
          dxy.data32F as Float32Array,
          p.lineExp / (2 * p.beta * p.beta),
        );
        resp = bh;
      }
      let up = resp;
      if (level > 0) {
        // exactly 2^level (not "to w x h"): a level holds ceil(w / 2^level) pixels, and stretching them onto w
        // would shift the coarse response by up to a pixel differently in every tile; the excess is cut off below
        up = track(new cv.Mat());
        cv.resize(resp, up, new cv.Size(0, 0), 2 ** level, 2 ** level, cv.INTER_LINEAR);
      }
      let wgt = level === 0 ? 1 : p.levelWeight;
      if (p.perLevel) {
        const rr = resp.data32F as Float32Array;
        wgt /= Math.max(p.noiseFloor, robustScale(rr, Math.max(1, Math.floor(rr.length / 20000)), p.noiseQ));
      }
      maxInto(out, w, h, up.data32F as Float32Array, up.cols as number, wgt);
    }
    return out;
  } finally {
    for (const m of mats) m.delete();
  }
}
