export { detectTilesetContentType } from './content-type.js';
export {
  MAX_TILESET_ENTRIES,
  RATIO_CHECK_FLOOR_BYTES,
  TILESET_FILE,
  extractTilesetZip,
  inspectTilesetZip,
  type ArchiveLimits,
  type ExtractTilesetOptions,
  type TilesetFileWriter,
  type TilesetZipInspection,
} from './tileset-zip.js';
export type { UnsafeReason } from './entry-path.js';
