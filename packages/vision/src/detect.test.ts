import { describe, expect, it } from 'vitest';
import { BuiltinDetector } from './builtin.js';
import { VisionError } from './errors.js';
import { decodeRle, encodeRle, extractAreas, extractLinear, polylinesFromMask, widthFromDistance } from './extract.js';
import { loadOpenCv } from './opencv.js';
import { drawCrack, textureImage } from './synthetic.js';
import type { PolygonGeometry, PolylineGeometry, ScoreMap } from './types.js';
import { droneFixture, missingFixtureMessage } from '@sightline/imagery/test-fixtures';

describe('width estimation', () => {
  it('is exact for odd widths and within half a pixel for even ones', () => {
    for (const w of [1, 2, 3, 4, 5, 6, 7, 8, 9, 12]) {
      const W = 80;
      const H = 40;
      const mask = new Uint8Array(W * H);
      const y0 = 20 - Math.floor(w / 2);
      for (let y = y0; y < y0 + w; y++) for (let x = 5; x < 75; x++) mask[y * W + x] = 1;
      const [line] = polylinesFromMask(mask, W, H, { minLengthPx: 10, simplifyPx: 1 });
      const mid = line!.widths.slice(1, -1);
      const est = line!.widths[Math.floor(line!.widths.length / 2)] ?? mid[0]!;
      expect(Math.abs(est - w)).toBeLessThanOrEqual(0.5);
    }
    expect(widthFromDistance(1)).toBe(1.5);
  });

  it('measures a drawn synthetic crack of known width through the whole built-in detector', async () => {
    const det = new BuiltinDetector();
    for (const width of [3, 6, 9]) {
      const img = textureImage(400, 300, 11);
      drawCrack(
        img,
        [
          [40, 60],
          [200, 140],
          [360, 250],
        ],
        width,
      );
      const res = await det.detect(img, { minLengthPx: 50 });
      expect(res.detections).toHaveLength(1);
      const g = res.detections[0]!.geometry as PolylineGeometry;
      expect(g.kind).toBe('polyline');
      expect(Math.abs(g.meanWidthPx - width)).toBeLessThanOrEqual(1.25);
      expect(g.points.length).toBe(g.widths.length);
      expect(g.lengthPx).toBeGreaterThan(330);
    }
  }, 60_000);
});

describe('polyline and polygon extraction from score maps', () => {
  it('extracts one polyline per crack with confidence and bbox', () => {
    const W = 120;
    const H = 60;
    const data = new Float32Array(W * H);
    for (let x = 10; x < 110; x++) for (let y = 19; y <= 21; y++) data[y * W + x] = 0.8;
    for (let x = 10; x < 60; x++) data[45 * W + x] = 0.3; // weak line, below threshold, not connected
    const dets = extractLinear(
      'crack',
      { width: W, height: H, data },
      { threshold: 0.5, lowRatio: 0.5, minLengthPx: 20, minAreaPx: 10, includeMask: true, simplifyPx: 1 },
    );
    expect(dets).toHaveLength(1);
    const d = dets[0]!;
    const g = d.geometry as PolylineGeometry;
    expect(g.points).toHaveLength(2);
    expect(Math.abs(Math.min(g.points[0]![0], g.points[1]![0]) - 10)).toBeLessThanOrEqual(3);
    expect(Math.abs(Math.max(g.points[0]![0], g.points[1]![0]) - 109)).toBeLessThanOrEqual(3);
    expect(g.points.every((p) => p[1] === 20)).toBe(true);
    expect(Math.abs(g.meanWidthPx - 3)).toBeLessThanOrEqual(0.5);
    expect(d.confidence).toBeCloseTo(0.8, 2);
    expect(d.bbox[0]).toBeLessThanOrEqual(10);
    const m = d.mask!;
    expect(decodeRle(m.rle, m.width * m.height).reduce((a, b) => a + b, 0)).toBe(300);
  });

  it('extracts polygons (with holes) for area defects', async () => {
    const cv = await loadOpenCv();
    const W = 100;
    const H = 100;
    const data = new Float32Array(W * H);
    for (let y = 20; y < 70; y++) for (let x = 10; x < 60; x++) data[y * W + x] = 0.9;
    for (let y = 35; y < 45; y++) for (let x = 30; x < 40; x++) data[y * W + x] = 0;
    const map: ScoreMap = { width: W, height: H, data };
    const dets = extractAreas(cv, 'rust', map, {
      threshold: 0.5,
      lowRatio: 0.5,
      minLengthPx: 0,
      minAreaPx: 50,
      includeMask: false,
      simplifyPx: 1,
    });
    expect(dets).toHaveLength(1);
    const g = dets[0]!.geometry as PolygonGeometry;
    expect(g.kind).toBe('polygon');
    expect(g.rings).toHaveLength(2);
    expect(g.rings[0]).toHaveLength(4);
    expect(g.areaPx).toBe(2500 - 100);
    expect(dets[0]!.bbox).toEqual([10, 20, 50, 50]);
  });

  it('run-length encodes and decodes masks', () => {
    const m = Uint8Array.from([1, 1, 0, 0, 0, 1, 0, 1, 1]);
    const rle = encodeRle(m);
    expect(rle).toEqual([0, 2, 3, 1, 1, 2]);
    expect([...decodeRle(rle, m.length)]).toEqual([...m]);
  });
});

