/**
 * A small flat map of a project's location (the GeoJSON the server parsed): lines, polygons and points
 * projected into an SVG box, north up, with longitudes shrunk by the cosine of the latitude so shapes keep
 * their proportions. Pure, so the wizard's preview is tested without a browser.
 */
type Position = [number, number];

export interface PreviewShape {
  kind: 'line' | 'polygon';
  /** SVG path data in the box's pixels. */
  d: string;
}

export interface LocationPreview {
  shapes: PreviewShape[];
  points: Array<{ x: number; y: number }>;
  /** Centre of the shapes, in degrees. */
  center: { lon: number; lat: number };
  /** Size of the shapes' bounding box in metres (east-west, north-south). */
  extentMetres: { width: number; height: number };
}

type Geometry = { type: string; coordinates?: unknown; geometries?: unknown };

function isPosition(value: unknown): value is Position {
  return Array.isArray(value) && typeof value[0] === 'number' && typeof value[1] === 'number';
}

function positions(value: unknown): Position[] {
  return Array.isArray(value) ? value.filter(isPosition) : [];
}

/** Every geometry of a FeatureCollection, Feature, GeometryCollection or plain geometry. */
function geometriesOf(value: unknown): Geometry[] {
  if (typeof value !== 'object' || value === null) return [];
  const node = value as { type?: unknown; features?: unknown; geometry?: unknown; geometries?: unknown };
  if (node.type === 'FeatureCollection' && Array.isArray(node.features)) return node.features.flatMap(geometriesOf);
  if (node.type === 'Feature') return geometriesOf(node.geometry);
  if (node.type === 'GeometryCollection' && Array.isArray(node.geometries))
    return node.geometries.flatMap(geometriesOf);
  return typeof node.type === 'string' ? [node as Geometry] : [];
}

interface Parts {
  lines: Position[][];
  polygons: Position[][][];
  points: Position[];
}

function partsOf(geometries: Geometry[]): Parts {
  const parts: Parts = { lines: [], polygons: [], points: [] };
  for (const geometry of geometries) {
    const coordinates = geometry.coordinates;
    switch (geometry.type) {
      case 'Point':
        if (isPosition(coordinates)) parts.points.push(coordinates);
        break;
      case 'MultiPoint':
        parts.points.push(...positions(coordinates));
        break;
      case 'LineString':
        parts.lines.push(positions(coordinates));
        break;
      case 'MultiLineString':
        if (Array.isArray(coordinates)) parts.lines.push(...coordinates.map(positions));
        break;
      case 'Polygon':
        if (Array.isArray(coordinates)) parts.polygons.push(coordinates.map(positions));
        break;
      case 'MultiPolygon':
        if (Array.isArray(coordinates)) {
          for (const polygon of coordinates) if (Array.isArray(polygon)) parts.polygons.push(polygon.map(positions));
        }
        break;
      default:
        break;
    }
  }
  return parts;
}

const METRES_PER_DEGREE = 111_320;

export function locationPreview(geojson: unknown, width: number, height: number, padding = 12): LocationPreview | null {
  const parts = partsOf(geometriesOf(geojson));
  const all = [...parts.points, ...parts.lines.flat(), ...parts.polygons.flat(2)];
  if (all.length === 0) return null;
  let minLon = Infinity;
  let maxLon = -Infinity;
  let minLat = Infinity;
  let maxLat = -Infinity;
  for (const [lon, lat] of all) {
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
  }
  const center = { lon: (minLon + maxLon) / 2, lat: (minLat + maxLat) / 2 };
  const shrink = Math.cos((center.lat * Math.PI) / 180);
  const spanX = (maxLon - minLon) * shrink;
  const spanY = maxLat - minLat;
  const innerWidth = width - 2 * padding;
  const innerHeight = height - 2 * padding;
  // A single point (or a tiny shape) sits in the middle rather than being blown up to the box.
  const fit = Math.min(spanX > 0 ? innerWidth / spanX : Infinity, spanY > 0 ? innerHeight / spanY : Infinity);
  const scale = Number.isFinite(fit) ? fit : 0;
  const project = ([lon, lat]: Position) => ({
    x: width / 2 + (lon - center.lon) * shrink * scale,
    y: height / 2 - (lat - center.lat) * scale,
  });
  const round = (value: number) => Math.round(value * 10) / 10;
  const path = (ring: Position[], close: boolean) =>
    ring
      .map((position, index) => {
        const { x, y } = project(position);
        return `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`;
      })
      .join(' ') + (close ? ' Z' : '');
  return {
    shapes: [
      ...parts.polygons.map((rings) => ({
        kind: 'polygon' as const,
        d: rings
          .filter((ring) => ring.length > 0)
          .map((ring) => path(ring, true))
          .join(' '),
      })),
      ...parts.lines.filter((line) => line.length > 0).map((line) => ({ kind: 'line' as const, d: path(line, false) })),
    ],
    points: parts.points.map(project).map(({ x, y }) => ({ x: round(x), y: round(y) })),
    center,
    extentMetres: { width: spanX * METRES_PER_DEGREE, height: spanY * METRES_PER_DEGREE },
  };
}
