import { describe, expect, it } from 'vitest';
import { ecef } from './coordinates.js';
import { findRepeatedDefects, pixelExtent, type RepeatCandidate } from './defect-repeat.js';
import { PointGrid } from './point-grid.js';

const candidate = (
  id: number,
  x: number,
  over: Partial<Omit<RepeatCandidate, 'position'>> & { y?: number; z?: number } = {},
): RepeatCandidate => ({
  id,
  typeId: 1,
  imageId: id,
  cameraDistanceM: 10,
  extentPx: 100,
  ...over,
  position: ecef(x, over.y ?? 0, over.z ?? 0),
});

describe('repeated defects: the same type on different photos within the threshold', () => {
  it('a chain 0.03 m and 0.04 m apart is one group (the ends 0.07 m apart); the nearest camera is kept', () => {
    const groups = findRepeatedDefects(
      [
        candidate(1, 0, { cameraDistanceM: 10 }),
        candidate(2, 0.03, { cameraDistanceM: 5 }),
        candidate(3, 0.07, { cameraDistanceM: 8 }),
      ],
      0.05,
    );
    expect(groups).toEqual([{ keepId: 2, repeatedIds: [1, 3] }]);
  });

  it('another type, the same photo, or beyond the threshold (in height too) is no repeat; the threshold itself is', () => {
    expect(
      findRepeatedDefects(
        [
          candidate(1, 0),
          candidate(2, 0.01, { typeId: 2 }),
          candidate(3, 0.01, { imageId: 1 }),
          candidate(4, 0, { z: 0.051 }),
        ],
        0.05,
      ),
    ).toEqual([]);
    expect(findRepeatedDefects([candidate(1, 0), candidate(2, 0, { y: 0.05 })], 0.05)).toEqual([
      { keepId: 1, repeatedIds: [2] },
    ]);
  });

  it('the best view: nearest camera, then the larger drawn extent, then the lower id; an unknown camera last', () => {
    const pick = (...defects: RepeatCandidate[]) => findRepeatedDefects(defects, 0.1)[0]!.keepId;
    expect(pick(candidate(1, 0, { cameraDistanceM: null, extentPx: 900 }), candidate(2, 0.01))).toBe(2);
    expect(pick(candidate(1, 0, { extentPx: 50 }), candidate(2, 0.01, { extentPx: 80 }))).toBe(2);
    expect(pick(candidate(5, 0), candidate(3, 0.01))).toBe(3);
  });

  it('groups are found as by comparing every pair, on 1500 defects in clusters', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const defects: RepeatCandidate[] = [];
    for (let id = 1; id <= 1500; id++) {
      const cluster = Math.floor(random() * 300);
      defects.push(
        candidate(id, cluster * 1.3 + random() * 0.12, {
          y: random() * 0.12,
          z: (cluster % 7) * 0.5,
          typeId: 1 + Math.floor(random() * 2),
          imageId: Math.floor(random() * 40),
          cameraDistanceM: 2 + random() * 20,
        }),
      );
    }
    const distanceM = 0.06;
    // Every pair compared, joined by flooding.
    const parent = defects.map((_, i) => i);
    const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i]!)));
    for (let a = 0; a < defects.length; a++) {
      for (let b = a + 1; b < defects.length; b++) {
        const [p, q] = [defects[a]!, defects[b]!];
        const d = Math.hypot(p.position.x - q.position.x, p.position.y - q.position.y, p.position.z - q.position.z);
        if (d <= distanceM && p.typeId === q.typeId && p.imageId !== q.imageId) parent[root(a)] = root(b);
      }
    }
    const expected = new Map<number, number[]>();
    defects.forEach((defect, i) => expected.set(root(i), [...(expected.get(root(i)) ?? []), defect.id]));
    const expectedGroups = [...expected.values()]
      .filter((ids) => ids.length > 1)
      .map((ids) => ids.sort((a, b) => a - b))
      .sort((a, b) => a[0]! - b[0]!);
    const found = findRepeatedDefects(defects, distanceM)
      .map((group) => [group.keepId, ...group.repeatedIds].sort((a, b) => a - b))
      .sort((a, b) => a[0]! - b[0]!);
    expect(expectedGroups.length).toBeGreaterThan(50);
    expect(found).toEqual(expectedGroups);
  });

  it('refuses a threshold that is not a positive number', () => {
    expect(() => findRepeatedDefects([], 0)).toThrow(RangeError);
    expect(() => findRepeatedDefects([], Number.NaN)).toThrow(RangeError);
  });

  it('a shape’s extent is its pixel bounding box diagonal', () => {
    expect(
      pixelExtent([
        [10, 10],
        [40, 10],
        [25, 50],
      ]),
    ).toBe(50);
    expect(pixelExtent([])).toBe(0);
  });
});

describe('the point grid', () => {
  const points = [
    { id: 1, position: ecef(0, 0, 0) },
    { id: 2, position: ecef(3, 4, 0) },
    { id: 3, position: ecef(0, 0, 5) },
    { id: 4, position: ecef(100, 0, 0) },
  ];

  it('answers the points within a radius with their distances, and the nearest with a tie broken', () => {
    const grid = new PointGrid(points, 5);
    expect(
      grid
        .near(ecef(0, 0, 0), 5)
        .map(({ item, distanceM }) => [item.id, distanceM])
        .sort((a, b) => a[0]! - b[0]!),
    ).toEqual([
      [1, 0],
      [2, 5],
      [3, 5],
    ]);
    const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;
    expect(grid.nearest(ecef(0, 0, 0.1), 5, byId)?.item.id).toBe(1);
    // (0, 0, 2.5) is 2.5 m from 1 and from 3: the lower id wins; (50, 0, 0) has none within 5 m.
    expect(grid.nearest(ecef(0, 0, 2.5), 5, byId)?.item.id).toBe(1);
    expect(grid.nearest(ecef(0, 0, 2.5), 5, (a, b) => b.id - a.id)?.item.id).toBe(3);
    expect(grid.nearest(ecef(50, 0, 0), 5, byId)).toBeNull();
    expect(new PointGrid([], 1).near(ecef(0, 0, 0), 1)).toEqual([]);
  });
});
