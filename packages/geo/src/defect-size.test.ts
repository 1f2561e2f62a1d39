import { describe, expect, it } from 'vitest';
import { pixelIntrinsics, uprightIntrinsics } from './camera-model.js';
import { defectSize, groundSamplingDistance, pixelsOnSurface, shapeCentre, type DefectShape } from './defect-size.js';

/**
 * A DJI-like camera: 13.2 mm sensor width, 8.8 mm focal length, 5472 × 3648 photo. By hand: fx = 5472 × 8.8 / 13.2
 * = 3648 px, principal point at the centre (2736, 1824). At 7.296 m the ground sampling distance is
 * 7.296 × 13.2 / (8.8 × 5472) = 96.3072 / 48153.6 = 0.002 m per pixel.
 */
const CAMERA = { kind: 'sensor', sensorWidthMm: 13.2, sensorHeightMm: 8.8, focalLengthMm: 8.8 } as const;
const INTRINSICS = pixelIntrinsics(CAMERA, { width: 5472, height: 3648 });
const FACING = { kind: 'plane', distanceM: 7.296 } as const;

const size = (shape: DefectShape, drawnWidthPx?: number) =>
  defectSize({ intrinsics: INTRINSICS, shape, surface: FACING, drawnWidthPx });

describe('the ground sampling distance', () => {
  it('is distance × sensor width / (focal length × image width)', () => {
    expect(
      groundSamplingDistance({ distanceM: 7.296, sensorWidthMm: 13.2, focalLengthMm: 8.8, imageWidthPx: 5472 }),
    ).toBeCloseTo(0.002, 12);
    expect(INTRINSICS.fx).toBeCloseTo(3648, 9);
  });
});

describe('a crack on a wall facing the camera 7.296 m away (2 mm per pixel)', () => {
  it('a 3-4-5 segment of 500 px is 1 m long; no drawn width, no width', () => {
    expect(
      size({
        kind: 'polyline',
        points: [
          [100, 200],
          [400, 600],
        ],
      }),
    ).toEqual({
      lengthM: expect.closeTo(1, 9),
      widthMm: null,
      areaM2: null,
    });
  });

  it('a bent crack sums its segments: 500 + 250 px = 1.5 m, and 3 px drawn width is 6 mm', () => {
    const crack = size(
      {
        kind: 'polyline',
        points: [
          [2736, 1824],
          [3236, 1824],
          [3236, 2074],
        ],
      },
      3,
    );
    expect(crack.lengthM).toBeCloseTo(1.5, 9);
    expect(crack.widthMm).toBeCloseTo(6, 9);
    expect(crack.areaM2).toBeNull();
  });
});

describe('an area on a wall facing the camera (2 mm per pixel)', () => {
  it('a 500 × 250 px rectangle is 1 m × 500 mm, 0.5 m²', () => {
    const area = size({
      kind: 'rectangle',
      points: [
        [0, 0],
        [500, 0],
        [500, 250],
        [0, 250],
      ],
    });
    expect(area.lengthM).toBeCloseTo(1, 9);
    expect(area.widthMm).toBeCloseTo(500, 6);
    expect(area.areaM2).toBeCloseTo(0.5, 9);
  });

  it('a turned rectangle (sides along (4, 3) and (-3, 4)) is measured along its own sides, not the image axes', () => {
    // Corners 500 px and 250 px apart; its axis-aligned box would be 550 × 500 px.
    const points: Array<[number, number]> = [
      [1000, 1000],
      [1400, 1300],
      [1250, 1500],
      [850, 1200],
    ];
    const area = size({ kind: 'polygon', points });
    expect(area.lengthM).toBeCloseTo(1, 9);
    expect(area.widthMm).toBeCloseTo(500, 6);
    expect(area.areaM2).toBeCloseTo(0.5, 9);
  });

  it('a right triangle with 500 px legs is 0.5 m² (shoelace: 500 × 500 / 2 px × 0.002² m²)', () => {
    expect(
      size({
        kind: 'polygon',
        points: [
          [0, 0],
          [500, 0],
          [0, 500],
        ],
      }).areaM2,
    ).toBeCloseTo(0.5, 9);
  });
});

