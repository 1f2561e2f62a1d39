/**
 * Measurements on positions picked on a 3D model: lengths, heights and areas in metres.
 * Inputs are ECEF (what the viewer picks); heights and horizontal areas are taken in a local ENU frame.
 */
import { type Ecef, type Enu, ecef, ecefToEnu, ecefToWgs84, enuFrame, wgs84, wgs84ToEcef } from './coordinates.js';

/** Straight-line distance in metres. */
export function distance(a: Ecef, b: Ecef): number {
  return Math.hypot(b.x - a.x, b.y - a.y, b.z - a.z);
}

/** Length of a polyline as the sum of its straight segments (positions on a model are metres apart, not kilometres). */
export function polylineLength(positions: readonly Ecef[]): number {
  let total = 0;
  for (let i = 1; i < positions.length; i++) {
    total += distance(positions[i - 1] as Ecef, positions[i] as Ecef);
  }
  return total;
}

export interface HeightDifference {
  /** Ellipsoidal height of `to` minus that of `from`, metres (negative when `to` is lower). */
  vertical: number;
  /** Distance in the horizontal plane at `from`, metres. */
  horizontal: number;
  /** Straight-line distance, metres. */
  slope: number;
}

export function heightDifference(from: Ecef, to: Ecef): HeightDifference {
  const frame = enuFrame(ecefToWgs84(from));
  const local = ecefToEnu(to, frame);
  return {
    vertical: ecefToWgs84(to).height - frame.origin.height,
    horizontal: Math.hypot(local.e, local.n),
    slope: distance(from, to),
  };
}

/**
 * The right triangle that shows a height difference: the lower point, the corner straight below the higher
 * point at the lower point's ellipsoidal height, and the higher point. The corner-to-high leg is the vertical.
 */
export function heightTriangle(a: Ecef, b: Ecef): { low: Ecef; corner: Ecef; high: Ecef } {
  const [geoA, geoB] = [ecefToWgs84(a), ecefToWgs84(b)];
  const aIsLow = geoA.height <= geoB.height;
  const [lowGeo, highGeo] = aIsLow ? [geoA, geoB] : [geoB, geoA];
  return {
    low: aIsLow ? a : b,
    corner: wgs84ToEcef(wgs84(highGeo.lon, highGeo.lat, lowGeo.height)),
    high: aIsLow ? b : a,
  };
}

/** Shoelace area of a ring given in ENU, projected on the horizontal (east-north) plane; square metres, unsigned. */
export function ringAreaEnu(ring: readonly Enu[]): number {
  let twice = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Enu;
    const b = ring[(i + 1) % ring.length] as Enu;
    twice += a.e * b.n - b.e * a.n;
  }
  return Math.abs(twice) / 2;
}

/** Mean of the positions: where a polygon's label sits, and the origin of its horizontal frame. */
export function centroid(positions: readonly Ecef[]): Ecef {
  let x = 0;
  let y = 0;
  let z = 0;
  for (const p of positions) {
    x += p.x;
    y += p.y;
    z += p.z;
  }
  return ecef(x / positions.length, y / positions.length, z / positions.length);
}

/** Drops a closing position that repeats the first, so rings may be given open or closed. */
function openRing(positions: readonly Ecef[]): readonly Ecef[] {
  const first = positions[0];
  const last = positions[positions.length - 1];
  if (positions.length > 1 && first && last && distance(first, last) === 0) return positions.slice(0, -1);
  return positions;
}

/**
 * Area of a polygon projected on the horizontal plane (the ellipsoid's tangent plane at the polygon's centroid),
 * square metres: what a map would show. Zero for fewer than 3 positions.
 */
export function polygonHorizontalArea(positions: readonly Ecef[]): number {
  const ring = openRing(positions);
  if (ring.length < 3) return 0;
  const frame = enuFrame(ecefToWgs84(centroid(ring)));
  return ringAreaEnu(ring.map((p) => ecefToEnu(p, frame)));
}

/**
 * Area of a polygon in its own plane, square metres (Newell's method: half the length of the summed cross products).
 * For a facade or a pier face, which a horizontal area would flatten to nearly zero. For a polygon that is not quite
 * planar it is the area projected on its best-fitting plane.
 */
export function polygonPlanarArea(positions: readonly Ecef[]): number {
  const ring = openRing(positions);
  if (ring.length < 3) return 0;
  // Relative to the centroid, to keep the products of ECEF coordinates (millions of metres) precise.
  const c = centroid(ring);
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i] as Ecef;
    const b = ring[(i + 1) % ring.length] as Ecef;
    const ax = a.x - c.x;
    const ay = a.y - c.y;
    const az = a.z - c.z;
    const bx = b.x - c.x;
    const by = b.y - c.y;
    const bz = b.z - c.z;
    nx += ay * bz - az * by;
    ny += az * bx - ax * bz;
    nz += ax * by - ay * bx;
  }
  return Math.hypot(nx, ny, nz) / 2;
}
