import { describe, expect, it } from 'vitest';
import { type Ecef, ecefToEnu, enuFrame, wgs84, wgs84ToEcef } from './coordinates.js';
import { type FrustumCamera, type PhotoPose, imageExtent, isUsableExtent, photoFrustum } from './frustum.js';

/** A 4:3 sensor whose half-angles have tangents 0.5 and 0.375: corners are easy to work out by hand. */
const SENSOR: FrustumCamera = { kind: 'sensor', sensorWidthMm: 10, sensorHeightMm: 7.5, focalLengthMm: 10 };
const EXTENT = imageExtent(SENSOR);
/** Somewhere with both latitude and longitude far from 0, so east/north/up are not ECEF's axes. */
const HERE = { longitude: 114.05, latitude: 22.54 };

type Triple = [number, number, number];

/** A corner in east-north-up metres around the photo's position. */
function enuOf(point: Ecef, pose: PhotoPose): Triple {
  const local = ecefToEnu(point, enuFrame(wgs84(pose.longitude, pose.latitude, pose.altitude)));
  return [local.e, local.n, local.u];
}

function expectTriple(actual: Triple, expected: Triple, digits = 6): void {
  for (let i = 0; i < 3; i++) expect(actual[i]).toBeCloseTo(expected[i] as number, digits);
}

describe('image extent', () => {
  it('is the sensor over twice the focal length, centred', () => {
    expect(EXTENT).toEqual({ left: -0.5, right: 0.5, top: -0.375, bottom: 0.375 });
  });

  it("follows the photo's aspect when its pixel size is known (a 16:9 photo from a 4:3 sensor)", () => {
    const extent = imageExtent(SENSOR, { width: 1920, height: 1080 });
    expect(extent.right).toBe(0.5);
    expect(extent.bottom).toBeCloseTo(0.5 * (1080 / 1920), 12);
  });

  it('takes pixel intrinsics with an off-centre principal point', () => {
    const extent = imageExtent({
      kind: 'pixels',
      widthPx: 4000,
      heightPx: 3000,
      fx: 2000,
      fy: 2500,
      cx: 1900,
      cy: 1600,
    });
    expect(extent).toEqual({ left: -0.95, right: 1.05, top: -0.64, bottom: 0.56 });
  });

  it('refuses a rectangle without area or with a number missing', () => {
    expect(isUsableExtent(EXTENT)).toBe(true);
    expect(isUsableExtent(imageExtent({ ...SENSOR, focalLengthMm: 0 }))).toBe(false);
    expect(isUsableExtent(imageExtent({ kind: 'pixels', widthPx: 0, heightPx: 10, fx: 1, fy: 1, cx: 0, cy: 5 }))).toBe(
      false,
    );
  });
});

