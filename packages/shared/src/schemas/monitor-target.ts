/**
 * Drone-target displacement monitoring (SPEC sections 3, 4 and 7, "Monitoring": /project-tag, /tag-displacement).
 *
 * A target is picked on a photo of the project's baseline inspection (the benchmark): physical (a printed ArUco
 * marker of a dictionary and id, or a circular marker) or virtual (a rectangle of the photo, found again by its
 * look). Identification finds the target on the baseline photo and on the same photo (by position in name order) of
 * every monitoring round: each later inspection of the project with as many photos as the baseline. Its states are
 * SPEC section 4's: unidentified, identifying, identified, failure. A round's displacement is in millimetres, from
 * the photos' poses, camera and shooting distance (docs/api.md, "Drone-target monitoring"); above the target's
 * threshold it raises an alarm notice.
 *
 * Pixels count from the photo's top-left corner, (0.5, 0.5) being the first pixel's centre.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { booleanQueryField, idField, idParam, requiredText } from './fields.js';
import { MONITOR_BATCH_MAX, thresholdField } from './monitor-point.js';

export const TARGET_TYPES = ['physical', 'virtual'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
/** How a physical target is printed. */
export const TARGET_MARKERS = ['aruco', 'circle'] as const;
export type TargetMarker = (typeof TARGET_MARKERS)[number];
/** SPEC section 4, target identification. */
export const TARGET_STATES = ['unidentified', 'identifying', 'identified', 'failure'] as const;
export type TargetState = (typeof TARGET_STATES)[number];
/**
 * SPEC section 4's displacement analysis states, as a target's identification job gives them (docs/api.md, "Analysis
 * states"): not started, queued, analysing, cancelling, analysed, error.
 */
export const ANALYSIS_STATES = ['notStarted', 'queued', 'analysing', 'cancelling', 'analysed', 'error'] as const;
export type AnalysisState = (typeof ANALYSIS_STATES)[number];
/** Where a target's position on a photo came from: found by identification, or set by hand. */
export const TARGET_FIX_SOURCES = ['detected', 'manual'] as const;
export type TargetFixSource = (typeof TARGET_FIX_SOURCES)[number];

/** OpenCV's predefined ArUco dictionaries (the same list as packages/vision). */
export const ARUCO_DICTIONARY_NAMES = [
  'DICT_4X4_50',
  'DICT_4X4_100',
  'DICT_4X4_250',
  'DICT_4X4_1000',
  'DICT_5X5_50',
  'DICT_5X5_100',
  'DICT_5X5_250',
  'DICT_5X5_1000',
  'DICT_6X6_50',
  'DICT_6X6_100',
  'DICT_6X6_250',
  'DICT_6X6_1000',
  'DICT_7X7_50',
  'DICT_7X7_100',
  'DICT_7X7_250',
  'DICT_7X7_1000',
  'DICT_ARUCO_ORIGINAL',
] as const;
export type ArucoDictionaryName = (typeof ARUCO_DICTIONARY_NAMES)[number];

/** How many markers a dictionary holds (ids 0 to n − 1). */
export function arucoMarkerCount(dictionary: ArucoDictionaryName): number {
  return dictionary === 'DICT_ARUCO_ORIGINAL' ? 1024 : Number(dictionary.split('_')[2]);
}

/** Photo pixels at most (a 100-megapixel photo's side is about 12,000 px). */
const PIXEL_MAX = 100_000;
/** The smallest patch of a virtual target, pixels a side: below it a match is not telling. */
export const TARGET_PATCH_MIN_PX = 8;
/** The largest patch or search area, pixels a side. */
export const TARGET_REGION_MAX_PX = 4096;

const pixelField = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .min(0, { error: 'numberRange' })
  .max(PIXEL_MAX, { error: 'numberRange' });

