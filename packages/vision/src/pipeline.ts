/** Shared detect() flow for detectors that produce per-pixel score maps. */
import { asVisionError, Deadline, VisionError } from './errors.js';
import { extractAreas, extractLinear } from './extract.js';
import { loadRgb } from './image.js';
import { loadOpenCv } from './opencv.js';
import {
  isDefectType,
  isLinearType,
  type DefectType,
  type Detection,
  type DetectOptions,
  type DetectionResult,
  type ImageInput,
  type RgbImage,
  type ScoreMap,
  type ScoringDetector,
} from './types.js';

export const DEFAULT_TIMEOUT_MS = 300_000;
export const DEFAULT_POST_TIMEOUT_MS = 120_000;

/**
 * Which of the requested types this detector will handle. No request = all claimed types. A request that
 * names none of the types the detector handles is DISEASE_TYPE_NOT_COVER_AI.
 */
export function resolveTypes(
  requested: readonly string[] | undefined,
  handled: readonly DefectType[],
  defaults: readonly DefectType[] = handled,
): { types: DefectType[]; ignored: DefectType[] } {
  if (!requested || requested.length === 0) return { types: [...defaults], ignored: [] };
  const bad = requested.filter((t) => !isDefectType(t));
  if (bad.length)
    throw new VisionError(
      'DISEASE_TYPE_NOT_COVER_AI',
      `unknown defect type(s): ${bad.join(', ')}`,
      'types_not_covered',
    );
  const req = requested as DefectType[];
  const types = req.filter((t) => handled.includes(t));
  const ignored = req.filter((t) => !handled.includes(t));
  if (!types.length) {
    throw new VisionError(
      'DISEASE_TYPE_NOT_COVER_AI',
      `detector does not cover: ${req.join(', ')} (covers ${handled.join(', ')})`,
      'types_not_covered',
    );
  }
  return { types: [...new Set(types)], ignored: [...new Set(ignored)] };
}

export const nextTick = (): Promise<void> => new Promise((r) => setImmediate(r));

export abstract class ScoreMapDetector implements ScoringDetector {
  abstract readonly name: string;
  abstract readonly supportedTypes: readonly DefectType[];
  abstract readonly defaultThreshold: number;
  /** Types handled on explicit request in addition to the claimed ones (experimental). */
  protected extraTypes: readonly DefectType[] = [];
  /** Hysteresis low threshold as a fraction of the operating threshold. */
  protected lowRatio = 0.5;

  protected abstract computeScoreMaps(
    img: RgbImage,
    types: DefectType[],
    deadline: Deadline,
  ): Promise<Partial<Record<DefectType, ScoreMap>>>;

  protected handledTypes(): DefectType[] {
    return [...this.supportedTypes, ...this.extraTypes];
  }

  async scoreMaps(
    input: ImageInput,
    options: Pick<DetectOptions, 'types' | 'timeoutMs' | 'signal'> = {},
  ): Promise<Partial<Record<DefectType, ScoreMap>>> {
    try {
      const { types } = resolveTypes(options.types, this.handledTypes(), this.supportedTypes);
      const img = await loadRgb(input);
      const deadline = new Deadline(
        options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        'AI_SERVER_RECOGNITION_TIME_OUT',
        options.signal,
      );
      return await this.computeScoreMaps(img, types, deadline);
    } catch (e) {
      throw asVisionError(e);
    }
  }

  async detect(input: ImageInput, options: DetectOptions = {}): Promise<DetectionResult> {
    try {
      const { types, ignored } = resolveTypes(options.types, this.handledTypes(), this.supportedTypes);
      const t0 = Date.now();
      const img = await loadRgb(input);
      const t1 = Date.now();
      const deadline = new Deadline(
        options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        'AI_SERVER_RECOGNITION_TIME_OUT',
        options.signal,
      );
      const maps = await this.computeScoreMaps(img, types, deadline);
      deadline.check();
      const t2 = Date.now();
      const post = new Deadline(
        options.postTimeoutMs ?? DEFAULT_POST_TIMEOUT_MS,
        'AI_POST_PROCESSING_TIME_OUT',
        options.signal,
      );
      const detections = [];
      const needCv = types.some((t) => !isLinearType(t));
      const cv = needCv ? await loadOpenCv() : null;
      for (const type of types) {
        const map = maps[type];
        if (!map) continue;
        const params = {
          threshold: options.threshold ?? this.thresholdFor(type),
          lowRatio: this.lowRatio,
          minLengthPx: options.minLengthPx ?? 20,
          minAreaPx: options.minAreaPx ?? 64,
          includeMask: options.includeMask ?? false,
          simplifyPx: 1.0,
          deadline: post,
        };
        detections.push(
          ...(isLinearType(type) ? extractLinear(type, map, params) : extractAreas(cv, type, map, params)),
        );
        post.check();
      }
      this.refine(img, detections);
      post.check();
      detections.sort((a, b) => b.confidence - a.confidence);
      return {
        detector: this.name,
        width: img.width,
        height: img.height,
        detections,
        ignoredTypes: ignored,
        timings: { decodeMs: t1 - t0, scoreMs: t2 - t1, postMs: Date.now() - t2 },
      };
    } catch (e) {
      throw asVisionError(e);
    }
  }

  /** Hook for detector-specific refinement of the extracted geometry (e.g. widths from the image). */
  protected refine(_img: RgbImage, _detections: Detection[]): void {
    /* default: keep the geometry from the score map */
  }

  async close(): Promise<void> {
    /* nothing to release by default */
  }

  protected thresholdFor(_type: DefectType): number {
    return this.defaultThreshold;
  }
}
