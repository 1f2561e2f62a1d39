import { describe, expect, it } from 'vitest';
import { enuFrame, wgs84 } from './coordinates.js';
import {
  type CameraAxes,
  type Vector3,
  cameraAxesEnuToYawPitchRoll,
  ecefDirectionToEnu,
  enuDirectionToEcef,
  normalizeDegrees,
  yawPitchRollToCameraAxesEnu,
} from './orientation.js';

const H = Math.SQRT1_2;

function expectVector(actual: Vector3, expected: Vector3): void {
  // Rotations of unit vectors: 1e-12 is a few ulps of the trigonometry, far below any angle we care about.
  for (let i = 0; i < 3; i++) expect(actual[i]).toBeCloseTo(expected[i] as number, 12);
}

function expectAxes(actual: CameraAxes, expected: CameraAxes): void {
  expectVector(actual.right, expected.right);
  expectVector(actual.down, expected.down);
  expectVector(actual.forward, expected.forward);
}

describe('DJI gimbal angles -> camera axes in east-north-up (worked by hand)', () => {
  it('(0, 0, 0) looks north, level, image top up', () => {
    expectAxes(yawPitchRollToCameraAxesEnu({ yaw: 0, pitch: 0, roll: 0 }), {
      right: [1, 0, 0],
      down: [0, 0, -1],
      forward: [0, 1, 0],
    });
  });

  it('yaw 90 looks east; the image right points south', () => {
    expectAxes(yawPitchRollToCameraAxesEnu({ yaw: 90, pitch: 0, roll: 0 }), {
      right: [0, -1, 0],
      down: [0, 0, -1],
      forward: [1, 0, 0],
    });
  });

  it('pitch -90 (nadir) with yaw 0 puts the top of the image to the north', () => {
    expectAxes(yawPitchRollToCameraAxesEnu({ yaw: 0, pitch: -90, roll: 0 }), {
      right: [1, 0, 0],
      down: [0, -1, 0],
      forward: [0, 0, -1],
    });
  });

  it('pitch -45 towards the north-east: forward is (1/2, 1/2, -1/√2)', () => {
    const axes = yawPitchRollToCameraAxesEnu({ yaw: 45, pitch: -45, roll: 0 });
    expectVector(axes.forward, [0.5, 0.5, -H]);
    expectVector(axes.right, [H, -H, 0]);
  });

  it('roll +30 lowers the right side of the image', () => {
    const axes = yawPitchRollToCameraAxesEnu({ yaw: 0, pitch: 0, roll: 30 });
    expectVector(axes.right, [Math.cos(Math.PI / 6), 0, -0.5]);
    expectVector(axes.forward, [0, 1, 0]);
  });
});

describe('camera axes -> DJI gimbal angles', () => {
  it('reads back the hand-worked cases', () => {
    const cases = [
      { axes: { right: [0, -1, 0], down: [0, 0, -1], forward: [1, 0, 0] }, angles: { yaw: 90, pitch: 0, roll: 0 } },
      { axes: { right: [-1, 0, 0], down: [0, 0, -1], forward: [0, -1, 0] }, angles: { yaw: 180, pitch: 0, roll: 0 } },
      { axes: { right: [1, 0, 0], down: [0, -1, 0], forward: [0, 0, -1] }, angles: { yaw: 0, pitch: -90, roll: 0 } },
      // Nadir, image top to the east: the drone flew east (yaw 90), roll stays 0 at gimbal lock.
      { axes: { right: [0, -1, 0], down: [-1, 0, 0], forward: [0, 0, -1] }, angles: { yaw: 90, pitch: -90, roll: 0 } },
    ] as const;
    for (const { axes, angles } of cases) {
      const read = cameraAxesEnuToYawPitchRoll(axes);
      expect(read.yaw).toBeCloseTo(angles.yaw, 9);
      expect(read.pitch).toBeCloseTo(angles.pitch, 9);
      expect(read.roll).toBeCloseTo(angles.roll, 9);
    }
  });

  it('round-trips angles across the whole range, gimbal lock included', () => {
    for (const yaw of [-179, -135, -37.1, 0, 37.1, 117.6, 180]) {
      for (const pitch of [-90, -89.9, -45, -19, 0, 1, 30, 90]) {
        for (const roll of Math.abs(pitch) === 90 ? [0] : [-170, -3.3, 0, 2, 45, 179]) {
          const read = cameraAxesEnuToYawPitchRoll(yawPitchRollToCameraAxesEnu({ yaw, pitch, roll }));
          expect(read.pitch).toBeCloseTo(pitch, 9);
          expect(normalizeDegrees(read.yaw - yaw)).toBeCloseTo(0, 6);
          expect(normalizeDegrees(read.roll - roll)).toBeCloseTo(0, 6);
        }
      }
    }
  });

  it('tolerates a matrix rounded to a few digits, as exports write them', () => {
    const axes = yawPitchRollToCameraAxesEnu({ yaw: -102.3, pitch: -27.3, roll: 1.5 });
    const round = (v: Vector3): Vector3 => v.map((x) => Number(x.toFixed(4))) as unknown as Vector3;
    const read = cameraAxesEnuToYawPitchRoll({
      right: round(axes.right),
      down: round(axes.down),
      forward: round(axes.forward),
    });
    // 1e-4 on each entry moves an axis by at most about 0.01 degree.
    expect(read.yaw).toBeCloseTo(-102.3, 1);
    expect(read.pitch).toBeCloseTo(-27.3, 1);
    expect(read.roll).toBeCloseTo(1.5, 1);
  });
});

describe('directions between ECEF and east-north-up', () => {
  it('at 0°N 0°E: ECEF x is up, y is east, z is north', () => {
    const frame = enuFrame(wgs84(0, 0, 0));
    expectVector(ecefDirectionToEnu([1, 0, 0], frame), [0, 0, 1]);
    expectVector(ecefDirectionToEnu([0, 1, 0], frame), [1, 0, 0]);
    expectVector(ecefDirectionToEnu([0, 0, 1], frame), [0, 1, 0]);
  });

  it('at 90°E on the equator, ECEF -x is east; at the north pole (lon 0), -x is north', () => {
    expectVector(ecefDirectionToEnu([-1, 0, 0], enuFrame(wgs84(90, 0, 0))), [1, 0, 0]);
    expectVector(ecefDirectionToEnu([-1, 0, 0], enuFrame(wgs84(0, 90, 0))), [0, 1, 0]);
  });

  it('the two directions invert each other', () => {
    const frame = enuFrame(wgs84(27.5767, 53.9188, 336.8));
    const v: Vector3 = [0.3, -0.5, 0.81];
    expectVector(enuDirectionToEcef(ecefDirectionToEnu(v, frame), frame), v);
  });
});

describe('normalizeDegrees', () => {
  it('wraps into (-180, 180]', () => {
    expect(normalizeDegrees(190)).toBeCloseTo(-170, 12);
    expect(normalizeDegrees(-180)).toBe(180);
    expect(normalizeDegrees(540)).toBe(180);
    expect(normalizeDegrees(-37.1)).toBeCloseTo(-37.1, 12);
  });
});
