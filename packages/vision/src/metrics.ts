/**
 * Pixel metrics with the DeepCrack protocol (yhlleo/DeepSegmentor eval/prf_metrics.py):
 * prediction = score > t for t in {0, 0.01, ..., 0.99}; TP/FP/FN summed over all images before P/R/F;
 * one threshold for the whole set (ODS); P = 1 when TP + FP = 0.
 *
 * With a tolerance of r pixels a predicted pixel counts as correct if a ground-truth pixel lies within
 * Euclidean distance r, and a ground-truth pixel counts as found if a predicted pixel lies within r
 * (P = correct predictions / predictions, R = found ground truth / ground truth). With r = 0 this is the
 * plain protocol.
 *
 * All 100 thresholds are accumulated in a single pass per image with histograms.
 */
export const THRESHOLDS = 100;

/** Largest k in 0..99 with score > k/100, or -1. */
export function thresholdBin(s: number): number {
  if (!(s > 0)) return -1;
  const k = Math.ceil(s * 100 - 1e-9) - 1;
  return k > 99 ? 99 : k;
}

export interface SweepCounts {
  /** per threshold k: predictions that are correct (within tolerance) */
  predOk: Float64Array;
  /** per threshold k: all predictions */
  pred: Float64Array;
  /** per threshold k: ground-truth pixels found (within tolerance) */
  gtFound: Float64Array;
  /** ground-truth pixels */
  gt: number;
  /** all pixels */
  total: number;
  images: number;
}

export function emptyCounts(): SweepCounts {
  return {
    predOk: new Float64Array(THRESHOLDS),
    pred: new Float64Array(THRESHOLDS),
    gtFound: new Float64Array(THRESHOLDS),
    gt: 0,
    total: 0,
    images: 0,
  };
}

/** Offsets (dx, dy) of the disc of radius r. */
function disc(r: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const R = Math.floor(r);
  for (let dy = -R; dy <= R; dy++) for (let dx = -R; dx <= R; dx++) if (dx * dx + dy * dy <= r * r) out.push([dx, dy]);
  return out;
}

function cumulate(hist: Float64Array, into: Float64Array): void {
  // hist[k] = pixels whose bin is exactly k; into[k] += pixels with bin >= k
  let acc = 0;
  for (let k = THRESHOLDS - 1; k >= 0; k--) {
    acc += hist[k]!;
    into[k] = into[k]! + acc;
  }
}

/** Add one image's score map (0..1) and binary label to the counts. */
export function accumulate(
  counts: SweepCounts,
  score: ArrayLike<number>,
  label: Uint8Array,
  width: number,
  height: number,
  tolerance: number,
): void {
  const n = width * height;
  const hPred = new Float64Array(THRESHOLDS);
  const hPredOk = new Float64Array(THRESHOLDS);
  const hGt = new Float64Array(THRESHOLDS);
  let gt = 0;
  if (tolerance <= 0) {
    for (let i = 0; i < n; i++) {
      const b = thresholdBin(score[i]!);
      if (label[i]) {
        gt++;
        if (b >= 0) {
          hPred[b]!++;
          hPredOk[b]!++;
          hGt[b]!++;
        }
      } else if (b >= 0) hPred[b]!++;
    }
  } else {
    const d = disc(tolerance);
    // near[i] = 1 if a GT pixel is within tolerance of i
    const near = new Uint8Array(n);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        if (!label[y * width + x]) continue;
        for (const [dx, dy] of d) {
          const nx = x + dx;
          const ny = y + dy;
          if (nx >= 0 && ny >= 0 && nx < width && ny < height) near[ny * width + nx] = 1;
        }
      }
    }
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = y * width + x;
        const b = thresholdBin(score[i]!);
        if (b >= 0) {
          hPred[b]!++;
          if (near[i]) hPredOk[b]!++;
        }
        if (label[i]) {
          gt++;
          // best bin within the disc: found at threshold k iff some neighbour has bin >= k
          let best = -1;
          for (const [dx, dy] of d) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
            const nbin = thresholdBin(score[ny * width + nx]!);
            if (nbin > best) best = nbin;
          }
          if (best >= 0) hGt[best]!++;
        }
      }
    }
  }
  cumulate(hPred, counts.pred);
  cumulate(hPredOk, counts.predOk);
  cumulate(hGt, counts.gtFound);
  counts.gt += gt;
  counts.total += n;
  counts.images++;
}

export interface Scores {
  threshold: number;
  precision: number;
  recall: number;
  f: number;
  /** mean over {background, crack} of IoU (computed from summed counts) */
  miou: number;
}

export function scoresAt(c: SweepCounts, k: number): Scores {
  const tp = c.predOk[k]!;
  const pred = c.pred[k]!;
  const fp = pred - tp;
  const found = c.gtFound[k]!;
  const fn = c.gt - found;
  const precision = pred === 0 ? 1 : tp / pred;
  const recall = c.gt === 0 ? 1 : found / c.gt;
  const f = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  // IoU of the crack class: TP / (TP + FP + FN); with tolerance, TP is the found GT (symmetric choice).
  const iouCrack = c.gt + fp > 0 ? found / (found + fn + fp) : 1;
  const tn = c.total - c.gt - fp;
  const iouBg = tn + fp + fn > 0 ? tn / (tn + fp + fn) : 1;
  return { threshold: k / 100, precision, recall, f, miou: (iouCrack + iouBg) / 2 };
}

/** ODS: the single threshold maximising F over the set (ties: lowest threshold). */
export function bestScores(c: SweepCounts): Scores {
  let best = scoresAt(c, 0);
  for (let k = 1; k < THRESHOLDS; k++) {
    const s = scoresAt(c, k);
    if (s.f > best.f) best = s;
  }
  return best;
}

export function formatScoreLine(detector: string, tolerance: number, s: Scores, images: number): string {
  return `detector=${detector} tolerance=${tolerance} P=${s.precision.toFixed(4)} R=${s.recall.toFixed(4)} F=${s.f.toFixed(4)} mIoU=${s.miou.toFixed(4)} threshold=${s.threshold.toFixed(2)} images=${images}`;
}
