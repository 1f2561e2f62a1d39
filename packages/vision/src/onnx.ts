/**
 * Learned segmentation models in ONNX (onnxruntime-node, CPU).
 *
 * A model is a `.onnx` file plus a JSON sidecar (same base name, `.json`) declaring how to feed it and how to
 * read its output (format "sightline-seg-v1"):
 *
 * {
 *   "input":  { "name": "input", "layout": "NCHW", "colour": "RGB", "scale": 0.00392, "mean": [..3], "std": [..3],
 *               "multipleOf": 16, "tileSize": 512, "tileOverlap": 64 },
 *   "output": { "name": "prob", "kind": "sigmoid-probability" | "logits" | "softmax",
 *               "classes": [{ "channel": 0, "code": "crack" }] },
 *   "defaultThreshold": 0.5
 * }
 *
 * "logits": per-channel sigmoid is applied; "softmax": softmax over channels, class channels read out.
 * A class map given in the configuration overrides the sidecar's channel -> defect type mapping.
 */
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import * as ort from 'onnxruntime-node';
import { VisionError, type Deadline } from './errors.js';
import { nextTick, ScoreMapDetector } from './pipeline.js';
import { planTiles, stitchTile } from './tiling.js';
import { isDefectType, type DefectType, type RgbImage, type ScoreMap } from './types.js';

export interface ModelMeta {
  format?: string;
  name?: string;
  input: {
    name?: string;
    layout?: 'NCHW';
    colour?: 'RGB' | 'BGR';
    scale?: number;
    mean?: number[];
    std?: number[];
    multipleOf?: number;
    tileSize?: number;
    tileOverlap?: number;
  };
  output: {
    name?: string;
    kind: 'sigmoid-probability' | 'logits' | 'softmax';
    classes: Array<{ channel: number; code: string }>;
  };
  defaultThreshold?: number;
  provenance?: unknown;
}

export interface OnnxDetectorConfig {
  /** Path of the .onnx file. */
  modelPath: string;
  /** Path of the JSON sidecar; default: modelPath with .json. */
  metaPath?: string;
  /** Override: output channel -> defect type code. */
  classMap?: Record<number, DefectType>;
  /** Threads for onnxruntime (default: min(2, cpus)). */
  threads?: number;
  /** Detector name (default "onnx:<model name>"). */
  name?: string;
  threshold?: number;
  /** Test-time augmentation: average the tile with its horizontal and vertical flips (3x the inference cost). */
  tta?: boolean;
}

export function sidecarPath(modelPath: string): string {
  return modelPath.replace(/\.onnx$/i, '') + '.json';
}

export function readModelMeta(path: string): ModelMeta {
  let meta: ModelMeta;
  try {
    meta = JSON.parse(readFileSync(path, 'utf8')) as ModelMeta;
  } catch (e) {
    throw new VisionError('AI_SERVER_EXCEPTION', `model sidecar unreadable: ${path}`, 'model', { cause: e });
  }
  if (!meta?.input || !meta?.output || !Array.isArray(meta.output.classes) || meta.output.classes.length === 0) {
    throw new VisionError('AI_SERVER_EXCEPTION', `model sidecar incomplete: ${path}`, 'model');
  }
  if (!['sigmoid-probability', 'logits', 'softmax'].includes(meta.output.kind)) {
    throw new VisionError('AI_SERVER_EXCEPTION', `unknown output kind: ${meta.output.kind}`, 'model');
  }
  return meta;
}

/** Reflect index into [0, n) (edge-replicate when n is 1). */
function reflect(i: number, n: number): number {
  if (n === 1) return 0;
  const period = 2 * (n - 1);
  let m = i % period;
  if (m < 0) m += period;
  return m < n ? m : period - m;
}

/** dst[at + x] = table[src[row + col[x]]] for every tensor column x. */
function fillRow(
  dst: Float32Array,
  at: number,
  src: Uint8Array,
  row: number,
  col: Int32Array,
  table: Float32Array,
): void {
  for (let x = 0; x < col.length; x++) dst[at + x] = table[src[row + col[x]!]!]!;
}

