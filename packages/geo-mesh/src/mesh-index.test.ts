import { describe, expect, it } from 'vitest';
import { buildMeshIndex } from './mesh-index.js';
import { at, box, ground, meshOf, quad, towards } from './testing/synthetic-scene.js';

function expectNear(actual: { x: number; y: number; z: number }, expected: { x: number; y: number; z: number }): void {
  expect(Math.hypot(actual.x - expected.x, actual.y - expected.y, actual.z - expected.z)).toBeLessThan(1e-3);
}

describe('rays against a ground square (200 m across, at true ECEF magnitudes)', () => {
  const index = buildMeshIndex(meshOf(ground(100)));

  it('counts its triangles', () => {
    expect(index.triangleCount).toBe(2);
  });

  it('a ray straight down from 100 m meets the ground 100 m below its origin', () => {
    const hit = index.firstHit({ origin: at(3, 4, 100), direction: towards(0, 0, -1) });
    expect(hit?.distanceM).toBeCloseTo(100, 3);
    expectNear(hit!.point, at(3, 4, 0));
  });

  it('a ray 45° down towards the north meets the ground 100 m north, 100·√2 m away', () => {
    const hit = index.firstHit({ origin: at(0, -50, 100), direction: towards(0, 1, -1) });
    expect(hit?.distanceM).toBeCloseTo(100 * Math.SQRT2, 3);
    expectNear(hit!.point, at(0, 50, 0));
  });

  it('a ray from below meets the underside (both faces count)', () => {
    const hit = index.firstHit({ origin: at(-20, 10, -7), direction: towards(0, 0, 1) });
    expect(hit?.distanceM).toBeCloseTo(7, 3);
  });

  it('misses: pointing up, passing beside the square, or stopping short of it', () => {
    expect(index.firstHit({ origin: at(0, 0, 100), direction: towards(0, 0, 1) })).toBeNull();
    // Down 45° towards the east from 100 m above e = 50: reaches the ground at e = 150, past the edge.
    expect(index.firstHit({ origin: at(50, 0, 100), direction: towards(1, 0, -1) })).toBeNull();
    expect(index.firstHit({ origin: at(0, 0, 100), direction: towards(0, 0, -1) }, 99.9)).toBeNull();
    expect(index.firstHit({ origin: at(0, 0, 100), direction: towards(0, 0, -1) }, 100.1)?.distanceM).toBeCloseTo(
      100,
      3,
    );
  });
});

describe('a 10 m box standing on the ground', () => {
  const index = buildMeshIndex(meshOf([...ground(100), ...box([-5, 20, 0], [5, 30, 10])]));

  it('a level ray from the south meets its south face first, not the far one', () => {
    const hit = index.firstHit({ origin: at(0, 0, 5), direction: towards(0, 1, 0) });
    expect(hit?.distanceM).toBeCloseTo(20, 3);
    expectNear(hit!.point, at(0, 20, 5));
  });

  it('a ray from inside meets the wall it faces: its back face', () => {
    const hit = index.firstHit({ origin: at(0, 25, 5), direction: towards(1, 0, 0) });
    expect(hit?.distanceM).toBeCloseTo(5, 3);
    expectNear(hit!.point, at(5, 25, 5));
  });

  it('a ray down onto its roof stops there, 10 m above the ground', () => {
    const hit = index.firstHit({ origin: at(2, 22, 60), direction: towards(0, 0, -1) });
    expect(hit?.distanceM).toBeCloseTo(50, 3);
  });

  it('a ray passing over its roof goes on to the ground behind it', () => {
    // From (0, 0, 18) down towards the north, 1 m down per 5 m: 14 m up over the box's south face, 12 m over its
    // north one, on the ground at n = 90.
    const hit = index.firstHit({ origin: at(0, 0, 18), direction: towards(0, 5, -1) });
    expect(hit?.distanceM).toBeCloseTo(Math.hypot(90, 18), 3);
    expectNear(hit!.point, at(0, 90, 0));
  });
});

describe('a mesh far from its origin', () => {
  it('keeps millimetres 2 km away from the origin, where float32 ECEF would be off by decimetres', () => {
    const index = buildMeshIndex(meshOf(quad([1990, 1990, 0], [2010, 1990, 0], [2010, 2010, 0], [1990, 2010, 0])));
    const hit = index.firstHit({ origin: at(2000.123, 2000.456, 31.789), direction: towards(0, 0, -1) });
    expect(hit?.distanceM).toBeCloseTo(31.789, 3);
    expectNear(hit!.point, at(2000.123, 2000.456, 0));
  });
});
