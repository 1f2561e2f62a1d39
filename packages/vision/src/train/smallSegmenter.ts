/**
 * A small crack segmenter trained on the CPU in TypeScript, for firms training on their own reviewed photos where
 * Torch is not installed (and in CI, so the learned path is exercised without shipped weights).
 *
 * The net: three 3x3 convolutions with ReLU, dilated 1, 2 and 4 (a 15-pixel field of view, enough to tell a thin
 * dark line from the texture around it), a 1x1 head and a sigmoid. No pooling, so any input size works
 * (multipleOf 1). Trained by minibatch Adam on random patches of the training split, half of them centred on a
 * defect pixel, with flips, transposition and brightness/contrast jitter; weighted binary cross-entropy.
 * Exported as ONNX with the same input/output contract as the U-Net's sidecar, so OnnxDetector loads it unchanged.
 *
 * Deterministic for a seed as long as the step limit, not the clock, ends the training.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { evaluateDetector, listPairs, type EvalPair } from '../evaluate.js';
import { loadMask, loadRgb } from '../image.js';
import { OnnxDetector, sidecarPath, type ModelMeta } from '../onnx.js';
import { nextTick } from '../pipeline.js';
import { intsAttr, OnnxGraphWriter } from '../onnxWriter.js';
import { rng } from '../synthetic.js';
import type { TrainingSetManifest } from '../trainingSet.js';
import { isDefectType, type RgbImage } from '../types.js';
import { Adam, convBackward, convForward, padOf, type ConvLayer } from './conv.js';

const MEAN = [0.485, 0.456, 0.406];
const STD = [0.229, 0.224, 0.225];
/** Hidden layers: channels and dilation of each 3x3 convolution. */
const HIDDEN = [
  { cout: 8, dilation: 1 },
  { cout: 8, dilation: 2 },
  { cout: 8, dilation: 4 },
] as const;
const PATCH = 32;
const BATCH = 8;
const LR = 0.01;
/** Weight of a defect pixel in the loss: defect pixels stay a minority even in the centred patches. */
const POS_WEIGHT = 3;
/** Decoded photo pixels kept for patch sampling (about 5 bytes a pixel: RGB and mask): ten photos of 12 MP. */
const POOL_PIXELS = 120_000_000;
/** Steps between swapping a pooled photo for the next, when the set does not fit the pool. */
const SWAP_STEPS = 20;
/** Pixel tolerance of the held-back evaluation (the DeepCrack protocol's usual 2 px). */
const EVAL_TOLERANCE = 2;

export interface SmallSegmenterOptions {
  /** A training set (writeTrainingSet's layout, or DeepCrack's): train/img, train/lab, optionally test/. */
  dataDir: string;
  /** Where the .onnx goes; the sidecar is written beside it (.json). */
  outPath: string;
  /** Wall-clock training budget, seconds. */
  seconds: number;
  seed?: number;
  /** Stop after this many steps (default: none, the clock decides); set it for a reproducible model. */
  maxSteps?: number;
  /** Evaluate the exported model on the held-back split (test/) when it has photos (default true). */
  evaluate?: boolean;
  /** Decoded photo pixels kept in memory at once (default: ten 12 MP photos); beyond it photos take turns. */
  poolPixels?: number;
  onProgress?: (step: number, loss: number) => void;
}

export interface SmallSegmenterMetrics {
  steps: number;
  stoppedBy: 'steps' | 'time';
  seconds: number;
  /** Mean training loss of the last steps. */
  loss: number;
  trainImages: number;
  heldBackImages: number;
  /** ODS scores on the held-back split at {@link EVAL_TOLERANCE} px, when evaluated. */
  heldBack: { precision: number; recall: number; f: number; threshold: number; tolerance: number } | null;
}

export interface SmallSegmenterResult {
  modelPath: string;
  sidecarPath: string;
  metrics: SmallSegmenterMetrics;
}

interface Example {
  img: RgbImage;
  mask: Uint8Array;
  /** Indices of the defect pixels, for the centred patches. */
  positives: Int32Array;
}

