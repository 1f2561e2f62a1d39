import { describe, expect, it } from 'vitest';
import { photoCamera } from './camera-model.js';
import { enu, enuFrame, enuToEcef, ecefToWgs84, wgs84 } from './coordinates.js';
import { type FrustumCamera, type PhotoPose } from './frustum.js';
import { targetDisplacement } from './target-displacement.js';

/**
 * A 4:3 sensor 10 mm across at 10 mm focal length on a 4000 × 3000 photo: fx = 4000 px. At 20 m the ground sampling
 * distance is 20 m × 10 mm / (10 mm × 4000 px) = 5 mm a pixel (the hand calculation the cases below use).
 */
const SENSOR: FrustumCamera = { kind: 'sensor', sensorWidthMm: 10, sensorHeightMm: 7.5, focalLengthMm: 10 };
const PHOTO = { width: 4000, height: 3000 };
/** A nadir photo (pitch −90°, yaw 0: right is east, down is south) 20 m above the target plane. */
const POSE: PhotoPose = { longitude: 114.05, latitude: 22.54, altitude: 120, yaw: 0, pitch: -90, roll: 0 };
const camera = (pose: PhotoPose) => photoCamera(pose, SENSOR, PHOTO);

/** The pose moved by east/north/up metres. */
function moved(pose: PhotoPose, e: number, n: number, u: number): PhotoPose {
  const frame = enuFrame(wgs84(pose.longitude, pose.latitude, pose.altitude));
  const place = ecefToWgs84(enuToEcef(enu(e, n, u), frame));
  return { ...pose, longitude: place.lon, latitude: place.lat, altitude: place.height };
}

describe('target displacement', () => {
  it('from one pose: the pixel shift times the ground sampling distance, with its right and down parts', () => {
    const result = targetDisplacement({
      baseline: { camera: camera(POSE), pixel: [2000, 1500] },
      round: { camera: camera(POSE), pixel: [2003, 1496] },
      distanceM: 20,
    });
    // 3 px right and 4 px up: 15 mm and −20 mm, 25 mm in all.
    expect(result.rightMm).toBeCloseTo(15, 3);
    expect(result.downMm).toBeCloseTo(-20, 3);
    expect(result.displacementMm).toBeCloseTo(25, 3);
  });

  it('a target off the image centre: the plane is square to the axis, so the scale is the same', () => {
    const result = targetDisplacement({
      baseline: { camera: camera(POSE), pixel: [3500, 400] },
      round: { camera: camera(POSE), pixel: [3510, 400] },
      distanceM: 20,
    });
    expect(result.displacementMm).toBeCloseTo(50, 3);
  });

  it('a drone standing 10 cm east for the round sees a still target 20 px to the left: no displacement', () => {
    const result = targetDisplacement({
      baseline: { camera: camera(POSE), pixel: [2000, 1500] },
      round: { camera: camera(moved(POSE, 0.1, 0, 0)), pixel: [1980, 1500] },
      distanceM: 20,
    });
    expect(result.displacementMm).toBeLessThan(0.01);
  });

  it('a drone 10 cm east and a target 12 mm south: 12 mm down on the baseline photo', () => {
    // The target is 12 mm south = 2.4 px down; the drone's move shifts it 20 px left.
    const result = targetDisplacement({
      baseline: { camera: camera(POSE), pixel: [2000, 1500] },
      round: { camera: camera(moved(POSE, 0.1, 0, 0)), pixel: [1980, 1502.4] },
      distanceM: 20,
    });
    expect(result.rightMm).toBeCloseTo(0, 2);
    expect(result.downMm).toBeCloseTo(12, 2);
  });

  it('a round photo from 2 m higher: the same target seen smaller does not move', () => {
    // At 22 m the target 1000 px right of centre (5 m east) appears at 5 m / 22 m × 4000 px = 909.09 px.
    const result = targetDisplacement({
      baseline: { camera: camera(POSE), pixel: [3000, 1500] },
      round: { camera: camera(moved(POSE, 0, 0, 2)), pixel: [2000 + (5 / 22) * 4000, 1500] },
      distanceM: 20,
    });
    expect(result.displacementMm).toBeLessThan(0.01);
  });

  it('refuses a distance that is not positive', () => {
    const sighting = { camera: camera(POSE), pixel: [0, 0] as const };
    expect(() => targetDisplacement({ baseline: sighting, round: sighting, distanceM: 0 })).toThrow(RangeError);
  });
});
