import { describe, expect, it } from 'vitest';
import { ecef, ecefToEnu, enuFrame, wgs84 } from '@sightline/geo';
import type { InspectionPhotoView, PhotoView } from '@sightline/shared';
import { DEFAULT_FRUSTUM_DEPTH_M, photoExtent, toViewerPhotos } from './photo-frustums';
import { PROJECTION_STANDOFF, toViewerProjection } from './photo-projection';
import type { EcefPosition } from './viewer-types';

/** A camera whose half-angles have tangents 0.5 and 0.375 (4:3). */
const GROUP = {
  id: 7,
  name: 'Deck',
  photoDistance: 20,
  sensorWidthMm: 10,
  sensorHeightMm: 7.5,
  focalLengthMm: 10,
  imageWidthPx: 4000,
  imageHeightPx: 3000,
};
const NADIR: PhotoView = {
  id: 1,
  name: 'nadir.JPG',
  groupId: 7,
  pose: [-75.61, 40.04, 100, 0, -90, 0],
  width: 4000,
  height: 3000,
};
const view = (photos: PhotoView[], groups = [GROUP]): InspectionPhotoView => ({
  inspectionId: 3,
  groups,
  photos,
  withoutPose: 0,
});

const enuAround = (p: EcefPosition) =>
  ecefToEnu(ecef(p.x, p.y, p.z), enuFrame(wgs84(NADIR.pose[0], NADIR.pose[1], NADIR.pose[2])));

describe('photos of an inspection as the 3D view draws them', () => {
  it("draws a nadir photo as deep as its group's photo distance, north up", () => {
    const [photo] = toViewerPhotos(view([NADIR]));
    expect(photo).toMatchObject({ id: 1, name: 'nadir.JPG' });
    const apex = enuAround(photo!.apex);
    expect(Math.hypot(apex.e, apex.n, apex.u)).toBeLessThan(1e-6);
    const topLeft = enuAround(photo!.corners[0]);
    expect(topLeft.e).toBeCloseTo(-10, 6);
    expect(topLeft.n).toBeCloseTo(7.5, 6);
    expect(topLeft.u).toBeCloseTo(-20, 6);
  });

  it('takes a depth chosen by the user over the photo distance', () => {
    const [photo] = toViewerPhotos(view([NADIR]), 4);
    expect(enuAround(photo!.corners[2]).u).toBeCloseTo(-4, 6);
  });

  it("uses a newest pose's pixel intrinsics over the group's camera", () => {
    const withIntrinsics = {
      ...NADIR,
      intrinsics: { width: 4000, height: 3000, fx: 1000, fy: 1000, cx: 2000, cy: 1500 },
    };
    expect(photoExtent(withIntrinsics, GROUP)).toEqual({ left: -2, right: 2, top: -1.5, bottom: 1.5 });
    expect(photoExtent(NADIR, GROUP)).toEqual({ left: -0.5, right: 0.5, top: -0.375, bottom: 0.375 });
  });

  it("falls back to the group's image size when the photo's is unknown, and to a default depth without a group", () => {
    const wide = { ...GROUP, imageWidthPx: 1600, imageHeightPx: 900 };
    expect(photoExtent({ ...NADIR, width: null, height: null }, wide)?.bottom).toBeCloseTo(0.5 * (900 / 1600), 12);
    const intrinsicsOnly = {
      ...NADIR,
      groupId: 99,
      intrinsics: { width: 10, height: 10, fx: 10, fy: 10, cx: 5, cy: 5 },
    };
    const [photo] = toViewerPhotos(view([intrinsicsOnly]));
    expect(enuAround(photo!.corners[0]).u).toBeCloseTo(-DEFAULT_FRUSTUM_DEPTH_M, 6);
  });

  it('leaves out a photo whose camera is unknown or unusable', () => {
    const orphan = { ...NADIR, id: 2, groupId: 99 };
    const broken = { ...NADIR, id: 3, intrinsics: { width: 0, height: 10, fx: 10, fy: 10, cx: 5, cy: 5 } };
    expect(toViewerPhotos(view([NADIR, orphan, broken])).map((photo) => photo.id)).toEqual([1]);
  });
});

const distance = (a: EcefPosition, b: EcefPosition) => Math.hypot(a.x - b.x, a.y - b.y, a.z - b.z);

describe('a photo projected onto the model', () => {
  it('is its image plane just short of where the axis meets the model, scaled to that distance', () => {
    const projection = toViewerProjection(view([NADIR]), 1, 40, '/preview.jpg');
    expect(projection).toMatchObject({ id: 1, imageUrl: '/preview.jpg' });
    const [topLeft, topRight, bottomRight] = projection!.corners;
    const depth = 40 * PROJECTION_STANDOFF;
    // Width 2·0.5·depth and height 2·0.375·depth: the photo's field of view at that depth.
    expect(distance(topLeft, topRight)).toBeCloseTo(depth, 6);
    expect(distance(topRight, bottomRight)).toBeCloseTo(0.75 * depth, 6);
  });

  it('is nothing for a photo the view does not hold', () => {
    expect(toViewerProjection(view([NADIR]), 2, 40, '/preview.jpg')).toBeNull();
  });
});