async function loadExample(pair: EvalPair): Promise<Example> {
  const img = await loadRgb(pair.image);
  const lab = await loadMask(pair.label);
  if (lab.width !== img.width || lab.height !== img.height)
    throw new Error(`${pair.name}: mask ${lab.width}x${lab.height} != photo ${img.width}x${img.height}`);
  const positives: number[] = [];
  lab.data.forEach((v, i) => {
    if (v) positives.push(i);
  });
  return { img, mask: lab.data, positives: Int32Array.from(positives) };
}

/**
 * The decoded photos patches are drawn from. A set of full-size drone photos does not fit in memory at once, so
 * beyond its pixel budget the pool holds as many as fit and swaps its oldest for the next photo every SWAP_STEPS steps,
 * cycling through the set in a fixed order (deterministic).
 */
class ExamplePool {
  private readonly pool: Example[] = [];
  private next = 0;

  private constructor(private readonly pairs: EvalPair[]) {}

  static async open(pairs: EvalPair[], budget: number): Promise<ExamplePool> {
    const p = new ExamplePool(pairs);
    let pixels = 0;
    while (p.next < pairs.length && (p.pool.length === 0 || pixels < budget)) {
      const ex = await loadExample(pairs[p.next++]!);
      pixels += ex.img.width * ex.img.height;
      p.pool.push(ex);
    }
    return p;
  }

  pick(random: () => number): Example {
    return this.pool[Math.floor(random() * this.pool.length)]!;
  }

  async afterStep(step: number): Promise<void> {
    if (this.pool.length === this.pairs.length || step % SWAP_STEPS !== 0) return;
    this.pool.shift();
    this.pool.push(await loadExample(this.pairs[this.next]!));
    this.next = (this.next + 1) % this.pairs.length;
  }
}

function newNet(random: () => number): ConvLayer[] {
  const gauss = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const layer = (cin: number, cout: number, k: number, dilation: number): ConvLayer => {
    const sd = Math.sqrt(2 / (cin * k * k));
    return {
      cin,
      cout,
      k,
      dilation,
      weight: Float32Array.from({ length: cout * cin * k * k }, () => gauss() * sd),
      bias: new Float32Array(cout),
    };
  };
  const layers: ConvLayer[] = [];
  let cin = 3;
  for (const h of HIDDEN) {
    layers.push(layer(cin, h.cout, 3, h.dilation));
    cin = h.cout;
  }
  layers.push(layer(cin, 1, 1, 1));
  return layers;
}

/** Normalised input values of each 8-bit level per channel. */
const LUT = [0, 1, 2].map((c) => Float32Array.from({ length: 256 }, (_, v) => (v / 255 - MEAN[c]!) / STD[c]!));

/** One augmented patch: the [3][P][P] input and its [P][P] 0/1 target. */
function samplePatch(ex: Example, random: () => number, centred: boolean, x: Float32Array, t: Float32Array): void {
  const { width, height, data } = ex.img;
  const pw = Math.min(PATCH, width);
  const ph = Math.min(PATCH, height);
  let x0 = Math.floor(random() * (width - pw + 1));
  let y0 = Math.floor(random() * (height - ph + 1));
  if (centred && ex.positives.length) {
    const p = ex.positives[Math.floor(random() * ex.positives.length)]!;
    x0 = Math.min(Math.max(0, (p % width) - Math.floor(random() * pw)), width - pw);
    y0 = Math.min(Math.max(0, Math.floor(p / width) - Math.floor(random() * ph)), height - ph);
  }
  const flipX = random() < 0.5;
  const flipY = random() < 0.5;
  const transpose = random() < 0.5 && pw === ph;
  const gain = 0.75 + random() * 0.5;
  const offset = (random() - 0.5) * 50;
  x.fill(0);
  t.fill(0);
  const plane = PATCH * PATCH;
  for (let v = 0; v < ph; v++) {
    for (let u = 0; u < pw; u++) {
      const su = flipX ? pw - 1 - u : u;
      const sv = flipY ? ph - 1 - v : v;
      const [a, b] = transpose ? [sv, su] : [su, sv];
      const src = (y0 + b) * width + x0 + a;
      const dst = v * PATCH + u;
      for (let c = 0; c < 3; c++) {
        const level = Math.max(0, Math.min(255, Math.round((data[src * 3 + c]! - 128) * gain + 128 + offset)));
        x[c * plane + dst] = LUT[c]![level]!;
      }
      t[dst] = ex.mask[src]!;
    }
  }
}

