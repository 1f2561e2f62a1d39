/**
 * From the server's photos of an inspection (findInspectionAllImages) to what the 3D view draws: each photo's
 * position and frustum corners in ECEF, computed by packages/geo. Kept free of Cesium so it is tested as plain code.
 */
import { type FrustumCamera, type ImageExtent, imageExtent, isUsableExtent, photoFrustum } from '@sightline/geo';
import type { InspectionPhotoView, PhotoView, PhotoViewGroup } from '@sightline/shared';
import type { EcefPosition, ViewerPhoto } from './viewer-types';

/** Depth of a frustum when its image group is unknown: a typical inspection photo distance. */
export const DEFAULT_FRUSTUM_DEPTH_M = 10;

/** The image rectangle of a photo: its pose's pixel intrinsics, else its group's camera at the photo's size. */
export function photoExtent(photo: PhotoView, group: PhotoViewGroup | undefined): ImageExtent | null {
  let camera: FrustumCamera | null = null;
  if (photo.intrinsics) {
    const { width, height, fx, fy, cx, cy } = photo.intrinsics;
    camera = { kind: 'pixels', widthPx: width, heightPx: height, fx, fy, cx, cy };
  } else if (group) {
    camera = {
      kind: 'sensor',
      sensorWidthMm: group.sensorWidthMm,
      sensorHeightMm: group.sensorHeightMm,
      focalLengthMm: group.focalLengthMm,
    };
  }
  if (!camera) return null;
  const size =
    photo.width && photo.height
      ? { width: photo.width, height: photo.height }
      : group
        ? { width: group.imageWidthPx, height: group.imageHeightPx }
        : null;
  const extent = imageExtent(camera, size);
  return isUsableExtent(extent) ? extent : null;
}

const plain = (p: { x: number; y: number; z: number }): EcefPosition => ({ x: p.x, y: p.y, z: p.z });

/**
 * Every photo that can be drawn: frustums as deep as `depth` metres when given, else as the photo distance of the
 * photo's image group. A photo whose camera is unknown or unusable is left out (the count tells the user).
 */
export function toViewerPhotos(view: InspectionPhotoView, depth?: number | null): ViewerPhoto[] {
  const groups = new Map(view.groups.map((group) => [group.id, group]));
  const photos: ViewerPhoto[] = [];
  for (const photo of view.photos) {
    const group = groups.get(photo.groupId);
    const extent = photoExtent(photo, group);
    if (!extent) continue;
    const [longitude, latitude, altitude, yaw, pitch, roll] = photo.pose;
    const frustumDepth = depth && depth > 0 ? depth : group?.photoDistance || DEFAULT_FRUSTUM_DEPTH_M;
    const frustum = photoFrustum({ longitude, latitude, altitude, yaw, pitch, roll }, extent, frustumDepth);
    const [c0, c1, c2, c3] = frustum.corners;
    photos.push({
      id: photo.id,
      name: photo.name,
      apex: plain(frustum.apex),
      corners: [plain(c0), plain(c1), plain(c2), plain(c3)],
    });
  }
  return photos;
}
