export { detectTilesetContentType } from './content-type.js';
export {
  MAX_TILESET_ENTRIES,
  TILESET_FILE,
  extractTilesetZip,
  inspectTilesetZip,
  type ExtractTilesetOptions,
  type ExtractedTileset,
  type TilesetZipInspection,
} from './tileset-zip.js';
export type { UnsafeReason } from './entry-path.js';
