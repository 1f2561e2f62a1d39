/**
 * AI screening of an inspection's photos and the review of its results (SPEC sections 2, 4 and 7: /ai-check and the
 * AI calls of /inspection-image).
 *
 * A screening is a durable job per inspection, queued across the deployment: its photos in range are screened by
 * the detection engine one by one and what it finds becomes defects with source `ai`, sized and placed like drawn
 * ones. While a screening is queued or running the inspection's defects and photos cannot be changed
 * (INSPECTION_IN_AI_CAN_NOT_OPERA). Each photo screened carries an AI result that a reviewer accepts or revokes.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { DEFECT_BATCH_MAX, defectPositionSchema, DEFECT_SHAPES } from './defect.js';
import { idField, idParam, optionalText } from './fields.js';

/** Name of the event-stream message carrying a screening's state and progress. */
export const AI_SCREENING_EVENT = 'aiScreening';

/**
 * Screenings waiting or running across the deployment at most; one more is TASK_QUEUE_FULL. Screening is CPU work
 * of minutes per inspection: beyond this a user waits longer than retrying later would take.
 */
export const AI_QUEUE_MAX = 20;

/** SPEC section 4's AI check states. */
export const AI_CHECK_STATES = [
  'NOT_EXISTING',
  'AI_In_Preparation',
  'AI_QUEUE',
  'AI_CHECKING',
  'AI_CHECK_COMPLETE',
  'AI_CHECK_EXCEPTION',
  'AI_SERVER_EXCEPTION',
  'TASK_CANCELING',
] as const;
export type AiCheckState = (typeof AI_CHECK_STATES)[number];
/** States in which a screening holds its inspection: no edits, no second start. */
export const AI_BUSY_STATES = ['AI_In_Preparation', 'AI_QUEUE', 'AI_CHECKING', 'TASK_CANCELING'] as const;

/**
 * `keepManual`: every photo, drawn defects kept; `deleteManual`: every photo, drawn defects deleted first;
 * `undetected`: only photos with no AI result yet. A photo screened again loses its earlier AI defects.
 */
export const AI_IMAGE_RANGES = ['keepManual', 'deleteManual', 'undetected'] as const;
export type AiImageRange = (typeof AI_IMAGE_RANGES)[number];

/**
 * A photo's AI result: `pending` (in a screening, not done yet), `damage` (defects found), `clean` (none found),
 * `abnormal` (the photo could not be screened: its error key says why).
 */
export const AI_IMAGE_STATES = ['pending', 'damage', 'clean', 'abnormal'] as const;
export type AiImageState = (typeof AI_IMAGE_STATES)[number];

/** The review tabs of SPEC section 2. */
export const AI_REVIEW_TABS = [
  'all',
  'toReview',
  'reviewed',
  'reviewedNoDamage',
  'abnormal',
  'waiting',
  'notDetected',
] as const;
export type AiReviewTab = (typeof AI_REVIEW_TABS)[number];

export const aiCheckStartParamsSchema = z.object({ inspectionId: idParam });
export const aiCheckStartBodySchema = z.object({
  imageRange: z.enum(AI_IMAGE_RANGES, { error: 'invalidValue' }),
  /**
   * Defect types to report (built-in types the detector covers); empty or left out, every type it covers. Damage
   * below the project's damage filter range (disease-filter) is stored and hidden by the lists, as drawn damage is.
   */
  typeIds: z.array(idField, { error: 'invalidValue' }).max(50, { error: 'tooLong' }).optional(),
});
export type AiCheckStartBody = z.input<typeof aiCheckStartBodySchema>;
export const aiCheckIdParamsSchema = z.object({ id: idParam });

/**
 * What found an AI result: a learned model of the team (modules/ai-model; `name` null once the model is deleted, its
 * defects keeping its id), or the built-in detector (`modelId` null).
 */
export const aiDetectorSchema = z.object({ modelId: z.number().int().nullable(), name: z.string().nullable() });
export type AiDetector = z.infer<typeof aiDetectorSchema>;

