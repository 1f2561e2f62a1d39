/**
 * The editor's geometry in the photo's pixels (u to the right, v down from the top-left corner): which defect or
 * vertex a click meets, moving a vertex, a dragged rectangle's corners, and the boxes that keep drawing to what is in
 * view. Pure, so that the canvas layer and the tests share it.
 */
import type { DefectShape } from '@sightline/shared';

export type Pixel = readonly [number, number];

export interface EditorShape {
  kind: DefectShape;
  points: ReadonlyArray<Pixel>;
  widthPx?: number | null;
}

export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export function boundsOf(points: ReadonlyArray<Pixel>): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}

/** Whether two boxes overlap once `a` is grown by `margin` on every side. */
export function boxesMeet(a: Box, b: Box, margin = 0): boolean {
  return (
    a.minX - margin <= b.maxX && a.maxX + margin >= b.minX && a.minY - margin <= b.maxY && a.maxY + margin >= b.minY
  );
}

export function distanceToSegment(point: Pixel, a: Pixel, b: Pixel): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  const t =
    lengthSquared === 0
      ? 0
      : Math.max(0, Math.min(1, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / lengthSquared));
  return Math.hypot(point[0] - (a[0] + t * dx), point[1] - (a[1] + t * dy));
}

/** Even-odd rule: a ring (left open) contains the point. */
export function ringContains(ring: ReadonlyArray<Pixel>, point: Pixel): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > point[1] !== yj > point[1] && point[0] < ((xj - xi) * (point[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The shortest distance from the point to the shape's drawn lines (an area's ring closed). */
export function distanceToOutline(shape: EditorShape, point: Pixel): number {
  const { points } = shape;
  if (points.length === 1) return Math.hypot(point[0] - points[0]![0], point[1] - points[0]![1]);
  let best = Infinity;
  const closed = shape.kind !== 'polyline';
  const segments = closed ? points.length : points.length - 1;
  for (let index = 0; index < segments; index += 1)
    best = Math.min(best, distanceToSegment(point, points[index]!, points[(index + 1) % points.length]!));
  return best;
}

/**
 * Whether a click at `point` meets the shape: within `tolerance` pixels of a crack's line (widened by half its
 * stroke), inside an area or near its outline.
 */
export function shapeHit(shape: EditorShape, point: Pixel, tolerance: number): boolean {
  const reach = tolerance + (shape.kind === 'polyline' ? (shape.widthPx ?? 0) / 2 : 0);
  if (!boxesMeet(boundsOf(shape.points), { minX: point[0], minY: point[1], maxX: point[0], maxY: point[1] }, reach))
    return false;
  if (shape.kind !== 'polyline' && ringContains(shape.points, point)) return true;
  return distanceToOutline(shape, point) <= reach;
}

/**
 * The defect a click selects: of those it meets, the one whose outline is nearest (a crack drawn across an area is
 * picked on its line, the area inside it elsewhere); null when it meets none.
 */
export function hitDefect<T extends { id: number; shape: EditorShape }>(
  defects: ReadonlyArray<T>,
  point: Pixel,
  tolerance: number,
): T | null {
  let best: T | null = null;
  let bestDistance = Infinity;
  for (const defect of defects) {
    if (!shapeHit(defect.shape, point, tolerance)) continue;
    const distance = distanceToOutline(defect.shape, point);
    if (distance < bestDistance) {
      best = defect;
      bestDistance = distance;
    }
  }
  return best;
}

/** The index of the shape's vertex within `tolerance` pixels of the point (the nearest), or null. */
export function vertexAt(points: ReadonlyArray<Pixel>, point: Pixel, tolerance: number): number | null {
  let best: number | null = null;
  let bestDistance = tolerance;
  points.forEach(([x, y], index) => {
    const distance = Math.hypot(point[0] - x, point[1] - y);
    if (distance <= bestDistance) {
      best = index;
      bestDistance = distance;
    }
  });
  return best;
}

/** The four corners of the rectangle spanned by two opposite corners, clockwise from the top left. */
export function rectangleCorners(a: Pixel, b: Pixel): Pixel[] {
  const minX = Math.min(a[0], b[0]);
  const maxX = Math.max(a[0], b[0]);
  const minY = Math.min(a[1], b[1]);
  const maxY = Math.max(a[1], b[1]);
  return [
    [minX, minY],
    [maxX, minY],
    [maxX, maxY],
    [minX, maxY],
  ];
}

/** A point kept inside the photo. */
export function clampToImage(point: Pixel, width: number, height: number): Pixel {
  return [Math.max(0, Math.min(width, point[0])), Math.max(0, Math.min(height, point[1]))];
}

/**
 * The shape with vertex `index` moved to `to`. A rectangle stays a rectangle spanned by the moved corner and the
 * one opposite it, each corner keeping its index so that a drag goes on holding the same one.
 */
export function moveVertex<S extends EditorShape>(shape: S, index: number, to: Pixel): S {
  if (shape.kind !== 'rectangle' || shape.points.length !== 4)
    return { ...shape, points: shape.points.map((point, at) => (at === index ? to : point)) };
  const opposite = shape.points[(index + 2) % 4]!;
  // Corners 0 and 2 share their row with the next corner, 1 and 3 their column (the ring from rectangleCorners).
  const sameRow: Pixel = [opposite[0], to[1]];
  const sameColumn: Pixel = [to[0], opposite[1]];
  const points: Pixel[] = [];
  points[index] = to;
  points[(index + 2) % 4] = opposite;
  points[(index + 1) % 4] = index % 2 === 0 ? sameRow : sameColumn;
  points[(index + 3) % 4] = index % 2 === 0 ? sameColumn : sameRow;
  return { ...shape, points };
}
