import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { idField, idParam, optionalText, requiredText } from './fields.js';
import { IMAGE_CATEGORIES } from './system-config.js';

/** Longest inspection description (SPEC is silent; a paragraph, like a project's description). */
export const INSPECTION_DESCRIPTION_MAX = 500;
/** Most image groups an inspection is created with in one call. */
export const INSPECTION_IMAGE_GROUPS_MAX = 50;
/** Largest photo distance of an image group, in whole metres (SPEC: whole number greater than 0). */
export const PHOTO_DISTANCE_MAX_M = 10_000;

/** A calendar date written `YYYY-MM-DD` (the inspection date has no time of day and no zone). */
export const calendarDateField = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'invalidValue' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
    },
    { error: 'invalidValue' },
  );

/** Photo distance of an image group: a whole number of metres, greater than 0 (SPEC section 5). */
export const photoDistanceField = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .min(1, { error: 'invalidValue' })
  .max(PHOTO_DISTANCE_MAX_M, { error: 'invalidValue' });

export const imageGroupNameField = requiredText(LIMITS.imageGroupNameMax);

// Camera parameters: a team's list of drone cameras, imported from a file (docs/api.md, "Camera parameter file").

export const CAMERA_PARAM_IMPORT_MAX_ROWS = 500;
export const CAMERA_PARAM_IMPORT_MAX_BYTES = 1024 * 1024;
export const CAMERA_MODEL_MAX = 64;

const positiveMm = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .positive({ error: 'invalidValue' })
  .max(1000, { error: 'invalidValue' });
const pixels = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .min(1, { error: 'invalidValue' })
  .max(100_000, { error: 'invalidValue' });

/** One camera as a file row states it, checked by the same rules on import. */
export const cameraParamItemSchema = z.object({
  model: requiredText(CAMERA_MODEL_MAX),
  sensorWidthMm: positiveMm,
  sensorHeightMm: positiveMm,
  focalLengthMm: positiveMm,
  imageWidthPx: pixels,
  imageHeightPx: pixels,
});
export type CameraParamItem = z.infer<typeof cameraParamItemSchema>;

export const cameraParamSchema = cameraParamItemSchema.extend({ id: z.number().int() });
export type CameraParam = z.infer<typeof cameraParamSchema>;

export const cameraParamImportResultSchema = z.object({
  /** Rows that added a camera, and rows that replaced the values of a camera of the same model. */
  added: z.number().int(),
  updated: z.number().int(),
});

// Image groups

/** An image group as answered: its camera is the copy taken when the group chose it. */
export const imageGroupSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  name: z.string(),
  photoDistance: z.number().int(),
  camera: cameraParamItemSchema,
  createdAt: z.string(),
});
export type ImageGroup = z.infer<typeof imageGroupSchema>;

/** A group of a new inspection: its name, the camera chosen from the team's list and the photo distance. */
export const imageGroupInputSchema = z.object({
  name: imageGroupNameField,
  cameraParamId: idField,
  photoDistance: photoDistanceField,
});
export type ImageGroupInput = z.input<typeof imageGroupInputSchema>;

export const imageGroupCreateBodySchema = imageGroupInputSchema.extend({ inspectionId: idField });
export type ImageGroupCreateBody = z.input<typeof imageGroupCreateBodySchema>;
export const imageGroupUpdateBodySchema = imageGroupInputSchema;
export const imageGroupTreeQuerySchema = z.object({ inspectionId: idParam });

/** The tree of an inspection's photos: its groups, each with the image categories under it. */
export const imageGroupTreeSchema = z.array(
  imageGroupSchema.extend({
    children: z.array(z.object({ category: z.enum(IMAGE_CATEGORIES), imageCount: z.number().int() })),
  }),
);

// Inspections

const imageGroupsField = z
  .array(imageGroupInputSchema)
  .max(INSPECTION_IMAGE_GROUPS_MAX, { error: 'tooLong' })
  .default([]);

const inspectionFields = {
  name: requiredText(LIMITS.generalInputMax),
  description: optionalText(INSPECTION_DESCRIPTION_MAX),
  /** An earlier inspection of the same project, compared against; null for none. */
  previousInspectionId: idField.nullable().optional(),
  inspectionDate: calendarDateField,
};

export const inspectionCreateBodySchema = z.object({
  projectId: idField,
  ...inspectionFields,
  imageGroups: imageGroupsField,
});
export type InspectionCreateBody = z.input<typeof inspectionCreateBodySchema>;

export const inspectionUpdateBodySchema = z.object({ id: idField, ...inspectionFields });
export type InspectionUpdateBody = z.input<typeof inspectionUpdateBodySchema>;

export const inspectionSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  description: z.string(),
  previousInspection: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  inspectionDate: z.string(),
  createdBy: z.object({ userId: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  imageGroupCount: z.number().int(),
});
export type Inspection = z.infer<typeof inspectionSchema>;

export const inspectionDetailSchema = inspectionSchema.extend({ imageGroups: z.array(imageGroupSchema) });
export type InspectionDetail = z.infer<typeof inspectionDetailSchema>;

/** The detail screen's header: the inspection, its project, and its states (computed by later slices). */
export const inspectionInfoSchema = inspectionDetailSchema.extend({
  projectName: z.string(),
  /** SPEC section 4's AI check state; NOT_EXISTING until AI screening exists. */
  aiStatus: z.string(),
});
export type InspectionInfo = z.infer<typeof inspectionInfoSchema>;

export const inspectionPageSchema = pageOf(inspectionSchema);
export const inspectionListQuerySchema = pageQuerySchema.extend({
  projectId: idParam,
  keyword: z.string().trim().max(LIMITS.generalInputMax, { error: 'tooLong' }).optional(),
});
export type InspectionListQuery = z.input<typeof inspectionListQuerySchema>;

export const inspectionIdQuerySchema = z.object({ id: idParam });

/** Candidates for the previous inspection: the project's others, less the one edited and those after it. */
export const previousInspectionQuerySchema = z.object({ projectId: idParam, id: idParam.optional() });
export const previousInspectionCandidateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  inspectionDate: z.string(),
});
export const inspectionRecycleStateSchema = z.object({ recycled: z.boolean() });
