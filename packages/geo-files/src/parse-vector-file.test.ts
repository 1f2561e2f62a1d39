import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseVectorFile } from './parse-vector-file.js';
import { VectorFileError, type VectorFileErrorReason } from './vector-file-error.js';

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
const json = (value: unknown): Uint8Array => utf8(JSON.stringify(value));

function expectReason(run: () => unknown, reason: VectorFileErrorReason): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(VectorFileError);
  expect((caught as VectorFileError).key).toBe('PROJECT_VECTOR_FILE_ERROR');
  expect((caught as VectorFileError).reason).toBe(reason);
}

describe('GeoJSON', () => {
  it('reads a FeatureCollection with a named line', () => {
    const result = parseVectorFile(
      json({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: ' G4 Beijing–Hong Kong ', km: 12 },
            geometry: {
              type: 'LineString',
              coordinates: [
                [116.3, 39.9],
                [116.4, 39.95, 50],
              ],
            },
          },
        ],
      }),
    );
    expect(result.format).toBe('geojson');
    expect(result.kind).toBe('line');
    expect(result.name).toBe('G4 Beijing–Hong Kong');
    expect(result.featureCollection.features).toHaveLength(1);
    expect(result.featureCollection.features[0]?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [116.3, 39.9],
        [116.4, 39.95, 50],
      ],
    });
    expect(result.featureCollection.features[0]?.properties).toEqual({ name: ' G4 Beijing–Hong Kong ', km: 12 });
  });

  it('reads a single Feature and closes an open polygon ring', () => {
    const result = parseVectorFile(
      json({
        type: 'Feature',
        properties: null,
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
            ],
          ],
        },
      }),
    );
    expect(result.kind).toBe('polygon');
    expect(result.name).toBeUndefined();
    expect(result.featureCollection.features[0]?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
  });

  it('reads a bare geometry, a Multi* geometry and a GeometryCollection (split into features)', () => {
    expect(parseVectorFile(json({ type: 'Point', coordinates: [-75.61, 40.04] })).kind).toBe('point');
    expect(
      parseVectorFile(
        json({
          type: 'MultiPoint',
          coordinates: [
            [1, 2],
            [3, 4],
          ],
        }),
      ).kind,
    ).toBe('point');
    const collection = parseVectorFile(
      json({
        type: 'GeometryCollection',
        geometries: [
          {
            type: 'LineString',
            coordinates: [
              [0, 0],
              [1, 1],
            ],
          },
          {
            type: 'MultiLineString',
            coordinates: [
              [
                [2, 2],
                [3, 3],
              ],
            ],
          },
        ],
      }),
    );
    expect(collection.kind).toBe('line');
    expect(collection.featureCollection.features).toHaveLength(2);
  });

  it('skips features without geometry and takes the first name it finds', () => {
    const result = parseVectorFile(
      json({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', properties: { name: 'no shape' }, geometry: null },
          { type: 'Feature', properties: { NAME: 'Pier 3' }, geometry: { type: 'Point', coordinates: [10, 20] } },
        ],
      }),
    );
    expect(result.featureCollection.features).toHaveLength(1);
    // The geometry-less feature's name still names the file: it is the first feature of the route.
    expect(result.name).toBe('no shape');
  });

  it('refuses lines under 2 points and polygons under 3 distinct points', () => {
    expectReason(() => parseVectorFile(json({ type: 'LineString', coordinates: [[0, 0]] })), 'tooFewPoints');
    expectReason(
      () =>
        parseVectorFile(
          json({
            type: 'LineString',
            coordinates: [
              [0, 0],
              [0, 0],
            ],
          }),
        ),
      'tooFewPoints',
    );
    expectReason(
      () =>
        parseVectorFile(
          json({
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [1, 1],
                [0, 0],
                [0, 0],
              ],
            ],
          }),
        ),
      'tooFewPoints',
    );
    expectReason(() => parseVectorFile(json({ type: 'Polygon', coordinates: [] })), 'parseError');
    expectReason(() => parseVectorFile(json({ type: 'MultiPoint', coordinates: [] })), 'tooFewPoints');
  });

  it('refuses coordinates outside longitude ±180 and latitude ±90', () => {
    expectReason(() => parseVectorFile(json({ type: 'Point', coordinates: [180.5, 0] })), 'outOfRange');
    expectReason(() => parseVectorFile(json({ type: 'Point', coordinates: [0, -91] })), 'outOfRange');
    // A projected shapefile exported as GeoJSON without reprojection: metres, not degrees.
    expectReason(() => parseVectorFile(json({ type: 'Point', coordinates: [500000, 4649776] })), 'outOfRange');
  });

  it('refuses broken JSON, non-GeoJSON, bad positions, mixed kinds and empty collections', () => {
    expectReason(() => parseVectorFile(utf8('{"type": "Point", ')), 'parseError');
    expectReason(() => parseVectorFile(json({ hello: 'world' })), 'unsupportedFormat');
    expectReason(() => parseVectorFile(json({ type: 'Point', coordinates: ['1', 2] })), 'parseError');
    expectReason(() => parseVectorFile(json({ type: 'Point', coordinates: [1, 2, 3, 4] })), 'parseError');
    expectReason(() => parseVectorFile(json({ type: 'Feature', geometry: { type: 'Circle' } })), 'parseError');
    expectReason(
      () =>
        parseVectorFile(
          json({
            type: 'GeometryCollection',
            geometries: [
              { type: 'Point', coordinates: [0, 0] },
              {
                type: 'LineString',
                coordinates: [
                  [0, 0],
                  [1, 1],
                ],
              },
            ],
          }),
        ),
      'mixedGeometry',
    );
    expectReason(() => parseVectorFile(json({ type: 'FeatureCollection', features: [] })), 'empty');
    expectReason(() => parseVectorFile(new Uint8Array()), 'empty');
    expectReason(() => parseVectorFile(utf8('  \n ')), 'empty');
    expectReason(() => parseVectorFile(utf8('lon,lat\n1,2')), 'unsupportedFormat');
  });
});

