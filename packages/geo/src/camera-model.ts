/**
 * A photo's pinhole camera placed on the globe (ARCHITECTURE.md section 5): from pixels to rays and back, for binding
 * photos to spatial markers, listing the photos that see a point and, later, locating defects.
 *
 * One convention, the one of docs/photo-poses.md and `frustum.ts`: a pixel (u, v), counted from the image's top-left
 * corner (so (0.5, 0.5) is the centre of the first pixel), looks along
 * forward + ((u - cx) / fx)·right + ((v - cy) / fy)·down, with the camera axes of `orientation.ts`. Lens distortion
 * is not modelled: the pose sources we read give no coefficients in one convention.
 */
import { type Ecef, ecef, enuFrame, wgs84 } from './coordinates.js';
import { type FrustumCamera, type PhotoPose, cameraAxesEcef, imageExtent, isUsableExtent } from './frustum.js';
import { type CameraAxes, type Vector3 } from './orientation.js';

/** Pinhole intrinsics in pixels of an image `width` × `height`. */
export interface PixelIntrinsics {
  readonly fx: number;
  readonly fy: number;
  readonly cx: number;
  readonly cy: number;
  readonly width: number;
  readonly height: number;
}

export interface PhotoCamera {
  /** The centre of projection. */
  readonly position: Ecef;
  /** Unit axes in ECEF. */
  readonly axes: CameraAxes;
  readonly intrinsics: PixelIntrinsics;
}

/** A half-line in ECEF; `direction` has unit length. */
export interface EcefRay {
  readonly origin: Ecef;
  readonly direction: Vector3;
}

export interface PixelProjection {
  readonly u: number;
  readonly v: number;
  /** Metres along the optical axis (not the distance to the point). */
  readonly depth: number;
}

/**
 * Pixel intrinsics of a camera for a photo of `photoSize` pixels. Both kinds go through `imageExtent`, so the image
 * rectangle is the frustum's: a sensor camera gets square pixels and the principal point at the centre; pixel
 * intrinsics calibrated on another image size (a photo stored downscaled) are scaled to the photo's. A sensor camera
 * needs the photo's size; pixel intrinsics fall back to their own.
 */
export function pixelIntrinsics(
  camera: FrustumCamera,
  photoSize?: { width: number; height: number } | null,
): PixelIntrinsics {
  const size =
    photoSize && photoSize.width > 0 && photoSize.height > 0
      ? photoSize
      : camera.kind === 'pixels'
        ? { width: camera.widthPx, height: camera.heightPx }
        : null;
  if (!size) throw new RangeError('a sensor camera needs the photo size in pixels');
  const extent = imageExtent(camera, size);
  if (!isUsableExtent(extent)) {
    throw new RangeError('the camera has no usable image rectangle');
  }
  const fx = size.width / (extent.right - extent.left);
  const fy = size.height / (extent.bottom - extent.top);
  return { fx, fy, cx: -extent.left * fx, cy: -extent.top * fy, width: size.width, height: size.height };
}

/** The camera of a photo taken at `pose` (DJI gimbal angles, ellipsoidal height) with `camera`. */
export function photoCamera(
  pose: PhotoPose,
  camera: FrustumCamera,
  photoSize?: { width: number; height: number } | null,
): PhotoCamera {
  const frame = enuFrame(wgs84(pose.longitude, pose.latitude, pose.altitude));
  return {
    position: frame.originEcef,
    axes: cameraAxesEcef(pose, frame),
    intrinsics: pixelIntrinsics(camera, photoSize),
  };
}

/** The ray through pixel (u, v). */
export function pixelToRay(camera: PhotoCamera, u: number, v: number): EcefRay {
  const { fx, fy, cx, cy } = camera.intrinsics;
  const { right, down, forward } = camera.axes;
  const x = (u - cx) / fx;
  const y = (v - cy) / fy;
  const dx = forward[0] + x * right[0] + y * down[0];
  const dy = forward[1] + x * right[1] + y * down[1];
  const dz = forward[2] + x * right[2] + y * down[2];
  const length = Math.hypot(dx, dy, dz);
  return { origin: camera.position, direction: [dx / length, dy / length, dz / length] };
}

/** The optical axis: the ray through the principal point. */
export function opticalAxisRay(camera: PhotoCamera): EcefRay {
  return { origin: camera.position, direction: camera.axes.forward };
}

const PLANE_TOLERANCE = 1e-9;

/**
 * Where a point appears in the photo, or null when it is not in front of the camera (behind it or in the plane of
 * the centre of projection). The pixel may lie outside the image: see `isInImage`.
 */
export function projectToPixel(camera: PhotoCamera, point: Ecef): PixelProjection | null {
  const dx = point.x - camera.position.x;
  const dy = point.y - camera.position.y;
  const dz = point.z - camera.position.z;
  const { right, down, forward } = camera.axes;
  const depth = forward[0] * dx + forward[1] * dy + forward[2] * dz;
  // ECEF rounding leaves a point in the camera's plane a few 1e-10 m off it: such a point is not in front.
  if (!(depth > PLANE_TOLERANCE * Math.hypot(dx, dy, dz))) return null;
  const x = right[0] * dx + right[1] * dy + right[2] * dz;
  const y = down[0] * dx + down[1] * dy + down[2] * dz;
  const { fx, fy, cx, cy } = camera.intrinsics;
  return { u: cx + (fx * x) / depth, v: cy + (fy * y) / depth, depth };
}

/** True when (u, v) lies on the image, edges included. */
export function isInImage(camera: PhotoCamera, u: number, v: number): boolean {
  return u >= 0 && v >= 0 && u <= camera.intrinsics.width && v <= camera.intrinsics.height;
}

/** The point `distance` metres along a ray. */
export function pointAlongRay(ray: EcefRay, distance: number): Ecef {
  return ecef(
    ray.origin.x + distance * ray.direction[0],
    ray.origin.y + distance * ray.direction[1],
    ray.origin.z + distance * ray.direction[2],
  );
}
