import { describe, expect, it } from 'vitest';
import { BuiltinDetector } from './builtin.js';
import { drawCrack, textureImage } from './synthetic.js';
import { planTiles, stitchTile, tileStarts } from './tiling.js';

describe('tile planning and stitching', () => {
  it('covers each axis with the requested overlap', () => {
    expect(tileStarts(100, 512, 64)).toEqual([0]);
    const s = tileStarts(4000, 1024, 128);
    expect(s[0]).toBe(0);
    expect(s[s.length - 1]).toBe(4000 - 1024);
    for (let i = 1; i < s.length; i++) expect(s[i - 1]! + 1024 - s[i]!).toBeGreaterThanOrEqual(128);
  });

  it('gives every pixel exactly one owner, with context around it', () => {
    for (const [W, H, size, ov] of [
      [1000, 700, 256, 64],
      [4000, 3000, 1024, 128],
      [300, 1200, 512, 64],
      [48, 36, 512, 64],
    ] as const) {
      const tiles = planTiles(W, H, size, ov);
      const owner = new Uint8Array(W * H);
      for (const t of tiles) {
        expect(t.x + t.width).toBeLessThanOrEqual(W);
        expect(t.y + t.height).toBeLessThanOrEqual(H);
        for (let y = t.core.y0; y < t.core.y1; y++) for (let x = t.core.x0; x < t.core.x1; x++) owner[y * W + x]!++;
        // the core keeps at least overlap/2 - 1 px of context from inner tile edges
        if (t.x > 0) expect(t.core.x0 - t.x).toBeGreaterThanOrEqual(ov / 2 - 1);
        if (t.x + t.width < W) expect(t.x + t.width - t.core.x1).toBeGreaterThanOrEqual(ov / 2 - 1);
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