const KML_ROUTE = `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2">
  <Document>
    <name>Yangtze crossing</name>
    <Folder>
      <name>Alignment</name>
      <Placemark>
        <name>Main span</name>
        <LineString>
          <coordinates>
            114.30,30.55,0 114.31,30.56,0
            114.32,30.57,12.5
          </coordinates>
        </LineString>
      </Placemark>
    </Folder>
  </Document>
</kml>`;

describe('KML', () => {
  it('reads a named line nested in a Document and Folder', () => {
    const result = parseVectorFile(utf8(KML_ROUTE));
    expect(result.format).toBe('kml');
    expect(result.kind).toBe('line');
    expect(result.name).toBe('Main span');
    expect(result.featureCollection.features[0]?.geometry).toEqual({
      type: 'LineString',
      coordinates: [
        [114.3, 30.55, 0],
        [114.31, 30.56, 0],
        [114.32, 30.57, 12.5],
      ],
    });
  });

  it('reads polygons with holes, prefixed elements, and falls back to the document name', () => {
    const kml = `<kml:kml xmlns:kml="http://www.opengis.net/kml/2.2"><kml:Document><kml:name>Dam site</kml:name>
      <kml:Placemark><kml:Polygon>
        <kml:outerBoundaryIs><kml:LinearRing><kml:coordinates>0,0 10,0 10,10 0,10 0,0</kml:coordinates></kml:LinearRing></kml:outerBoundaryIs>
        <kml:innerBoundaryIs><kml:LinearRing><kml:coordinates>2,2 3,2 3,3</kml:coordinates></kml:LinearRing></kml:innerBoundaryIs>
      </kml:Polygon></kml:Placemark></kml:Document></kml:kml>`;
    const result = parseVectorFile(utf8(kml));
    expect(result.kind).toBe('polygon');
    expect(result.name).toBe('Dam site');
    expect(result.featureCollection.features[0]?.geometry).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [10, 0],
          [10, 10],
          [0, 10],
          [0, 0],
        ],
        [
          [2, 2],
          [3, 2],
          [3, 3],
          [2, 2],
        ],
      ],
    });
  });

  it('reads points and MultiGeometry', () => {
    const kml = `<kml><Placemark><name>Tower</name><Point><coordinates>120.1,30.2</coordinates></Point></Placemark>
      <Placemark><MultiGeometry><Point><coordinates>120.2,30.3</coordinates></Point>
      <Point><coordinates>120.3,30.4,5</coordinates></Point></MultiGeometry></Placemark></kml>`;
    const result = parseVectorFile(utf8(kml));
    expect(result.kind).toBe('point');
    expect(result.name).toBe('Tower');
    expect(result.featureCollection.features.map((f) => f.geometry)).toEqual([
      { type: 'Point', coordinates: [120.1, 30.2] },
      { type: 'Point', coordinates: [120.2, 30.3] },
      { type: 'Point', coordinates: [120.3, 30.4, 5] },
    ]);
  });

  it('refuses broken XML, non-KML XML, short geometries, bad tuples and files without placemarks', () => {
    expectReason(() => parseVectorFile(utf8('<kml><Placemark></kml>')), 'parseError');
    expectReason(() => parseVectorFile(utf8('<gpx><trk/></gpx>')), 'unsupportedFormat');
    expectReason(
      () =>
        parseVectorFile(
          utf8('<kml><Placemark><LineString><coordinates>1,2</coordinates></LineString></Placemark></kml>'),
        ),
      'tooFewPoints',
    );
    expectReason(
      () =>
        parseVectorFile(
          utf8(
            '<kml><Placemark><Polygon><outerBoundaryIs><LinearRing><coordinates>0,0 1,1 0,0</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark></kml>',
          ),
        ),
      'tooFewPoints',
    );
    expectReason(
      () => parseVectorFile(utf8('<kml><Placemark><Point><coordinates>1;2</coordinates></Point></Placemark></kml>')),
      'parseError',
    );
    expectReason(
      () => parseVectorFile(utf8('<kml><Placemark><Point><coordinates>190,2</coordinates></Point></Placemark></kml>')),
      'outOfRange',
    );
    expectReason(() => parseVectorFile(utf8('<kml><Document><name>x</name></Document></kml>')), 'empty');
  });
});

