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

/** Start positions along one axis so that tiles of `size` cover [0, length) with at least `overlap`. */
export function tileStarts(length: number, size: number, overlap: number): number[] {
  if (length <= 0) return [];
  if (length <= size) return [0];
  if (overlap >= size) throw new RangeError('overlap must be smaller than the tile size');
  const stride = size - overlap;
  const n = Math.ceil((length - overlap) / stride);
  const count = Math.max(2, n);
  const starts: number[] = [];
  for (let i = 0; i < count; i++) starts.push(Math.round((i * (length - size)) / (count - 1)));
  return starts;
}

function cores(starts: number[], size: number, length: number): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let i = 0; i < starts.length; i++) {
    const s = starts[i]!;
    const prev = starts[i - 1];
    const next = starts[i + 1];
    const end = Math.min(length, s + size);
    const c0 = prev === undefined ? 0 : Math.floor((Math.min(length, prev + size) + s) / 2);
    const c1 = next === undefined ? end : Math.floor((end + next) / 2);
    out.push([c0, c1]);
  }
  return out;
}

export function planTiles(width: number, height: number, size: number, overlap: number): Tile[] {
  const xs = tileStarts(width, size, overlap);
  const ys = tileStarts(height, size, overlap);
  const cx = cores(xs, size, width);
  const cy = cores(ys, size, height);
  const tiles: Tile[] = [];
  ys.forEach((y, j) => {
    xs.forEach((x, i) => {
      const [x0, x1] = cx[i]!;
      const [y0, y1] = cy[j]!;
      tiles.push({
        x,
        y,
        width: Math.min(size, width - x),
        height: Math.min(size, height - y),
        core: { x0, y0, x1, y1 },
      });
    });
  });
  return tiles;
}

/** Copy the core of a tile's map (tile.width x tile.height, row-major) into the full map (width x height). */
export function stitchTile(target: Float32Array, width: number, tile: Tile, tileMap: ArrayLike<number>): void {
  const { x0, y0, x1, y1 } = tile.core;
  for (let y = y0; y < y1; y++) {
    const src = (y - tile.y) * tile.width - tile.x;
    const dst = y * width;
    for (let x = x0; x < x1; x++) target[dst + x] = tileMap[src + x]!;
  }
}
