import { describe, expect, it } from 'vitest';
import {
  WGS84_A,
  WGS84_B,
  ecef,
  ecefToEnu,
  ecefToWgs84,
  enu,
  enuFrame,
  enuToEcef,
  enuToWgs84,
  isValidWgs84,
  wgs84,
  wgs84ToEcef,
  wgs84ToEnu,
} from './coordinates.js';

const dms = (degrees: number, minutes: number, seconds: number): number => degrees + minutes / 60 + seconds / 3600;

/**
 * IOGP Publication 373-7-2 (EPSG Guidance Note 7-2), worked examples:
 * - 2.2.1 "Geographic/geocentric conversions" (EPSG method 9602), WGS 84:
 *   φ = 53°48'33.820"N, λ = 2°07'46.380"E, h = 73.0 m  <->  X = 3771793.968, Y = 140253.342, Z = 5124304.349 m.
 * - 4.1.2 "Geocentric/topocentric conversions" (EPSG method 9836), topocentric origin φ0 = 55°N, λ0 = 5°E,
 *   h0 = 200 m (X0 = 3652755.3058, Y0 = 319574.6799, Z0 = 5201547.3536), the point above
 *   -> U (east) = -189013.869, V (north) = -128642.040, W (up) = -4220.171 m.
 */
const EPSG_POINT = wgs84(dms(2, 7, 46.38), dms(53, 48, 33.82), 73);
const EPSG_POINT_ECEF = ecef(3771793.968, 140253.342, 5124304.349);
const EPSG_ORIGIN = wgs84(5, 55, 200);

describe('WGS84 <-> ECEF', () => {
  it('matches the EPSG guidance note example (method 9602)', () => {
    const p = wgs84ToEcef(EPSG_POINT);
    expect(p.x).toBeCloseTo(EPSG_POINT_ECEF.x, 3);
    expect(p.y).toBeCloseTo(EPSG_POINT_ECEF.y, 3);
    expect(p.z).toBeCloseTo(EPSG_POINT_ECEF.z, 3);

    const back = ecefToWgs84(EPSG_POINT_ECEF);
    // 1e-8 degree is about 1 mm on the ground; the example's ECEF values are rounded to the millimetre.
    expect(back.lat).toBeCloseTo(EPSG_POINT.lat, 8);
    expect(back.lon).toBeCloseTo(EPSG_POINT.lon, 8);
    expect(back.height).toBeCloseTo(73, 2);
  });

  it('puts the equator-meridian point at (a, 0, 0) and the poles at (0, 0, ±b) by definition', () => {
    const onEquator = wgs84ToEcef(wgs84(0, 0, 0));
    expect(onEquator.x).toBeCloseTo(6378137, 6);
    expect(onEquator.y).toBeCloseTo(0, 6);
    expect(onEquator.z).toBeCloseTo(0, 6);
    // b = a(1 - f) = 6356752.314245 m (NIMA TR8350.2, table 3.3)
    expect(WGS84_B).toBeCloseTo(6356752.314245, 6);
    expect(wgs84ToEcef(wgs84(0, 90, 0)).z).toBeCloseTo(6356752.314245, 6);
    expect(wgs84ToEcef(wgs84(0, -90, 10)).z).toBeCloseTo(-6356762.314245, 6);
    // 90°E on the equator, 100 m up: (0, a + 100, 0).
    const east = wgs84ToEcef(wgs84(90, 0, 100));
    expect(east.x).toBeCloseTo(0, 6);
    expect(east.y).toBeCloseTo(WGS84_A + 100, 6);
  });

  it('handles points on and near the polar axis', () => {
    const pole = ecefToWgs84(ecef(0, 0, WGS84_B + 10));
    expect(pole.lat).toBe(90);
    expect(pole.height).toBeCloseTo(10, 9);
    const southPole = ecefToWgs84(ecef(0, 0, -WGS84_B));
    expect(southPole.lat).toBe(-90);
    expect(southPole.height).toBeCloseTo(0, 9);
    // 100 m off the axis, 10 m above the pole's height: the ellipsoid there lies lower by
    // p² / (2 a²/b) = 100² / (2 × 6399593.626) = 0.00078 m (radius of curvature at the pole a²/b), so h = 10.00078 m.
    const nearPole = ecefToWgs84(ecef(100, 0, WGS84_B + 10));
    expect(nearPole.height).toBeCloseTo(10.00078, 5);
  });

  it('round-trips over the globe, from the sea floor to flight heights', () => {
    for (const lat of [-89.9999, -60, -45.5, -1e-7, 0, 12.3456789, 45, 89.9999]) {
      for (const lon of [-180, -120.25, -0.0001, 0, 33.3, 116.391, 179.9999]) {
        for (const height of [-5000, 0, 73, 1200, 10000]) {
          const back = ecefToWgs84(wgs84ToEcef(wgs84(lon, lat, height)));
          expect(back.lat).toBeCloseTo(lat, 10);
          // Longitude ±180 is one meridian.
          expect(Math.abs(((back.lon - lon + 540) % 360) - 180)).toBeCloseTo(0, 10);
          expect(back.height).toBeCloseTo(height, 6);
        }
      }
    }
  });
});