/** The ONNX graph of the net: Conv (+ Relu) per layer, Sigmoid on the head; dynamic batch, height and width. */
function toOnnx(layers: ConvLayer[], name: string): Uint8Array {
  const g = new OnnxGraphWriter(name);
  let x = 'input';
  layers.forEach((l, i) => {
    const p = padOf(l);
    const conv = g.node(
      'Conv',
      [x, g.initializer([l.cout, l.cin, l.k, l.k], l.weight), g.initializer([l.cout], l.bias)],
      [
        intsAttr('kernel_shape', [l.k, l.k]),
        intsAttr('pads', [p, p, p, p]),
        intsAttr('dilations', [l.dilation, l.dilation]),
      ],
    );
    x = i < layers.length - 1 ? g.node('Relu', [conv]) : g.node('Sigmoid', [conv], [], 'prob');
  });
  g.input('input', ['n', 3, 'h', 'w']);
  g.output('prob', ['n', 1, 'h', 'w']);
  return g.finish('sightline train/smallSegmenter.ts');
}

/** The set's class and source from its manifest; a set without one (a DeepCrack copy) holds cracks. */
function readManifest(dataDir: string): { code: string; source: string } {
  const file = path.join(dataDir, 'manifest.json');
  const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<TrainingSetManifest>) : {};
  return { code: manifest.classes?.[0] ?? 'crack', source: manifest.source || dataDir };
}

