import { readGeoJson } from './geojson.js';
import { readKml } from './kml.js';
import { type LocationFile, normalizeLocation } from './normalize.js';
import { readShapefile } from './shapefile.js';
import { VectorFileError } from './vector-file-error.js';
import { readZip } from './zip.js';

export type VectorFileFormat = 'geojson' | 'kml' | 'kmz' | 'shapefile';

export interface ParsedLocationFile extends LocationFile {
  format: VectorFileFormat;
}

const decoder = new TextDecoder('utf-8'); // strips a byte-order mark

function firstChar(text: string): string | undefined {
  return /\S/.exec(text)?.[0];
}

/**
 * Reads a project's location file and returns it as validated GeoJSON. The format is found from the content, not
 * the name: GeoJSON (a FeatureCollection, Feature or geometry), KML, KMZ (zipped KML) or a zipped shapefile
 * (.shp with .dbf, .prj, .cpg and .shx beside it). Throws `VectorFileError` (key PROJECT_VECTOR_FILE_ERROR).
 */
export function parseVectorFile(bytes: Uint8Array): ParsedLocationFile {
  if (bytes.length === 0) throw new VectorFileError('empty', 'empty file');

  // "PK\x03\x04" starts a zip with entries, "PK\x05\x06" an empty one.
  if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
    const entries = readZip(bytes);
    if ([...entries.keys()].some((name) => name.toLowerCase().endsWith('.shp'))) {
      return { ...normalizeLocation(readShapefile(entries)), format: 'shapefile' };
    }
    const kmlNames = [...entries.keys()].filter((name) => name.toLowerCase().endsWith('.kml'));
    // KMZ: the main document is doc.kml by convention, else the first .kml.
    const kmlName = kmlNames.find((name) => name.toLowerCase() === 'doc.kml') ?? kmlNames[0];
    if (kmlName) {
      const kml = readKml(decoder.decode(entries.get(kmlName)));
      return { ...normalizeLocation(kml.features, kml.documentName), format: 'kmz' };
    }
    if (entries.size === 0) throw new VectorFileError('empty', 'empty zip');
    throw new VectorFileError('unsupportedFormat', 'zip without a .shp or .kml file');
  }

  const text = decoder.decode(bytes);
  const first = firstChar(text);
  if (first === undefined) throw new VectorFileError('empty', 'file holds only white space');
  if (first === '{') return { ...normalizeLocation(readGeoJson(text)), format: 'geojson' };
  if (first === '<') {
    const kml = readKml(text);
    return { ...normalizeLocation(kml.features, kml.documentName), format: 'kml' };
  }
  throw new VectorFileError('unsupportedFormat', 'not GeoJSON, KML, KMZ or a zipped shapefile');
}
