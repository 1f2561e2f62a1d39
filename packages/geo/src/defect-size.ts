/**
 * The sizes of a defect drawn on a photo (SPEC sections 3 and 5, ARCHITECTURE.md section 5): a crack is a polyline,
 * an area a polygon or a rectangle, both in image pixels. Each vertex's ray (camera-model.ts's convention) is carried
 * to the surface the photo sees, either by its range to the model's mesh or onto a plane at the shooting distance,
 * and the sizes are measured between those points in the camera's own frame (right, down, forward; metres), so no
 * ECEF coordinate of millions of metres enters a difference.
 */
import type { PixelIntrinsics } from './camera-model.js';
import type { Vector3 } from './orientation.js';

export type DefectShapeKind = 'polyline' | 'polygon' | 'rectangle';

/** A drawn defect: pixels (u, v) from the image's top-left corner; an area's points are its ring, left open. */
export interface DefectShape {
  readonly kind: DefectShapeKind;
  readonly points: ReadonlyArray<readonly [number, number]>;
}

/**
 * Where the vertices' rays end. `ranges`: metres along each vertex's ray to the model (its mesh hits), in the order
 * of the points. `plane`: the plane `distanceM` ahead on the optical axis; its normal (camera frame, towards the
 * camera or away, either sign) defaults to the optical axis, the simple case of a surface facing the camera.
 */
export type DefectSurface =
  | { readonly kind: 'ranges'; readonly rangesM: readonly number[] }
  | { readonly kind: 'plane'; readonly distanceM: number; readonly normal?: Vector3 };

export interface DefectSize {
  /** A polyline's length, an area's longer side of its minimum-area bounding rectangle; metres. */
  readonly lengthM: number;
  /** A crack's drawn width (null when none was drawn), an area's shorter side; millimetres. */
  readonly widthMm: number | null;
  /** An area's surface (null for a polyline); square metres. */
  readonly areaM2: number | null;
}

/** Fewest points a shape of each kind needs (SPEC section 5). */
export const MIN_SHAPE_POINTS: Readonly<Record<DefectShapeKind, number>> = { polyline: 2, polygon: 3, rectangle: 3 };

/** Metres one pixel covers on a surface facing the camera `distanceM` away. */
export function groundSamplingDistance(input: {
  distanceM: number;
  sensorWidthMm: number;
  focalLengthMm: number;
  imageWidthPx: number;
}): number {
  return (input.distanceM * input.sensorWidthMm) / (input.focalLengthMm * input.imageWidthPx);
}

const dot = (a: Vector3, b: Vector3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: Vector3, b: Vector3): Vector3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vector3, b: Vector3): Vector3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const norm = (a: Vector3) => Math.hypot(a[0], a[1], a[2]);
const scale = (a: Vector3, k: number): Vector3 => [a[0] * k, a[1] * k, a[2] * k];

/** The pixel's ray in the camera frame, scaled to unit depth (forward component 1). */
function pixelDirection(intrinsics: PixelIntrinsics, [u, v]: readonly [number, number]): Vector3 {
  return [(u - intrinsics.cx) / intrinsics.fx, (v - intrinsics.cy) / intrinsics.fy, 1];
}

/** Where each pixel's ray meets the surface, in the camera frame (metres). Throws RangeError when one cannot. */
export function pixelsOnSurface(
  intrinsics: PixelIntrinsics,
  points: ReadonlyArray<readonly [number, number]>,
  surface: DefectSurface,
): Vector3[] {
  if (surface.kind === 'ranges') {
    if (surface.rangesM.length !== points.length) throw new RangeError('one range per point is needed');
    return points.map((point, i) => {
      const range = surface.rangesM[i]!;
      if (!(range > 0)) throw new RangeError('a range must be positive');
      const direction = pixelDirection(intrinsics, point);
      return scale(direction, range / norm(direction));
    });
  }
  if (!(surface.distanceM > 0)) throw new RangeError('the shooting distance must be positive');
  const normal = surface.normal ?? [0, 0, 1];
  // The plane holds the point distanceM ahead on the axis: n·P = n·(0, 0, distanceM).
  const offset = normal[2] * surface.distanceM;
  return points.map((point) => {
    const direction = pixelDirection(intrinsics, point);
    const t = offset / dot(normal, direction);
    if (!(t > 0) || !Number.isFinite(t)) throw new RangeError('a pixel looks away from the plane');
    return scale(direction, t);
  });
}

