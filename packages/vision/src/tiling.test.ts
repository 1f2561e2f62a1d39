import { describe, expect, it } from 'vitest';
import { BuiltinDetector } from './builtin.js';
import { drawCrack, textureImage } from './synthetic.js';
import { planTiles, stitchTile, tileStarts } from './tiling.js';

describe('tile planning and stitching', () => {
  it('covers each axis with the requested overlap, in as few even tiles as fit', () => {
    expect(tileStarts(100, 512, 64)).toEqual([0]);
    // five tiles of at most 1024 are needed for 4000 px; they share the length evenly (903 px each)
    const tiles = planTiles(4000, 100, 1024, 128).map((t) => [t.x, t.width]);
    expect(tiles).toHaveLength(5);
    expect(tiles[0]![0]).toBe(0);
    expect(tiles.every(([, w]) => w === 903)).toBe(true);
    expect(tiles[4]![0]! + tiles[4]![1]!).toBe(4000);
    for (let i = 1; i < tiles.length; i++)
      expect(tiles[i - 1]![0]! + tiles[i - 1]![1]! - tiles[i]![0]!).toBeGreaterThanOrEqual(128);
  });

  it('aligns tile origins to a grid and lets the last tile reach the edge', () => {
    for (const [length, size, overlap, align] of [
      [4000, 2048, 92, 4],
      [3001, 1024, 92, 4],
      [1999, 700, 100, 8],
    ] as const) {
      const tiles = planTiles(length, 1, size, overlap, align);
      for (const t of tiles) expect(t.x % align).toBe(0);
      const last = tiles[tiles.length - 1]!;
      expect(last.x + last.width).toBe(length);
      expect(last.width).toBeLessThan(size + align);
      for (let i = 1; i < tiles.length; i++) {
        const prev = tiles[i - 1]!;
        expect(prev.x + prev.width - tiles[i]!.x).toBeGreaterThanOrEqual(overlap - align + 1);
      }
    }
  });

  it('gives every pixel exactly one owner, with context around it', () => {
    for (const [W, H, size, ov, align] of [
      [1000, 700, 256, 64],
      [4000, 3000, 1024, 128],
      [300, 1200, 512, 64],
      [48, 36, 512, 64],
      [1001, 999, 300, 92, 4],
    ] as [number, number, number, number, number?][]) {
      const tiles = planTiles(W, H, size, ov, align);
      const owner = new Uint8Array(W * H);
      for (const t of tiles) {
        expect(t.x + t.width).toBeLessThanOrEqual(W);
        expect(t.y + t.height).toBeLessThanOrEqual(H);
        for (let y = t.core.y0; y < t.core.y1; y++) for (let x = t.core.x0; x < t.core.x1; x++) owner[y * W + x]!++;
        // the core keeps at least overlap/2 - 1 px of context from inner tile edges
        const slack = (align ?? 1) - 1;
        if (t.x > 0) expect(t.core.x0 - t.x).toBeGreaterThanOrEqual(ov / 2 - 1 - slack);
        if (t.x + t.width < W) expect(t.x + t.width - t.core.x1).toBeGreaterThanOrEqual(ov / 2 - 1 - slack);
      }
      expect(owner.every((v) => v === 1)).toBe(true);
    }
  });

  it('stitches a position-dependent map back exactly (no seams)', () => {
    const W = 700;
    const H = 500;
    const full = new Float32Array(W * H);
    for (const t of planTiles(W, H, 256, 64)) {
      const m = new Float32Array(t.width * t.height);
      for (let y = 0; y < t.height; y++)
        for (let x = 0; x < t.width; x++) m[y * t.width + x] = (t.y + y) * W + (t.x + x);
      stitchTile(full, W, t, m);
    }
    for (let i = 0; i < full.length; i++) if (full[i] !== i) throw new Error(`pixel ${i} = ${full[i]}`);
  });
});

describe('tiled detection', () => {
  it("the built-in score map of aligned tiles equals the whole image's", async () => {
    // textured photo-like image with cracks and blobs, sized off the tile grid on purpose
    const W = 1203;
    const H = 917;
    const img = textureImage(W, H, 5, 150, 14);
    drawCrack(
      img,
      [
        [10, 900],
        [600, 450],
        [1190, 20],
      ],
      5,
    );
    drawCrack(
      img,
      [
        [250, 30],
        [260, 880],
      ],
      2,
    );
    const whole = (await new BuiltinDetector({ tileSize: 4096 }).scoreMaps(img)).crack!.data;
    for (const tileSize of [256, 400]) {
      const tiled = (await new BuiltinDetector({ tileSize }).scoreMaps(img)).crack!.data;
      let worst = 0;
      for (let i = 0; i < whole.length; i++) worst = Math.max(worst, Math.abs(tiled[i]! - whole[i]!));
      expect(worst).toBeLessThan(1e-4);
    }
  }, 60_000);

  it('a crack crossing tile borders comes out as one polyline, same as untiled', async () => {
    const W = 900;
    const H = 600;
    const img = textureImage(W, H, 3);
    // diagonal crack across several 256-px tiles and their overlaps
    drawCrack(
      img,
      [
        [60, 80],
        [300, 250],
        [520, 300],
        [840, 520],
      ],
      4,
    );
    const tiled = new BuiltinDetector({ tileSize: 256, tileOverlap: 64 });
    const whole = new BuiltinDetector({ tileSize: 2048, tileOverlap: 64 });
    const a = await tiled.detect(img, { minLengthPx: 40 });
    const b = await whole.detect(img, { minLengthPx: 40 });
    const linesA = a.detections.filter((d) => d.geometry.kind === 'polyline');
    expect(linesA).toHaveLength(1);
    expect(b.detections).toHaveLength(1);
    const ga = linesA[0]!.geometry;
    const gb = b.detections[0]!.geometry;
    if (ga.kind !== 'polyline' || gb.kind !== 'polyline') throw new Error('expected polylines');
    const expected = Math.hypot(240, 170) + Math.hypot(220, 50) + Math.hypot(320, 220);
    expect(ga.lengthPx).toBeGreaterThan(expected * 0.95);
    expect(ga.lengthPx).toBeLessThan(expected * 1.1);
    expect(Math.abs(ga.lengthPx - gb.lengthPx)).toBeLessThan(3);
  }, 60_000);
});
