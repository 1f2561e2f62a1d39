import type { Feature, FeatureCollection, Geometry, GeoJsonProperties, Position } from 'geojson';
import { VectorFileError } from './vector-file-error.js';

export type LocationKind = 'point' | 'line' | 'polygon';

/** A feature as a reader found it, before validation. */
export interface RawFeature {
  geometry: Geometry | null;
  properties: Record<string, unknown>;
}

export interface LocationFile {
  /** Every feature, validated; polygon rings closed; GeometryCollections split into one feature per geometry. */
  featureCollection: FeatureCollection;
  kind: LocationKind;
  /** Route or line name: a `name` property of the first feature that has one, or the KML document's name. */
  name?: string;
}

type SimpleGeometry = Exclude<Geometry, { type: 'GeometryCollection' }>;

const KIND_OF: Record<SimpleGeometry['type'], LocationKind> = {
  Point: 'point',
  MultiPoint: 'point',
  LineString: 'line',
  MultiLineString: 'line',
  Polygon: 'polygon',
  MultiPolygon: 'polygon',
};

function isNumberArray(value: unknown): value is number[] {
  return Array.isArray(value) && value.every((n) => typeof n === 'number');
}

/** Checks one position: 2 or 3 finite numbers, longitude ±180, latitude ±90. Returns a copy. */
function checkPosition(value: unknown, where: string): Position {
  if (!isNumberArray(value) || value.length < 2 || value.length > 3 || !value.every(Number.isFinite)) {
    throw new VectorFileError('parseError', `${where}: a position must be 2 or 3 numbers`);
  }
  const [lon, lat] = value as [number, number];
  if (Math.abs(lon) > 180 || Math.abs(lat) > 90) {
    throw new VectorFileError('outOfRange', `${where}: [${lon}, ${lat}] is outside longitude ±180, latitude ±90`);
  }
  return [...value];
}

function checkPositions(value: unknown, where: string): Position[] {
  if (!Array.isArray(value)) throw new VectorFileError('parseError', `${where}: expected a list of positions`);
  return value.map((p, i) => checkPosition(p, `${where}[${i}]`));
}

function countDistinct(positions: Position[]): number {
  return new Set(positions.map((p) => `${p[0]},${p[1]}`)).size;
}

function checkLine(value: unknown, where: string): Position[] {
  const line = checkPositions(value, where);
  if (countDistinct(line) < 2) throw new VectorFileError('tooFewPoints', `${where}: a line needs at least 2 points`);
  return line;
}

/** A ring needs 3 distinct points; it comes back closed (first position repeated last, so at least 4 positions). */
function checkRing(value: unknown, where: string): Position[] {
  const ring = checkPositions(value, where);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (first && last && (first[0] !== last[0] || first[1] !== last[1])) ring.push([...first]);
  if (countDistinct(ring) < 3) {
    throw new VectorFileError('tooFewPoints', `${where}: a polygon needs at least 3 distinct points`);
  }
  return ring;
}

function checkPolygon(value: unknown, where: string): Position[][] {
  if (!Array.isArray(value) || value.length === 0) {
    throw new VectorFileError('parseError', `${where}: a polygon needs an outer ring`);
  }
  return value.map((ring, i) => checkRing(ring, `${where}[${i}]`));
}

function checkList<T>(value: unknown, where: string, check: (item: unknown, where: string) => T): T[] {
  if (!Array.isArray(value) || value.length === 0) throw new VectorFileError('tooFewPoints', `${where}: empty`);
  return value.map((item, i) => check(item, `${where}[${i}]`));
}

/** Validates a geometry and returns a clean copy. */
function checkGeometry(geometry: SimpleGeometry, where: string): SimpleGeometry {
  const at = `${where}.coordinates`;
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: checkPosition(geometry.coordinates, at) };
    case 'MultiPoint':
      return { type: 'MultiPoint', coordinates: checkList(geometry.coordinates, at, checkPosition) };
    case 'LineString':
      return { type: 'LineString', coordinates: checkLine(geometry.coordinates, at) };
    case 'MultiLineString':
      return { type: 'MultiLineString', coordinates: checkList(geometry.coordinates, at, checkLine) };
    case 'Polygon':
      return { type: 'Polygon', coordinates: checkPolygon(geometry.coordinates, at) };
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: checkList(geometry.coordinates, at, checkPolygon) };
  }
}

/** GeometryCollections (nested or not) become their members. */
function flatten(geometry: Geometry, where: string): Array<{ geometry: SimpleGeometry; where: string }> {
  if (geometry.type !== 'GeometryCollection') {
    if (!Object.hasOwn(KIND_OF, geometry.type)) {
      throw new VectorFileError('parseError', `${where}: unknown geometry type ${String(geometry.type)}`);
    }
    return [{ geometry, where }];
  }
  if (!Array.isArray(geometry.geometries)) throw new VectorFileError('parseError', `${where}: no geometries`);
  return geometry.geometries.flatMap((g, i) => flatten(g, `${where}.geometries[${i}]`));
}

function nameOf(properties: Record<string, unknown>): string | undefined {
  for (const key of ['name', 'Name', 'NAME']) {
    const value = properties[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return undefined;
}

/**
 * Validates what a reader found and builds the location: one kind for all features (a project is located by
 * a point, a line or a polygon), each line with 2 distinct points or more, each polygon ring with 3 or more.
 */
export function normalizeLocation(raw: RawFeature[], documentName?: string): LocationFile {
  const features: Feature[] = [];
  let kind: LocationKind | undefined;
  raw.forEach((feature, index) => {
    if (!feature.geometry) return; // null shapes and placemarks without geometry carry no location
    for (const { geometry, where } of flatten(feature.geometry, `features[${index}].geometry`)) {
      const clean = checkGeometry(geometry, where);
      const thisKind = KIND_OF[clean.type];
      if (kind && kind !== thisKind) {
        throw new VectorFileError('mixedGeometry', `${where}: a ${thisKind} among ${kind}s`);
      }
      kind = thisKind;
      features.push({ type: 'Feature', geometry: clean, properties: { ...feature.properties } as GeoJsonProperties });
    }
  });
  if (!kind) throw new VectorFileError('empty', 'no geometry found');
  const name = raw.map((f) => nameOf(f.properties)).find((n) => n !== undefined) ?? documentName?.trim();
  return { featureCollection: { type: 'FeatureCollection', features }, kind, ...(name ? { name } : {}) };
}