describe('ECEF <-> ENU', () => {
  it('matches the EPSG guidance note example (method 9836)', () => {
    const frame = enuFrame(EPSG_ORIGIN);
    expect(frame.originEcef.x).toBeCloseTo(3652755.3058, 3);
    expect(frame.originEcef.y).toBeCloseTo(319574.6799, 3);
    expect(frame.originEcef.z).toBeCloseTo(5201547.3536, 3);

    const local = ecefToEnu(EPSG_POINT_ECEF, frame);
    expect(local.e).toBeCloseTo(-189013.869, 3);
    expect(local.n).toBeCloseTo(-128642.04, 3);
    expect(local.u).toBeCloseTo(-4220.171, 3);

    const back = enuToEcef(enu(-189013.869, -128642.04, -4220.171), frame);
    expect(back.x).toBeCloseTo(EPSG_POINT_ECEF.x, 2);
    expect(back.y).toBeCloseTo(EPSG_POINT_ECEF.y, 2);
    expect(back.z).toBeCloseTo(EPSG_POINT_ECEF.z, 2);
  });

  it('has east, north and up where a hand calculation puts them at (0°, 0°)', () => {
    const frame = enuFrame(wgs84(0, 0, 0));
    // At (0°, 0°) east is +Y, north is +Z and up is +X of ECEF.
    const east = ecefToEnu(ecef(WGS84_A, 10, 0), frame);
    expect([east.e, east.n, east.u]).toEqual([10, 0, 0]);
    const north = ecefToEnu(ecef(WGS84_A, 0, 10), frame);
    expect(north.n).toBeCloseTo(10, 12);
    const up = ecefToEnu(ecef(WGS84_A + 10, 0, 0), frame);
    expect(up.u).toBeCloseTo(10, 12);
  });

  it('gives the height above the origin as up for a point straight above it', () => {
    const origin = wgs84(116.391, 39.907, 50);
    const local = wgs84ToEnu(wgs84(116.391, 39.907, 80), enuFrame(origin));
    expect(local.e).toBeCloseTo(0, 9);
    expect(local.n).toBeCloseTo(0, 9);
    expect(local.u).toBeCloseTo(30, 9);
  });

  it('round-trips ENU -> WGS84 -> ENU', () => {
    const frame = enuFrame(wgs84(-75.61, 40.04, 12));
    for (const point of [enu(0, 0, 0), enu(1000, -2000, 35), enu(-12.5, 0.25, -3)]) {
      const back = wgs84ToEnu(enuToWgs84(point, frame), frame);
      expect(back.e).toBeCloseTo(point.e, 6);
      expect(back.n).toBeCloseTo(point.n, 6);
      expect(back.u).toBeCloseTo(point.u, 6);
    }
  });
});

describe('isValidWgs84', () => {
  it('accepts the ranges of SPEC section 5 and refuses others', () => {
    expect(isValidWgs84({ lon: 180, lat: -90 })).toBe(true);
    expect(isValidWgs84({ lon: -180, lat: 90, height: 10 })).toBe(true);
    expect(isValidWgs84({ lon: 180.0001, lat: 0 })).toBe(false);
    expect(isValidWgs84({ lon: 0, lat: -90.1 })).toBe(false);
    expect(isValidWgs84({ lon: Number.NaN, lat: 0 })).toBe(false);
    expect(isValidWgs84({ lon: 0, lat: 0, height: Number.POSITIVE_INFINITY })).toBe(false);
  });
});
