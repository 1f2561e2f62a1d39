import type { InspectionPhotoView } from '@sightline/shared';
import { toViewerPhotos } from './photo-frustums';
import type { ViewerProjection } from './viewer-types';

/**
 * The image plane a little short of the model, so the surface it is drawn at does not hide half of it (the plane
 * crosses the surface wherever the surface is not square to the axis).
 */
export const PROJECTION_STANDOFF = 0.99;

/**
 * A photo of `view` projected where its optical axis meets the model `distanceM` metres away (the server's collision
 * distance): its frustum's cross-section at that depth. Null when the photo cannot be drawn (no pose or camera).
 */
export function toViewerProjection(
  view: InspectionPhotoView,
  imageId: number,
  distanceM: number,
  imageUrl: string,
): ViewerProjection | null {
  const photos = view.photos.filter((photo) => photo.id === imageId);
  const [photo] = toViewerPhotos({ ...view, photos }, distanceM * PROJECTION_STANDOFF);
  return photo ? { id: imageId, imageUrl, corners: photo.corners } : null;
}
