/**
 * Defects ("diseases", SPEC sections 3, 5 and 7): marks drawn on an inspection photo, a crack as a polyline and an
 * area as a polygon or rectangle, in the photo's pixels. The server measures each from its pixels and the photo's
 * camera (length m, width mm, area m²) and, with a model and a posed photo, places it on the model; a user's own
 * sizes are kept beside the computed ones.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { idField, idParam, optionalText } from './fields.js';

export const DEFECT_SHAPES = ['polyline', 'polygon', 'rectangle'] as const;
export type DefectShape = (typeof DEFECT_SHAPES)[number];
/** Fewest points of each shape (SPEC section 5: polylines at least 2, polygons at least 3). */
export const DEFECT_SHAPE_MIN_POINTS: Readonly<Record<DefectShape, number>> = {
  polyline: 2,
  polygon: 3,
  rectangle: 3,
};
/** Most vertices one drawn shape keeps: far more than a hand draws, few enough to measure in a request. */
export const DEFECT_SHAPE_POINTS_MAX = 2000;
/** Most defects one call deletes or changes. */
export const DEFECT_BATCH_MAX = LIMITS.markerBatchMax;
/** Longest description (the SPEC gives none; a sentence or two). */
export const DEFECT_DESCRIPTION_MAX = 500;
/** Drawn by a person, or found by AI screening (later). */
export const DEFECT_SOURCES = ['manual', 'ai'] as const;
export type DefectSource = (typeof DEFECT_SOURCES)[number];
/**
 * Where the defect stands on the model: `located` (its centre pixel's ray met the mesh), `noModel` (the project has
 * no served model), `noPose` (the photo has no pose), `missed` (the ray passes beside the model).
 */
export const DEFECT_LOCATION_STATES = ['located', 'noModel', 'noPose', 'missed'] as const;
export type DefectLocationState = (typeof DEFECT_LOCATION_STATES)[number];
/** What the computed size stands on: the model's mesh under every vertex, or the image group's shooting distance. */
export const DEFECT_SIZE_BASES = ['mesh', 'distance'] as const;

const pixel = z.number({ error: 'invalidValue' }).finite({ error: 'invalidValue' }).min(0, { error: 'invalidValue' });

export const defectShapeSchema = z
  .object({
    kind: z.enum(DEFECT_SHAPES, { error: 'invalidValue' }),
    /** (u, v) pixels from the photo's top-left corner; an area's ring is left open. */
    points: z.array(z.tuple([pixel, pixel]), { error: 'required' }).max(DEFECT_SHAPE_POINTS_MAX, { error: 'tooLong' }),
    /** A crack's drawn stroke width in pixels, from which its width in mm is measured. */
    widthPx: z.number({ error: 'invalidValue' }).positive({ error: 'invalidValue' }).max(10_000).nullish(),
  })
  .superRefine((shape, context) => {
    if (shape.points.length < DEFECT_SHAPE_MIN_POINTS[shape.kind])
      context.addIssue({ code: 'custom', message: 'defectShapePoints', path: ['points'] });
  });
export type DefectShapeInput = z.input<typeof defectShapeSchema>;

export const defectSizeSchema = z.object({
  lengthM: z.number().nullable(),
  widthMm: z.number().nullable(),
  areaM2: z.number().nullable(),
});
export type DefectSize = z.infer<typeof defectSizeSchema>;

const editedValue = z.number({ error: 'invalidValue' }).min(0, { error: 'invalidValue' }).max(1e9).nullable();
/** Sizes a user typed over the computed ones; a null field keeps the computed value. */
export const editedSizeSchema = z.object({ lengthM: editedValue, widthMm: editedValue, areaM2: editedValue });

const fieldText = z.string({ error: 'invalidValue' }).trim().max(LIMITS.generalInputMax, { error: 'tooLong' });
/** Custom field values by field id: text for an input, one option for a single select, options for a multi. */
export const defectFieldValuesSchema = z
  .record(
    z.string().regex(/^\d+$/, { error: 'invalidValue' }),
    z.union([fieldText, z.array(fieldText).max(100, { error: 'tooLong' })], { error: 'invalidValue' }),
  )
  .default({});

const level = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .int({ error: 'invalidValue' })
  .min(LIMITS.defectScale.min, { error: 'numberRange' })
  .max(LIMITS.defectScale.max, { error: 'numberRange' });
const description = optionalText(DEFECT_DESCRIPTION_MAX).default('');

export const createDefectBodySchema = z.object({
  imageId: idField,
  typeId: idField,
  level,
  shape: defectShapeSchema,
  description,
  fields: defectFieldValuesSchema,
  /** The component (a spatial marker of the project) the defect is on. */
  markerId: idField.nullish(),
});
export type CreateDefectBody = z.input<typeof createDefectBodySchema>;