/** Flip an NCHW (N = 1) float tensor along x or y. */
function flipNchw(src: Float32Array, c: number, h: number, w: number, axis: 'x' | 'y'): Float32Array {
  const out = new Float32Array(src.length);
  for (let k = 0; k < c; k++) {
    const base = k * h * w;
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const sx = axis === 'x' ? w - 1 - x : x;
        const sy = axis === 'y' ? h - 1 - y : y;
        out[base + y * w + x] = src[base + sy * w + sx]!;
      }
    }
  }
  return out;
}

export class OnnxDetector extends ScoreMapDetector {
  readonly name: string;
  readonly supportedTypes: readonly DefectType[];
  readonly defaultThreshold: number;
  readonly meta: ModelMeta;
  private readonly channels: Array<{ channel: number; type: DefectType }>;
  private session: ort.InferenceSession | null = null;
  private loading: Promise<ort.InferenceSession> | null = null;

  constructor(private readonly config: OnnxDetectorConfig) {
    super();
    if (!existsSync(config.modelPath))
      throw new VisionError('AI_SERVER_EXCEPTION', `model file not found: ${config.modelPath}`, 'model');
    this.meta = readModelMeta(config.metaPath ?? sidecarPath(config.modelPath));
    const chans: Array<{ channel: number; type: DefectType }> = [];
    if (config.classMap) {
      for (const [ch, t] of Object.entries(config.classMap)) chans.push({ channel: Number(ch), type: t });
    } else {
      for (const c of this.meta.output.classes) {
        if (isDefectType(c.code)) chans.push({ channel: c.channel, type: c.code });
      }
    }
    if (!chans.length)
      throw new VisionError('AI_SERVER_EXCEPTION', 'model classes map to no built-in defect type', 'model');
    this.channels = chans;
    this.supportedTypes = [...new Set(chans.map((c) => c.type))];
    this.defaultThreshold = config.threshold ?? this.meta.defaultThreshold ?? 0.5;
    this.name = config.name ?? `onnx:${this.meta.name ?? 'model'}${config.tta ? '+tta' : ''}`;
  }

