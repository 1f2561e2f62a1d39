import { describe, expect, it } from 'vitest';
import {
  type PhotoCamera,
  isInImage,
  opticalAxisRay,
  photoCamera,
  pixelIntrinsics,
  pixelToRay,
  pointAlongRay,
  projectToPixel,
  uprightCamera,
} from './camera-model.js';
import { type Ecef, ecef, ecefToEnu, enu, enuFrame, enuToEcef, wgs84 } from './coordinates.js';
import { type FrustumCamera, type PhotoPose } from './frustum.js';

/** A 4:3 sensor, 10 mm across at 10 mm focal length: on a 4000 × 3000 photo fx = fy = 4000 px, (cx, cy) the centre. */
const SENSOR: FrustumCamera = { kind: 'sensor', sensorWidthMm: 10, sensorHeightMm: 7.5, focalLengthMm: 10 };
const PHOTO = { width: 4000, height: 3000 };
/** Pixel intrinsics with different focal lengths and an off-centre principal point. */
const PIXELS: FrustumCamera = { kind: 'pixels', widthPx: 4000, heightPx: 3000, fx: 2000, fy: 2500, cx: 1900, cy: 1600 };
/** Latitude and longitude far from 0, so east/north/up are not ECEF's axes. */
const HERE = { longitude: 114.05, latitude: 22.54 };

/** A point given in east-north-up metres around the photo's position. */
function around(pose: PhotoPose, e: number, n: number, u: number): Ecef {
  return enuToEcef(enu(e, n, u), enuFrame(wgs84(pose.longitude, pose.latitude, pose.altitude)));
}

function enuDirection(pose: PhotoPose, direction: readonly [number, number, number]): [number, number, number] {
  const frame = enuFrame(wgs84(pose.longitude, pose.latitude, pose.altitude));
  const tip = ecefToEnu(
    ecef(frame.originEcef.x + direction[0], frame.originEcef.y + direction[1], frame.originEcef.z + direction[2]),
    frame,
  );
  return [tip.e, tip.n, tip.u];
}

function expectTriple(actual: readonly number[], expected: readonly number[], digits = 9): void {
  for (let i = 0; i < 3; i++) expect(actual[i]).toBeCloseTo(expected[i] as number, digits);
}

describe('pixel intrinsics', () => {
  it('a sensor camera: focal length over pixel pitch, principal point at the centre', () => {
    // 10 mm sensor over 4000 px = 2.5 µm pixels; 10 mm / 2.5 µm = 4000 px.
    const intrinsics = pixelIntrinsics(SENSOR, PHOTO);
    expect(intrinsics.fx).toBeCloseTo(4000, 9);
    expect(intrinsics.fy).toBeCloseTo(4000, 9);
    expect(intrinsics.cx).toBeCloseTo(2000, 9);
    expect(intrinsics.cy).toBeCloseTo(1500, 9);
    expect([intrinsics.width, intrinsics.height]).toEqual([4000, 3000]);
  });

  it('pixel intrinsics are kept as given at their own size', () => {
    const intrinsics = pixelIntrinsics(PIXELS);
    expect(intrinsics.fx).toBeCloseTo(2000, 9);
    expect(intrinsics.fy).toBeCloseTo(2500, 9);
    expect(intrinsics.cx).toBeCloseTo(1900, 9);
    expect(intrinsics.cy).toBeCloseTo(1600, 9);
  });

  it('pixel intrinsics are halved for a photo stored at half size', () => {
    const intrinsics = pixelIntrinsics(PIXELS, { width: 2000, height: 1500 });
    expect(intrinsics.fx).toBeCloseTo(1000, 9);
    expect(intrinsics.fy).toBeCloseTo(1250, 9);
    expect(intrinsics.cx).toBeCloseTo(950, 9);
    expect(intrinsics.cy).toBeCloseTo(800, 9);
  });

  it('a sensor camera without the photo size, or without an image rectangle, is refused', () => {
    expect(() => pixelIntrinsics(SENSOR)).toThrow(RangeError);
    expect(() => pixelIntrinsics({ ...SENSOR, focalLengthMm: 0 }, PHOTO)).toThrow(RangeError);
  });
});

