/**
 * Learned-model work as worker-thread work (platform/cpu): loading a model in onnxruntime, evaluating it on photos and
 * writing a training set's photos and masks are seconds of CPU that must never hold the API's event loop.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import {
  evaluateDetector,
  isVisionError,
  listPairs,
  OnnxDetector,
  writeTrainingSet,
  type DefectMaskShape,
  type DefectType,
  type TrainingSetManifest,
} from '@sightline/vision';
import type { AiModelEvaluation, ErrorKey } from '@sightline/shared';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import type { ScreeningModel } from './model-choice.js';
import { learnedDetector } from './model-files.js';

/** Pixel tolerance of the quick evaluation: the DeepCrack protocol's usual 2 px, as packages/vision reports. */
const EVALUATION_TOLERANCE_PX = 2;
/** The probe image a model must take: small, but larger than any sane receptive field's padding. */
const PROBE_PX = 64;

let threadStore: BlobStore | undefined;

function temporaryFolder(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export interface CheckModelInput {
  /** Where the route streamed the uploaded .onnx: the thread loads it from there, no bytes cross threads. */
  modelPath: string;
  /** The sidecar's JSON, already valid against the shared schema. */
  sidecar: string;
}

/**
 * Whether onnxruntime loads the model and it answers a probe image with a finite score for every class its sidecar
 * maps (a channel the model lacks, an input name it does not have, a file that is not ONNX all fail here). The model
 * is read where it lies; only the small sidecar is written, to a folder of its own.
 */
export const checkModelTask = defineCpuTask(
  'ai-model.check',
  async (input: CheckModelInput): Promise<{ ok: true } | { ok: false; errorKey: ErrorKey }> => {
    const folder = temporaryFolder('sightline-model-check-');
    let detector: OnnxDetector | undefined;
    try {
      const metaPath = path.join(folder, 'model.json');
      fs.writeFileSync(metaPath, input.sidecar);
      detector = new OnnxDetector({ modelPath: input.modelPath, metaPath, threads: 1 });
      const probe = { width: PROBE_PX, height: PROBE_PX, data: new Uint8Array(PROBE_PX * PROBE_PX * 3).fill(128) };
      const maps = await detector.scoreMaps(probe, { types: [...detector.supportedTypes] });
      const complete = detector.supportedTypes.every((type) => {
        const map = maps[type];
        return map !== undefined && map.data.every((value) => Number.isFinite(value));
      });
      return complete ? { ok: true } : { ok: false, errorKey: 'AI_MODEL_SIDECAR_ERROR' };
    } catch (error) {
      if (isVisionError(error)) return { ok: false, errorKey: 'AI_MODEL_FILE_ERROR' };
      throw error;
    } finally {
      await detector?.close();
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);

/** A reviewed photo: its original in the blob store and its reviewed shapes of the set's class (none: no damage). */
export interface ReviewedPhoto {
  name: string;
  originalKey: string;
  shapes: DefectMaskShape[];
  heldBack: boolean;
}

async function samplesOf(store: BlobStore, photos: readonly ReviewedPhoto[], signal: AbortSignal) {
  const samples = [];
  for (const photo of photos) {
    signal.throwIfAborted();
    if (!(await store.stat(photo.originalKey))) continue;
    samples.push({
      name: photo.name,
      imageJpeg: await buffer(store.get(photo.originalKey)),
      shapes: photo.shapes,
      heldBack: photo.heldBack,
    });
  }
  return samples;
}

export interface EvaluateModelInput {
  model: ScreeningModel;
  type: DefectType;
  photos: ReviewedPhoto[];
}

/** The model's best-threshold F, precision and recall on the photos (held back from training). */
export const evaluateModelTask = defineCpuTask(
  'ai-model.evaluate',
  async (input: EvaluateModelInput, context): Promise<AiModelEvaluation> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    const detector = await learnedDetector(store, input.model);
    const folder = temporaryFolder('sightline-model-eval-');
    try {
      const samples = await samplesOf(store, input.photos, context.signal);
      if (samples.length === 0) return { f: null, precision: null, recall: null, photos: 0 };
      await writeTrainingSet(
        folder,
        samples.map((sample) => ({ ...sample, heldBack: true })),
        { classes: [input.type] },
      );
      const [row] = await evaluateDetector(detector, listPairs(path.join(folder, 'test')), {
        tolerances: [EVALUATION_TOLERANCE_PX],
        type: input.type,
      });
      const scores = row!.scores;
      return { f: scores.f, precision: scores.precision, recall: scores.recall, photos: row!.images };
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  },
);

export interface WriteTrainingSetInput {
  folder: string;
  source: string;
  type: DefectType;
  photos: ReviewedPhoto[];
}

/** Writes the photos and their masks in packages/vision's training-set layout under `folder`. */
export const writeTrainingSetTask = defineCpuTask(
  'ai-model.write-training-set',
  async (input: WriteTrainingSetInput, context): Promise<TrainingSetManifest> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    const samples = await samplesOf(store, input.photos, context.signal);
    return writeTrainingSet(input.folder, samples, { source: input.source, classes: [input.type] });
  },
);
