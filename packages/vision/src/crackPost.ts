/**
 * Component-level clean-up of a crack score map, folded back into the map so that a threshold sweep still
 * works: components of (score >= low) that are too short, not elongated, or lying in clutter are suppressed.
 */
import { forEachComponent } from './binary.js';

export interface CrackPostParams {
  enabled: boolean;
  /** candidate threshold */
  low: number;
  /** minimum extent (bounding-box diagonal, px) of a kept component */
  minExtent: number;
  /**
   * minimum extent as a fraction of the image's diagonal (the larger of the two applies): what the detector's
   * fixed-size filters see as texture grows with the photo's pixels, a crack worth reporting with its field of view
   */
  minExtentFrac: number;
  /** minimum elongation: extent^2 / area */
  minElongation: number;
  /**
   * largest share of a component's surroundings (its bounding box grown by `clutterPadPx`) covered by other
   * candidates: a crack runs through plain surface, texture (gravel, foliage, grain) is candidates side by side
   * (1 = off)
   */
  maxClutter: number;
  clutterPadPx: number;
  /** components at least this fraction of the image's diagonal long are kept whatever surrounds them */
  clutterExtentFrac: number;
  /** factor applied to suppressed components (0 removes them) */
  suppress: number;
}

export const DEFAULT_POST: CrackPostParams = {
  enabled: true,
  low: 0.2,
  minExtent: 40,
  // The three below were chosen on full-size (4000 x 3000) photos that hold no or few cracks and checked on the
  // DeepCrack train split (F 0.7502 -> 0.7478 on 80 images at tolerance 0): at DeepCrack's 544 x 384 they hardly
  // bite, on a 12-megapixel photo they remove most of the texture the fixed-size filters take for cracks.
  minExtentFrac: 0.02,
  minElongation: 2.5,
  maxClutter: 0.05,
  clutterPadPx: 16,
  clutterExtentFrac: 0.07,
  suppress: 0,
};

/** Side of the blocks whose candidate counts answer "how many candidates around" (exact enough, 1/256 the memory). */
const BLOCK = 16;

/** Summed-area table of the candidates per BLOCK x BLOCK block: (bw + 1) x (bh + 1). */
function blockCounts(cand: Uint8Array, w: number, h: number) {
  const bw = Math.ceil(w / BLOCK);
  const bh = Math.ceil(h / BLOCK);
  const sat = new Float64Array((bw + 1) * (bh + 1));
  for (let y = 0; y < h; y++) {
    const row = ((y / BLOCK) | 0) + 1;
    for (let x = 0, i = y * w; x < w; x++, i++) if (cand[i]) sat[row * (bw + 1) + ((x / BLOCK) | 0) + 1]!++;
  }
  for (let by = 1; by <= bh; by++)
    for (let bx = 1; bx <= bw; bx++) {
      const k = by * (bw + 1) + bx;
      sat[k] = sat[k]! + sat[k - 1]! + sat[k - bw - 1]! - sat[k - bw - 2]!;
    }
  /** Candidates in the blocks covering [x0, x1] x [y0, y1] and those blocks' area. */
  return (x0: number, y0: number, x1: number, y1: number) => {
    const a = Math.max(0, (x0 / BLOCK) | 0);
    const b = Math.max(0, (y0 / BLOCK) | 0);
    const c = Math.min(bw, ((x1 / BLOCK) | 0) + 1);
    const d = Math.min(bh, ((y1 / BLOCK) | 0) + 1);
    const count = sat[d * (bw + 1) + c]! - sat[b * (bw + 1) + c]! - sat[d * (bw + 1) + a]! + sat[b * (bw + 1) + a]!;
    const area = (Math.min(w, c * BLOCK) - a * BLOCK) * (Math.min(h, d * BLOCK) - b * BLOCK);
    return { count, area };
  };
}

/** Suppresses in place (the map of a 12-megapixel photo is 48 MB) and returns the same array. */
export function postProcessCrackScore(score: Float32Array, w: number, h: number, p: CrackPostParams): Float32Array {
  const cand = new Uint8Array(w * h);
  for (let i = 0; i < cand.length; i++) cand[i] = score[i]! >= p.low ? 1 : 0;
  const out = score;
  const diagonal = Math.hypot(w, h);
  const minExtent = Math.max(p.minExtent, p.minExtentFrac * diagonal);
  const around = p.maxClutter < 1 ? blockCounts(cand, w, h) : null;
  // below `low` everything is scaled down so that the sweep below low cannot pick isolated noise either
  forEachComponent(cand, w, h, (pixels, x0, y0, x1, y1) => {
    const ex = Math.hypot(x1 - x0 + 1, y1 - y0 + 1);
    const elong = (ex * ex) / pixels.length;
    let drop = ex < minExtent || elong < p.minElongation;
    if (!drop && around && ex < p.clutterExtentFrac * diagonal) {
      const pad = p.clutterPadPx;
      const { count, area } = around(x0 - pad, y0 - pad, x1 + pad, y1 + pad);
      drop = (count - pixels.length) / Math.max(1, area - pixels.length) > p.maxClutter;
    }
    if (drop) for (let k = 0; k < pixels.length; k++) out[pixels[k]!] = out[pixels[k]!]! * p.suppress;
  });
  return out;
}
