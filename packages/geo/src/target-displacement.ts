/**
 * Displacement of a monitoring target seen on two photos (SPEC sections 3 and 4, "displacement analysis"): the
 * baseline photo and a later round's photo of the same place, each with the target's centre in pixels.
 *
 * The model: the target lies on the plane square to the baseline photo's optical axis at the shooting distance
 * (the surface the photo was taken of, as for a defect measured without the model: defect-size.ts). Each photo's ray
 * through the target's pixel meets that plane; the displacement is the distance between the two points, in
 * millimetres, with its components along the baseline photo's right and down axes. With both photos taken from one
 * pose this is the pixel shift times the ground sampling distance (distance × sensor width / (focal length × image
 * width)); when the drone stood elsewhere for the round, its own pose carries its ray, so a camera moved 10 cm
 * sideways does not read as a target moved 10 cm. Movement along the optical axis is not observable this way.
 */
import { type PhotoCamera, pixelToRay } from './camera-model.js';
import type { Vector3 } from './orientation.js';

export interface TargetSighting {
  readonly camera: PhotoCamera;
  /** The target's centre, pixels from the image's top-left corner. */
  readonly pixel: readonly [number, number];
}

export interface TargetDisplacement {
  /** Length of the displacement on the baseline's plane, millimetres rounded to 0.001. */
  readonly displacementMm: number;
  /** Along the baseline photo's right axis, millimetres. */
  readonly rightMm: number;
  /** Along the baseline photo's down axis, millimetres. */
  readonly downMm: number;
}

const dot = (a: Vector3, b: Vector3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const roundMicrometre = (mm: number) => Math.round(mm * 1000) / 1000;

/** Where the sighting's ray meets the plane, relative to the baseline camera's position (metres, ECEF axes). */
function onPlane(sighting: TargetSighting, baseline: PhotoCamera, distanceM: number): Vector3 {
  const ray = pixelToRay(sighting.camera, sighting.pixel[0], sighting.pixel[1]);
  const normal = baseline.axes.forward;
  const origin: Vector3 = [
    ray.origin.x - baseline.position.x,
    ray.origin.y - baseline.position.y,
    ray.origin.z - baseline.position.z,
  ];
  const facing = dot(ray.direction, normal);
  if (!(facing > 1e-6)) throw new RangeError('the ray does not meet the target plane in front of the camera');
  const along = (distanceM - dot(origin, normal)) / facing;
  if (!(along > 0)) throw new RangeError('the target plane is behind the camera');
  return [
    origin[0] + along * ray.direction[0],
    origin[1] + along * ray.direction[1],
    origin[2] + along * ray.direction[2],
  ];
}

/**
 * The target's displacement from the baseline sighting to the round's, on the plane `distanceM` metres ahead of the
 * baseline camera. Throws RangeError when a ray cannot meet the plane (a photo looking away from it).
 */
export function targetDisplacement(input: {
  baseline: TargetSighting;
  round: TargetSighting;
  distanceM: number;
}): TargetDisplacement {
  if (!(input.distanceM > 0) || !Number.isFinite(input.distanceM)) {
    throw new RangeError('the shooting distance must be a positive number of metres');
  }
  const camera = input.baseline.camera;
  const from = onPlane(input.baseline, camera, input.distanceM);
  const to = onPlane(input.round, camera, input.distanceM);
  const shift: Vector3 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  const rightMm = dot(shift, camera.axes.right) * 1000;
  const downMm = dot(shift, camera.axes.down) * 1000;
  return {
    displacementMm: roundMicrometre(Math.hypot(rightMm, downMm)),
    rightMm: roundMicrometre(rightMm),
    downMm: roundMicrometre(downMm),
  };
}
