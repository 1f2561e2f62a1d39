/**
 * Coordinates on the WGS84 ellipsoid and the frames we compute in (ARCHITECTURE.md section 5).
 *
 * - `Wgs84`: longitude and latitude in degrees, ellipsoidal height in metres (what GPS, EXIF and GeoJSON give).
 * - `Ecef`: earth-centred, earth-fixed cartesian metres (what CesiumJS and 3D Tiles use, "Cartesian3").
 * - `Enu`: east, north, up metres in the local tangent plane at an origin (measurements, areas, heights).
 *
 * The types are branded, as excalidraw's `packages/math` brands its points, so a point of one frame cannot be
 * passed where another frame is expected: values are made only through `wgs84()`, `ecef()`, `enu()` or the
 * conversions below.
 */

declare const brand: unique symbol;
type Brand<T, Name extends string> = T & { readonly [brand]: Name };

export type Wgs84 = Brand<{ readonly lon: number; readonly lat: number; readonly height: number }, 'Wgs84'>;
export type Ecef = Brand<{ readonly x: number; readonly y: number; readonly z: number }, 'Ecef'>;
export type Enu = Brand<{ readonly e: number; readonly n: number; readonly u: number }, 'Enu'>;

/** WGS84 defining constants (NIMA TR8350.2, table 3.1). */
export const WGS84_A = 6_378_137;
export const WGS84_F = 1 / 298.257223563;
export const WGS84_B = WGS84_A * (1 - WGS84_F);
/** First eccentricity squared, e² = f(2 - f). */
export const WGS84_E2 = WGS84_F * (2 - WGS84_F);
/** Second eccentricity squared, e'² = (a² - b²) / b². */
const WGS84_EP2 = (WGS84_A * WGS84_A - WGS84_B * WGS84_B) / (WGS84_B * WGS84_B);

const DEG = Math.PI / 180;

export const toRadians = (degrees: number): number => degrees * DEG;
export const toDegrees = (radians: number): number => radians / DEG;

export function wgs84(lon: number, lat: number, height = 0): Wgs84 {
  return { lon, lat, height } as Wgs84;
}

export function ecef(x: number, y: number, z: number): Ecef {
  return { x, y, z } as Ecef;
}

export function enu(e: number, n: number, u: number): Enu {
  return { e, n, u } as Enu;
}

/** True when longitude is within ±180°, latitude within ±90° and all parts are finite numbers. */
export function isValidWgs84(point: { lon: number; lat: number; height?: number }): boolean {
  return (
    Number.isFinite(point.lon) &&
    Number.isFinite(point.lat) &&
    (point.height === undefined || Number.isFinite(point.height)) &&
    Math.abs(point.lon) <= 180 &&
    Math.abs(point.lat) <= 90
  );
}

/** Prime vertical radius of curvature N(φ). */
function primeVerticalRadius(sinLat: number): number {
  return WGS84_A / Math.sqrt(1 - WGS84_E2 * sinLat * sinLat);
}

/** Geodetic to geocentric (EPSG method 9602, forward). */
export function wgs84ToEcef(point: Wgs84): Ecef {
  const lat = toRadians(point.lat);
  const lon = toRadians(point.lon);
  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const n = primeVerticalRadius(sinLat);
  return ecef(
    (n + point.height) * cosLat * Math.cos(lon),
    (n + point.height) * cosLat * Math.sin(lon),
    (n * (1 - WGS84_E2) + point.height) * sinLat,
  );
}

/**
 * Geocentric to geodetic with Heikkinen's closed form (Heikkinen 1982, as given in Zhu 1993 and
 * Wikipedia's "Geographic coordinate conversion"): no iteration, sub-millimetre everywhere near the surface.
 */
