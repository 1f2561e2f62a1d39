import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { BuiltinDetector } from './builtin.js';
import { deepCrackSplit, missingFixtureMessage } from '@sightline/imagery/test-fixtures';
import { OnnxDetector } from './onnx.js';
import { availableDetectors, createDefaultDetector, DEFAULT_MODEL_PATH } from './registry.js';
import { drawCrack, textureImage } from './synthetic.js';
import type { PolylineGeometry } from './types.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const TEST_MODEL = path.join(here, '__fixtures__', 'dark-lines.onnx');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'vision-onnx-'));
const opened: OnnxDetector[] = [];
afterAll(async () => {
  for (const d of opened) await d.close();
});

describe('ONNX segmentation detector (tiny arithmetic test model)', () => {
  it('tiles, pads, decodes logits and stitches the probability map exactly', async () => {
    const det = new OnnxDetector({ modelPath: TEST_MODEL, threads: 1 });
    opened.push(det);
    expect(det.supportedTypes).toEqual(['crack', 'void']);
    const img = textureImage(301, 203, 2, 150, 30); // odd sizes: padding; 128-px tiles: stitching
    const maps = await det.scoreMaps(img, { types: ['crack'] });
    const m = maps.crack!;
    expect([m.width, m.height]).toEqual([301, 203]);
    let worst = 0;
    for (let i = 0; i < m.data.length; i++) {
      const g = (img.data[i * 3]! + img.data[i * 3 + 1]! + img.data[i * 3 + 2]!) / 3 / 255;
      const want = 1 / (1 + Math.exp(-20 * (0.5 - g)));
      worst = Math.max(worst, Math.abs(m.data[i]! - want));
    }
    expect(worst).toBeLessThan(1e-4);
    expect(maps.void).toBeUndefined();
  });

  it('detects a dark line as one polyline across tiles, with its width', async () => {
    const det = new OnnxDetector({ modelPath: TEST_MODEL, threads: 1 });
    opened.push(det);
    const img = textureImage(400, 300, 4);
    drawCrack(
      img,
      [
        [20, 30],
        [380, 270],
      ],
      5,
    );
    const res = await det.detect(img, { types: ['crack'] });
    expect(res.detector).toBe('onnx:dark-lines-test');
    expect(res.detections).toHaveLength(1);
    const g = res.detections[0]!.geometry as PolylineGeometry;
    expect(g.lengthPx).toBeGreaterThan(400);
    expect(Math.abs(g.meanWidthPx - 5)).toBeLessThanOrEqual(1);
  });

  it('test-time flip augmentation flips back correctly (a pointwise model is unchanged)', async () => {
    const plain = new OnnxDetector({ modelPath: TEST_MODEL, threads: 1 });
    const tta = new OnnxDetector({ modelPath: TEST_MODEL, threads: 1, tta: true });
    opened.push(plain, tta);
    expect(tta.name).toBe('onnx:dark-lines-test+tta');
    const img = textureImage(150, 97, 8, 150, 30);
    const a = (await plain.scoreMaps(img, { types: ['crack'] })).crack!.data;
    const b = (await tta.scoreMaps(img, { types: ['crack'] })).crack!.data;
    let worst = 0;
    for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - b[i]!));
    expect(worst).toBeLessThan(1e-5);
  });

  it('honours a class map from configuration', async () => {
    const det = new OnnxDetector({ modelPath: TEST_MODEL, classMap: { 1: 'spalling' }, threads: 1 });
    opened.push(det);
    expect(det.supportedTypes).toEqual(['spalling']);
  });

  it('falls back to the built-in detector without a usable model file', () => {
    expect(createDefaultDetector({ modelPath: path.join(tmp, 'none.onnx') })).toBeInstanceOf(BuiltinDetector);
    const broken = path.join(tmp, 'broken.onnx');
    writeFileSync(broken, 'not a model');
    writeFileSync(path.join(tmp, 'broken.json'), '{}');
    const list = availableDetectors({ modelPath: broken });
    expect(list.map((d) => d.name)).toEqual(['builtin']);
    copyFileSync(TEST_MODEL, path.join(tmp, 'ok.onnx'));
    copyFileSync(TEST_MODEL.replace(/\.onnx$/, '.json'), path.join(tmp, 'ok.json'));
    expect(availableDetectors({ modelPath: path.join(tmp, 'ok.onnx') }).map((d) => d.name)).toEqual([
      'builtin',
      'onnx:dark-lines-test',
    ]);
  });

  it('a corrupt model file gives AI_SERVER_EXCEPTION at inference time, not a crash', async () => {
    const bad = path.join(tmp, 'corrupt.onnx');
    writeFileSync(bad, Buffer.from('garbage garbage garbage'));
    copyFileSync(TEST_MODEL.replace(/\.onnx$/, '.json'), path.join(tmp, 'corrupt.json'));
    const det = new OnnxDetector({ modelPath: bad });
    await expect(det.detect(textureImage(32, 32, 1))).rejects.toMatchObject({ key: 'AI_SERVER_EXCEPTION' });
  });
});

describe('trained crack model (when present)', () => {
  const split = deepCrackSplit('test');
  const have = existsSync(DEFAULT_MODEL_PATH);
  it.skipIf(!have || !split)('segments a DeepCrack test image', async () => {
    const det = new OnnxDetector({ modelPath: DEFAULT_MODEL_PATH });
    opened.push(det);
    const res = await det.detect(path.join(split!, 'img', '11125-1.jpg'));
    expect(res.detections.length).toBeGreaterThan(0);
  });
  if (!have)
    console.info(`skipped trained-model test: ${DEFAULT_MODEL_PATH} absent (run npm run train -w packages/vision)`);
  if (!split) console.info(missingFixtureMessage('deepcrack', 'test'));
});
