/**
 * Key (important) defects (SPEC sections 2, 3, 5 and 7, /inspection-disease-important) and the calibration of defect
 * positions (SPEC section 4, /inspection-disease/calibration*).
 *
 * A key defect is drawn on the 3D model, not on a photo: a polyline or polygon of WGS84 positions, with a name, type,
 * level, description and a screenshot of the view it was drawn in (a PNG uploaded first, then named by the create or
 * update). Every change is kept in its history. Key defects are not calibrated.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { idField, idParam, optionalText, requiredText } from './fields.js';
import { DEFECT_BATCH_MAX, DEFECT_DESCRIPTION_MAX } from './defect.js';

export const KEY_DEFECT_SHAPES = ['polyline', 'polygon'] as const;
export type KeyDefectShape = (typeof KEY_DEFECT_SHAPES)[number];
/** Fewest positions of each drawn shape (SPEC section 5: polylines at least 2, polygons at least 3). */
export const KEY_DEFECT_SHAPE_MIN_POINTS: Readonly<Record<KeyDefectShape, number>> = { polyline: 2, polygon: 3 };
/** Most positions one drawn graph keeps: far more than clicks on a model make. */
export const KEY_DEFECT_POINTS_MAX = 500;
/** Most key defects one batch creates or deletes. */
export const KEY_DEFECT_BATCH_MAX = 100;
/** The largest screenshot accepted (a PNG of the 3D view). */
export const KEY_DEFECT_SCREENSHOT_MAX_BYTES = 5 * 1024 * 1024;
/**
 * A drawn graph whose extent on screen (the larger side of its bounding box, in CSS pixels) is below this makes a
 * screenshot in which it can hardly be seen: SPEC section 5 asks to confirm, and the server refuses without
 * `confirmSmall`.
 */
export const KEY_DEFECT_SCREEN_RANGE_MIN_PX = 32;
/** Screenshot names as the upload gives them (and the file route accepts). */
export const KEY_DEFECT_SCREENSHOT_NAME_PATTERN = /^kd-[0-9a-f]{24}\.png$/;

const coordinate = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
    .finite({ error: 'invalidValue' })
    .min(min, { error: 'numberRange' })
    .max(max, { error: 'numberRange' });

/** A position on the model: degrees and metres above the ellipsoid (a model may lie below it: no lower bound). */
export const keyDefectPositionSchema = z.object({
  lon: coordinate(-180, 180),
  lat: coordinate(-90, 90),
  height: coordinate(-12_000, 100_000),
});
export type KeyDefectPosition = z.infer<typeof keyDefectPositionSchema>;

export const keyDefectGraphSchema = z
  .object({
    kind: z.enum(KEY_DEFECT_SHAPES, { error: 'invalidValue' }),
    positions: z.array(keyDefectPositionSchema, { error: 'required' }).max(KEY_DEFECT_POINTS_MAX, { error: 'tooLong' }),
  })
  .superRefine((graph, context) => {
    if (graph.positions.length < KEY_DEFECT_SHAPE_MIN_POINTS[graph.kind])
      context.addIssue({ code: 'custom', message: 'defectShapePoints', path: ['positions'] });
  });

/** The drawn graph's extent on screen when the screenshot was taken, in CSS pixels. */
export const keyDefectScreenRangeSchema = z.object({
  width: z.number({ error: 'required' }).min(0, { error: 'invalidValue' }).max(100_000, { error: 'invalidValue' }),
  height: z.number({ error: 'required' }).min(0, { error: 'invalidValue' }).max(100_000, { error: 'invalidValue' }),
});

const level = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .min(LIMITS.defectScale.min, { error: 'numberRange' })
  .max(LIMITS.defectScale.max, { error: 'numberRange' });
const screenshot = z.string({ error: 'required' }).regex(KEY_DEFECT_SCREENSHOT_NAME_PATTERN, { error: 'invalidValue' });

export const createKeyDefectBodySchema = z.object({
  inspectionId: idField,
  name: requiredText(LIMITS.generalInputMax),
  typeId: idField,
  level,
  description: optionalText(DEFECT_DESCRIPTION_MAX).default(''),
  graph: keyDefectGraphSchema,
  /** The uploaded screenshot's name (`POST /inspection-disease-important/screenshot`). */
  screenshot,
  screenRange: keyDefectScreenRangeSchema,
  /** The user confirmed a screenshot whose drawn graph is smaller than KEY_DEFECT_SCREEN_RANGE_MIN_PX. */
  confirmSmall: z.boolean({ error: 'invalidValue' }).default(false),
  /** The photo defect this key defect stands for, in the same inspection. */
  defectId: idField.nullish(),
});
export type CreateKeyDefectBody = z.input<typeof createKeyDefectBodySchema>;

/** An edit: the fields given change; a new graph needs its new screenshot and screen range. */
export const updateKeyDefectBodySchema = z
  .object({
    id: idField,
    name: requiredText(LIMITS.generalInputMax).optional(),
    typeId: idField.optional(),
    level: level.optional(),
    description: optionalText(DEFECT_DESCRIPTION_MAX),
    graph: keyDefectGraphSchema.optional(),
    screenshot: screenshot.optional(),
    screenRange: keyDefectScreenRangeSchema.optional(),
    confirmSmall: z.boolean({ error: 'invalidValue' }).default(false),
    defectId: idField.nullish(),
  })
  .superRefine((body, context) => {
    if (body.graph && !body.screenshot) context.addIssue({ code: 'custom', message: 'required', path: ['screenshot'] });
    if (body.screenshot && !body.screenRange)
      context.addIssue({ code: 'custom', message: 'required', path: ['screenRange'] });
  });
