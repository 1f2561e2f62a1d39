/**
 * Total-station displacement of a monitoring point (SPEC section 3, "displacement record"). Each survey measures the
 * point's plane coordinates X/Y in metres, in the same local grid as the point's baseline survey. Definitions:
 *
 * - current displacement: the horizontal distance between this survey and the one before it in time; the first
 *   survey's "one before" is the baseline, so its current and cumulative displacements are equal;
 * - cumulative displacement: the horizontal distance between this survey and the baseline (not the sum of the
 *   current displacements, which would grow with measurement noise alone).
 *
 * Both are millimetres, rounded to 0.001 mm (a micrometre, far below a total station's precision), so stored values
 * compare exactly with thresholds that have three decimals.
 */

export interface PlanePoint {
  /** Metres. */
  readonly x: number;
  /** Metres. */
  readonly y: number;
}

export interface SurveyDisplacement {
  readonly currentMm: number;
  readonly cumulativeMm: number;
}

const MM_PER_M = 1000;

function roundMicrometre(mm: number): number {
  return Math.round(mm * 1000) / 1000;
}

function distanceMm(from: PlanePoint, to: PlanePoint): number {
  return roundMicrometre(Math.hypot(to.x - from.x, to.y - from.y) * MM_PER_M);
}

/** The displacements of surveys given in time order (earliest first), from the baseline survey's X/Y. */
export function displacementSeries(baseline: PlanePoint, surveys: readonly PlanePoint[]): SurveyDisplacement[] {
  return surveys.map((survey, index) => ({
    currentMm: distanceMm(surveys[index - 1] ?? baseline, survey),
    cumulativeMm: distanceMm(baseline, survey),
  }));
}

/**
 * Which surveys cross the threshold: a cumulative displacement above `thresholdMm` whose previous survey (or the
 * baseline, for the first) was not above it. An alarm is raised once per crossing, not on every survey that stays
 * above the threshold.
 */
export function thresholdCrossings(series: readonly SurveyDisplacement[], thresholdMm: number): boolean[] {
  return series.map(
    (survey, index) => survey.cumulativeMm > thresholdMm && !((series[index - 1]?.cumulativeMm ?? 0) > thresholdMm),
  );
}