/** A rectangle of the baseline photo, pixels. */
export const targetRegionSchema = z.object({
  x: pixelField,
  y: pixelField,
  width: pixelField.min(TARGET_PATCH_MIN_PX, { error: 'numberRange' }).max(TARGET_REGION_MAX_PX, {
    error: 'numberRange',
  }),
  height: pixelField.min(TARGET_PATCH_MIN_PX, { error: 'numberRange' }).max(TARGET_REGION_MAX_PX, {
    error: 'numberRange',
  }),
});
export type TargetRegion = z.infer<typeof targetRegionSchema>;

/**
 * A new target (POST /project-tag). `region`: a virtual target's patch; a circular marker's surroundings (the disc
 * and some of its card, no other dark shape); for an ArUco marker, where to look on the baseline photo (the whole
 * photo when absent). `dictionary` and `markerId` name an ArUco marker.
 */
export const createTargetBodySchema = z
  .object({
    projectId: idField,
    imageId: idField,
    name: requiredText(),
    type: z.enum(TARGET_TYPES, { error: 'invalidValue' }),
    marker: z.enum(TARGET_MARKERS, { error: 'invalidValue' }).nullable().optional(),
    dictionary: z.enum(ARUCO_DICTIONARY_NAMES, { error: 'invalidValue' }).nullable().optional(),
    markerId: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(0).nullable().optional(),
    region: targetRegionSchema.nullable().optional(),
    thresholdMm: thresholdField,
  })
  .superRefine((body, context) => {
    const need = (path: string) => context.addIssue({ code: 'custom', path: [path], message: 'required' });
    if (body.type === 'virtual') {
      if (!body.region) need('region');
      return;
    }
    if (!body.marker) return need('marker');
    if (body.marker === 'circle') {
      if (!body.region) need('region');
      return;
    }
    if (!body.dictionary) need('dictionary');
    if (body.markerId === null || body.markerId === undefined) need('markerId');
    else if (body.dictionary && body.markerId >= arucoMarkerCount(body.dictionary)) {
      context.addIssue({ code: 'custom', path: ['markerId'], message: 'numberRange' });
    }
  });
export type CreateTargetBody = z.input<typeof createTargetBodySchema>;

export const targetListBodySchema = pageQuerySchema.extend({
  projectId: idField,
  state: z.enum(TARGET_STATES, { error: 'invalidValue' }).optional(),
});

export const targetIdsBodySchema = z.object({
  ids: z
    .array(idField, { error: 'required' })
    .min(1, { error: 'required' })
    .max(MONITOR_BATCH_MAX, { error: 'numberRange' }),
});

/** PUT /project-tag/threshold/batch: one displacement threshold for several targets, as for monitoring points. */
export const targetThresholdBatchBodySchema = targetIdsBodySchema.extend({ thresholdMm: thresholdField });

const point = z.object({ x: z.number(), y: z.number() });

export const targetSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  /** The baseline inspection and the photo the target was picked on. */
  inspectionId: z.number().int(),
  imageId: z.number().int(),
  imageName: z.string(),
  name: z.string(),
  type: z.enum(TARGET_TYPES),
  marker: z.enum(TARGET_MARKERS).nullable(),
  dictionary: z.enum(ARUCO_DICTIONARY_NAMES).nullable(),
  markerId: z.number().int().nullable(),
  region: targetRegionSchema.nullable(),
  thresholdMm: z.number(),
  state: z.enum(TARGET_STATES),
  /** The displacement analysis's state, from the state and the identification job's. */
  analysis: z.enum(ANALYSIS_STATES),
  /** Identification's progress, 0 to 1. */
  progress: z.number(),
  /** Why identification failed (IMG_BASIS_IMAGE_NO_TARGET, ...). */
  errorKey: z.string().nullable(),
  /** The target's centre on the baseline photo once identified. */
  baseline: point.nullable(),
  /** The latest round's displacement, mm; null before a round measured it. */
  latestDisplacementMm: z.number().nullable(),
  /** Whether the latest measured round is above the threshold. */
  alarm: z.boolean(),
  createdAt: z.string(),
});
export type Target = z.infer<typeof targetSchema>;
export const targetPageSchema = pageOf(targetSchema);
export const targetCountSchema = z.object({ count: z.number().int() });

/** GET /tag-displacement/images?tagId: the target's photos, the baseline's first, then each round's. */
export const targetImagesQuerySchema = z.object({ tagId: idParam });