describe('photo frustum (worked by hand)', () => {
  it('a nadir photo: apex at the photo, corners symmetric on the ground, north up', () => {
    const pose: PhotoPose = { ...HERE, altitude: 100, yaw: 0, pitch: -90, roll: 0 };
    const frustum = photoFrustum(pose, EXTENT, 100);
    expect(frustum.apex).toEqual(wgs84ToEcef(wgs84(HERE.longitude, HERE.latitude, 100)));
    const corners = frustum.corners.map((corner) => enuOf(corner, pose));
    // Top-left, top-right, bottom-right, bottom-left: the image's top is north, its right east.
    expectTriple(corners[0]!, [-50, 37.5, -100]);
    expectTriple(corners[1]!, [50, 37.5, -100]);
    expectTriple(corners[2]!, [50, -37.5, -100]);
    expectTriple(corners[3]!, [-50, -37.5, -100]);
  });

  it('yaw 90, level: looks east, the image right points south', () => {
    const pose: PhotoPose = { ...HERE, altitude: 30, yaw: 90, pitch: 0, roll: 0 };
    const corners = photoFrustum(pose, EXTENT, 100).corners.map((corner) => enuOf(corner, pose));
    expectTriple(corners[0]!, [100, 50, 37.5]);
    expectTriple(corners[1]!, [100, -50, 37.5]);
    expectTriple(corners[2]!, [100, -50, -37.5]);
    expectTriple(corners[3]!, [100, 50, -37.5]);
  });

  it('roll 90 looking north: the image right side goes down, its top to the east', () => {
    const pose: PhotoPose = { ...HERE, altitude: 30, yaw: 0, pitch: 0, roll: 90 };
    const corners = photoFrustum(pose, EXTENT, 100).corners.map((corner) => enuOf(corner, pose));
    expectTriple(corners[0]!, [37.5, 100, 50]);
    expectTriple(corners[1]!, [37.5, 100, -50]);
    expectTriple(corners[2]!, [-37.5, 100, -50]);
    expectTriple(corners[3]!, [-37.5, 100, 50]);
  });

  it('pitch -45 facing south-west: the centre ray drops 1 m per metre, the depth is along the axis', () => {
    const pose: PhotoPose = { ...HERE, altitude: 80, yaw: -135, pitch: -45, roll: 0 };
    const frustum = photoFrustum(pose, { left: 0, right: 1e-9, top: 0, bottom: 1e-9 }, 50);
    const [e, n, u] = enuOf(frustum.corners[0], pose);
    const s = 50 * Math.SQRT1_2 * Math.SQRT1_2;
    expectTriple([e, n, u], [-s, -s, -50 * Math.SQRT1_2]);
  });

  it('refuses a depth that is not positive', () => {
    const pose: PhotoPose = { ...HERE, altitude: 30, yaw: 0, pitch: 0, roll: 0 };
    expect(() => photoFrustum(pose, EXTENT, 0)).toThrow(RangeError);
    expect(() => photoFrustum(pose, EXTENT, Number.NaN)).toThrow(RangeError);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// An independent computation: the rotation built by multiplying the elementary matrices Rz·Ry·Rx in north-east-down,
// the frame turned into ECEF by the textbook NED matrix, and the corners projected back through the pinhole.

type Matrix = [Triple, Triple, Triple];
const DEG = Math.PI / 180;
const multiply = (a: Matrix, b: Matrix): Matrix =>
  [0, 1, 2].map((i) =>
    [0, 1, 2].map((j) => a[i]![0]! * b[0]![j]! + a[i]![1]! * b[1]![j]! + a[i]![2]! * b[2]![j]!),
  ) as Matrix;
const apply = (m: Matrix, v: Triple): Triple =>
  [0, 1, 2].map((i) => m[i]![0]! * v[0] + m[i]![1]! * v[1] + m[i]![2]! * v[2]) as Triple;

function independentCorners(
  pose: PhotoPose,
  extent: { left: number; right: number; top: number; bottom: number },
  depth: number,
) {
  const [y, p, r] = [pose.yaw * DEG, pose.pitch * DEG, pose.roll * DEG];
  const rz: Matrix = [
    [Math.cos(y), -Math.sin(y), 0],
    [Math.sin(y), Math.cos(y), 0],
    [0, 0, 1],
  ];
  const ry: Matrix = [
    [Math.cos(p), 0, Math.sin(p)],
    [0, 1, 0],
    [-Math.sin(p), 0, Math.cos(p)],
  ];
  const rx: Matrix = [
    [1, 0, 0],
    [0, Math.cos(r), -Math.sin(r)],
    [0, Math.sin(r), Math.cos(r)],
  ];
  const bodyToNed = multiply(rz, multiply(ry, rx));
  const [lat, lon] = [pose.latitude * DEG, pose.longitude * DEG];
  // Columns: north, east and down in ECEF.
  const nedToEcef: Matrix = [
    [-Math.sin(lat) * Math.cos(lon), -Math.sin(lon), -Math.cos(lat) * Math.cos(lon)],
    [-Math.sin(lat) * Math.sin(lon), Math.cos(lon), -Math.cos(lat) * Math.sin(lon)],
    [Math.cos(lat), 0, -Math.sin(lat)],
  ];
  const toEcef = multiply(nedToEcef, bodyToNed);
  // Body axes: x forward, y image right, z image down.
  const a = 6378137;
  const e2 = (1 / 298.257223563) * (2 - 1 / 298.257223563);
  const nu = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  const apex: Triple = [
    (nu + pose.altitude) * Math.cos(lat) * Math.cos(lon),
    (nu + pose.altitude) * Math.cos(lat) * Math.sin(lon),
    (nu * (1 - e2) + pose.altitude) * Math.sin(lat),
  ];
  const corner = (x: number, yy: number): Triple => {
    const ray = apply(toEcef, [1, x, yy]);
    return [apex[0] + depth * ray[0], apex[1] + depth * ray[1], apex[2] + depth * ray[2]];
  };
  return {
    apex,
    axes: { forward: apply(toEcef, [1, 0, 0]), right: apply(toEcef, [0, 1, 0]), down: apply(toEcef, [0, 0, 1]) },
    corners: [
      corner(extent.left, extent.top),
      corner(extent.right, extent.top),
      corner(extent.right, extent.bottom),
      corner(extent.left, extent.bottom),
    ],
  };
}

describe('photo frustum against an independent computation', () => {
  const intrinsics: FrustumCamera = {
    kind: 'pixels',
    widthPx: 5280,
    heightPx: 3956,
    fx: 3710,
    fy: 3712,
    cx: 2650,
    cy: 1990,
  };
  const cases: PhotoPose[] = [
    { longitude: 114.05, latitude: 22.54, altitude: 120, yaw: 37.5, pitch: -62.3, roll: 4.1 },
    { longitude: -75.61, latitude: 40.04, altitude: 15, yaw: -170, pitch: 12, roll: -30 },
    { longitude: 2.35, latitude: -33.9, altitude: 500, yaw: 179.9, pitch: -89.9, roll: 0 },
    { longitude: 179.5, latitude: 71, altitude: 2, yaw: -45, pitch: 45, roll: 175 },
  ];
  for (const pose of cases) {
    it(`agrees at ${JSON.stringify(pose)} and its corners project back onto the image corners`, () => {
      const extent = imageExtent(intrinsics);
      const ours = photoFrustum(pose, extent, 37);
      const theirs = independentCorners(pose, extent, 37);
      const asTriple = (p: Ecef): Triple => [p.x, p.y, p.z];
      // Millimetres at ECEF magnitudes of millions of metres.
      expectTriple(asTriple(ours.apex), theirs.apex, 3);
      ours.corners.forEach((corner, i) => expectTriple(asTriple(corner), theirs.corners[i]!, 3));
      expectTriple([...ours.axes.forward], theirs.axes.forward, 12);
      expectTriple([...ours.axes.right], theirs.axes.right, 12);
      expectTriple([...ours.axes.down], theirs.axes.down, 12);

      // Through the pinhole u = cx + fx·(x/z), v = cy + fy·(y/z) the corners land on the image's corners.
      if (intrinsics.kind !== 'pixels') throw new Error('unreachable');
      const pixels = ours.corners.map((corner) => {
        const d: Triple = [corner.x - ours.apex.x, corner.y - ours.apex.y, corner.z - ours.apex.z];
        const dot = (axis: readonly number[]) => d[0] * axis[0]! + d[1] * axis[1]! + d[2] * axis[2]!;
        const z = dot(ours.axes.forward);
        expect(z).toBeCloseTo(37, 6);
        return [
          intrinsics.cx + (intrinsics.fx * dot(ours.axes.right)) / z,
          intrinsics.cy + (intrinsics.fy * dot(ours.axes.down)) / z,
        ];
      });
      const expected = [
        [0, 0],
        [5280, 0],
        [5280, 3956],
        [0, 3956],
      ];
      pixels.forEach(([u, v], i) => {
        expect(u).toBeCloseTo(expected[i]![0]!, 4);
        expect(v).toBeCloseTo(expected[i]![1]!, 4);
      });
    });
  }
});
