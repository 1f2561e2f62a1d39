/**
 * Merging defects drawn on one photo (SPEC sections 4 and 8): defects of the same type and the same shape kind that
 * meet become one shape, in the photo's pixels. A line is a polyline, an area a polygon or a rectangle.
 *
 * Areas: the union of their rings (polygon-clipping). They merge when the union is one piece, so areas that overlap
 * or share an edge merge, and areas that are apart (or touch at a corner only) do not. The merged shape is the
 * union's outer ring, a polygon; a hole the areas enclose is filled, since a defect is one ring.
 *
 * Lines: two polylines meet when they touch or cross, or come within their drawn strokes of each other (half of each
 * stroke width, at least one pixel: a hand cannot land on a pixel). All of them must be connected through such
 * meetings. They join into one path by connectivity: starting from the line with the fewest meetings (an end of the
 * crack), the next line is always one that meets a line already joined, the one whose end lies nearest to an end of
 * the path; it is turned so that end comes first and joined there by a straight step (none when the ends are one
 * point). A branch (a line meeting another mid-way) is thus joined from the path's nearest end, and the merged
 * length counts that step. The stroke width is the widest drawn.
 */
import polygonClipping, { type Polygon } from 'polygon-clipping';
import type { DefectShapeKind } from './defect-size.js';

type Point = readonly [number, number];

export interface MergeShape {
  readonly kind: DefectShapeKind;
  readonly points: readonly Point[];
  readonly widthPx?: number | null;
}

export interface MergeCandidate {
  readonly id: number;
  readonly imageId: number;
  readonly typeId: number;
  readonly shape: MergeShape;
}

export type MergeError = 'tooFew' | 'differentPhotos' | 'differentTypes' | 'differentKinds' | 'noIntersection';

export type MergeResult =
  | {
      readonly ok: true;
      readonly shape: { kind: DefectShapeKind; points: Array<[number, number]>; widthPx: number | null };
    }
  | { readonly ok: false; readonly error: MergeError };

/** Line or area: what SPEC section 4 calls the shape kind of a merge. */
export const mergeKindOf = (kind: DefectShapeKind): 'line' | 'area' => (kind === 'polyline' ? 'line' : 'area');

export function mergeDefects(defects: readonly MergeCandidate[]): MergeResult {
  if (defects.length < 2) return { ok: false, error: 'tooFew' };
  const [first] = defects as [MergeCandidate];
  if (defects.some((defect) => defect.imageId !== first.imageId)) return { ok: false, error: 'differentPhotos' };
  if (defects.some((defect) => defect.typeId !== first.typeId)) return { ok: false, error: 'differentTypes' };
  const kind = mergeKindOf(first.shape.kind);
  if (defects.some((defect) => mergeKindOf(defect.shape.kind) !== kind)) return { ok: false, error: 'differentKinds' };
  const shapes = defects.map((defect) => defect.shape);
  return kind === 'area' ? mergeAreas(shapes) : mergeLines(shapes);
}

function mergeAreas(shapes: readonly MergeShape[]): MergeResult {
  const rings = shapes.map((shape): Polygon => [shape.points.map(([u, v]): [number, number] => [u, v])]);
  const pieces = polygonClipping.union(rings[0]!, ...rings.slice(1));
  if (pieces.length !== 1) return { ok: false, error: 'noIntersection' };
  const outer = pieces[0]![0]!;
  // polygon-clipping closes its rings; a defect's ring is left open.
  const points = outer.slice(0, -1).map(([u, v]): [number, number] => [u, v]);
  return { ok: true, shape: { kind: 'polygon', points, widthPx: null } };
}

function mergeLines(shapes: readonly MergeShape[]): MergeResult {
  const count = shapes.length;
  const meets: boolean[][] = shapes.map(() => new Array<boolean>(count).fill(false));
  for (let a = 0; a < count; a++) {
    for (let b = a + 1; b < count; b++) {
      const reach = Math.max(1, ((shapes[a]!.widthPx ?? 0) + (shapes[b]!.widthPx ?? 0)) / 2);
      meets[a]![b] = meets[b]![a] = polylineDistance(shapes[a]!.points, shapes[b]!.points) <= reach;
    }
  }
  const degree = meets.map((row) => row.filter(Boolean).length);
  let start = 0;
  for (let i = 1; i < count; i++) if (degree[i]! < degree[start]!) start = i;

  const joined = new Set([start]);
  const path: Point[] = [...shapes[start]!.points];
  while (joined.size < count) {
    let best: { index: number; atHead: boolean; reversed: boolean; gap: number } | null = null;
    for (let i = 0; i < count; i++) {
      if (joined.has(i) || ![...joined].some((j) => meets[i]![j])) continue;
      const points = shapes[i]!.points;
      const ends: Array<{ atHead: boolean; reversed: boolean; gap: number }> = [
        // Appended after the tail: the line's first point should be nearest the tail.
        { atHead: false, reversed: false, gap: distance(path.at(-1)!, points[0]!) },
        { atHead: false, reversed: true, gap: distance(path.at(-1)!, points.at(-1)!) },
        // Put before the head: the line's last point should be nearest the head.
        { atHead: true, reversed: false, gap: distance(path[0]!, points.at(-1)!) },
        { atHead: true, reversed: true, gap: distance(path[0]!, points[0]!) },
      ];
      for (const end of ends) if (!best || end.gap < best.gap) best = { index: i, ...end };
    }
    if (!best) return { ok: false, error: 'noIntersection' };
    joined.add(best.index);
    const points = best.reversed ? [...shapes[best.index]!.points].reverse() : [...shapes[best.index]!.points];
    if (best.atHead) {
      if (best.gap === 0) points.pop();
      path.unshift(...points);
    } else {
      if (best.gap === 0) points.shift();
      path.push(...points);
    }
  }
  const widths = shapes.map((shape) => shape.widthPx).filter((width): width is number => typeof width === 'number');
  return {
    ok: true,
    shape: {
      kind: 'polyline',
      points: path.map(([u, v]): [number, number] => [u, v]),
      widthPx: widths.length ? Math.max(...widths) : null,
    },
  };
}

const distance = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** Shortest distance between two polylines in pixels: 0 when they touch or cross. */
export function polylineDistance(a: readonly Point[], b: readonly Point[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < a.length; i++) {
    for (let j = 0; j + 1 < b.length; j++) {
      best = Math.min(best, segmentDistance(a[i]!, a[i + 1]!, b[j]!, b[j + 1]!));
      if (best === 0) return 0;
    }
  }
  return best;
}

const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

function pointSegmentDistance(p: Point, a: Point, b: Point): number {
  const [du, dv] = [b[0] - a[0], b[1] - a[1]];
  const lengthSquared = du * du + dv * dv;
  const t =
    lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * du + (p[1] - a[1]) * dv) / lengthSquared));
  return Math.hypot(p[0] - (a[0] + t * du), p[1] - (a[1] + t * dv));
}

function segmentDistance(a: Point, b: Point, c: Point, d: Point): number {
  const [d1, d2, d3, d4] = [cross(c, d, a), cross(c, d, b), cross(a, b, c), cross(a, b, d)];
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return 0;
  return Math.min(
    pointSegmentDistance(a, c, d),
    pointSegmentDistance(b, c, d),
    pointSegmentDistance(c, a, b),
    pointSegmentDistance(d, a, b),
  );
}
