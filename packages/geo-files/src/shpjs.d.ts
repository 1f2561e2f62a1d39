// shpjs ships no types; these are the two in-memory parsers we call (lib/index.js of shpjs 6).
declare module 'shpjs' {
  import type { Geometry } from 'geojson';

  /** Parses .shp bytes; `prj` (WKT text) reprojects to WGS84 through proj4 when present. Null shapes come back null. */
  export function parseShp(shp: Uint8Array, prj?: string): Array<Geometry | null>;
  /** Parses .dbf bytes into one record per shape; `cpg` names the text encoding. */
  export function parseDbf(dbf: Uint8Array, cpg?: string): Array<Record<string, unknown>>;
}