export function ecefToWgs84(point: Ecef): Wgs84 {
  const { x, y, z } = point;
  const a = WGS84_A;
  const b = WGS84_B;
  const e2 = WGS84_E2;
  const p = Math.hypot(x, y);
  const lon = toDegrees(Math.atan2(y, x));

  // On the polar axis the closed form divides by p: the answer is exact there anyway.
  if (p < 1e-9) {
    const lat = z >= 0 ? 90 : -90;
    return wgs84(0, lat, Math.abs(z) - b);
  }

  const z2 = z * z;
  const f = 54 * b * b * z2;
  const g = p * p + (1 - e2) * z2 - e2 * (a * a - b * b);
  const c = (e2 * e2 * f * p * p) / (g * g * g);
  const s = Math.cbrt(1 + c + Math.sqrt(c * c + 2 * c));
  const k = s + 1 + 1 / s;
  const bigP = f / (3 * k * k * g * g);
  const q = Math.sqrt(1 + 2 * e2 * e2 * bigP);
  const r0 =
    (-bigP * e2 * p) / (1 + q) +
    Math.sqrt(Math.max(0, 0.5 * a * a * (1 + 1 / q) - (bigP * (1 - e2) * z2) / (q * (1 + q)) - 0.5 * bigP * p * p));
  const t = p - e2 * r0;
  const u = Math.sqrt(t * t + z2);
  const v = Math.sqrt(t * t + (1 - e2) * z2);
  const z0 = (b * b * z) / (a * v);
  const height = u * (1 - (b * b) / (a * v));
  const lat = toDegrees(Math.atan2(z + WGS84_EP2 * z0, p));
  return wgs84(lon, lat, height);
}

/**
 * A local east-north-up frame at an origin: the origin in both frames and the rotation ECEF -> ENU
 * (rows are the east, north and up unit vectors in ECEF; EPSG method 9836, geocentric/topocentric).
 */
export interface EnuFrame {
  readonly origin: Wgs84;
  readonly originEcef: Ecef;
  readonly east: readonly [number, number, number];
  readonly north: readonly [number, number, number];
  readonly up: readonly [number, number, number];
}

export function enuFrame(origin: Wgs84): EnuFrame {
  const lat = toRadians(origin.lat);
  const lon = toRadians(origin.lon);
  const sinLat = Math.sin(lat);
  const cosLat = Math.cos(lat);
  const sinLon = Math.sin(lon);
  const cosLon = Math.cos(lon);
  return {
    origin,
    originEcef: wgs84ToEcef(origin),
    east: [-sinLon, cosLon, 0],
    north: [-sinLat * cosLon, -sinLat * sinLon, cosLat],
    up: [cosLat * cosLon, cosLat * sinLon, sinLat],
  };
}

const dot = (v: readonly [number, number, number], x: number, y: number, z: number): number =>
  v[0] * x + v[1] * y + v[2] * z;

export function ecefToEnu(point: Ecef, frame: EnuFrame): Enu {
  const dx = point.x - frame.originEcef.x;
  const dy = point.y - frame.originEcef.y;
  const dz = point.z - frame.originEcef.z;
  return enu(dot(frame.east, dx, dy, dz), dot(frame.north, dx, dy, dz), dot(frame.up, dx, dy, dz));
}

export function enuToEcef(point: Enu, frame: EnuFrame): Ecef {
  const { east, north, up, originEcef } = frame;
  // The rotation is orthonormal: its inverse is its transpose.
  return ecef(
    originEcef.x + east[0] * point.e + north[0] * point.n + up[0] * point.u,
    originEcef.y + east[1] * point.e + north[1] * point.n + up[1] * point.u,
    originEcef.z + east[2] * point.e + north[2] * point.n + up[2] * point.u,
  );
}

export const wgs84ToEnu = (point: Wgs84, frame: EnuFrame): Enu => ecefToEnu(wgs84ToEcef(point), frame);
export const enuToWgs84 = (point: Enu, frame: EnuFrame): Wgs84 => ecefToWgs84(enuToEcef(point, frame));