  private async getSession(): Promise<ort.InferenceSession> {
    if (this.session) return this.session;
    this.loading ??= ort.InferenceSession.create(this.config.modelPath, {
      executionProviders: ['cpu'],
      intraOpNumThreads:
        this.config.threads ?? Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length)),
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      // idle intra-op threads would otherwise spin for the next operator, burning the core that the other
      // photo of a screening (or the API) needs
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    });
    try {
      this.session = await this.loading;
    } catch (e) {
      this.loading = null;
      throw new VisionError('AI_SERVER_EXCEPTION', `model cannot be loaded: ${(e as Error).message}`, 'model', {
        cause: e,
      });
    }
    return this.session;
  }

  /** Normalised NCHW tensor of a tile, padded (reflect) to a multiple of `multipleOf`. */
  private tensorOf(
    img: RgbImage,
    x0: number,
    y0: number,
    w: number,
    h: number,
  ): { tensor: ort.Tensor; W: number; H: number } {
    const inp = this.meta.input;
    const m = Math.max(1, inp.multipleOf ?? 1);
    const W = Math.ceil(w / m) * m;
    const H = Math.ceil(h / m) * m;
    const scale = inp.scale ?? 1 / 255;
    const mean = inp.mean ?? [0, 0, 0];
    const std = inp.std ?? [1, 1, 1];
    const bgr = inp.colour === 'BGR';
    const data = new Float32Array(3 * W * H);
    const plane = W * H;
    const lut: Float32Array[] = [0, 1, 2].map((c) => {
      const t = new Float32Array(256);
      for (let v = 0; v < 256; v++) t[v] = (v * scale - (mean[c] ?? 0)) / (std[c] ?? 1);
      return t;
    });
    // source column of every tensor column (reflected into the tile), worked out once instead of per pixel
    const col = Int32Array.from({ length: W }, (_, x) => (x0 + reflect(x, w)) * 3);
    for (let c = 0; c < 3; c++) {
      const table = lut[c]!;
      const srcC = bgr ? 2 - c : c;
      for (let y = 0; y < H; y++) {
        const row = (y0 + reflect(y, h)) * img.width * 3 + srcC;
        fillRow(data, c * plane + y * W, img.data, row, col, table);
      }
    }
    return { tensor: new ort.Tensor('float32', data, [1, 3, H, W]), W, H };
  }

  protected async computeScoreMaps(
    img: RgbImage,
    types: DefectType[],
    deadline: Deadline,
  ): Promise<Partial<Record<DefectType, ScoreMap>>> {
    const session = await this.getSession();
    const { width, height } = img;
    const wanted = this.channels.filter((c) => types.includes(c.type));
    const maps = wanted.map(() => new Float32Array(width * height));
    const tileSize = this.meta.input.tileSize ?? 512;
    const overlap = this.meta.input.tileOverlap ?? 64;
    const inName = this.meta.input.name ?? session.inputNames[0]!;
    const outName = this.meta.output.name ?? session.outputNames[0]!;
    const kind = this.meta.output.kind;
    // tiles on the model's size grid need no padding, so no pixel is inferred twice for nothing
    const align = Math.max(1, this.meta.input.multipleOf ?? 1);
    for (const tile of planTiles(width, height, tileSize, overlap, align)) {
      deadline.check();
      const { tensor, W, H } = this.tensorOf(img, tile.x, tile.y, tile.width, tile.height);
      const run = async (t: ort.Tensor): Promise<ort.Tensor> => {
        let result: ort.InferenceSession.OnnxValueMapType;
        try {
          result = await session.run({ [inName]: t });
        } catch (e) {
          throw new VisionError('AI_SERVER_EXCEPTION', `inference failed: ${(e as Error).message}`, 'model', {
            cause: e,
          });
        }
        const out = result[outName];
        if (!out) throw new VisionError('AI_SERVER_EXCEPTION', `model has no output ${outName}`, 'model');
        return out;
      };
      const out = await run(tensor);
      const C = out.dims[1] ?? 1;
      let od = out.data as Float32Array;
      const tta = !!this.config.tta && kind !== 'softmax';
      if (tta) {
        // average the decoded outputs of the input and its flips (flipped back)
        const sig = (v: number): number => (kind === 'logits' ? 1 / (1 + Math.exp(-v)) : v);
        od = Float32Array.from(od, sig);
        for (const axis of ['x', 'y'] as const) {
          const flipped = flipNchw(tensor.data as Float32Array, 3, H, W, axis);
          const o = await run(new ort.Tensor('float32', flipped, [1, 3, H, W]));
          const back = flipNchw(o.data as Float32Array, C, H, W, axis);
          for (let i = 0; i < od.length; i++) od[i] = od[i]! + sig(back[i]!);
        }
        for (let i = 0; i < od.length; i++) od[i] = od[i]! / 3;
      }
      const decoded = tta ? 'sigmoid-probability' : kind;
      const plane = W * H;
      const tmp = new Float32Array(tile.width * tile.height);
      wanted.forEach((c, k) => {
        for (let y = 0; y < tile.height; y++) {
          for (let x = 0; x < tile.width; x++) {
            const idx = y * W + x;
            let v = od[c.channel * plane + idx]!;
            if (decoded === 'logits') v = 1 / (1 + Math.exp(-v));
            else if (decoded === 'softmax') {
              let mx = -Infinity;
              for (let q = 0; q < C; q++) mx = Math.max(mx, od[q * plane + idx]!);
              let sum = 0;
              for (let q = 0; q < C; q++) sum += Math.exp(od[q * plane + idx]! - mx);
              v = Math.exp(v - mx) / sum;
            }
            tmp[y * tile.width + x] = v;
          }
        }
        stitchTile(maps[k]!, width, tile, tmp);
      });
      await nextTick();
    }
    const res: Partial<Record<DefectType, ScoreMap>> = {};
    wanted.forEach((c, k) => {
      const prev = res[c.type];
      if (prev) for (let i = 0; i < prev.data.length; i++) prev.data[i] = Math.max(prev.data[i]!, maps[k]![i]!);
      else res[c.type] = { width, height, data: maps[k]! };
    });
    return res;
  }

  override async close(): Promise<void> {
    if (this.session) await this.session.release();
    this.session = null;
    this.loading = null;
  }
}