function polylineLength(points: readonly Vector3[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += norm(sub(points[i]!, points[i - 1]!));
  return total;
}

/** Newell's normal of a ring: its length is twice the ring's area, in the ring's best-fitting plane. */
function newellNormal(ring: readonly Vector3[]): Vector3 {
  let normal: Vector3 = [0, 0, 0];
  for (let i = 0; i < ring.length; i++) {
    const c = cross(ring[i]!, ring[(i + 1) % ring.length]!);
    normal = [normal[0] + c[0], normal[1] + c[1], normal[2] + c[2]];
  }
  return normal;
}

type Point2 = readonly [number, number];

/** Andrew's monotone chain; the hull counter-clockwise, without collinear points. */
function convexHull(points: readonly Point2[]): Point2[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const turn = (o: Point2, a: Point2, b: Point2) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (ordered: readonly Point2[]) => {
    const chain: Point2[] = [];
    for (const p of ordered) {
      while (chain.length >= 2 && turn(chain[chain.length - 2]!, chain[chain.length - 1]!, p) <= 0) chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/**
 * The sides of the smallest rectangle around the points (one of its sides lies along a hull edge, so every edge's
 * direction is tried), longer first.
 */
function minimumRectangle(points: readonly Point2[]): { long: number; short: number } {
  const hull = convexHull(points);
  let best = { area: Infinity, long: 0, short: 0 };
  for (let i = 0; i < hull.length; i++) {
    const a = hull[i]!;
    const b = hull[(i + 1) % hull.length]!;
    const edge = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (edge === 0) continue;
    const ux = (b[0] - a[0]) / edge;
    const uy = (b[1] - a[1]) / edge;
    let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
    for (const p of hull) {
      const along = p[0] * ux + p[1] * uy;
      const across = -p[0] * uy + p[1] * ux;
      [minU, maxU] = [Math.min(minU, along), Math.max(maxU, along)];
      [minV, maxV] = [Math.min(minV, across), Math.max(maxV, across)];
    }
    const [w, h] = [maxU - minU, maxV - minV];
    if (w * h < best.area) best = { area: w * h, long: Math.max(w, h), short: Math.min(w, h) };
  }
  return best.area === Infinity ? { long: 0, short: 0 } : best;
}

/** An area's ring flattened onto its own plane (relative to its first point), for the bounding rectangle. */
function flatten(ring: readonly Vector3[], normal: Vector3): Point2[] {
  const origin = ring[0]!;
  const far = ring.reduce((best, p) => (norm(sub(p, origin)) > norm(sub(best, origin)) ? p : best), origin);
  const along = sub(far, origin);
  if (norm(along) === 0) return ring.map(() => [0, 0]);
  const e1 = scale(along, 1 / norm(along));
  const n = norm(normal) > 0 ? scale(normal, 1 / norm(normal)) : null;
  // A ring without area (its points in a line) lies along e1 alone.
  const e2: Vector3 = n ? cross(n, e1) : [0, 0, 0];
  return ring.map((p) => {
    const d = sub(p, origin);
    return [dot(d, e1), dot(d, e2)];
  });
}

/**
 * The defect's sizes. A polyline's width is its drawn width in pixels times the metres a pixel covers at its
 * vertices (depth over focal length, averaged), the measure of a crack drawn as a stroke. Throws RangeError when the
 * shape has too few points or a ray cannot reach the surface.
 */
export function defectSize(input: {
  intrinsics: PixelIntrinsics;
  shape: DefectShape;
  surface: DefectSurface;
  drawnWidthPx?: number | null;
}): DefectSize {
  const { intrinsics, shape } = input;
  if (shape.points.length < MIN_SHAPE_POINTS[shape.kind]) {
    throw new RangeError(`a ${shape.kind} needs at least ${MIN_SHAPE_POINTS[shape.kind]} points`);
  }
  const points = pixelsOnSurface(intrinsics, shape.points, input.surface);
  if (shape.kind === 'polyline') {
    const drawn = input.drawnWidthPx;
    const metresPerPixel = points.reduce((sum, p) => sum + p[2] / intrinsics.fx, 0) / points.length;
    return {
      lengthM: polylineLength(points),
      widthMm: drawn === null || drawn === undefined ? null : drawn * metresPerPixel * 1000,
      areaM2: null,
    };
  }
  const normal = newellNormal(points.map((p) => sub(p, points[0]!)));
  const { long, short } = minimumRectangle(flatten(points, normal));
  return { lengthM: long, widthMm: short * 1000, areaM2: norm(normal) / 2 };
}

/**
 * The pixel that stands for the shape on the model: a polyline's point halfway along it (on the crack), an area's
 * centroid (shoelace).
 */
export function shapeCentre(shape: DefectShape): [number, number] {
  const points = shape.points;
  if (shape.kind === 'polyline') {
    const lengths = points.slice(1).map((p, i) => Math.hypot(p[0] - points[i]![0], p[1] - points[i]![1]));
    let remaining = lengths.reduce((a, b) => a + b, 0) / 2;
    for (let i = 0; i < lengths.length; i++) {
      const length = lengths[i]!;
      if (remaining <= length && length > 0) {
        const [a, b] = [points[i]!, points[i + 1]!];
        const k = remaining / length;
        return [a[0] + k * (b[0] - a[0]), a[1] + k * (b[1] - a[1])];
      }
      remaining -= length;
    }
    return [points[0]![0], points[0]![1]];
  }
  let twiceArea = 0;
  let cu = 0;
  let cv = 0;
  const [ou, ov] = points[0]!;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const [au, av, bu, bv] = [a[0] - ou, a[1] - ov, b[0] - ou, b[1] - ov];
    const c = au * bv - bu * av;
    twiceArea += c;
    cu += (au + bu) * c;
    cv += (av + bv) * c;
  }
  if (twiceArea === 0) {
    const mean = (k: 0 | 1) => points.reduce((sum, p) => sum + p[k], 0) / points.length;
    return [mean(0), mean(1)];
  }
  return [ou + cu / (3 * twiceArea), ov + cv / (3 * twiceArea)];
}
