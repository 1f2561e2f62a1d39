/**
 * Which detectors exist in this installation, from configuration (environment by default).
 *
 *   SIGHTLINE_VISION_MODEL        path of an .onnx segmentation model (sidecar JSON beside it); default:
 *                                 packages/vision/models/crack-unet.onnx when present
 *   SIGHTLINE_VISION_CLASS_MAP    JSON object channel -> defect type code, overrides the sidecar classes
 *   SIGHTLINE_VISION_THREADS      onnxruntime intra-op threads (default min(2, cpus))
 *   SIGHTLINE_VISION_TTA          "1": average the learned model over flips (3x slower)
 *   SIGHTLINE_AI_URL              base URL of a remote AI service (enables the remote detector)
 *   SIGHTLINE_AI_TOKEN            bearer token for it
 *   SIGHTLINE_AI_TIMEOUT_MS       its time budget
 *
 * The product never needs a model file: without one, the built-in detector is used.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BuiltinDetector, type BuiltinOptions } from './builtin.js';
import { VISION_ROOT } from './paths.js';
import { OnnxDetector, sidecarPath } from './onnx.js';
import { RemoteDetector, type RemoteDetectorConfig } from './remote.js';
import { isDefectType, type DefectType, type Detector } from './types.js';

export const DEFAULT_MODEL_DIR = path.join(VISION_ROOT, 'models');
export const DEFAULT_MODEL_PATH = path.join(DEFAULT_MODEL_DIR, 'crack-unet.onnx');

export interface VisionConfig {
  modelPath?: string;
  classMap?: Record<number, DefectType>;
  threads?: number;
  /** Test-time flip augmentation for the learned model (SIGHTLINE_VISION_TTA=1). */
  tta?: boolean;
  remote?: RemoteDetectorConfig;
  builtin?: BuiltinOptions;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): VisionConfig {
  const cfg: VisionConfig = {};
  if (env.SIGHTLINE_VISION_MODEL) cfg.modelPath = path.resolve(env.SIGHTLINE_VISION_MODEL);
  if (env.SIGHTLINE_VISION_CLASS_MAP) {
    const raw = JSON.parse(env.SIGHTLINE_VISION_CLASS_MAP) as Record<string, string>;
    const map: Record<number, DefectType> = {};
    for (const [k, v] of Object.entries(raw)) if (isDefectType(v)) map[Number(k)] = v;
    cfg.classMap = map;
  }
  if (env.SIGHTLINE_VISION_THREADS) cfg.threads = Number(env.SIGHTLINE_VISION_THREADS);
  if (env.SIGHTLINE_VISION_TTA === '1') cfg.tta = true;
  if (env.SIGHTLINE_AI_URL) {
    cfg.remote = {
      baseUrl: env.SIGHTLINE_AI_URL,
      ...(env.SIGHTLINE_AI_TOKEN ? { token: env.SIGHTLINE_AI_TOKEN } : {}),
      ...(env.SIGHTLINE_AI_TIMEOUT_MS ? { timeoutMs: Number(env.SIGHTLINE_AI_TIMEOUT_MS) } : {}),
    };
  }
  return cfg;
}

/** The model file to use: configured, else the default location when a model and its sidecar are there. */
export function resolveModelPath(cfg: VisionConfig): string | null {
  const p = cfg.modelPath ?? DEFAULT_MODEL_PATH;
  return existsSync(p) && existsSync(sidecarPath(p)) ? p : null;
}

export function createOnnxDetector(cfg: VisionConfig): OnnxDetector | null {
  const p = resolveModelPath(cfg);
  if (!p) return null;
  return new OnnxDetector({
    modelPath: p,
    ...(cfg.classMap ? { classMap: cfg.classMap } : {}),
    ...(cfg.threads ? { threads: cfg.threads } : {}),
    ...(cfg.tta ? { tta: true } : {}),
  });
}

/** Every detector available here: built-in always, the learned model when present, remote when configured. */
export function availableDetectors(cfg: VisionConfig = configFromEnv()): Detector[] {
  const out: Detector[] = [new BuiltinDetector(cfg.builtin)];
  try {
    const onnx = createOnnxDetector(cfg);
    if (onnx) out.push(onnx);
  } catch (e) {
    process.emitWarning(`vision: model not usable, falling back to the built-in detector: ${(e as Error).message}`);
  }
  if (cfg.remote) out.push(new RemoteDetector(cfg.remote));
  return out;
}

/** The detector the product uses by default: the learned model when present, else the built-in one. */
export function createDefaultDetector(cfg: VisionConfig = configFromEnv()): Detector {
  try {
    const onnx = createOnnxDetector(cfg);
    if (onnx) return onnx;
  } catch (e) {
    process.emitWarning(`vision: model not usable, falling back to the built-in detector: ${(e as Error).message}`);
  }
  return new BuiltinDetector(cfg.builtin);
}