export async function trainSmallSegmenter(options: SmallSegmenterOptions): Promise<SmallSegmenterResult> {
  const { dataDir, outPath, seconds, seed = 1, maxSteps = Infinity } = options;
  const trainPairs = listPairs(path.join(dataDir, 'train'));
  if (!trainPairs.length) throw new Error(`${dataDir}/train holds no photo with a mask`);
  const train = await ExamplePool.open(trainPairs, options.poolPixels ?? POOL_PIXELS);
  const testDir = path.join(dataDir, 'test');
  const heldBack = existsSync(path.join(testDir, 'img')) ? listPairs(testDir) : [];
  const random = rng(seed);
  const layers = newNet(random);
  const params = layers.flatMap((l) => [l.weight, l.bias]);
  const grads = params.map((p) => new Float32Array(p.length));
  const adam = new Adam(params);
  const plane = PATCH * PATCH;
  // activations after each layer (index 0 is the input), their gradients, and the target
  const acts = [3, ...layers.map((l) => l.cout)].map((c) => new Float32Array(c * plane));
  const gActs = acts.map((a) => new Float32Array(a.length));
  const target = new Float32Array(plane);
  const recent: number[] = [];
  const t0 = Date.now();
  let step = 0;
  while (step < maxSteps && Date.now() - t0 < seconds * 1000) {
    for (const g of grads) g.fill(0);
    let loss = 0;
    for (let b = 0; b < BATCH; b++) {
      const ex = train.pick(random);
      samplePatch(ex, random, b % 2 === 0, acts[0]!, target);
      layers.forEach((l, i) => {
        const out = acts[i + 1]!;
        convForward(l, acts[i]!, PATCH, PATCH, out);
        if (i < layers.length - 1) for (let p = 0; p < out.length; p++) if (out[p]! < 0) out[p] = 0;
      });
      // weighted BCE on the head's logit z: dL/dz = weight * (sigmoid(z) - target), averaged over the patch
      const z = acts[layers.length]!;
      const gz = gActs[layers.length]!;
      for (let p = 0; p < plane; p++) {
        const y = target[p]!;
        const wgt = y ? POS_WEIGHT : 1;
        const prob = 1 / (1 + Math.exp(-z[p]!));
        loss += -wgt * (y ? Math.log(prob + 1e-7) : Math.log(1 - prob + 1e-7));
        gz[p] = (wgt * (prob - y)) / plane;
      }
      for (let i = layers.length - 1; i >= 0; i--) {
        const l = layers[i]!;
        const gIn = i > 0 ? gActs[i]! : null;
        convBackward(l, acts[i]!, PATCH, PATCH, gActs[i + 1]!, grads[2 * i]!, grads[2 * i + 1]!, gIn);
        if (gIn) {
          const a = acts[i]!;
          for (let p = 0; p < gIn.length; p++) if (a[p]! <= 0) gIn[p] = 0;
        }
      }
    }
    // cosine decay to a twentieth over the run (by steps when they are bounded, so a seed still gives one model)
    const progress = Number.isFinite(maxSteps) ? step / maxSteps : (Date.now() - t0) / (seconds * 1000);
    adam.step(grads, LR * (0.05 + 0.475 * (1 + Math.cos(Math.PI * Math.min(1, progress)))), 1 / BATCH);
    step++;
    await train.afterStep(step);
    // let the event loop breathe between steps (a worker process's heartbeats, an API's requests)
    await nextTick();
    recent.push(loss / (BATCH * plane));
    if (recent.length > 20) recent.shift();
    if (step % 25 === 0) options.onProgress?.(step, recent.reduce((a, b) => a + b, 0) / recent.length);
  }
  const trainedSeconds = (Date.now() - t0) / 1000;

  await mkdir(path.dirname(outPath), { recursive: true });
  const name = path.basename(outPath).replace(/\.onnx$/i, '');
  await writeFile(outPath, toOnnx(layers, name));
  const { code, source } = readManifest(dataDir);
  const metrics: SmallSegmenterMetrics = {
    steps: step,
    stoppedBy: step >= maxSteps ? 'steps' : 'time',
    seconds: Math.round(trainedSeconds * 10) / 10,
    loss: recent.reduce((a, b) => a + b, 0) / Math.max(1, recent.length),
    trainImages: trainPairs.length,
    heldBackImages: heldBack.length,
    heldBack: null,
  };
  const meta: ModelMeta & Record<string, unknown> = {
    format: 'sightline-seg-v1',
    name,
    architecture: `small segmenter: 3x3 convolutions ${HIDDEN.map((h) => `${h.cout}ch dilation ${h.dilation}`).join(', ')}, ReLU, 1x1 head, sigmoid`,
    input: {
      name: 'input',
      layout: 'NCHW',
      colour: 'RGB',
      scale: 1 / 255,
      mean: MEAN,
      std: STD,
      multipleOf: 1,
      tileSize: 512,
      // twice the net's reach (1 + 2 + 4 px each side), so stitched tiles agree at their seams
      tileOverlap: 2 * layers.reduce((a, l) => a + padOf(l), 0),
    },
    output: {
      name: 'prob',
      kind: 'sigmoid-probability',
      classes: [{ channel: 0, code }],
    },
    defaultThreshold: 0.5,
  };
  const sidecar = sidecarPath(outPath);
  const writeSidecar = (): Promise<void> => {
    meta.provenance = {
      data: source,
      tool: 'packages/vision/src/train/smallSegmenter.ts',
      training: { seed, patch: PATCH, batch: BATCH, lr: LR, posWeight: POS_WEIGHT, ...metrics },
    };
    return writeFile(sidecar, JSON.stringify(meta, null, 2));
  };
  await writeSidecar();

  // a class outside the built-in defect types cannot be detected, so neither evaluated
  if (heldBack.length && options.evaluate !== false && isDefectType(code)) {
    const detector = new OnnxDetector({ modelPath: outPath, threads: 1 });
    try {
      const [row] = await evaluateDetector(detector, heldBack, { tolerances: [EVAL_TOLERANCE], type: code });
      const s = row!.scores;
      metrics.heldBack = {
        precision: s.precision,
        recall: s.recall,
        f: s.f,
        threshold: s.threshold,
        tolerance: EVAL_TOLERANCE,
      };
      // the held-back set's best threshold becomes the model's default, as the Torch tool does with its hold-out
      meta.defaultThreshold = s.threshold;
      await writeSidecar();
    } finally {
      await detector.close();
    }
  }
  return { modelPath: outPath, sidecarPath: sidecar, metrics };
}
