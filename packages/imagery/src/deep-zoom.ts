/**
 * Deep Zoom pyramid geometry (the layout sharp's `.tile()` writes and OpenSeadragon reads): level `maxLevel` is the
 * photo at full size, each level below halves it, down to one pixel at level 0; tiles are `tileSize` square plus
 * `overlap` pixels on inner edges. Used by the photo viewer's tile pyramids (server/src/modules/inspection).
 */
export const PYRAMID_TILE_SIZE = 256;
export const PYRAMID_OVERLAP = 1;

export interface PyramidGeometry {
  width: number;
  height: number;
  tileSize: number;
  overlap: number;
}

export interface PyramidLevel {
  level: number;
  width: number;
  height: number;
  columns: number;
  rows: number;
}

/** Deep Zoom's top level: the one whose size is the photo's (level 0 is a single pixel). */
export const maxLevelOf = ({ width, height }: Pick<PyramidGeometry, 'width' | 'height'>) =>
  Math.ceil(Math.log2(Math.max(width, height, 1)));

/** Every level, smallest first, with its size and grid (as sharp and OpenSeadragon both count them). */
export function pyramidLevels(geometry: PyramidGeometry): PyramidLevel[] {
  const maxLevel = maxLevelOf(geometry);
  const levels: PyramidLevel[] = [];
  for (let level = 0; level <= maxLevel; level += 1) {
    const scale = 2 ** (maxLevel - level);
    const width = Math.max(1, Math.ceil(geometry.width / scale));
    const height = Math.max(1, Math.ceil(geometry.height / scale));
    levels.push({
      level,
      width,
      height,
      columns: Math.ceil(width / geometry.tileSize),
      rows: Math.ceil(height / geometry.tileSize),
    });
  }
  return levels;
}

export const tileCount = (geometry: PyramidGeometry) =>
  pyramidLevels(geometry).reduce((sum, level) => sum + level.columns * level.rows, 0);

/** The tile's place in the pack, or null for a tile the pyramid does not have. */
export function tileOrdinal(geometry: PyramidGeometry, level: number, x: number, y: number): number | null {
  let ordinal = 0;
  for (const candidate of pyramidLevels(geometry)) {
    if (candidate.level === level) {
      return x < candidate.columns && y < candidate.rows ? ordinal + y * candidate.columns + x : null;
    }
    ordinal += candidate.columns * candidate.rows;
  }
  return null;
}
