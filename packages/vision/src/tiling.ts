/**
 * Overlapping tiles for large images, and seamless stitching of per-tile score maps.
 *
 * Tiles overlap by `overlap` pixels. Each pixel of the image is *owned* by exactly one tile: the one whose
 * core (the tile minus half of each overlap) contains it. Stitching copies only the cores, so a pixel is
 * written once (no duplicates) and always comes from a tile in which it has at least overlap/2 pixels of
 * context on every side that has a neighbour (no seams). Geometry is extracted from the stitched map, so a
 * crack crossing a tile border is one connected structure and comes out as one polyline.
 */
export interface Tile {
  /** Tile rectangle in image pixels (what the detector sees). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Core rectangle owned by this tile, in image pixels: [x0, x1) x [y0, y1). */
  core: { x0: number; y0: number; x1: number; y1: number };
}

/**
 * Start positions along one axis: as few tiles of at most `size` as cover [0, length) with at least `overlap`,
 * all of one size and evenly spread, so that no tile is mostly overlap. With `align` > 1 the starts and the
 * common size are multiples of `align` (the last tile, which ends at the image edge, may then be up to
 * align - 1 px longer), so a tile's image pyramid samples the same grid as the whole image's.
 */
export function tileStarts(length: number, size: number, overlap: number, align = 1): number[] {
  return axisPlan(length, size, overlap, align).starts;
}

function axisPlan(length: number, size: number, overlap: number, align: number): { starts: number[]; size: number } {
  if (length <= 0) return { starts: [], size };
  if (length <= size) return { starts: [0], size };
  if (overlap >= size) throw new RangeError('overlap must be smaller than the tile size');
  const n = Math.max(2, Math.ceil((length - overlap) / (size - overlap)));
  const even = Math.min(length, Math.ceil(Math.ceil((length + (n - 1) * overlap) / n) / align) * align);
  const starts: number[] = [];
  for (let i = 0; i < n; i++) starts.push(Math.floor(Math.round((i * (length - even)) / (n - 1)) / align) * align);
  return { starts, size: even };
}

/** End (exclusive) of each tile along one axis: the last one always reaches the image edge. */
function ends(starts: number[], size: number, length: number): number[] {
  return starts.map((s, i) => (i === starts.length - 1 ? length : Math.min(length, s + size)));
}

function cores(starts: number[], size: number, length: number): Array<[number, number]> {
  const end = ends(starts, size, length);
  return starts.map((s, i) => {
    const c0 = i === 0 ? 0 : Math.floor((end[i - 1]! + s) / 2);
    const c1 = i === starts.length - 1 ? length : Math.floor((end[i]! + starts[i + 1]!) / 2);
    return [c0, c1];
  });
}

export function planTiles(width: number, height: number, size: number, overlap: number, align = 1): Tile[] {
  const px = axisPlan(width, size, overlap, align);
  const py = axisPlan(height, size, overlap, align);
  const cx = cores(px.starts, px.size, width);
  const cy = cores(py.starts, py.size, height);
  const ex = ends(px.starts, px.size, width);
  const ey = ends(py.starts, py.size, height);
  const tiles: Tile[] = [];
  py.starts.forEach((y, j) => {
    px.starts.forEach((x, i) => {
      const [x0, x1] = cx[i]!;
      const [y0, y1] = cy[j]!;
      tiles.push({
        x,
        y,
        width: ex[i]! - x,
        height: ey[j]! - y,
        core: { x0, y0, x1, y1 },
      });
    });
  });
  return tiles;
}

/** Copy the core of a tile's map (tile.width x tile.height, row-major) into the full map (width x height). */
export function stitchTile(target: Float32Array, width: number, tile: Tile, tileMap: Float32Array): void {
  const { x0, y0, x1, y1 } = tile.core;
  for (let y = y0; y < y1; y++) {
    const src = (y - tile.y) * tile.width - tile.x;
    target.set(tileMap.subarray(src + x0, src + x1), y * width + x0);
  }
}
