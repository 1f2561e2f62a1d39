/**
 * Component-level clean-up of a crack score map, folded back into the map so that a threshold sweep still
 * works: components of (score >= low) that are too short or not elongated are suppressed.
 */
import { forEachComponent } from './binary.js';

export interface CrackPostParams {
  enabled: boolean;
  /** candidate threshold */
  low: number;
  /** minimum extent (bounding-box diagonal, px) of a kept component */
  minExtent: number;
  /** minimum elongation: extent^2 / area */
  minElongation: number;
  /** factor applied to suppressed components (0 removes them) */
  suppress: number;
}

export const DEFAULT_POST: CrackPostParams = {
  enabled: true,
  low: 0.2,
  minExtent: 40,
  minElongation: 2.5,
  suppress: 0,
};

/** Suppresses in place (the map of a 12-megapixel photo is 48 MB) and returns the same array. */
export function postProcessCrackScore(score: Float32Array, w: number, h: number, p: CrackPostParams): Float32Array {
  const cand = new Uint8Array(w * h);
  for (let i = 0; i < cand.length; i++) cand[i] = score[i]! >= p.low ? 1 : 0;
  const out = score;
  // below `low` everything is scaled down so that the sweep below low cannot pick isolated noise either
  forEachComponent(cand, w, h, (pixels, x0, y0, x1, y1) => {
    const ex = Math.hypot(x1 - x0 + 1, y1 - y0 + 1);
    const elong = (ex * ex) / pixels.length;
    if (ex < p.minExtent || elong < p.minElongation)
      for (let k = 0; k < pixels.length; k++) out[pixels[k]!] = out[pixels[k]!]! * p.suppress;
  });
  return out;
}
