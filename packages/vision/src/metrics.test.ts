import { describe, expect, it } from 'vitest';
import { accumulate, bestScores, emptyCounts, formatScoreLine, scoresAt, thresholdBin } from './metrics.js';

describe('DeepCrack protocol metrics', () => {
  it('bins scores so that bin >= k means score > k/100', () => {
    expect(thresholdBin(0)).toBe(-1);
    expect(thresholdBin(0.005)).toBe(0);
    expect(thresholdBin(0.01)).toBe(0); // 0.01 > 0.01 is false
    expect(thresholdBin(0.0100001)).toBe(1);
    expect(thresholdBin(0.5)).toBe(49);
    expect(thresholdBin(1)).toBe(99);
  });

  it('scores a perfect prediction as F = 1 and mIoU = 1', () => {
    const lab = Uint8Array.from([0, 1, 1, 0, 0, 1, 0, 0, 0]);
    const score = Float32Array.from(lab, (v) => (v ? 0.9 : 0.1));
    const c = emptyCounts();
    accumulate(c, score, lab, 3, 3, 0);
    const s = bestScores(c);
    expect(s.f).toBe(1);
    expect(s.miou).toBe(1);
    expect(s.threshold).toBeGreaterThanOrEqual(0.1);
    expect(s.threshold).toBeLessThan(0.9);
  });

  it('sums counts over images before computing P/R (not a mean of per-image F)', () => {
    const c = emptyCounts();
    // image 1: 1 TP, 0 FP ; image 2: 0 TP, 3 FP, 1 FN
    accumulate(c, Float32Array.from([1, 0]), Uint8Array.from([1, 0]), 2, 1, 0);
    accumulate(c, Float32Array.from([1, 1, 1, 0]), Uint8Array.from([0, 0, 0, 1]), 4, 1, 0);
    const s = scoresAt(c, 50);
    expect(s.precision).toBeCloseTo(1 / 4);
    expect(s.recall).toBeCloseTo(1 / 2);
    expect(s.f).toBeCloseTo((2 * 0.25 * 0.5) / 0.75);
  });

  it('P = 1 when nothing is predicted', () => {
    const c = emptyCounts();
    accumulate(c, new Float32Array(4), Uint8Array.from([1, 0, 0, 0]), 4, 1, 0);
    const s = scoresAt(c, 10);
    expect(s.precision).toBe(1);
    expect(s.recall).toBe(0);
    expect(s.f).toBe(0);
  });

  it('a one-pixel offset fails without tolerance and passes with 2 pixels', () => {
    const w = 20;
    const h = 20;
    const lab = new Uint8Array(w * h);
    const score = new Float32Array(w * h);
    for (let y = 2; y < 18; y++) {
      lab[y * w + 10] = 1;
      score[y * w + 11] = 0.8;
    }
    const c0 = emptyCounts();
    const c2 = emptyCounts();
    accumulate(c0, score, lab, w, h, 0);
    accumulate(c2, score, lab, w, h, 2);
    expect(bestScores(c0).f).toBe(0);
    const s2 = bestScores(c2);
    expect(s2.precision).toBe(1);
    expect(s2.recall).toBe(1);
  });

  it('prints the contract line', () => {
    const line = formatScoreLine(
      'builtin',
      2,
      { threshold: 0.3, precision: 0.5, recall: 0.25, f: 1 / 3, miou: 0.6 },
      7,
    );
    expect(line).toBe('detector=builtin tolerance=2 P=0.5000 R=0.2500 F=0.3333 mIoU=0.6000 threshold=0.30 images=7');
    expect(line).toMatch(
      /^detector=\S+ tolerance=\d+ P=[\d.]+ R=[\d.]+ F=[\d.]+ mIoU=[\d.]+ threshold=[\d.]+ images=\d+$/,
    );
  });
});
