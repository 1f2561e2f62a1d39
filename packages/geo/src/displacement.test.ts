import { describe, expect, it } from 'vitest';
import { displacementSeries, thresholdCrossings } from './displacement.js';

describe('total-station displacement', () => {
  it('measures current displacement from the survey before and cumulative from the baseline', () => {
    const baseline = { x: 1000, y: 2000 };
    // By hand: (1000.003, 2000.004) is 3-4-5 mm from the baseline; (1000.006, 2000.008) is 5 mm from it and 10 mm
    // from the baseline; (1000, 2000.001) is hypot(6, 7) = 9.219544... mm from the one before and 1 mm from the baseline.
    const series = displacementSeries(baseline, [
      { x: 1000.003, y: 2000.004 },
      { x: 1000.006, y: 2000.008 },
      { x: 1000, y: 2000.001 },
    ]);
    expect(series).toEqual([
      { currentMm: 5, cumulativeMm: 5 },
      { currentMm: 5, cumulativeMm: 10 },
      { currentMm: 9.22, cumulativeMm: 1 },
    ]);
  });

  it('keeps micrometres of coordinates of hundreds of kilometres', () => {
    // 0.0000012 m east and 0.0000005 m north: hypot(1.2, 0.5) = 1.3 micrometres, i.e. 0.0013 mm, rounded to 0.001.
    const [survey] = displacementSeries({ x: 500_000.1, y: 3_400_000.2 }, [
      { x: 500_000.1000012, y: 3_400_000.2000005 },
    ]);
    expect(survey).toEqual({ currentMm: 0.001, cumulativeMm: 0.001 });
    const [far] = displacementSeries({ x: 500_000.1, y: 3_400_000.2 }, [{ x: 500_000.13, y: 3_400_000.16 }]);
    // 30 mm east, 40 mm south.
    expect(far).toEqual({ currentMm: 50, cumulativeMm: 50 });
  });

  it('answers nothing for no surveys', () => {
    expect(displacementSeries({ x: 0, y: 0 }, [])).toEqual([]);
  });

  it('marks only the surveys that cross the threshold upwards', () => {
    const series = [3, 12, 15, 8, 10, 10.001, 20].map((cumulativeMm) => ({ currentMm: 0, cumulativeMm }));
    // Above 10 mm: 12 (crossing), 15 (still above), 8 (back below), 10 (not above), 10.001 (crossing), 20 (above).
    expect(thresholdCrossings(series, 10)).toEqual([false, true, false, false, false, true, false]);
    expect(thresholdCrossings(series, 99999.999)).toEqual(series.map(() => false));
  });
});
