/**
 * A photo's viewing frustum on the globe (ARCHITECTURE.md section 5): its apex at the camera and the four corners of
 * its image rectangle pushed out along the optical axis to a chosen depth, in ECEF, for the 3D view to draw.
 *
 * The camera model is the pinhole of docs/photo-poses.md: a pixel (u, v), counted from the image's top-left corner,
 * looks along forward + ((u - cx) / fx)·right + ((v - cy) / fy)·down, with the axes of `orientation.ts`.
 */
import { type Ecef, type EnuFrame, ecef, enuFrame, wgs84 } from './coordinates.js';
import {
  type CameraAxes,
  type Vector3,
  type YawPitchRoll,
  enuDirectionToEcef,
  mapCameraAxes,
  yawPitchRollToCameraAxesEnu,
} from './orientation.js';

/**
 * What the frustum's shape needs of the camera. Either the image group's camera as its data sheet gives it (sensor
 * size and focal length in millimetres; square pixels, principal point at the centre), or pixel intrinsics from a
 * photogrammetry export (focal lengths and principal point in pixels of an image `widthPx` × `heightPx`).
 */
export type FrustumCamera =
  | {
      readonly kind: 'sensor';
      readonly sensorWidthMm: number;
      readonly sensorHeightMm: number;
      readonly focalLengthMm: number;
    }
  | {
      readonly kind: 'pixels';
      readonly widthPx: number;
      readonly heightPx: number;
      readonly fx: number;
      readonly fy: number;
      readonly cx: number;
      readonly cy: number;
    };

/** The image rectangle on the plane one unit in front of the camera: right and down offsets of its edges. */
export interface ImageExtent {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/**
 * The image rectangle at unit depth. With a sensor camera and the photo's pixel size, the sensor's width spans the
 * photo's width and the height follows the photo's aspect (a 16:9 photo from a 4:3 sensor is cropped top and
 * bottom); without the pixel size the whole sensor is used.
 */
export function imageExtent(camera: FrustumCamera, photoSize?: { width: number; height: number } | null): ImageExtent {
  if (camera.kind === 'pixels') {
    return {
      left: -camera.cx / camera.fx,
      right: (camera.widthPx - camera.cx) / camera.fx,
      top: -camera.cy / camera.fy,
      bottom: (camera.heightPx - camera.cy) / camera.fy,
    };
  }
  const halfWidth = camera.sensorWidthMm / (2 * camera.focalLengthMm);
  const halfHeight =
    photoSize && photoSize.width > 0 && photoSize.height > 0
      ? (halfWidth * photoSize.height) / photoSize.width
      : camera.sensorHeightMm / (2 * camera.focalLengthMm);
  return { left: -halfWidth, right: halfWidth, top: -halfHeight, bottom: halfHeight };
}

/** True when every number the frustum needs is finite and the rectangle has an area. */
export function isUsableExtent(extent: ImageExtent): boolean {
  const values = [extent.left, extent.right, extent.top, extent.bottom];
  return values.every(Number.isFinite) && extent.right > extent.left && extent.bottom > extent.top;
}

export interface PhotoPose extends YawPitchRoll {
  /** Degrees. */
  readonly longitude: number;
  readonly latitude: number;
  /** Metres, taken as the ellipsoidal height (docs/photo-poses.md says what a drone's altitude is). */
  readonly altitude: number;
}

export interface Frustum {
  readonly apex: Ecef;
  /** The far rectangle's corners as the image has them: top-left, top-right, bottom-right, bottom-left. */
  readonly corners: readonly [Ecef, Ecef, Ecef, Ecef];
  /** The camera's axes in ECEF. */
  readonly axes: CameraAxes;
}

/** The camera axes in ECEF of a photo taken at `frame`'s origin with DJI angles. */
export function cameraAxesEcef(angles: YawPitchRoll, frame: EnuFrame): CameraAxes {
  return mapCameraAxes(yawPitchRollToCameraAxesEnu(angles), (v) => enuDirectionToEcef(v, frame));
}

/**
 * The frustum of a photo: apex at its position, far corners `depth` metres along the optical axis (a plane square to
 * it, so a nadir photo's corners lie at one height). Throws on a depth that is not a positive finite number.
 */
export function photoFrustum(pose: PhotoPose, extent: ImageExtent, depth: number): Frustum {
  if (!(depth > 0) || !Number.isFinite(depth)) throw new RangeError(`frustum depth must be positive: ${depth}`);
  const frame = enuFrame(wgs84(pose.longitude, pose.latitude, pose.altitude));
  const apex = frame.originEcef;
  const axes = cameraAxesEcef(pose, frame);
  const at = (x: number, y: number): Ecef => {
    const ray: Vector3 = [
      axes.forward[0] + x * axes.right[0] + y * axes.down[0],
      axes.forward[1] + x * axes.right[1] + y * axes.down[1],
      axes.forward[2] + x * axes.right[2] + y * axes.down[2],
    ];
    return ecef(apex.x + depth * ray[0], apex.y + depth * ray[1], apex.z + depth * ray[2]);
  };
  return {
    apex,
    corners: [
      at(extent.left, extent.top),
      at(extent.right, extent.top),
      at(extent.right, extent.bottom),
      at(extent.left, extent.bottom),
    ],
    axes,
  };
}
