import { describe, expect, it } from 'vitest';
import type { InspectionPhotoView } from '@sightline/shared';
import { PROJECTION_STANDOFF, toViewerProjection } from './photo-projection';

/** A nadir photo 100 m up, its camera's half-angles with tangents 0.5 and 0.375. */
const VIEW: InspectionPhotoView = {
  inspectionId: 3,
  groups: [
    {
      id: 7,
      name: 'Deck',
      photoDistance: 20,
      sensorWidthMm: 10,
      sensorHeightMm: 7.5,
      focalLengthMm: 10,
      imageWidthPx: 4000,
      imageHeightPx: 3000,
    },
  ],
  photos: [{ id: 1, name: 'nadir.JPG', groupId: 7, pose: [-75.61, 40.04, 100, 0, -90, 0], width: 4000, height: 3000 }],
  withoutPose: 0,
};

const distance = (a: { x: number; y: number; z: number }, b: { x: number; y: number; z: number }) =>
  Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);

describe('a photo projected onto the model', () => {
  it('is its image plane just short of where the axis meets the model, scaled to that distance', () => {
    const projection = toViewerProjection(VIEW, 1, 40, '/preview.jpg');
    expect(projection).toMatchObject({ id: 1, imageUrl: '/preview.jpg' });
    const [topLeft, topRight, bottomRight] = projection!.corners;
    const depth = 40 * PROJECTION_STANDOFF;
    // Width 2·0.5·depth and height 2·0.375·depth: the photo's field of view at that depth.
    expect(distance(topLeft, topRight)).toBeCloseTo(depth, 6);
    expect(distance(topRight, bottomRight)).toBeCloseTo(0.75 * depth, 6);
  });

  it('is nothing for a photo the view does not hold', () => {
    expect(toViewerProjection(VIEW, 2, 40, '/preview.jpg')).toBeNull();
  });
});
