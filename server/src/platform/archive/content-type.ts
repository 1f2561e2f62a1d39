import path from 'node:path';

/**
 * Content types for the files of a 3D Tiles tileset, for serving them to CesiumJS. Tile formats that have no
 * registered media type are served as bytes, as the 3D Tiles specification suggests.
 */
const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  // model/gltf+json is the registered type; application/json is what every loader accepts without question.
  '.gltf': 'application/json',
  '.glb': 'model/gltf-binary',
  '.b3dm': 'application/octet-stream',
  '.i3dm': 'application/octet-stream',
  '.pnts': 'application/octet-stream',
  '.cmpt': 'application/octet-stream',
  '.subtree': 'application/octet-stream',
  '.bin': 'application/octet-stream',
  '.geom': 'application/octet-stream',
  '.vctr': 'application/octet-stream',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ktx2': 'image/ktx2',
  '.ktx': 'image/ktx',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.dds': 'image/vnd-ms.dds',
  '.basis': 'application/octet-stream',
};

export function detectTilesetContentType(filePath: string): string {
  return CONTENT_TYPES[path.extname(filePath).toLowerCase()] ?? 'application/octet-stream';
}
