// The declaration must travel with this file into every program that compiles it (server, e2e), not only geo.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./shpjs.d.ts" />
import { parseDbf, parseShp } from 'shpjs';
import type { RawFeature } from './normalize.js';
import { VectorFileError } from './vector-file-error.js';

const decoder = new TextDecoder();

/**
 * Reads the one layer of a zipped shapefile: `<name>.shp` with its `.dbf` (attributes), `.prj` (projection,
 * reprojected to WGS84 by shpjs through proj4) and `.cpg` (text encoding) when present. The .shx index is
 * not needed to read the shapes in order.
 */
export function readShapefile(entries: Map<string, Uint8Array>): RawFeature[] {
  const layers = [...entries.keys()].filter((name) => name.toLowerCase().endsWith('.shp'));
  const [shpName, ...others] = layers;
  if (!shpName) throw new VectorFileError('unsupportedFormat', 'zip without a .shp file');
  if (others.length > 0) throw new VectorFileError('multipleLayers', `zip holds ${layers.length} .shp files`);

  const base = shpName.slice(0, -4).toLowerCase();
  const sibling = (extension: string): Uint8Array | undefined => {
    for (const [name, data] of entries) if (name.toLowerCase() === `${base}.${extension}`) return data;
    return undefined;
  };
  const shp = entries.get(shpName) as Uint8Array;
  const dbf = sibling('dbf');
  const prj = sibling('prj');
  const cpg = sibling('cpg');

  let shapes: ReturnType<typeof parseShp>;
  let records: ReturnType<typeof parseDbf> = [];
  try {
    shapes = parseShp(shp, prj ? decoder.decode(prj) : undefined);
    if (dbf) records = parseDbf(dbf, cpg ? decoder.decode(cpg) : undefined);
  } catch (error) {
    throw new VectorFileError('parseError', `unreadable shapefile: ${(error as Error).message}`);
  }
  return shapes.map((geometry, i) => ({ geometry, properties: records[i] ?? {} }));
}
