/**
 * Camera orientation: DJI gimbal angles and rotation matrices (ARCHITECTURE.md section 5).
 *
 * The convention, written down once:
 * - A camera's axes are `right` (image x), `down` (image y) and `forward` (the optical axis), the axes of OpenCV,
 *   Agisoft Metashape and ContextCapture's default "XRightYDown".
 * - `yaw`, `pitch` and `roll` are DJI's gimbal angles in degrees: yaw is the heading of the optical axis, clockwise
 *   from north; pitch is its elevation, negative looking down (-90 is nadir); roll turns the image about the optical
 *   axis, positive when the image's right side goes down. At (0, 0, 0) the camera looks north, level, image top up.
 * - In aerospace terms the camera is a body whose forward, right and down axes are the optical axis, image x and
 *   image y, rotated from north-east-down by Rz(yaw) · Ry(pitch) · Rx(roll). At pitch -90 and yaw 0 the top of the
 *   image points north, as in a DJI nadir photo taken flying north.
 */
import { type EnuFrame } from './coordinates.js';

export type Vector3 = readonly [number, number, number];

/** A camera's axes as unit vectors in one frame (which frame is said by the function that takes or gives it). */
export interface CameraAxes {
  readonly right: Vector3;
  readonly down: Vector3;
  readonly forward: Vector3;
}

export interface YawPitchRoll {
  /** Degrees clockwise from north, in (-180, 180]. */
  readonly yaw: number;
  /** Degrees, negative looking down, in [-90, 90]. */
  readonly pitch: number;
  /** Degrees, in (-180, 180]. */
  readonly roll: number;
}

const DEG = Math.PI / 180;

/** Camera axes in the local east-north-up frame for DJI gimbal angles. */
export function yawPitchRollToCameraAxesEnu(angles: YawPitchRoll): CameraAxes {
  const [sy, cy] = [Math.sin(angles.yaw * DEG), Math.cos(angles.yaw * DEG)];
  const [sp, cp] = [Math.sin(angles.pitch * DEG), Math.cos(angles.pitch * DEG)];
  const [sr, cr] = [Math.sin(angles.roll * DEG), Math.cos(angles.roll * DEG)];
  // Columns of Rz(yaw)·Ry(pitch)·Rx(roll) in north-east-down, then reordered to east-north-up.
  const nedToEnu = (n: number, e: number, d: number): Vector3 => [e, n, -d];
  return {
    forward: nedToEnu(cy * cp, sy * cp, -sp),
    right: nedToEnu(cy * sp * sr - sy * cr, sy * sp * sr + cy * cr, cp * sr),
    down: nedToEnu(cy * sp * cr + sy * sr, sy * sp * cr - cy * sr, cp * cr),
  };
}

/** Below this the optical axis is vertical within about 0.01°: yaw and roll turn about the same axis. */
const GIMBAL_LOCK = 2e-4;

/**
 * DJI gimbal angles of camera axes given in the local east-north-up frame. The axes need not be exactly orthonormal
 * (exports round their matrices): the angles come from the forward axis and the down axis's component across it.
 * Looking straight up or down, the split between yaw and roll is arbitrary: roll is then 0 and yaw carries the turn,
 * as a DJI drone reports a nadir photo.
 */
export function cameraAxesEnuToYawPitchRoll(axes: CameraAxes): YawPitchRoll {
  // Rotation matrix entries R[row][column] in north-east-down, columns (forward, right, down).
  const [fe, fn, fu] = axes.forward;
  const [re, rn, ru] = axes.right;
  const [, , du] = axes.down;
  const forwardNorm = Math.hypot(fe, fn, fu);
  const horizontal = Math.hypot(fe, fn) / forwardNorm;
  const pitch = Math.atan2(fu / forwardNorm, horizontal) / DEG;
  if (horizontal < GIMBAL_LOCK) {
    // R01 = right's north component, R11 = right's east component: yaw = atan2(-R01, R11) when roll is 0.
    return { yaw: normalizeDegrees(Math.atan2(-rn, re) / DEG), pitch, roll: 0 };
  }
  const yaw = Math.atan2(fe, fn) / DEG;
  // R21 and R22: the downward (NED "down" = -up) components of the right and down axes.
  const roll = Math.atan2(-ru, -du) / DEG;
  return { yaw: normalizeDegrees(yaw), pitch, roll: normalizeDegrees(roll) };
}

/** An angle in (-180, 180]. */
export function normalizeDegrees(degrees: number): number {
  const wrapped = degrees - 360 * Math.floor((degrees + 180) / 360);
  return wrapped === -180 ? 180 : wrapped;
}

/** A direction (not a point) from ECEF into the local east-north-up frame: rotation only. */
export function ecefDirectionToEnu(v: Vector3, frame: EnuFrame): Vector3 {
  const dot = (axis: Vector3): number => axis[0] * v[0] + axis[1] * v[1] + axis[2] * v[2];
  return [dot(frame.east), dot(frame.north), dot(frame.up)];
}

/** A direction from the local east-north-up frame into ECEF: rotation only. */
export function enuDirectionToEcef(v: Vector3, frame: EnuFrame): Vector3 {
  const { east, north, up } = frame;
  return [
    east[0] * v[0] + north[0] * v[1] + up[0] * v[2],
    east[1] * v[0] + north[1] * v[1] + up[1] * v[2],
    east[2] * v[0] + north[2] * v[1] + up[2] * v[2],
  ];
}

/** Camera axes moved from one frame to another by a direction mapping (ECEF <-> ENU, or a block's rotation). */
export function mapCameraAxes(axes: CameraAxes, map: (v: Vector3) => Vector3): CameraAxes {
  return { right: map(axes.right), down: map(axes.down), forward: map(axes.forward) };
}
