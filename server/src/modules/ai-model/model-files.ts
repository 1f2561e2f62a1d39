/**
 * A learned model's files where onnxruntime can open them: worker threads read the .onnx and its sidecar from the
 * blob store (local or S3) into a folder of their machine's temporary directory, once per stored model, and keep one
 * detector per model (a session holds the weights and its threads' buffers, loading one is most of a second).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@sightline/shared';
import { OnnxDetector } from '@sightline/vision';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { ScreeningModel } from './model-choice.js';

const FOLDER = path.join(os.tmpdir(), 'sightline-ai-models');
/** Detectors a thread keeps: a screening uses one model, a team rarely more than a few. */
const KEPT = 4;
const detectors = new Map<string, OnnxDetector>();

/**
 * Writes the model's files unless this machine has them already; answers the .onnx's path. The folder is named by
 * the stored objects (keys and entity tags), not the model's id alone: ids start again in another database.
 */
async function localModelPath(store: BlobStore, model: ScreeningModel): Promise<string> {
  const [modelInfo, sidecarInfo] = await Promise.all([store.stat(model.modelKey), store.stat(model.sidecarKey)]);
  if (!modelInfo || !sidecarInfo) throw new AppError('AI_MODEL_NOT_EXISTING');
  const identity = createHash('sha256')
    .update([model.modelKey, modelInfo.etag, model.sidecarKey, sidecarInfo.etag].join('\n'))
    .digest('hex')
    .slice(0, 24);
  const folder = path.join(FOLDER, identity);
  const modelPath = path.join(folder, 'model.onnx');
  const sidecarPath = path.join(folder, 'model.json');
  if (fs.existsSync(modelPath) && fs.existsSync(sidecarPath)) return modelPath;
  fs.mkdirSync(folder, { recursive: true });
  // Written under a name of this thread first: another thread may be writing the same model.
  const own = `.${process.pid}-${Math.random().toString(36).slice(2)}`;
  // Streamed: a model may be 200 MB, never held whole.
  try {
    await pipeline(store.get(model.sidecarKey), fs.createWriteStream(sidecarPath + own));
    await pipeline(store.get(model.modelKey), fs.createWriteStream(modelPath + own));
  } catch (error) {
    for (const file of [sidecarPath + own, modelPath + own]) fs.rmSync(file, { force: true });
    throw error;
  }
  fs.renameSync(sidecarPath + own, sidecarPath);
  fs.renameSync(modelPath + own, modelPath);
  return modelPath;
}

/** The thread's detector of the model, loaded on first use. */
export async function learnedDetector(store: BlobStore, model: ScreeningModel): Promise<OnnxDetector> {
  const modelPath = await localModelPath(store, model);
  const kept = detectors.get(modelPath);
  if (kept) return kept;
  const detector = new OnnxDetector({ modelPath, name: `model:${model.name}` });
  if (detectors.size >= KEPT) {
    const [oldestPath, oldest] = detectors.entries().next().value!;
    detectors.delete(oldestPath);
    await oldest.close();
  }
  detectors.set(modelPath, detector);
  return detector;
}
