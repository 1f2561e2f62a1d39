import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  boxesMeet,
  distanceToSegment,
  hitDefect,
  moveVertex,
  rectangleCorners,
  ringContains,
  shapeHit,
  vertexAt,
  type EditorShape,
} from './geometry';

const crack: EditorShape = {
  kind: 'polyline',
  points: [
    [0, 0],
    [100, 0],
    [100, 100],
  ],
  widthPx: 10,
};
const square: EditorShape = {
  kind: 'polygon',
  points: [
    [200, 200],
    [300, 200],
    [300, 300],
    [200, 300],
  ],
};

describe('defect editor geometry', () => {
  it('measures the distance to a segment, its ends included', () => {
    expect(distanceToSegment([50, 5], [0, 0], [100, 0])).toBe(5);
    expect(distanceToSegment([-3, 4], [0, 0], [100, 0])).toBe(5);
    expect(distanceToSegment([3, 4], [0, 0], [0, 0])).toBe(5);
  });

  it('tells inside from outside of a ring, a concave one too', () => {
    const notch = [
      [0, 0],
      [10, 0],
      [10, 10],
      [5, 5],
      [0, 10],
    ] as const;
    expect(ringContains(notch, [2, 2])).toBe(true);
    expect(ringContains(notch, [5, 8])).toBe(false);
    expect(ringContains(notch, [11, 5])).toBe(false);
  });

  it('hits a crack near its line (widened by half its stroke), an area inside or near its outline', () => {
    expect(shapeHit(crack, [50, 8], 3)).toBe(true); // 8 px off, reach 3 + 5
    expect(shapeHit(crack, [50, 9], 3)).toBe(false);
    expect(shapeHit(crack, [50, 50], 3)).toBe(false); // inside the bend: a crack has no inside
    expect(shapeHit(square, [250, 250], 3)).toBe(true);
    expect(shapeHit(square, [302, 250], 3)).toBe(true);
    expect(shapeHit(square, [305, 250], 3)).toBe(false);
  });

  it('picks the defect whose outline is nearest among those hit, or none', () => {
    const area = {
      id: 1,
      shape: {
        kind: 'polygon',
        points: [
          [0, 0],
          [400, 0],
          [400, 400],
          [0, 400],
        ],
      } as EditorShape,
    };
    const line = {
      id: 2,
      shape: {
        kind: 'polyline',
        points: [
          [100, 200],
          [300, 200],
        ],
      } as EditorShape,
    };
    expect(hitDefect([area, line], [200, 201], 4)?.id).toBe(2);
    expect(hitDefect([area, line], [200, 300], 4)?.id).toBe(1);
    expect(hitDefect([area, line], [600, 600], 4)).toBeNull();
  });

  it('finds the nearest vertex within the tolerance', () => {
    expect(vertexAt(square.points, [203, 198], 5)).toBe(0);
    expect(vertexAt(square.points, [298, 299], 5)).toBe(2);
    expect(vertexAt(square.points, [250, 250], 5)).toBeNull();
  });

  it('moves a vertex of a crack or polygon alone, and keeps a rectangle a rectangle with stable corners', () => {
    expect(moveVertex(crack, 1, [120, 10]).points).toEqual([
      [0, 0],
      [120, 10],
      [100, 100],
    ]);
    expect(crack.points[1]).toEqual([100, 0]);
    const rectangle: EditorShape = { kind: 'rectangle', points: rectangleCorners([10, 10], [50, 30]) };
    expect(rectangle.points).toEqual([
      [10, 10],
      [50, 10],
      [50, 30],
      [10, 30],
    ]);
    // The bottom-right corner (2) dragged: the top-left stays, the others follow.
    expect(moveVertex(rectangle, 2, [70, 60]).points).toEqual([
      [10, 10],
      [70, 10],
      [70, 60],
      [10, 60],
    ]);
    // The top-right corner (1) dragged past the left edge: index 1 is still the dragged one.
    const moved = moveVertex(rectangle, 1, [0, 0]);
    expect(moved.points[1]).toEqual([0, 0]);
    expect(moved.points[3]).toEqual([10, 30]);
    expect(boundsOf(moved.points)).toEqual({ minX: 0, minY: 0, maxX: 10, maxY: 30 });
  });

  it('spans boxes and tells when they meet, with a margin', () => {
    const box = boundsOf(square.points);
    expect(box).toEqual({ minX: 200, minY: 200, maxX: 300, maxY: 300 });
    expect(boxesMeet(box, { minX: 305, minY: 0, maxX: 400, maxY: 400 })).toBe(false);
    expect(boxesMeet(box, { minX: 305, minY: 0, maxX: 400, maxY: 400 }, 5)).toBe(true);
  });
});