describe('built-in detector behaviour', () => {
  it('finds nothing on a clean texture', async () => {
    const res = await new BuiltinDetector().detect(textureImage(300, 200, 5));
    expect(res.detections).toHaveLength(0);
  });

  it('claims crack only; rust is experimental and opt-in', async () => {
    const det = new BuiltinDetector();
    expect(det.supportedTypes).toEqual(['crack']);
    await expect(det.detect(textureImage(64, 64, 1), { types: ['rust'] })).rejects.toMatchObject({
      key: 'DISEASE_TYPE_NOT_COVER_AI',
    });
    await expect(det.detect(textureImage(64, 64, 1), { types: ['efflorescence' as never] })).rejects.toMatchObject({
      key: 'DISEASE_TYPE_NOT_COVER_AI',
    });
    const mixed = await det.detect(textureImage(64, 64, 1), { types: ['crack', 'spalling'] });
    expect(mixed.ignoredTypes).toEqual(['spalling']);

    const img = textureImage(200, 200, 2);
    for (let y = 50; y < 120; y++) for (let x = 60; x < 150; x++) img.data.set([150, 80, 30], (y * 200 + x) * 3);
    const exp = await new BuiltinDetector({ experimental: true }).detect(img, { types: ['rust'], minAreaPx: 100 });
    expect(exp.detections).toHaveLength(1);
    expect(exp.detections[0]!.type).toBe('rust');
    expect((exp.detections[0]!.geometry as PolygonGeometry).areaPx).toBeCloseTo(70 * 90, -2);
  });

  it('answers a 48-pixel thumbnail', async () => {
    const thumb = droneFixture('tiny_drone_image.jpg');
    const img = textureImage(48, 36, 4);
    drawCrack(
      img,
      [
        [2, 18],
        [46, 20],
      ],
      2,
    );
    const res = await new BuiltinDetector().detect(thumb ?? img, { minLengthPx: 10 });
    expect(res.width).toBe(48);
    expect(res.height).toBe(36);
    if (!thumb) console.info(missingFixtureMessage('drone-photos', 'tiny_drone_image.jpg'));
  });

  it('uses the AI time-out keys', async () => {
    const img = textureImage(300, 300, 9);
    drawCrack(
      img,
      [
        [10, 10],
        [290, 290],
      ],
      3,
    );
    const det = new BuiltinDetector({ tileSize: 128, tileOverlap: 32 });
    await expect(det.detect(img, { timeoutMs: 0 })).rejects.toMatchObject({ key: 'AI_SERVER_RECOGNITION_TIME_OUT' });
    await expect(det.detect(img, { postTimeoutMs: -1 })).rejects.toMatchObject({ key: 'AI_POST_PROCESSING_TIME_OUT' });
    const ctl = new AbortController();
    ctl.abort();
    const err = await det.detect(img, { signal: ctl.signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VisionError);
  });
});
