import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateDetector, listPairs } from '../evaluate.js';
import { OnnxDetector, readModelMeta } from '../onnx.js';
import { syntheticCrackImage } from '../synthetic.js';
import { writeTrainingSet } from '../trainingSet.js';
import { trainSmallSegmenter } from './smallSegmenter.js';
import { syntheticTrainingSamples } from './syntheticSet.js';

/** A reviewed set: 16 photos to train on and 8 other ones held back, cracks as the polylines a reviewer drew. */
async function reviewedSet(): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vision-small-'));
  const train = (await syntheticTrainingSamples(16, 96, 1)).map((s) => ({ ...s, heldBack: false }));
  const held = (await syntheticTrainingSamples(8, 128, 2)).map((s) => ({ ...s, heldBack: true }));
  await writeTrainingSet(dir, [...train, ...held], { source: 'synthetic reviewed photos' });
  return dir;
}

async function heldBackF(dir: string, modelPath: string): Promise<number> {
  const detector = new OnnxDetector({ modelPath, threads: 1 });
  try {
    const [row] = await evaluateDetector(detector, listPairs(path.join(dir, 'test')), { tolerances: [2] });
    return row!.scores.f;
  } finally {
    await detector.close();
  }
}

describe('the small segmenter trained on the CPU', () => {
  // Each run is ended by its step count, never by the clock (600 s is out of reach), so a busy machine trains the
  // same model as a quiet one and the figures below hold.
  let dir: string;
  beforeAll(async () => {
    dir = await reviewedSet();
  });

  it('learns to find cracks on photos it never saw, far better than its untrained net', async () => {
    const trained = await trainSmallSegmenter({
      dataDir: dir,
      outPath: path.join(dir, 'models', 'team-crack.onnx'),
      seconds: 600,
      maxSteps: 60,
      seed: 1,
    });
    const untrained = await trainSmallSegmenter({
      dataDir: dir,
      outPath: path.join(dir, 'models', 'untrained.onnx'),
      seconds: 600,
      maxSteps: 0,
      seed: 1,
    });
    const f = await heldBackF(dir, trained.modelPath);
    const f0 = await heldBackF(dir, untrained.modelPath);
    expect(f).toBeGreaterThan(0.85);
    expect(f).toBeGreaterThan(f0 + 0.2);
    // the trainer's own report of the held-back photos says the same
    expect(trained.metrics.heldBackImages).toBe(8);
    expect(trained.metrics.trainImages).toBe(16);
    expect(trained.metrics.heldBack!.f).toBeCloseTo(f, 2);

    // the detector reports the crack of a held-back photo as a polyline along the drawn one
    const [sample] = await syntheticTrainingSamples(1, 128, 2);
    const drawn = sample!.shapes[0]!.points;
    const detector = new OnnxDetector({ modelPath: trained.modelPath, threads: 1 });
    try {
      const result = await detector.detect(sample!.imageJpeg, { types: ['crack'] });
      const cracks = result.detections.filter((d) => d.geometry.kind === 'polyline');
      expect(cracks.length).toBeGreaterThan(0);
      const near = (x: number, y: number): boolean =>
        drawn.some((p, i) => {
          const q = drawn[i + 1] ?? p;
          const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
          const t = Math.max(0, Math.min(1, ((x - p[0]) * dx + (y - p[1]) * dy) / (dx * dx + dy * dy || 1)));
          return Math.hypot(p[0] + t * dx - x, p[1] + t * dy - y) < 4;
        });
      const points = cracks.flatMap((d) => (d.geometry.kind === 'polyline' ? d.geometry.points : []));
      expect(points.filter(([x, y]) => near(x, y)).length / points.length).toBeGreaterThan(0.9);
    } finally {
      await detector.close();
    }
  }, 300_000);

  it('writes an ONNX file and a sidecar that OnnxDetector accepts, saying how it was trained', async () => {
    const r = await trainSmallSegmenter({
      dataDir: dir,
      outPath: path.join(dir, 'models', 'sidecar.onnx'),
      seconds: 600,
      maxSteps: 3,
      seed: 1,
      evaluate: false,
    });
    expect(r.sidecarPath).toBe(path.join(dir, 'models', 'sidecar.json'));
    const meta = readModelMeta(r.sidecarPath);
    expect(meta).toMatchObject({
      format: 'sightline-seg-v1',
      name: 'sidecar',
      input: { name: 'input', layout: 'NCHW', colour: 'RGB', multipleOf: 1 },
      output: { name: 'prob', kind: 'sigmoid-probability', classes: [{ channel: 0, code: 'crack' }] },
    });
    expect(meta.provenance).toMatchObject({
      data: 'synthetic reviewed photos',
      training: { seed: 1, steps: 3, stoppedBy: 'steps' },
    });
    // tiles overlap by the net's reach: a photo in 512 px tiles scores as it does in one piece
    const whole = path.join(dir, 'models', 'one-tile.json');
    writeFileSync(whole, JSON.stringify({ ...meta, input: { ...meta.input, tileSize: 2048 } }));
    const tiled = new OnnxDetector({ modelPath: r.modelPath, threads: 1 });
    const single = new OnnxDetector({ modelPath: r.modelPath, metaPath: whole, threads: 1 });
    try {
      expect(tiled.name).toBe('onnx:sidecar');
      expect(tiled.supportedTypes).toEqual(['crack']);
      const img = syntheticCrackImage(1100, 90, 5);
      const a = (await tiled.scoreMaps(img)).crack!;
      const b = (await single.scoreMaps(img)).crack!;
      expect([a.width, a.height]).toEqual([1100, 90]);
      let worst = 0;
      for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(a.data[i]! - b.data[i]!));
      expect(worst).toBeLessThan(1e-4);
    } finally {
      await tiled.close();
      await single.close();
    }
  }, 300_000);

  it('gives the same model for the same seed and step count, and another for another seed, also when photos take turns in memory', async () => {
    const model = async (run: string, seed: number): Promise<Buffer> => {
      const r = await trainSmallSegmenter({
        dataDir: dir,
        outPath: path.join(dir, run, 'same-name.onnx'),
        seconds: 600,
        // a pool of three of the 16 photos, swapping one at step 20
        maxSteps: 21,
        poolPixels: 3 * 96 * 96,
        seed,
        evaluate: false,
      });
      return readFileSync(r.modelPath);
    };
    const a = await model('a', 3);
    expect((await model('b', 3)).equals(a)).toBe(true);
    expect((await model('c', 4)).equals(a)).toBe(false);
  }, 300_000);
});
