import type { Geometry } from 'geojson';
import type { RawFeature } from './normalize.js';
import { VectorFileError } from './vector-file-error.js';

const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readFeature(value: unknown, where: string): RawFeature {
  if (!isObject(value) || value.type !== 'Feature') throw new VectorFileError('parseError', `${where}: not a Feature`);
  const { geometry, properties } = value;
  if (geometry !== null && !(isObject(geometry) && GEOMETRY_TYPES.has(String(geometry.type)))) {
    throw new VectorFileError('parseError', `${where}.geometry: not a geometry`);
  }
  // Coordinates are checked later, in normalizeLocation.
  return { geometry: geometry as Geometry | null, properties: isObject(properties) ? properties : {} };
}

/** Reads GeoJSON text (RFC 7946): a FeatureCollection, a Feature or a bare geometry. */
export function readGeoJson(text: string): RawFeature[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new VectorFileError('parseError', `invalid JSON: ${(error as Error).message}`);
  }
  if (!isObject(json)) throw new VectorFileError('unsupportedFormat', 'JSON is not a GeoJSON object');
  if (json.type === 'FeatureCollection') {
    if (!Array.isArray(json.features)) throw new VectorFileError('parseError', 'FeatureCollection without features');
    return json.features.map((f, i) => readFeature(f, `features[${i}]`));
  }
  if (json.type === 'Feature') return [readFeature(json, 'feature')];
  if (GEOMETRY_TYPES.has(String(json.type))) return [{ geometry: json as unknown as Geometry, properties: {} }];
  throw new VectorFileError('unsupportedFormat', `JSON of type ${String(json.type)} is not GeoJSON`);
}