describe("an oblique wall: turned 45° about the camera's vertical axis, crossing the optical axis 11 m ahead", () => {
  // Plane normal (1, 0, 1)/√2 in the camera frame. A pixel x = (u − cx)/fx to the right meets it at depth
  // t = 11 / (1 + x). The principal point lands at (0, 0, 11); u = cx + 364.8 (x = 0.1) at t = 10, point (1, 0, 10).
  // The two are √(1² + 1²) = √2 m apart, where a facing wall would give 364.8 px × 11/3648 = 1.1 m.
  const crack: DefectShape = {
    kind: 'polyline',
    points: [
      [2736, 1824],
      [3100.8, 1824],
    ],
  };
  const normal = [Math.SQRT1_2, 0, Math.SQRT1_2] as const;

  it('the rays end on the plane where the hand computation puts them', () => {
    const [a, b] = pixelsOnSurface(INTRINSICS, crack.points, { kind: 'plane', distanceM: 11, normal });
    expect(a![0]).toBeCloseTo(0, 9);
    expect(a![2]).toBeCloseTo(11, 9);
    expect(b![0]).toBeCloseTo(1, 9);
    expect(b![2]).toBeCloseTo(10, 9);
  });

  it('the crack is √2 m long through the plane, and the same through the mesh ranges 11 m and √101 m', () => {
    const throughPlane = defectSize({
      intrinsics: INTRINSICS,
      shape: crack,
      surface: { kind: 'plane', distanceM: 11, normal },
    });
    const throughRanges = defectSize({
      intrinsics: INTRINSICS,
      shape: crack,
      surface: { kind: 'ranges', rangesM: [11, Math.sqrt(101)] },
    });
    expect(throughPlane.lengthM).toBeCloseTo(Math.SQRT2, 9);
    expect(throughRanges.lengthM).toBeCloseTo(Math.SQRT2, 9);
  });

  it('a 364.8 × 364.8 px square right of the axis covers the slanted 1 m × (1.1…1.0 m tall) strip, area by hand', () => {
    // Corners at x = 0 and 0.1, y = 0 and 0.1: depth 11 at x = 0 and 10 at x = 0.1, so the points are
    // (0, 0, 11), (1, 0, 10), (1, 1, 10), (0, 1.1, 11): a trapezoid with parallel sides 1.1 m and 1 m, √2 m apart.
    const square: DefectShape = {
      kind: 'polygon',
      points: [
        [2736, 1824],
        [3100.8, 1824],
        [3100.8, 2188.8],
        [2736, 2188.8],
      ],
    };
    const area = defectSize({
      intrinsics: INTRINSICS,
      shape: square,
      surface: { kind: 'plane', distanceM: 11, normal },
    });
    expect(area.areaM2).toBeCloseTo(((1.1 + 1) / 2) * Math.SQRT2, 9);
    expect(area.lengthM).toBeCloseTo(Math.SQRT2, 9);
    expect(area.widthMm).toBeCloseTo(1100, 6);
  });
});

describe('what cannot be measured', () => {
  it('too few points: a polyline of 1, a polygon of 2', () => {
    expect(() => size({ kind: 'polyline', points: [[0, 0]] })).toThrow(RangeError);
    expect(() =>
      size({
        kind: 'polygon',
        points: [
          [0, 0],
          [1, 1],
        ],
      }),
    ).toThrow(RangeError);
  });

  it('no distance, a range missing, or a pixel looking past the plane', () => {
    const crack: DefectShape = {
      kind: 'polyline',
      points: [
        [0, 0],
        [10, 0],
      ],
    };
    expect(() =>
      defectSize({ intrinsics: INTRINSICS, shape: crack, surface: { kind: 'plane', distanceM: 0 } }),
    ).toThrow(RangeError);
    expect(() =>
      defectSize({ intrinsics: INTRINSICS, shape: crack, surface: { kind: 'ranges', rangesM: [5] } }),
    ).toThrow(RangeError);
    // A wall edge-on to the left pixels: normal (1, 0, 0.1) is met only by rays with x > −0.1.
    const edgeOn = { kind: 'plane', distanceM: 5, normal: [1, 0, 0.1] } as const;
    expect(() => defectSize({ intrinsics: INTRINSICS, shape: crack, surface: edgeOn })).toThrow(RangeError);
  });
});

describe('the pixel that stands for a shape', () => {
  it('a polyline: halfway along its length, on the crack', () => {
    expect(
      shapeCentre({
        kind: 'polyline',
        points: [
          [0, 0],
          [300, 0],
          [300, 100],
        ],
      }),
    ).toEqual([200, 0]);
  });

  it('an area: its centroid, weighted by area (an L of two squares)', () => {
    // The L is the rectangle [0,4]×[0,2] plus the square [0,2]×[2,4].
    const l: DefectShape = {
      kind: 'polygon',
      points: [
        [0, 0],
        [4, 0],
        [4, 2],
        [2, 2],
        [2, 4],
        [0, 4],
      ],
    };
    // Areas 8 (centre (2, 1)) and 4 (centre (1, 3)): ((16 + 4) / 12, (8 + 12) / 12).
    const [u, v] = shapeCentre(l);
    expect(u).toBeCloseTo(20 / 12, 12);
    expect(v).toBeCloseTo(20 / 12, 12);
  });
});

describe('a defect drawn on a photo that EXIF turns a quarter (orientation 6, shown 3648 × 5472)', () => {
  it('measures as the same shape drawn on the photo as stored, with the turned intrinsics', () => {
    // Calibrated intrinsics whose pixels are not square, as a pose export gives: turning must swap fx and fy.
    const calibrated = pixelIntrinsics(
      { kind: 'pixels', widthPx: 5472, heightPx: 3648, fx: 3400, fy: 3900, cx: 2700, cy: 1800 },
      { width: 5472, height: 3648 },
    );
    // The stored pixel (x, y) is shown at (3648 − y, x).
    const stored: DefectShape = {
      kind: 'polygon',
      points: [
        [1000, 400],
        [1600, 400],
        [1600, 700],
        [1000, 700],
      ],
    };
    const shown: DefectShape = { kind: 'polygon', points: stored.points.map(([x, y]) => [3648 - y, x]) };
    const upright = uprightIntrinsics(calibrated, 6);
    expect([upright.width, upright.height]).toEqual([3648, 5472]);
    const asStored = defectSize({ intrinsics: calibrated, shape: stored, surface: FACING });
    const asShown = defectSize({ intrinsics: upright, shape: shown, surface: FACING });
    expect(asShown.lengthM).toBeCloseTo(asStored.lengthM!, 9);
    expect(asShown.widthMm).toBeCloseTo(asStored.widthMm!, 6);
    expect(asShown.areaM2).toBeCloseTo(asStored.areaM2!, 9);
    // 600 px across at 7.296 / 3400 m a pixel, 300 px down at 7.296 / 3900.
    expect(asStored.lengthM).toBeCloseTo((600 * 7.296) / 3400, 9);
  });
});
