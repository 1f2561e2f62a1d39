import { describe, expect, it } from 'vitest';
import { ecef, ecefToWgs84, enu, enuFrame, enuToEcef, wgs84, wgs84ToEcef } from './coordinates.js';
import {
  centroid,
  distance,
  heightDifference,
  heightTriangle,
  polygonHorizontalArea,
  polygonPlanarArea,
  polylineLength,
  ringAreaEnu,
} from './measure.js';

const frame = enuFrame(wgs84(114.05, 22.54, 30));
const local = (e: number, n: number, u: number) => enuToEcef(enu(e, n, u), frame);

describe('distance and polylineLength', () => {
  it('measures straight lines (3-4-5 triangle)', () => {
    expect(distance(ecef(1, 2, 3), ecef(4, 6, 3))).toBe(5);
    expect(polylineLength([local(0, 0, 0), local(30, 0, 0), local(30, 40, 0)])).toBeCloseTo(70, 6);
    expect(polylineLength([local(0, 0, 0)])).toBe(0);
    expect(polylineLength([])).toBe(0);
  });

  it('measures 0.001° of longitude on the equator as a·θ = 111.319491 m', () => {
    // Hand calculation: 6378137 m × 0.001 × π/180 = 111.3194908 m; the chord is shorter by a·θ³/24 ≈ 1e-8 m.
    const length = polylineLength([wgs84ToEcef(wgs84(0, 0, 0)), wgs84ToEcef(wgs84(0.001, 0, 0))]);
    expect(length).toBeCloseTo(111.3194908, 6);
  });
});

describe('heightDifference', () => {
  it('gives the height difference of two points on one vertical', () => {
    const result = heightDifference(wgs84ToEcef(wgs84(10, 45, 100)), wgs84ToEcef(wgs84(10, 45, 130)));
    expect(result.vertical).toBeCloseTo(30, 6);
    expect(result.horizontal).toBeCloseTo(0, 6);
    expect(result.slope).toBeCloseTo(30, 6);
  });

  it('splits a slanted measurement into horizontal and vertical parts', () => {
    // 30 m east, 40 m north, 12 m up in the tangent plane: horizontal 50 m, slope √(50² + 12²) = 51.4198 m.
    // The ellipsoid falls away from the tangent plane by d²/2R = 50² / (2 × 6.38e6) = 0.0002 m at 50 m.
    const result = heightDifference(local(0, 0, 0), local(30, 40, 12));
    expect(result.horizontal).toBeCloseTo(50, 6);
    expect(result.vertical).toBeCloseTo(12.0002, 4);
    expect(result.slope).toBeCloseTo(51.41984, 5);
    expect(heightDifference(local(30, 40, 12), local(0, 0, 0)).vertical).toBeCloseTo(-12.0002, 4);
  });
});

describe('heightTriangle', () => {
  it("puts the corner straight below the higher point, at the lower point's height, whichever comes first", () => {
    const low = local(0, 0, 0);
    const high = local(30, 40, 12);
    const triangle = heightTriangle(high, low);
    expect(triangle.low).toBe(low);
    expect(triangle.high).toBe(high);
    expect(heightTriangle(low, high)).toEqual(triangle);
    const corner = ecefToWgs84(triangle.corner);
    expect(corner.lon).toBeCloseTo(ecefToWgs84(high).lon, 12);
    expect(corner.lat).toBeCloseTo(ecefToWgs84(high).lat, 12);
    expect(corner.height).toBeCloseTo(ecefToWgs84(low).height, 6);
    // The vertical leg runs along the ellipsoid's normal: its length is the height difference.
    expect(distance(triangle.corner, high)).toBeCloseTo(heightDifference(low, high).vertical, 6);
  });
});

describe('centroid', () => {
  it('is the mean position: (0,0,0), (2,0,0), (2,4,6) -> (4/3, 4/3, 2)', () => {
    const mean = centroid([ecef(0, 0, 0), ecef(2, 0, 0), ecef(2, 4, 6)]);
    expect(mean.x).toBeCloseTo(4 / 3, 12);
    expect(mean.y).toBeCloseTo(4 / 3, 12);
    expect(mean.z).toBe(2);
  });
});

describe('areas', () => {
  it('computes the shoelace area of ENU rings in either orientation', () => {
    const square = [enu(0, 0, 0), enu(10, 0, 0), enu(10, 10, 0), enu(0, 10, 0)];
    expect(ringAreaEnu(square)).toBe(100);
    expect(ringAreaEnu([...square].reverse())).toBe(100);
    // Triangle with base 6 and height 4: 12.
    expect(ringAreaEnu([enu(0, 0, 0), enu(6, 0, 5), enu(3, 4, 9)])).toBe(12);
  });

  it('measures a horizontal 100 m square as 10,000 m², open or closed', () => {
    const ring = [local(0, 0, 0), local(100, 0, 0), local(100, 100, 0), local(0, 100, 0)];
    expect(polygonHorizontalArea(ring)).toBeCloseTo(10000, 3);
    expect(polygonHorizontalArea([...ring, local(0, 0, 0)])).toBeCloseTo(10000, 3);
    expect(polygonPlanarArea(ring)).toBeCloseTo(10000, 3);
  });

  it('measures a vertical face in its plane, which a horizontal area flattens to nothing', () => {
    const face = [local(0, 0, 0), local(20, 0, 0), local(20, 0, 10), local(0, 0, 10)];
    expect(polygonPlanarArea(face)).toBeCloseTo(200, 6);
    expect(polygonHorizontalArea(face)).toBeCloseTo(0, 3);
    // Tilted 3-4-5: a 10 m × 5 m rectangle rising 3 m over 4 m east has a planar area of 50 m², horizontal 40 m².
    const roof = [local(0, 0, 0), local(4, 0, 3), local(4, 10, 3), local(0, 10, 0)];
    expect(polygonPlanarArea(roof)).toBeCloseTo(50, 6);
    expect(polygonHorizontalArea(roof)).toBeCloseTo(40, 3);
  });

  it('measures a 0.001° square on the equator as 111.3195 m × 110.5743 m = 12309.07 m²', () => {
    // Hand calculation: east-west a·Δλ = 111.31949 m; north-south M(0)·Δφ with the meridian radius
    // M(0) = a(1 - e²) = 6335439.327 m, so 110.57427 m; product 12309.07 m².
    const ring = [wgs84(0, 0), wgs84(0.001, 0), wgs84(0.001, 0.001), wgs84(0, 0.001)].map((p) => wgs84ToEcef(p));
    expect(polygonHorizontalArea(ring)).toBeCloseTo(12309.07, 1);
  });

  it('gives zero for fewer than three positions', () => {
    expect(polygonHorizontalArea([local(0, 0, 0), local(1, 0, 0)])).toBe(0);
    expect(polygonPlanarArea([local(0, 0, 0), local(1, 0, 0), local(0, 0, 0)])).toBe(0);
  });
});
