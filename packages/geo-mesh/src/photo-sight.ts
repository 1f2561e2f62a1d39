/**
 * What a photo sees of the model: where its optical axis meets it, and whether a point is in its picture and not
 * hidden behind the model.
 */
import { type Ecef, type PhotoCamera, isInImage, opticalAxisRay, projectToPixel } from '@sightline/geo';
import type { MeshIndex } from './mesh-index.js';

export interface PosedPhoto {
  readonly id: number;
  readonly camera: PhotoCamera;
}

export interface PhotoSight {
  readonly photoId: number;
  /** The point's pixel, from the image's top-left corner. */
  readonly u: number;
  readonly v: number;
  /** Metres from the camera to the point. */
  readonly distanceM: number;
}

/**
 * How much nearer than the point a surface may be and still not hide it: 1 % of the distance, at least 5 cm. A point
 * picked on the model lies on a surface the picker rendered at its own precision (and at a coarser level of detail
 * than ours, far away), so the surface it was picked on must not count as in the way.
 */
export const SIGHT_TOLERANCE_RELATIVE = 0.01;
export const SIGHT_TOLERANCE_MIN_M = 0.05;

export function sightTolerance(distanceM: number): number {
  return Math.max(SIGHT_TOLERANCE_RELATIVE * distanceM, SIGHT_TOLERANCE_MIN_M);
}

/** Metres along the photo's optical axis to the model, or null when the axis misses it. */
export function opticalAxisDistance(camera: PhotoCamera, index: MeshIndex): number | null {
  return index.firstHit(opticalAxisRay(camera))?.distanceM ?? null;
}

/** The photos whose picture holds `point` with nothing of the model in front of it, nearest first. */
export function photosSeeingPoint(input: {
  photos: readonly PosedPhoto[];
  point: Ecef;
  index: MeshIndex;
}): PhotoSight[] {
  const { point, index } = input;
  const seen: PhotoSight[] = [];
  for (const { id, camera } of input.photos) {
    const pixel = projectToPixel(camera, point);
    if (!pixel || !isInImage(camera, pixel.u, pixel.v)) continue;
    const dx = point.x - camera.position.x;
    const dy = point.y - camera.position.y;
    const dz = point.z - camera.position.z;
    const distanceM = Math.hypot(dx, dy, dz);
    const ray = { origin: camera.position, direction: [dx / distanceM, dy / distanceM, dz / distanceM] as const };
    if (index.firstHit(ray, distanceM - sightTolerance(distanceM))) continue;
    seen.push({ photoId: id, u: pixel.u, v: pixel.v, distanceM });
  }
  return seen.sort((a, b) => a.distanceM - b.distanceM || a.photoId - b.photoId);
}
