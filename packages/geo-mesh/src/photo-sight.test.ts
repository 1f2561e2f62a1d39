import { describe, expect, it } from 'vitest';
import { buildMeshIndex } from './mesh-index.js';
import { opticalAxisDistance, photosSeeingPoint } from './photo-sight.js';
import { at, cameraAt, ground, meshOf, quad } from './testing/synthetic-scene.js';

/** The pitch that aims a camera `height` metres up at a point `across` metres away on the level. */
const aimDown = (height: number, across: number) => (-Math.atan2(height, across) * 180) / Math.PI;

describe('how far the optical axis runs to the model', () => {
  const index = buildMeshIndex(meshOf(ground(200)));

  it('80 m for a nadir photo 80 m up', () => {
    expect(opticalAxisDistance(cameraAt([10, -20, 80], 0, -90), index)).toBeCloseTo(80, 2);
  });

  it('100 m for a photo 50 m up pitched 30° down (50 / sin 30°)', () => {
    expect(opticalAxisDistance(cameraAt([0, 0, 50], 45, -30), index)).toBeCloseTo(100, 2);
  });

  it('none for a level photo or one pitched up: the axis never meets the ground', () => {
    expect(opticalAxisDistance(cameraAt([0, 0, 10], 0, 0), index)).toBeNull();
    expect(opticalAxisDistance(cameraAt([0, 0, 10], 0, 20), index)).toBeNull();
  });
});

describe('photos that see a point on the ground behind a wall', () => {
  // Ground 400 m across; a wall 20 m wide and 40 m high standing across the north-south line at n = -20.
  const index = buildMeshIndex(
    meshOf([...ground(200), ...quad([-10, -20, 0], [10, -20, 0], [10, -20, 40], [-10, -20, 40])]),
  );
  const point = at(0, 0, 0);
  const photos = [
    // From the south, aimed at the point: the line of sight crosses the wall's plane 10 m up (30 · 40/60).
    { id: 1, camera: cameraAt([0, -60, 30], 0, aimDown(30, 60)) },
    // From the north and from the east, aimed at the point: nothing in the way.
    { id: 2, camera: cameraAt([0, 60, 30], 180, aimDown(30, 60)) },
    { id: 3, camera: cameraAt([60, 0, 30], 270, aimDown(30, 60)) },
    // From the north, facing away: the point is behind the camera.
    { id: 4, camera: cameraAt([0, 60, 30], 0, aimDown(30, 60)) },
    // Level, 200 m east, facing west: the point is 30 m below over 200 m, tan = 0.15, so 600 px below the centre.
    { id: 5, camera: cameraAt([200, 0, 30], 270, 0) },
    // Level, 60 m north, facing south: 30 m below over 60 m is tan 0.5, past the image's half-height (0.375).
    { id: 6, camera: cameraAt([0, 60, 30], 180, 0) },
  ];

  it('lists the unobstructed photos that hold it, nearest first, at the pixel worked out by hand', () => {
    const seen = photosSeeingPoint({ photos, point, index });
    expect(seen.map((sight) => sight.photoId)).toEqual([2, 3, 5]);
    const [north, east, far] = seen;
    for (const aimed of [north!, east!]) {
      expect(aimed.distanceM).toBeCloseTo(Math.hypot(60, 30), 3);
      // Aimed at the point: the image centre (the site's axes and the camera's differ by about 1e-5 rad).
      expect(aimed.u).toBeCloseTo(2000, 0);
      expect(aimed.v).toBeCloseTo(1500, 0);
    }
    expect(far!.distanceM).toBeCloseTo(Math.hypot(200, 30), 3);
    expect(far!.u).toBeCloseTo(2000, 0);
    expect(far!.v).toBeCloseTo(1500 + 4000 * 0.15, 0);
  });

  it('the wall hides it only where it stands: a point beside the wall is seen from the south too', () => {
    const beside = at(30, 0, 0);
    const camera = cameraAt([30, -60, 30], 0, aimDown(30, 60));
    expect(photosSeeingPoint({ photos: [{ id: 7, camera }], point: beside, index })).toHaveLength(1);
  });

  it('a point picked 2 cm under the surface is still seen; one 2 m under the ground is hidden by it', () => {
    // From the north photo, 2 cm of depth is about 4.5 cm of line of sight, inside the 1 % tolerance (67 cm).
    const justUnder = photosSeeingPoint({ photos: [photos[1]!], point: at(0, 0, -0.02), index });
    expect(justUnder.map((sight) => sight.photoId)).toEqual([2]);
    // 2 m under: the ground is met about 4.5 m before the point.
    expect(photosSeeingPoint({ photos: [photos[1]!], point: at(0, 0, -2), index })).toEqual([]);
  });
});
