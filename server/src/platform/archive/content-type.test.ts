import { describe, expect, it } from 'vitest';
import { detectTilesetContentType } from './content-type.js';

describe('detectTilesetContentType', () => {
  it.each([
    ['tileset.json', 'application/json'],
    ['a/b/Tile.B3DM', 'application/octet-stream'],
    ['x.i3dm', 'application/octet-stream'],
    ['x.pnts', 'application/octet-stream'],
    ['x.cmpt', 'application/octet-stream'],
    ['subtrees/0.0.0.subtree', 'application/octet-stream'],
    ['content/a.glb', 'model/gltf-binary'],
    ['a.gltf', 'application/json'],
    ['tex/a.jpg', 'image/jpeg'],
    ['tex/a.JPEG', 'image/jpeg'],
    ['tex/a.png', 'image/png'],
    ['tex/a.webp', 'image/webp'],
    ['tex/a.ktx2', 'image/ktx2'],
    ['noextension', 'application/octet-stream'],
  ])('%s -> %s', (file, type) => {
    expect(detectTilesetContentType(file)).toBe(type);
  });
});
