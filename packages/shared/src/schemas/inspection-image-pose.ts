import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { idField } from './fields.js';
import { WITHOUT_POSE_REASONS, imagePoseSchema } from './inspection-image.js';

/**
 * Poses of photos (SPEC section 2 "image pose adjustment", section 4 "pose methods", section 5 ranges). Every pose a
 * photo has had is kept: `metadata` (read from the photo, its default and initial pose), `manual` (adjusted by hand)
 * and `highPrecision` (from a photogrammetry export). The photo's newest pose is what lists and the 3D view show.
 */
export const IMAGE_POSE_SOURCES = ['metadata', 'manual', 'highPrecision'] as const;
export type ImagePoseSourceCode = (typeof IMAGE_POSE_SOURCES)[number];
/** SPEC section 4: the newest pose, or the default one (the metadata pose; for a photo posed by hand only, the first). */
export const IMAGE_POSE_METHODS = ['newest', 'default'] as const;
export type ImagePoseMethod = (typeof IMAGE_POSE_METHODS)[number];
export const POSE_ADJUST_MODES = ['absolute', 'offset'] as const;
export type PoseAdjustMode = (typeof POSE_ADJUST_MODES)[number];

const number = z.number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') });

/**
 * A number within [min, max] whose refusal names both bounds: zod's own min/max issues carry only the bound that was
 * crossed, and the `numberRange` text shows the two.
 */
const within = (min: number, max: number) =>
  number.superRefine((value, context) => {
    if (value < min || value > max) {
      context.addIssue({ code: 'custom', message: 'numberRange', minimum: min, maximum: max, input: value });
    }
  });

/** SPEC section 5: longitude ±180, latitude ±90, altitude not negative, angles within ±360. */
export const POSE_RANGES = {
  longitude: { min: -LIMITS.longitude, max: LIMITS.longitude },
  latitude: { min: -LIMITS.latitude, max: LIMITS.latitude },
  altitude: { min: 0, max: LIMITS.poseAdjust.altitudeMax },
  angle: { min: -LIMITS.angleOffset, max: LIMITS.angleOffset },
  offsetMetres: { min: -LIMITS.poseAdjust.offsetMetresMax, max: LIMITS.poseAdjust.offsetMetresMax },
} as const;

const angle = within(POSE_RANGES.angle.min, POSE_RANGES.angle.max);
const metres = within(POSE_RANGES.offsetMetres.min, POSE_RANGES.offsetMetres.max);

/** A pose given by hand: every field required (SPEC 5, "numeric input required"). */
export const poseValuesSchema = z.object(
  {
    longitude: within(POSE_RANGES.longitude.min, POSE_RANGES.longitude.max),
    latitude: within(POSE_RANGES.latitude.min, POSE_RANGES.latitude.max),
    altitude: within(POSE_RANGES.altitude.min, POSE_RANGES.altitude.max),
    pitch: angle,
    yaw: angle,
    roll: angle,
  },
  { error: 'required' },
);
export type PoseValues = z.infer<typeof poseValuesSchema>;

/**
 * A batch offset: metres east, north and up in the photo's local horizon (so "2 m north" moves every photo of a
 * batch by the same distance, wherever it is), and degrees added to pitch, yaw and roll (SPEC 5: within ±360).
 */
export const poseOffsetSchema = z.object(
  { east: metres, north: metres, up: metres, pitch: angle, yaw: angle, roll: angle },
  { error: 'required' },
);
export type PoseOffset = z.infer<typeof poseOffsetSchema>;

const imageIdList = z
  .array(idField, { error: 'invalidValue' })
  .min(1, { error: 'required' })
  .max(LIMITS.poseAdjust.batchMax, { error: 'tooLong' });

/**
 * POST /inspection-image/pose/add. `absolute` sets the whole pose of one photo (the only way to give a photo without
 * pose one); `offset` moves and turns every photo of a batch of one inspection, each of which must have a pose.
 */
export const poseAdjustBodySchema = z.discriminatedUnion(
  'mode',
  [
    z.object({
      mode: z.literal('absolute'),
      inspectionId: idField,
      imageId: idField,
      pose: poseValuesSchema,
    }),
    z.object({
      mode: z.literal('offset'),
      inspectionId: idField,
      imageIds: imageIdList,
      offset: poseOffsetSchema,
    }),
  ],
  { error: 'invalidValue' },
);
export type PoseAdjustBody = z.infer<typeof poseAdjustBodySchema>;

/** POST /inspection-image/pose/restore: the photos' newest pose back to their metadata pose (or to none). */
export const poseRestoreBodySchema = z.object({
  inspectionId: idField,
  imageIds: imageIdList,
});
export type PoseRestoreBody = z.infer<typeof poseRestoreBodySchema>;

/** POST /inspection-image/find/pose: the given photos (all of the inspection's when none are given). */
export const poseFindBodySchema = z.object({
  inspectionId: idField,
  imageIds: imageIdList.optional(),
  method: z.enum(IMAGE_POSE_METHODS, { error: 'invalidValue' }).default('newest'),
  /** One photo of the inspection whose every pose is answered, oldest first. */
  historyOf: idField.optional(),
});
export type PoseFindBody = z.input<typeof poseFindBodySchema>;

const withoutPoseSchema = z.object({ reason: z.enum(WITHOUT_POSE_REASONS), properties: z.array(z.string()) });

/** A photo's pose by the asked method, with where it came from and when (all null for a photo without pose). */
export const imagePoseRecordSchema = z.object({
  imageId: z.number().int(),
  name: z.string(),
  pose: imagePoseSchema.nullable(),
  source: z.enum(IMAGE_POSE_SOURCES).nullable(),
  /** When this pose was recorded (ISO 8601). */
  recordedAt: z.string().nullable(),
  /** Why the photo's metadata gave no pose; kept after a pose is given by hand, for a restore. */
  withoutPose: withoutPoseSchema.nullable(),
});
export type ImagePoseRecord = z.infer<typeof imagePoseRecordSchema>;

export const imagePoseHistoryEntrySchema = z.object({
  id: z.number().int(),
  source: z.enum(IMAGE_POSE_SOURCES),
  pose: imagePoseSchema,
  recordedAt: z.string(),
  /** Who adjusted it; null for a pose read from the photo or when the user is gone. */
  recordedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
export type ImagePoseHistoryEntry = z.infer<typeof imagePoseHistoryEntrySchema>;

export const poseFindResultSchema = z.object({
  method: z.enum(IMAGE_POSE_METHODS),
  records: z.array(imagePoseRecordSchema),
  history: z.array(imagePoseHistoryEntrySchema).nullable(),
});
export type PoseFindResult = z.infer<typeof poseFindResultSchema>;

/** What an adjustment or a restore changed: each photo's newest pose afterwards. */
export const poseChangeResultSchema = z.object({
  updated: z.number().int(),
  records: z.array(imagePoseRecordSchema),
});
export type PoseChangeResult = z.infer<typeof poseChangeResultSchema>;