export type UpdateKeyDefectBody = z.input<typeof updateKeyDefectBodySchema>;

export const keyDefectBatchCreateBodySchema = z.object({
  items: z
    .array(createKeyDefectBodySchema, { error: 'required' })
    .min(1, { error: 'required' })
    .max(KEY_DEFECT_BATCH_MAX, { error: 'numberRange' }),
});
export const keyDefectIdsBodySchema = z.object({
  ids: z
    .array(idField, { error: 'required' })
    .min(1, { error: 'required' })
    .max(Math.min(KEY_DEFECT_BATCH_MAX, DEFECT_BATCH_MAX), { error: 'numberRange' }),
});
export const keyDefectIdParamsSchema = z.object({ id: idParam });
export const keyDefectInspectionBodySchema = z.object({ inspectionId: idField });
export const keyDefectScreenshotQuerySchema = z.object({ inspectionId: idParam });
export const keyDefectScreenshotSchema = z.object({ screenshot: z.string() });

export const keyDefectSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  inspectionId: z.number().int(),
  name: z.string(),
  typeId: z.number().int(),
  level: z.number().int(),
  description: z.string(),
  graph: z.object({
    kind: z.enum(KEY_DEFECT_SHAPES),
    positions: z.array(z.object({ lon: z.number(), lat: z.number(), height: z.number() })),
  }),
  screenshot: z.string(),
  /** The screenshot's file URL under `/api`; `<img>` fetches it with a signed link to `screenshotFolder`. */
  screenshotUrl: z.string(),
  defectId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  updatedBy: z.number().int().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type KeyDefect = z.infer<typeof keyDefectSchema>;

/** The key defects of an inspection for the 3D view and the list, with the folder their screenshots are in. */
export const keyDefectCoordinatesSchema = z.object({
  records: z.array(keyDefectSchema),
  /** Folder of the screenshots' file route, for one signed link to all of them (`GET /files/link`). */
  screenshotFolder: z.string(),
});

export const KEY_DEFECT_HISTORY_ACTIONS = ['create', 'update', 'delete'] as const;
export type KeyDefectHistoryAction = (typeof KEY_DEFECT_HISTORY_ACTIONS)[number];
/** The fields an entry of the history records, before and after. */
export const KEY_DEFECT_HISTORY_FIELDS = [
  'name',
  'typeId',
  'level',
  'description',
  'graph',
  'screenshot',
  'defectId',
] as const;
export const keyDefectHistoryQuerySchema = z.object({ id: idField }).extend(pageQuerySchema.shape);
export const keyDefectHistoryEntrySchema = z.object({
  id: z.number().int(),
  keyDefectId: z.number().int(),
  action: z.enum(KEY_DEFECT_HISTORY_ACTIONS),
  /** Per changed field, its value before (null at creation) and after (null at deletion). */
  changes: z.record(z.string(), z.object({ from: z.unknown(), to: z.unknown() })),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type KeyDefectHistoryEntry = z.infer<typeof keyDefectHistoryEntrySchema>;
export const keyDefectHistoryPageSchema = pageOf(keyDefectHistoryEntrySchema);
export const keyDefectCountSchema = z.object({ count: z.number().int() });

// Calibration of defect positions

/** Name of the event-stream message carrying a calibration's state and progress. */
export const DEFECT_CALIBRATION_EVENT = 'defectCalibration';
/**
 * `idle` (never run, or reset), `queued`, `running`, `cancelled` (stopped; continue does the rest), `done`, `failed`.
 */
export const CALIBRATION_STATES = ['idle', 'queued', 'running', 'cancelled', 'done', 'failed'] as const;
export type CalibrationState = (typeof CALIBRATION_STATES)[number];
/** `continue`: only defects not yet calibrated; `all`: every defect again; `cancel`: stop a queued or running one. */
export const CALIBRATION_MODES = ['continue', 'all', 'cancel'] as const;

export const calibrationBodySchema = z.object({
  inspectionId: idField,
  mode: z.enum(CALIBRATION_MODES, { error: 'invalidValue' }),
});
export const calibrationInitParamsSchema = z.object({ id: idParam });
/** By a photo (SPEC section 7), or by the inspection for the calibration dialog, which has no photo at hand. */
export const calibrationInfoQuerySchema = z
  .object({ imageId: idParam.optional(), inspectionId: idParam.optional() })
  .refine((query) => (query.imageId === undefined) !== (query.inspectionId === undefined), {
    error: 'required',
    path: ['imageId'],
  });

export const calibrationStatusSchema = z.object({
  inspectionId: z.number().int(),
  state: z.enum(CALIBRATION_STATES),
  /** Defects calibrated so far, of those calibration covers (the inspection's defects, key defects aside). */
  done: z.number().int(),
  total: z.number().int(),
  /** Of the calibrated ones, placed from a high-precision pose. */
  highPrecision: z.number().int(),
  errorKey: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type CalibrationStatus = z.infer<typeof calibrationStatusSchema>;
export const calibrationInfoSchema = calibrationStatusSchema.extend({
  /** The photo's defects: whether each is calibrated and from a high-precision pose (none when asked by inspection). */
  defects: z.array(
    z.object({
      id: z.number().int(),
      calibrated: z.boolean(),
      highPrecision: z.boolean(),
      keyPoint: z.boolean(),
      calibratedAt: z.string().nullable(),
    }),
  ),
});
export type CalibrationInfo = z.infer<typeof calibrationInfoSchema>;
export type CalibrationEvent = CalibrationStatus;
