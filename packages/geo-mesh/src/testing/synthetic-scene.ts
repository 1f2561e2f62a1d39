/**
 * Scenes for the tests, given in east-north-up metres around a real site so that every computation runs at true
 * ECEF magnitudes (about 6.4e6 m), where float32 alone would lose half a metre.
 */
import {
  type Ecef,
  type FrustumCamera,
  type PhotoCamera,
  enu,
  enuFrame,
  enuToEcef,
  enuToWgs84,
  photoCamera,
  wgs84,
} from '@sightline/geo';
import type { TriangleMesh } from '../tileset-mesh.js';

export type EnuPoint = readonly [number, number, number];
export type EnuTriangle = readonly [EnuPoint, EnuPoint, EnuPoint];

export const SITE = enuFrame(wgs84(114.05, 22.54, 30));

export function at(e: number, n: number, u: number): Ecef {
  return enuToEcef(enu(e, n, u), SITE);
}

/** A quadrilateral a-b-c-d as two triangles. */
export function quad(a: EnuPoint, b: EnuPoint, c: EnuPoint, d: EnuPoint): EnuTriangle[] {
  return [
    [a, b, c],
    [a, c, d],
  ];
}

/** The horizontal square of half-side `half` at height `u`. */
export function ground(half: number, u = 0): EnuTriangle[] {
  return quad([-half, -half, u], [half, -half, u], [half, half, u], [-half, half, u]);
}

/** An axis-aligned box, its faces wound counter-clockwise seen from outside. */
export function box(min: EnuPoint, max: EnuPoint): EnuTriangle[] {
  const [x0, y0, z0] = min;
  const [x1, y1, z1] = max;
  return [
    ...quad([x0, y0, z0], [x0, y1, z0], [x1, y1, z0], [x1, y0, z0]),
    ...quad([x0, y0, z1], [x1, y0, z1], [x1, y1, z1], [x0, y1, z1]),
    ...quad([x0, y0, z0], [x1, y0, z0], [x1, y0, z1], [x0, y0, z1]),
    ...quad([x0, y1, z0], [x0, y1, z1], [x1, y1, z1], [x1, y1, z0]),
    ...quad([x0, y0, z0], [x0, y0, z1], [x0, y1, z1], [x0, y1, z0]),
    ...quad([x1, y0, z0], [x1, y1, z0], [x1, y1, z1], [x1, y0, z1]),
  ];
}

/** A mesh of the triangles, stored as the tileset reader stores one: float32 offsets from the site's origin. */
export function meshOf(triangles: readonly EnuTriangle[]): TriangleMesh {
  const origin = SITE.originEcef;
  const positions = new Float32Array(triangles.length * 9);
  triangles.flat().forEach(([e, n, u], i) => {
    const point = at(e, n, u);
    positions.set([point.x - origin.x, point.y - origin.y, point.z - origin.z], i * 3);
  });
  return { origin, positions, indices: Uint32Array.from(positions.subarray(0, positions.length / 3), (_, i) => i) };
}

/** A direction given in the site's east-north-up axes, in ECEF, unit length. */
export function towards(e: number, n: number, u: number): [number, number, number] {
  const length = Math.hypot(e, n, u);
  const { east, north, up } = SITE;
  return [0, 1, 2].map((i) => (east[i]! * e + north[i]! * n + up[i]! * u) / length) as [number, number, number];
}

/** A 4000 × 3000 photo with fx = fy = 4000 px: half-angles with tangents 0.5 across and 0.375 down. */
export const SENSOR: FrustumCamera = { kind: 'sensor', sensorWidthMm: 10, sensorHeightMm: 7.5, focalLengthMm: 10 };
export const PHOTO_SIZE = { width: 4000, height: 3000 };

/** A camera at east-north-up metres around the site, with DJI gimbal angles in degrees. */
export function cameraAt(position: EnuPoint, yaw: number, pitch: number, roll = 0): PhotoCamera {
  const where = enuToWgs84(enu(...position), SITE);
  return photoCamera(
    { longitude: where.lon, latitude: where.lat, altitude: where.height, yaw, pitch, roll },
    SENSOR,
    PHOTO_SIZE,
  );
}
