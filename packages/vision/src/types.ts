/**
 * Public types of the defect detection engine.
 *
 * Every detector (built-in classical, learned ONNX model, remote HTTP service) implements {@link Detector}:
 * an image of any size in, detections in image pixels out.
 */

import { BUILT_IN_DEFECT_SHAPES, BUILT_IN_DEFECT_TYPE_CODES, type BuiltInDefectTypeCode } from '@sightline/shared';

/** The platform's built-in defect types (the contract in packages/shared), which detectors report. */
export const DEFECT_TYPES = BUILT_IN_DEFECT_TYPE_CODES;
export type DefectType = BuiltInDefectTypeCode;

/** Types whose geometry is a line (polyline with widths); every other type is an area (polygon). */
export const LINEAR_TYPES: readonly DefectType[] = DEFECT_TYPES.filter(
  (type) => BUILT_IN_DEFECT_SHAPES[type] === 'line',
);

export function isDefectType(v: unknown): v is DefectType {
  return typeof v === 'string' && (DEFECT_TYPES as readonly string[]).includes(v);
}

export function isLinearType(t: DefectType): boolean {
  return LINEAR_TYPES.includes(t);
}

/** A point in image pixels: [x, y], origin top-left, x to the right, y down. */
export type Point = [number, number];

export interface PolylineGeometry {
  kind: 'polyline';
  /** Vertices along the crack centre line (pixel centres, so a pixel (i, j) is at [i, j]). */
  points: Point[];
  /** Estimated crack width in pixels at each vertex (same length as points). */
  widths: number[];
  lengthPx: number;
  meanWidthPx: number;
  maxWidthPx: number;
}

export interface PolygonGeometry {
  kind: 'polygon';
  /** Outer ring first, then holes; each ring is open (first point not repeated). */
  rings: Point[][];
  areaPx: number;
}

export type Geometry = PolylineGeometry | PolygonGeometry;

/** Binary mask of one detection, cropped to its bounding box, run-length encoded row-major. */
export interface DetectionMask {
  x: number;
  y: number;
  width: number;
  height: number;
  /** Alternating run lengths starting with a run of 0s (may be 0): [zeros, ones, zeros, ones, ...]. */
  rle: number[];
}

export interface Detection {
  type: DefectType;
  /** 0..1 */
  confidence: number;
  geometry: Geometry;
  /** [x, y, width, height] in pixels. */
  bbox: [number, number, number, number];
  mask?: DetectionMask;
}

export interface DetectOptions {
  /** Defect types wanted; default: every type the detector claims. */
  types?: readonly DefectType[];
  /** Minimum length of a linear defect (pixels along the polyline). Default 20. */
  minLengthPx?: number;
  /** Minimum area of an area defect (pixels). Default 64. */
  minAreaPx?: number;
  /** Override the detector's operating threshold on its 0..1 score map. */
  threshold?: number;
  /** Attach a cropped RLE mask to each detection. */
  includeMask?: boolean;
  /** Time budget for recognition (score maps), ms. Default 300 000. */
  timeoutMs?: number;
  /** Time budget for post-processing (geometry extraction), ms. Default 120 000. */
  postTimeoutMs?: number;
  signal?: AbortSignal;
}

export interface DetectionResult {
  detector: string;
  width: number;
  height: number;
  detections: Detection[];
  /** Requested types that this detector does not claim (ignored). */
  ignoredTypes: DefectType[];
  timings: { decodeMs: number; scoreMs: number; postMs: number };
}

/** A decoded image: 8-bit RGB, row-major, no padding. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Per-pixel 0..1 score map for one type, same size as the image. */
export interface ScoreMap {
  width: number;
  height: number;
  data: Float32Array;
}

/** What a caller can hand a detector. Strings are file paths; Buffers are encoded bytes (JPEG, PNG, TIFF, WebP). */
export type ImageInput = string | Uint8Array | RgbImage;

export interface Detector {
  readonly name: string;
  /** Types this detector claims (measured on data). */
  readonly supportedTypes: readonly DefectType[];
  detect(input: ImageInput, options?: DetectOptions): Promise<DetectionResult>;
  /** Release native resources. */
  close?(): Promise<void>;
}

/** A detector that can expose its per-pixel score maps (needed for the evaluation threshold sweep). */
export interface ScoringDetector extends Detector {
  /** The operating threshold used by detect() unless overridden. */
  readonly defaultThreshold: number;
  scoreMaps(
    input: ImageInput,
    options?: Pick<DetectOptions, 'types' | 'timeoutMs' | 'signal'>,
  ): Promise<Partial<Record<DefectType, ScoreMap>>>;
}

export function isScoringDetector(d: Detector): d is ScoringDetector {
  return typeof (d as Partial<ScoringDetector>).scoreMaps === 'function';
}
