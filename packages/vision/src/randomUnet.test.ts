import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OnnxDetector } from './onnx.js';
import { randomUnetOnnx, writeRandomUnet } from './randomUnet.js';
import { textureImage } from './synthetic.js';

describe('the crack U-Net with random weights (for speed measurements without trained weights)', () => {
  it("holds the training tool's network: the weights of widths 16-32-48-64-96", () => {
    const bytes = randomUnetOnnx();
    // float32 weights dominate the file: 3x3 convolutions, transposed convolutions, biases, the 1x1 head
    const c = [16, 32, 48, 64, 96];
    const block = (i: number, o: number): number => 9 * i * o + o + 9 * o * o + o;
    const up = (i: number, o: number): number => 4 * i * o + o;
    const params =
      block(3, c[0]!) +
      block(c[0]!, c[1]!) +
      block(c[1]!, c[2]!) +
      block(c[2]!, c[3]!) +
      block(c[3]!, c[4]!) +
      [3, 2, 1, 0].reduce((a, k) => a + up(c[k + 1]!, c[k]!) + block(2 * c[k]!, c[k]!), 0) +
      c[0]! +
      1;
    expect(params).toBeGreaterThan(450_000);
    expect(bytes.length).toBeGreaterThan(params * 4);
    expect(bytes.length).toBeLessThan(params * 4 + 20_000);
  });

  it('loads in onnxruntime and maps an image of any size to probabilities of the same size', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vision-unet-'));
    const modelPath = writeRandomUnet(dir);
    expect(JSON.parse(readFileSync(path.join(dir, 'crack-unet-random.json'), 'utf8')).provenance.data).toMatch(
      /random weights/,
    );
    const det = new OnnxDetector({ modelPath, threads: 1 });
    try {
      expect(det.name).toBe('onnx:crack-unet-random');
      const img = textureImage(901, 203, 3, 140, 20); // two tiles across, odd sizes
      const m = (await det.scoreMaps(img)).crack!;
      expect([m.width, m.height]).toEqual([901, 203]);
      let lo = 1;
      let hi = 0;
      for (const v of m.data) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      expect(lo).toBeGreaterThan(0);
      expect(hi).toBeLessThan(1);
      expect(hi).toBeGreaterThan(lo);
    } finally {
      await det.close();
    }
  }, 60_000);
});