export const aiScreeningStatusSchema = z.object({
  inspectionId: z.number().int(),
  state: z.enum(AI_CHECK_STATES),
  imageRange: z.enum(AI_IMAGE_RANGES).nullable(),
  /** Photos of the run done (screened or abnormal), of its photos. */
  done: z.number().int(),
  total: z.number().int(),
  /** Defects the run found so far. */
  defects: z.number().int(),
  /** Screenings ahead of this one in the queue (0: next, or running); null when not queued. */
  queuePosition: z.number().int().nullable(),
  errorKey: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /**
   * What the last run screened with, recorded when it started: one detector (none before a first run), whatever the
   * project chooses or the inspection's AI defects hold since.
   */
  detectors: z.array(aiDetectorSchema),
});
export type AiScreeningStatus = z.infer<typeof aiScreeningStatusSchema>;

export const aiPageBodySchema = z
  .object({ inspectionId: idField, tab: z.enum(AI_REVIEW_TABS, { error: 'invalidValue' }).default('all') })
  .extend(pageQuerySchema.shape);
export type AiPageBody = z.input<typeof aiPageBodySchema>;

export const aiImageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  aiState: z.enum(AI_IMAGE_STATES).nullable(),
  reviewed: z.boolean(),
  /** Defects on the photo now (drawn and AI), and those the AI found. */
  defectCount: z.number().int(),
  aiDefectCount: z.number().int(),
  errorKey: z.string().nullable(),
  screenedAt: z.string().nullable(),
});
export type AiImage = z.infer<typeof aiImageSchema>;
export const aiTabCountsSchema = z.object(
  Object.fromEntries(AI_REVIEW_TABS.map((tab) => [tab, z.number().int()])) as Record<AiReviewTab, z.ZodNumber>,
);
export type AiTabCounts = z.infer<typeof aiTabCountsSchema>;
export const aiImagePageSchema = pageOf(aiImageSchema).extend({ counts: aiTabCountsSchema });

export const aiReviewBodySchema = z.object({
  /** Photos of one inspection. */
  ids: z
    .array(idField, { error: 'required' })
    .min(1, { error: 'required' })
    .max(DEFECT_BATCH_MAX, { error: 'numberRange' }),
});
export const aiReviewAllQuerySchema = z.object({ inspectionId: idParam });
/** `num`: photos whose review changed (the all-review message's {num}). */
export const aiReviewResultSchema = z.object({ num: z.number().int() });

export const aiImageInfoParamsSchema = z.object({ id: idParam });
export const aiDefectSchema = z.object({
  id: z.number().int(),
  typeId: z.number().int(),
  shapeKind: z.enum(DEFECT_SHAPES),
  points: z.array(z.tuple([z.number(), z.number()])),
  size: z.object({ lengthM: z.number().nullable(), widthMm: z.number().nullable(), areaM2: z.number().nullable() }),
  position: defectPositionSchema.nullable(),
  locationState: z.string(),
  /** The team's learned model that found it (modules/ai-model); null: the built-in detector. */
  aiModelId: z.number().int().nullable(),
  /** What found it, by name. */
  detector: aiDetectorSchema,
});
export const aiImageInfoSchema = aiImageSchema.extend({ defects: z.array(aiDefectSchema) });
export type AiImageInfo = z.infer<typeof aiImageInfoSchema>;

export const aiPoints3dParamsSchema = z.object({ projectId: idParam, inspectionId: idParam });
/** An AI defect placed on the model, for the 3D view. */
export const aiPoint3dSchema = z.object({
  defectId: z.number().int(),
  imageId: z.number().int(),
  typeId: z.number().int(),
  position: defectPositionSchema,
});
export const aiPoints3dSchema = z.array(aiPoint3dSchema);

/**
 * Error feedback on damage the AI recognised wrongly: `correctTypeId` the type it is (the AI defect takes it and keeps
 * its shape), or null when it is not damage (the AI defect is deleted); `content` the reviewer's note.
 */
export const aiFeedbackBodySchema = z.object({
  defectId: idField,
  correctTypeId: idField.nullable(),
  content: optionalText(500),
});
export type AiFeedbackBody = z.input<typeof aiFeedbackBodySchema>;
export const aiFeedbackQuerySchema = z.object({ inspectionId: idParam });
export const aiFeedbackSchema = z.object({
  id: z.number().int(),
  imageId: z.number().int(),
  defectId: z.number().int(),
  /** The type the AI gave, and the reviewer's (null: not damage). */
  aiTypeId: z.number().int(),
  correctTypeId: z.number().int().nullable(),
  shapeKind: z.enum(DEFECT_SHAPES),
  points: z.array(z.tuple([z.number(), z.number()])),
  content: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type AiFeedback = z.infer<typeof aiFeedbackSchema>;