export const targetImageSchema = z.object({
  imageId: z.number().int(),
  imageName: z.string(),
  inspectionId: z.number().int(),
  inspectionName: z.string(),
  inspectionDate: z.string(),
  /** The baseline photo (true) or a round's. */
  baseline: z.boolean(),
  /** The target's centre on this photo; null when identification did not find it (set it by hand). */
  position: point.nullable(),
  source: z.enum(TARGET_FIX_SOURCES).nullable(),
  /** A round's displacement from the baseline, mm, with its parts along the baseline photo's right and down. */
  displacementMm: z.number().nullable(),
  rightMm: z.number().nullable(),
  downMm: z.number().nullable(),
  alarm: z.boolean(),
});
export type TargetImage = z.infer<typeof targetImageSchema>;

/** A target's position on a photo, set by hand (single: the photo in the path). */
export const targetPositionBodySchema = z.object({ tagId: idField, x: pixelField, y: pixelField });
export const targetPositionsBodySchema = z.object({
  items: z
    .array(targetPositionBodySchema.extend({ imageId: idField }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(MONITOR_BATCH_MAX, { error: 'numberRange' }),
});
export type TargetPositionsBody = z.input<typeof targetPositionsBodySchema>;

/** GET /tag-displacement/analysis/line-chart: the project's targets (or those named, comma-separated ids). */
export const targetChartQuerySchema = z.object({
  projectId: idParam,
  tagIds: z
    .string()
    .regex(/^\d+(,\d+)*$/, { error: 'invalidValue' })
    .transform((text) => text.split(',').map(Number))
    .optional(),
  /** Only targets whose latest round is above the threshold. */
  alarmOnly: booleanQueryField.optional(),
});

/** Per-target series over the rounds, aligned with `rounds` (ECharts' category axis and line series). */
export const targetChartSchema = z.object({
  rounds: z.array(z.object({ inspectionId: z.number().int(), name: z.string(), inspectionDate: z.string() })),
  series: z.array(
    z.object({
      tagId: z.number().int(),
      name: z.string(),
      thresholdMm: z.number(),
      /** Displacement in each round, mm; null where the target was not found. */
      values: z.array(z.number().nullable()),
    }),
  ),
});
export type TargetChart = z.infer<typeof targetChartSchema>;

/** GET /tag-displacement/baselines?projectId: the project's baselines (inspections its targets were picked on). */
export const targetBaselinesQuerySchema = z.object({ projectId: idParam });

/**
 * Why a later inspection is not a monitoring round of a baseline (SPEC section 5: "the number of monitor images
 * must equal the number of baseline images"): `photoCount`, its photo count differs from the baseline's. Such an
 * inspection is uploaded like any other; the analysis skips it and says why.
 */
export const ROUND_SKIP_REASONS = ['photoCount'] as const;
export type RoundSkipReason = (typeof ROUND_SKIP_REASONS)[number];

/** A baseline (benchmark) with the project's later inspections, each a round or skipped with its reason. */
export const targetBaselineSchema = z.object({
  inspectionId: z.number().int(),
  name: z.string(),
  inspectionDate: z.string(),
  description: z.string(),
  /** Its listed photos (every state but uploading), the count a round must have. */
  photoCount: z.number().int(),
  targetCount: z.number().int(),
  rounds: z.array(
    z.object({
      inspectionId: z.number().int(),
      name: z.string(),
      inspectionDate: z.string(),
      photoCount: z.number().int(),
      /** Null: a round the analysis measures; else why it skips the inspection. */
      skipped: z.enum(ROUND_SKIP_REASONS).nullable(),
    }),
  ),
});
export type TargetBaseline = z.infer<typeof targetBaselineSchema>;

/** Event-stream message of a target's identification (`monitorTarget:{...}`). */
export const MONITOR_TARGET_EVENT = 'monitorTarget';
export interface MonitorTargetEvent {
  tagId: number;
  projectId: number;
  state: TargetState;
  progress: number;
  errorKey: string | null;
}