describe('KMZ', () => {
  it('reads doc.kml from a zip', () => {
    const result = parseVectorFile(zipSync({ 'doc.kml': strToU8(KML_ROUTE), 'files/icon.png': new Uint8Array(4) }));
    expect(result.format).toBe('kmz');
    expect(result.kind).toBe('line');
    expect(result.name).toBe('Main span');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A minimal shapefile writer (ESRI Shapefile Technical Description, July 1998; dBASE III table), so the tests
// build their own files instead of shipping binaries.

type Ring = Array<[number, number]>;
type Shape = { type: 'point'; point: [number, number] } | { type: 'line' | 'polygon'; parts: Ring[] };

const SHAPE_TYPE = { point: 1, line: 3, polygon: 5 } as const;

function shapeContent(shape: Shape): Uint8Array {
  if (shape.type === 'point') {
    const view = new DataView(new ArrayBuffer(20));
    view.setInt32(0, 1, true);
    view.setFloat64(4, shape.point[0], true);
    view.setFloat64(12, shape.point[1], true);
    return new Uint8Array(view.buffer);
  }
  const points = shape.parts.flat();
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const view = new DataView(new ArrayBuffer(44 + 4 * shape.parts.length + 16 * points.length));
  view.setInt32(0, SHAPE_TYPE[shape.type], true);
  [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)].forEach((v, i) =>
    view.setFloat64(4 + 8 * i, v, true),
  );
  view.setInt32(36, shape.parts.length, true);
  view.setInt32(40, points.length, true);
  let offset = 44;
  let start = 0;
  for (const part of shape.parts) {
    view.setInt32(offset, start, true);
    offset += 4;
    start += part.length;
  }
  for (const [x, y] of points) {
    view.setFloat64(offset, x, true);
    view.setFloat64(offset + 8, y, true);
    offset += 16;
  }
  return new Uint8Array(view.buffer);
}

function header(shapeType: number, fileBytes: number): Uint8Array {
  const view = new DataView(new ArrayBuffer(100));
  view.setInt32(0, 9994, false);
  view.setInt32(24, fileBytes / 2, false);
  view.setInt32(28, 1000, true);
  view.setInt32(32, shapeType, true);
  return new Uint8Array(view.buffer);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function writeShp(shapes: Shape[]): { shp: Uint8Array; shx: Uint8Array } {
  const first = shapes[0];
  const type = first ? SHAPE_TYPE[first.type] : 0;
  const records: Uint8Array[] = [];
  const index: Uint8Array[] = [];
  let offset = 100;
  shapes.forEach((shape, i) => {
    const content = shapeContent(shape);
    const recordHeader = new DataView(new ArrayBuffer(8));
    recordHeader.setInt32(0, i + 1, false);
    recordHeader.setInt32(4, content.length / 2, false);
    records.push(new Uint8Array(recordHeader.buffer), content);
    const entry = new DataView(new ArrayBuffer(8));
    entry.setInt32(0, offset / 2, false);
    entry.setInt32(4, content.length / 2, false);
    index.push(new Uint8Array(entry.buffer));
    offset += 8 + content.length;
  });
  return {
    shp: concat([header(type, offset), ...records]),
    shx: concat([header(type, 100 + 8 * shapes.length), ...index]),
  };
}

/** A dBASE III table with one character field NAME (20 characters). */
function writeDbf(names: string[]): Uint8Array {
  const fieldLength = 20;
  const headerLength = 32 + 32 + 1;
  const recordLength = 1 + fieldLength;
  const view = new DataView(new ArrayBuffer(headerLength + recordLength * names.length + 1));
  const bytes = new Uint8Array(view.buffer);
  view.setUint8(0, 0x03);
  view.setUint8(1, 124); // 2024
  view.setUint8(2, 1);
  view.setUint8(3, 1);
  view.setUint32(4, names.length, true);
  view.setUint16(8, headerLength, true);
  view.setUint16(10, recordLength, true);
  bytes.set(strToU8('NAME'), 32);
  bytes[32 + 11] = 'C'.charCodeAt(0);
  bytes[32 + 16] = fieldLength;
  bytes[64] = 0x0d;
  names.forEach((name, i) => {
    const at = headerLength + i * recordLength;
    bytes[at] = 0x20;
    bytes.set(strToU8(name.padEnd(fieldLength, ' ')), at + 1);
  });
  bytes[bytes.length - 1] = 0x1a;
  return bytes;
}

const WGS84_PRJ =
  'GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]]';
const UTM_33N_PRJ =
  'PROJCS["WGS_1984_UTM_Zone_33N",GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]],PRIMEM["Greenwich",0.0],UNIT["Degree",0.0174532925199433]],PROJECTION["Transverse_Mercator"],PARAMETER["False_Easting",500000.0],PARAMETER["False_Northing",0.0],PARAMETER["Central_Meridian",15.0],PARAMETER["Scale_Factor",0.9996],PARAMETER["Latitude_Of_Origin",0.0],UNIT["Meter",1.0]]';

function shapefileZip(shapes: Shape[], options: { names?: string[]; prj?: string; base?: string } = {}): Uint8Array {
  const base = options.base ?? 'route';
  const { shp, shx } = writeShp(shapes);
  return zipSync({
    [`${base}.shp`]: shp,
    [`${base}.shx`]: shx,
    [`${base}.dbf`]: writeDbf(options.names ?? shapes.map(() => '')),
    ...(options.prj ? { [`${base}.prj`]: strToU8(options.prj) } : {}),
  });
}

describe('zipped shapefile', () => {
  it('reads a polyline with its name from the .dbf', () => {
    const zip = shapefileZip(
      [
        {
          type: 'line',
          parts: [
            [
              [113.9, 22.5],
              [114.0, 22.55],
              [114.1, 22.6],
            ],
          ],
        },
      ],
      { names: ['Shenzhen Bay Bridge'], prj: WGS84_PRJ },
    );
    const result = parseVectorFile(zip);
    expect(result.format).toBe('shapefile');
    expect(result.kind).toBe('line');
    expect(result.name).toBe('Shenzhen Bay Bridge');
    const geometry = result.featureCollection.features[0]?.geometry;
    expect(geometry?.type).toBe('LineString');
    const coordinates = (geometry as { coordinates: number[][] }).coordinates;
    expect(coordinates).toHaveLength(3);
    expect(coordinates[2]?.[0]).toBeCloseTo(114.1, 9);
    expect(coordinates[2]?.[1]).toBeCloseTo(22.6, 9);
  });

  it('reads a polygon (clockwise outer ring, as shapefiles store it) and points, without .prj', () => {
    const polygon = parseVectorFile(
      shapefileZip([
        {
          type: 'polygon',
          parts: [
            [
              [0, 0],
              [0, 1],
              [1, 1],
              [1, 0],
              [0, 0],
            ],
          ],
        },
      ]),
    );
    expect(polygon.kind).toBe('polygon');
    expect(polygon.name).toBeUndefined();
    const ring = (polygon.featureCollection.features[0]?.geometry as { coordinates: number[][][] }).coordinates[0];
    expect(ring).toHaveLength(5);

    const points = parseVectorFile(
      shapefileZip(
        [
          { type: 'point', point: [121.47, 31.23] },
          { type: 'point', point: [121.5, 31.24] },
        ],
        { names: ['P1', 'P2'] },
      ),
    );
    expect(points.kind).toBe('point');
    expect(points.featureCollection.features).toHaveLength(2);
    expect(points.featureCollection.features[1]?.geometry).toEqual({ type: 'Point', coordinates: [121.5, 31.24] });
    expect(points.name).toBe('P1');
  });

  it('reprojects with the .prj: UTM 33N (500000 m, 0 m) is 15°E on the equator', () => {
    // Hand calculation: zone 33's central meridian is 6 × 33 - 183 = 15°E; the false easting 500000 m lies on it
    // and northing 0 is the equator.
    const result = parseVectorFile(shapefileZip([{ type: 'point', point: [500000, 0] }], { prj: UTM_33N_PRJ }));
    const [lon, lat] = (result.featureCollection.features[0]?.geometry as { coordinates: number[] }).coordinates;
    expect(lon).toBeCloseTo(15, 9);
    expect(lat).toBeCloseTo(0, 9);
  });

  it('refuses projected coordinates without a .prj as out of range', () => {
    expectReason(() => parseVectorFile(shapefileZip([{ type: 'point', point: [500000, 4649776] }])), 'outOfRange');
  });

  it('refuses short shapes, zips without or with several layers, corrupt shapes and corrupt zips', () => {
    expectReason(() => parseVectorFile(shapefileZip([{ type: 'line', parts: [[[1, 1]]] }])), 'tooFewPoints');
    expectReason(
      () =>
        parseVectorFile(
          shapefileZip([
            {
              type: 'polygon',
              parts: [
                [
                  [0, 0],
                  [0, 1],
                  [0, 0],
                  [0, 0],
                ],
              ],
            },
          ]),
        ),
      'tooFewPoints',
    );
    expectReason(() => parseVectorFile(zipSync({ 'readme.txt': strToU8('hello') })), 'unsupportedFormat');
    expectReason(() => parseVectorFile(zipSync({})), 'empty');
    const one = writeShp([{ type: 'point', point: [1, 2] }]).shp;
    expectReason(() => parseVectorFile(zipSync({ 'a.shp': one, 'b.shp': one })), 'multipleLayers');
    expectReason(() => parseVectorFile(zipSync({ 'a.shp': one.slice(0, 60) })), 'parseError');
    expectReason(() => parseVectorFile(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])), 'parseError');
  });
});