export const updateDefectBodySchema = z.object({
  id: idField,
  typeId: idField.optional(),
  level: level.optional(),
  shape: defectShapeSchema.optional(),
  description: optionalText(DEFECT_DESCRIPTION_MAX).optional(),
  fields: defectFieldValuesSchema.optional(),
  markerId: idField.nullish(),
  /** Null clears the edited sizes (the computed ones show again). */
  sizeEdited: editedSizeSchema.nullish(),
});
export type UpdateDefectBody = z.input<typeof updateDefectBodySchema>;

export const defectPositionSchema = z.object({ lon: z.number(), lat: z.number(), height: z.number() });

export const defectSchema = z.object({
  id: z.number().int(),
  /** `D-0001`: sequential in its inspection. */
  code: z.string(),
  inspectionId: z.number().int(),
  projectId: z.number().int(),
  imageId: z.number().int(),
  imageName: z.string(),
  typeId: z.number().int(),
  level: z.number().int(),
  shape: z.object({
    kind: z.enum(DEFECT_SHAPES),
    points: z.array(z.tuple([z.number(), z.number()])),
    widthPx: z.number().nullable(),
  }),
  size: defectSizeSchema,
  sizeBasis: z.enum(DEFECT_SIZE_BASES),
  sizeEdited: defectSizeSchema.nullable(),
  description: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
  markerId: z.number().int().nullable(),
  star: z.boolean(),
  source: z.enum(DEFECT_SOURCES),
  position: defectPositionSchema.nullable(),
  locationState: z.enum(DEFECT_LOCATION_STATES),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  updatedBy: z.number().int().nullable(),
  updatedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Defect = z.infer<typeof defectSchema>;

const idList = z
  .array(idField, { error: 'required' })
  .min(1, { error: 'required' })
  .max(DEFECT_BATCH_MAX, { error: 'numberRange' });
const optionalIdList = z.array(idField, { error: 'invalidValue' }).max(DEFECT_BATCH_MAX, { error: 'numberRange' });

export const defectIdParamsSchema = z.object({ id: idParam });
export const defectIdsBodySchema = z.object({ ids: idList });

/** Filters of the defect list; `filterRange` false shows the defects the project's damage filter range hides. */
export const defectFilterSchema = z.object({
  inspectionId: idField,
  imageIds: optionalIdList.optional(),
  typeIds: optionalIdList.optional(),
  levels: z.array(level).max(5, { error: 'numberRange' }).optional(),
  markerId: idField.optional(),
  star: z.boolean({ error: 'invalidValue' }).optional(),
  source: z.enum(DEFECT_SOURCES, { error: 'invalidValue' }).optional(),
  filterRange: z.boolean({ error: 'invalidValue' }).default(true),
});
export type DefectFilter = z.output<typeof defectFilterSchema>;
export const defectPageBodySchema = defectFilterSchema.extend(pageQuerySchema.shape);
export const defectPageSchema = pageOf(defectSchema).extend({
  /** Defects the damage filter range hid from this answer (the list's warning says so). */
  hiddenCount: z.number().int(),
  /** More defects than `total` (`LIMITS.defectCountCap`) are shown: counting stopped there. */
  totalCapped: z.boolean(),
  /** More defects than `hiddenCount` (`LIMITS.defectHiddenCountCap`) are hidden. */
  hiddenCapped: z.boolean(),
});
/** Most defects one unpaged list answers (the 3D view's whole inspection); `total` says when there are more. */
export const DEFECT_LIST_MAX = 10_000;
export const defectListSchema = z.object({
  records: z.array(defectSchema),
  total: z.number().int(),
  hiddenCount: z.number().int(),
});
export const defectImageBodySchema = z.object({ imageId: idField });
export const defectImagesBodySchema = z.object({ imageIds: idList });
/** What the list's detail panel shows: the defect and the names it refers to. */
export const defectDetailsSchema = z.object({
  defect: defectSchema,
  typeName: z.string(),
  /** A built-in type's i18n key (`diseaseType.<code>`), for the caller's language; null for a project's own. */
  typeNameKey: z.string().nullable(),
  typeColor: z.string(),
  markerName: z.string().nullable(),
});
export const defectBatchUpdateBodySchema = z
  .object({
    ids: idList,
    typeId: idField.optional(),
    level: level.optional(),
    description: optionalText(DEFECT_DESCRIPTION_MAX).optional(),
  })
  .refine((body) => body.typeId !== undefined || body.level !== undefined || body.description !== undefined, {
    error: 'required',
    path: ['level'],
  });
export const defectCountSchema = z.object({ count: z.number().int() });