describe('a nadir camera 100 m up (worked by hand)', () => {
  const pose: PhotoPose = { ...HERE, altitude: 100, yaw: 0, pitch: -90, roll: 0 };
  const camera = photoCamera(pose, SENSOR, PHOTO);

  it('sits at the pose and looks straight down, image top to the north', () => {
    expectTriple(enuDirection(pose, camera.axes.forward), [0, 0, -1]);
    expectTriple(enuDirection(pose, camera.axes.right), [1, 0, 0]);
    expectTriple(enuDirection(pose, camera.axes.down), [0, -1, 0]);
    const position = ecefToEnu(camera.position, enuFrame(wgs84(HERE.longitude, HERE.latitude, 100)));
    expectTriple([position.e, position.n, position.u], [0, 0, 0], 6);
  });

  it('the point straight below is the principal point, 100 m deep', () => {
    const pixel = projectToPixel(camera, around(pose, 0, 0, -100));
    expect(pixel?.u).toBeCloseTo(2000, 6);
    expect(pixel?.v).toBeCloseTo(1500, 6);
    expect(pixel?.depth).toBeCloseTo(100, 6);
  });

  it('10 m east at 100 m below is fx·0.1 = 400 px right; 20 m north is 800 px up', () => {
    const east = projectToPixel(camera, around(pose, 10, 0, -100));
    expect(east?.u).toBeCloseTo(2000 + 4000 * 0.1, 5);
    expect(east?.v).toBeCloseTo(1500, 5);
    const north = projectToPixel(camera, around(pose, 0, 20, -100));
    expect(north?.u).toBeCloseTo(2000, 5);
    expect(north?.v).toBeCloseTo(1500 - 4000 * 0.2, 5);
  });

  it('a point above or level with the camera is behind it', () => {
    expect(projectToPixel(camera, around(pose, 0, 0, 10))).toBeNull();
    expect(projectToPixel(camera, around(pose, 50, 0, 0))).toBeNull();
  });

  it("the image's corners are ±50 m east and ±37.5 m north on the ground 100 m below", () => {
    // Half-angles: 5 mm / 10 mm = 0.5 across and 3.75 / 10 = 0.375 down.
    const topLeft = projectToPixel(camera, around(pose, -50, 37.5, -100));
    expect(topLeft?.u).toBeCloseTo(0, 5);
    expect(topLeft?.v).toBeCloseTo(0, 5);
    const bottomRight = projectToPixel(camera, around(pose, 50, -37.5, -100));
    expect(bottomRight?.u).toBeCloseTo(4000, 5);
    expect(bottomRight?.v).toBeCloseTo(3000, 5);
    // 1 cm inside and outside the right edge (1 cm at 100 m is 0.4 px).
    const inside = projectToPixel(camera, around(pose, 49.99, 0, -100));
    expect(inside && isInImage(camera, inside.u, inside.v)).toBe(true);
    const outside = projectToPixel(camera, around(pose, 50.01, 0, -100));
    expect(outside && isInImage(camera, outside.u, outside.v)).toBe(false);
  });

  it("the principal point's ray is the optical axis; a corner's ray leans by its half-angles", () => {
    const centre = pixelToRay(camera, 2000, 1500);
    expectTriple(centre.direction, opticalAxisRay(camera).direction, 12);
    const corner = pixelToRay(camera, 4000, 3000);
    // forward + 0.5·right + 0.375·down, normalised: east 0.5, south 0.375, down 1.
    const length = Math.hypot(0.5, 0.375, 1);
    expectTriple(enuDirection(pose, corner.direction), [0.5 / length, -0.375 / length, -1 / length]);
  });
});

