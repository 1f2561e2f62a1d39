import type { Geometry, Position } from 'geojson';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { RawFeature } from './normalize.js';
import { VectorFileError } from './vector-file-error.js';

type Node = Record<string, unknown>;

// Elements that may repeat; the parser then always gives arrays for them, whether one or many.
const REPEATED = new Set([
  'Document',
  'Folder',
  'Placemark',
  'Point',
  'LineString',
  'LinearRing',
  'Polygon',
  'MultiGeometry',
  'innerBoundaryIs',
]);

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true, // kml:Placemark and Placemark alike
  parseTagValue: false, // coordinates and names stay text
  trimValues: true,
  processEntities: true,
  isArray: (name) => REPEATED.has(name),
});

const asNodes = (value: unknown): Node[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (v): v is Node => typeof v === 'object' && v !== null,
  );

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

/** KML coordinates: tuples "lon,lat[,alt]" separated by whitespace. */
function readCoordinates(node: Node, where: string): Position[] {
  const raw = text(node.coordinates);
  if (raw === undefined || !raw.trim()) return [];
  return raw
    .trim()
    .split(/\s+/)
    .map((tuple) => {
      const parts = tuple.split(',').filter((part) => part !== '');
      const numbers = parts.map(Number);
      if (numbers.length < 2 || numbers.length > 3 || !numbers.every(Number.isFinite)) {
        throw new VectorFileError('parseError', `${where}: bad coordinate tuple "${tuple}"`);
      }
      return numbers;
    });
}

function readRing(boundary: unknown, where: string): Position[] {
  const ring = asNodes(boundary).flatMap((b) => asNodes(b.LinearRing))[0];
  if (!ring) throw new VectorFileError('parseError', `${where}: boundary without LinearRing`);
  return readCoordinates(ring, where);
}

/** The geometries of a Placemark or MultiGeometry (gx:Track and Model are not locations and are ignored). */
function readGeometries(node: Node, where: string): Geometry[] {
  const out: Geometry[] = [];
  for (const point of asNodes(node.Point)) {
    const [position] = readCoordinates(point, `${where}.Point`);
    if (position) out.push({ type: 'Point', coordinates: position });
  }
  for (const line of [...asNodes(node.LineString), ...asNodes(node.LinearRing)]) {
    out.push({ type: 'LineString', coordinates: readCoordinates(line, `${where}.LineString`) });
  }
  for (const polygon of asNodes(node.Polygon)) {
    const outer = readRing(polygon.outerBoundaryIs, `${where}.Polygon.outerBoundaryIs`);
    const inner = asNodes(polygon.innerBoundaryIs).map((b) => readRing(b, `${where}.Polygon.innerBoundaryIs`));
    out.push({ type: 'Polygon', coordinates: [outer, ...inner] });
  }
  for (const multi of asNodes(node.MultiGeometry)) out.push(...readGeometries(multi, `${where}.MultiGeometry`));
  return out;
}

/** Placemarks anywhere below `node`, in document order (Documents and Folders nest freely). */
function collectPlacemarks(node: Node, found: Node[]): void {
  for (const placemark of asNodes(node.Placemark)) found.push(placemark);
  for (const container of [...asNodes(node.Document), ...asNodes(node.Folder)]) collectPlacemarks(container, found);
}

export interface KmlContent {
  features: RawFeature[];
  documentName: string | undefined;
}

/** Reads KML 2.2 text: every Placemark's Point, LineString, LinearRing, Polygon and MultiGeometry. */
export function readKml(xml: string): KmlContent {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new VectorFileError('parseError', `invalid XML: ${valid.err.msg} (line ${valid.err.line})`);
  const root = parser.parse(xml) as Node;
  const kml = asNodes(root.kml)[0];
  if (!kml) throw new VectorFileError('unsupportedFormat', 'XML without a <kml> root element');

  const placemarks: Node[] = [];
  collectPlacemarks(kml, placemarks);
  const features = placemarks.flatMap((placemark, i): RawFeature[] => {
    const name = text(placemark.name)?.trim();
    const properties = name ? { name } : {};
    const geometries = readGeometries(placemark, `Placemark[${i}]`);
    if (geometries.length === 0) return [];
    const [only] = geometries;
    if (geometries.length === 1 && only) return [{ geometry: only, properties }];
    return [{ geometry: { type: 'GeometryCollection', geometries }, properties }];
  });
  const documentName = text(asNodes(kml.Document)[0]?.name)?.trim() || undefined;
  return { features, documentName };
}
