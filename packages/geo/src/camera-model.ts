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

/**
 * How an EXIF orientation (1 to 8) shows a photo stored W × H: the stored pixel (x, y) is shown at
 * (flipU ? W − x : x, flipV ? H − y : y), or with `swap` (5 to 8, an H × W photo) at (flipU ? H − y : y,
 * flipV ? W − x : x). That is 2 (W − x, y), 3 (W − x, H − y), 4 (x, H − y), 5 (y, x), 6 (H − y, x), 7 (H − y, W − x),
 * 8 (y, W − x): how sharp's `rotate()` turns a photo.
 */
const EXIF_TURNS: Partial<Record<number, { swap: boolean; flipU: boolean; flipV: boolean }>> = {
  2: { swap: false, flipU: true, flipV: false },
  3: { swap: false, flipU: true, flipV: true },
  4: { swap: false, flipU: false, flipV: true },
  5: { swap: true, flipU: false, flipV: false },
  6: { swap: true, flipU: true, flipV: false },
  7: { swap: true, flipU: true, flipV: true },
  8: { swap: true, flipU: false, flipV: true },
};

/**
 * Intrinsics counting pixels on the photo as shown, turned upright by its EXIF orientation, from intrinsics that count
 * them as stored (the sensor's rows, which a pose's gimbal angles and a sensor's width describe). Orientation 1, none,
 * or a value EXIF does not define leaves them as they are.
 */
export function uprightIntrinsics(
  intrinsics: PixelIntrinsics,
  orientation: number | null | undefined,
): PixelIntrinsics {
  const turn = orientation === null || orientation === undefined ? undefined : EXIF_TURNS[orientation];
  if (!turn) return intrinsics;
  const { fx, fy, cx, cy, width, height } = intrinsics;
  const [across, down] = turn.swap
    ? [
        { f: fy, c: cy, size: height },
        { f: fx, c: cx, size: width },
      ]
    : [
        { f: fx, c: cx, size: width },
        { f: fy, c: cy, size: height },
      ];
  return {
    fx: across.f,
    fy: down.f,
    cx: turn.flipU ? across.size - across.c : across.c,
    cy: turn.flipV ? down.size - down.c : down.c,
    width: across.size,
    height: down.size,
  };
}

/**
 * The same camera with pixels counted on the photo as shown (`uprightIntrinsics`): photos are shown and drawn on
 * upright, so the pixels users place (defects, targets) are upright ones. The axes of a mirroring orientation (2, 4,
 * 5, 7) are left-handed, which the pinhole's arithmetic does not mind.
 */
export function uprightCamera(camera: PhotoCamera, orientation: number | null | undefined): PhotoCamera {
  const turn = orientation === null || orientation === undefined ? undefined : EXIF_TURNS[orientation];
  if (!turn) return camera;
  const { right, down, forward } = camera.axes;
  const sign = (axis: Vector3, flip: boolean): Vector3 => (flip ? [-axis[0], -axis[1], -axis[2]] : axis);
  return {
    position: camera.position,
    axes: {
      right: sign(turn.swap ? down : right, turn.flipU),
      down: sign(turn.swap ? right : down, turn.flipV),
      forward,
    },
    intrinsics: uprightIntrinsics(camera.intrinsics, orientation),
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