describe('an oblique camera with pixel intrinsics', () => {
  // Heading east, 30° down, rolled 10°: nothing lines up with a frame axis.
  const pose: PhotoPose = { ...HERE, altitude: 250, yaw: 90, pitch: -30, roll: 10 };
  const camera: PhotoCamera = photoCamera(pose, PIXELS);

  it('a horizontal camera heading east sees a point 100 m east and 10 m up 250 px above the centre', () => {
    const level = photoCamera({ ...HERE, altitude: 250, yaw: 90, pitch: 0, roll: 0 }, PIXELS);
    const pixel = projectToPixel(level, around({ ...HERE, altitude: 250, yaw: 0, pitch: 0, roll: 0 }, 100, 0, 10));
    expect(pixel?.u).toBeCloseTo(1900, 5);
    expect(pixel?.v).toBeCloseTo(1600 - 2500 * 0.1, 5);
    expect(pixel?.depth).toBeCloseTo(100, 6);
  });

  it('round trip pixel -> ray -> point -> pixel', () => {
    for (const [u, v] of [
      [0, 0],
      [4000, 3000],
      [1234.5, 2890.25],
      [1900, 1600],
      [3999, 1],
    ] as const) {
      const ray = pixelToRay(camera, u, v);
      expect(Math.hypot(...ray.direction)).toBeCloseTo(1, 12);
      const point = pointAlongRay(ray, 173.2);
      const back = projectToPixel(camera, point);
      expect(back?.u).toBeCloseTo(u, 6);
      expect(back?.v).toBeCloseTo(v, 6);
    }
  });

  it("depth is the distance along the optical axis, not the point's distance", () => {
    const ray = pixelToRay(camera, 0, 0);
    const point = pointAlongRay(ray, 100);
    const pixel = projectToPixel(camera, point);
    const cosine =
      ray.direction[0] * camera.axes.forward[0] +
      ray.direction[1] * camera.axes.forward[1] +
      ray.direction[2] * camera.axes.forward[2];
    expect(pixel?.depth).toBeCloseTo(100 * cosine, 6);
    expect(pixel?.depth).toBeLessThan(100);
  });

  it('isInImage takes the edges and refuses anything past them', () => {
    expect(isInImage(camera, 0, 0)).toBe(true);
    expect(isInImage(camera, 4000, 3000)).toBe(true);
    expect(isInImage(camera, -0.01, 10)).toBe(false);
    expect(isInImage(camera, 10, 3000.01)).toBe(false);
  });
});

describe('uprightCamera: pixels counted on the photo as shown, turned by its EXIF orientation', () => {
  const W = 4000;
  const H = 3000;
  const pose: PhotoPose = { ...HERE, altitude: 80, yaw: 30, pitch: -60, roll: 5 };
  /** Where each orientation shows the stored pixel (x, y): EXIF's rules, as sharp's `rotate()` turns a photo. */
  const shown: Record<number, (x: number, y: number) => [number, number]> = {
    1: (x, y) => [x, y],
    2: (x, y) => [W - x, y],
    3: (x, y) => [W - x, H - y],
    4: (x, y) => [x, H - y],
    5: (x, y) => [y, x],
    6: (x, y) => [H - y, x],
    7: (x, y) => [H - y, W - x],
    8: (x, y) => [y, W - x],
  };
  const stored = photoCamera(pose, PIXELS, PHOTO);
  const pixels: Array<[number, number]> = [
    [0, 0],
    [W, H],
    [1900, 1600],
    [312.5, 2710.25],
    [3999, 1],
  ];

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'orientation %i: a shown pixel looks where its stored pixel looks',
    (orientation) => {
      const upright = uprightCamera(stored, orientation);
      const turned = orientation >= 5;
      expect([upright.intrinsics.width, upright.intrinsics.height]).toEqual(turned ? [H, W] : [W, H]);
      for (const [x, y] of pixels) {
        const [u, v] = shown[orientation]!(x, y);
        expectTriple(pixelToRay(upright, u, v).direction, pixelToRay(stored, x, y).direction, 12);
        const point = pointAlongRay(pixelToRay(stored, x, y), 37);
        const projected = projectToPixel(upright, point)!;
        expect(projected.u).toBeCloseTo(u, 6);
        expect(projected.v).toBeCloseTo(v, 6);
        expect(isInImage(upright, u, v)).toBe(true);
      }
    },
  );

  it('leaves a camera as stored for orientation 1, none, or a value EXIF does not define', () => {
    for (const orientation of [1, null, undefined, 0, 9]) expect(uprightCamera(stored, orientation)).toBe(stored);
  });
});
