/**
 * Screening one photo as worker-thread work (platform/cpu): decoding and the detector's score maps are seconds of
 * CPU that must never hold the API's event loop. Each thread keeps one built-in detector (packages/vision), and one
 * learned detector per model it was given (ai-model/model-files.ts).
 */
import { BuiltinDetector, isVisionError, type DefectType } from '@sightline/vision';
import { AppError, type ErrorKey } from '@sightline/shared';
import { defineCpuTask } from '../../platform/cpu/index.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { createConfiguredBlobStore } from '../../platform/storage/configured-blob-store.js';
import type { ScreeningModel } from '../ai-model/model-choice.js';
import { learnedDetector } from '../ai-model/model-files.js';

export interface ScreenPhotoInput {
  originalKey: string;
  types: DefectType[];
  /** The learned model chosen for the photo's project (ai-model/model-choice.ts); null: the built-in detector. */
  model: ScreeningModel | null;
}

/** A detection as a drawable shape in the photo's pixels (a crack's mean width in pixels with it). */
export interface ScreenedShape {
  type: DefectType;
  kind: 'polyline' | 'polygon';
  points: Array<[number, number]>;
  widthPx: number | null;
}

export type ScreenPhotoResult = { ok: true; shapes: ScreenedShape[] } | { ok: false; errorKey: ErrorKey };

let threadStore: BlobStore | undefined;
let builtin: BuiltinDetector | undefined;

/**
 * The photo's detections, or the key saying why this photo cannot be screened (the run goes on with the others);
 * a cancelled run's abort ends it with the abort.
 */
export const screenPhotoTask = defineCpuTask(
  'ai-screening.screen-photo',
  async (input: ScreenPhotoInput, context): Promise<ScreenPhotoResult> => {
    const store = (threadStore ??= createConfiguredBlobStore(context.config));
    if (!(await store.stat(input.originalKey))) return { ok: false, errorKey: 'DISEASE_IMAGE_URL_NULL' };
    const bytes = await store.read(input.originalKey);
    context.signal.throwIfAborted();
    try {
      const learned = input.model && (await learnedDetector(store, input.model));
      const detector = learned || (builtin ??= new BuiltinDetector());
      // A learned model reports its own classes: asked for others only, it finds nothing.
      const types = learned ? input.types.filter((type) => learned.supportedTypes.includes(type)) : input.types;
      if (types.length === 0) return { ok: true, shapes: [] };
      const result = await detector.detect(bytes, { types, signal: context.signal });
      return {
        ok: true,
        shapes: result.detections.map((detection) =>
          detection.geometry.kind === 'polyline'
            ? {
                type: detection.type,
                kind: 'polyline',
                points: detection.geometry.points,
                widthPx: detection.geometry.meanWidthPx,
              }
            : { type: detection.type, kind: 'polygon', points: detection.geometry.rings[0] ?? [], widthPx: null },
        ),
      };
    } catch (error) {
      context.signal.throwIfAborted();
      if (isVisionError(error)) return { ok: false, errorKey: error.key };
      throw error instanceof AppError ? error : new AppError('AI_SERVER_EXCEPTION');
    }
  },
);
