/**
 * What is worked out over an inspection's defects (SPEC sections 2, 4, 5 and 7): merging defects of one photo,
 * repeated defects (one defect marked on several photos), counts by type, level and component, their places for the
 * 3D view and the previous inspection's defects near a point.
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { DEFECT_SHAPES, defectPositionSchema, defectSchema, defectSizeSchema } from './defect.js';
import { idField } from './fields.js';

/** Most defects one merge joins: far more than one photo's pieces of one crack or area. */
export const DEFECT_MERGE_MAX = 100;
/**
 * The largest repeated-defect threshold: SPEC section 5 gives only the least (0.05 m); beyond a few metres two marks
 * are two defects, and a larger grid cell would only slow the search.
 */
export const DEFECT_REPEAT_DISTANCE_MAX_M = 10;
/** The widest search for the previous inspection's defects near a point, and the most it answers (nearest first). */
export const DEFECT_NEAR_DISTANCE_MAX_M = 10;
export const DEFECT_NEAR_MAX = 100;
/** Most defect places the 3D view is sent at once (lean rows); `total` says when there are more. */
export const DEFECT_COORDINATE_MAX = 50_000;

const metres = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
    .finite({ error: 'invalidValue' })
    .min(min, { error: 'numberRange' })
    .max(max, { error: 'numberRange' });

export const mergeDefectsBodySchema = z.object({
  /** The defects to merge, at least two (fewer is DISEASE_MERGE_COUNT_ERROR, a message rather than a field's). */
  ids: z
    .array(idField, { error: 'required' })
    .min(1, { error: 'required' })
    .max(DEFECT_MERGE_MAX, { error: 'numberRange' }),
});

export const repeatDefectsBodySchema = z.object({
  inspectionId: idField,
  /** Places closer than this (metres) are one defect; SPEC section 5: at least 0.05 m. */
  distanceM: metres(LIMITS.duplicateDefectDistanceMinM, DEFECT_REPEAT_DISTANCE_MAX_M),
  /** Only these types; all when absent or empty. */
  typeIds: z.array(idField, { error: 'invalidValue' }).max(1000, { error: 'numberRange' }).optional(),
});
export type RepeatDefectsBody = z.input<typeof repeatDefectsBodySchema>;

/** A defect of a repeated group, as the dialog lists it. */
export const repeatMemberSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  imageId: z.number().int(),
  imageName: z.string(),
  typeId: z.number().int(),
  level: z.number().int(),
  size: defectSizeSchema,
  /** Metres from its photo's camera to its place: the best view is the nearest. */
  cameraDistanceM: z.number().nullable(),
});
export type RepeatMember = z.infer<typeof repeatMemberSchema>;
export const repeatDefectsSchema = z.object({
  groups: z.array(z.object({ keep: repeatMemberSchema, repeated: z.array(repeatMemberSchema) })),
  /** Defects compared (located ones of the chosen types), and those left out for having no place on the model. */
  comparedCount: z.number().int(),
  unlocatedCount: z.number().int(),
});
export type RepeatDefects = z.infer<typeof repeatDefectsSchema>;

const countOf = <T extends z.ZodRawShape>(shape: T) =>
  z.object({
    items: z.array(z.object({ ...shape, count: z.number().int() })),
    /** Defects counted, and those the damage filter range left out (as the list's warning says). */
    total: z.number().int(),
    hiddenCount: z.number().int(),
  });
export const defectCountByTypeSchema = countOf({
  typeId: z.number().int(),
  name: z.string(),
  /** A built-in type's i18n key (`diseaseType.<code>`); null for a project's own. */
  nameKey: z.string().nullable(),
  color: z.string(),
});
export const defectCountByLevelSchema = countOf({ level: z.number().int() });
export const defectCountByComponentSchema = countOf({
  /** Null: defects bound to no component. */
  markerId: z.number().int().nullable(),
  markerName: z.string().nullable(),
});

export const defectCoordinateSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  imageId: z.number().int(),
  typeId: z.number().int(),
  level: z.number().int(),
  shapeKind: z.enum(DEFECT_SHAPES),
  markerId: z.number().int().nullable(),
  position: defectPositionSchema,
});
export const defectCoordinatesSchema = z.object({
  records: z.array(defectCoordinateSchema),
  /** Located defects the filters show (there may be more than `records`), and those the filter range hid. */
  total: z.number().int(),
  hiddenCount: z.number().int(),
});

export const oldNearDefectsBodySchema = z.object({
  /** The inspection whose previous inspection is searched. */
  inspectionId: idField,
  position: z.object({
    lon: z.number({ error: 'required' }).min(-LIMITS.longitude, { error: 'numberRange' }).max(LIMITS.longitude, {
      error: 'numberRange',
    }),
    lat: z.number({ error: 'required' }).min(-LIMITS.latitude, { error: 'numberRange' }).max(LIMITS.latitude, {
      error: 'numberRange',
    }),
    height: z.number({ error: 'required' }).finite({ error: 'invalidValue' }),
  }),
  distanceM: metres(LIMITS.duplicateDefectDistanceMinM, DEFECT_NEAR_DISTANCE_MAX_M),
});
export const oldNearDefectsSchema = z.object({
  /** Null when the inspection names no previous one (then there are no records). */
  previousInspectionId: z.number().int().nullable(),
  records: z.array(z.object({ defect: defectSchema, distanceM: z.number() })),
});
