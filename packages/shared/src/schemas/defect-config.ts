import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { idField, idParam, requiredText } from './fields.js';

/**
 * Project configuration of SPEC sections 3 and 5: defect ("disease") types, defect fields, the damage
 * filter range and what a report includes. Built-in names are i18n keys `diseaseType.<code>`.
 */
export const BUILT_IN_DEFECT_TYPE_CODES = [
  'crack',
  'linear_crack',
  'spalling',
  'rust',
  'deformation',
  'hole',
  'damage_worn',
  'exposed_rebar',
  'aging',
  'sheath_damage',
  'paint_peeling',
  'bulging',
  'carbonation',
  'water_seepage',
  'net_crack',
  'honeycomb',
  'scratch_damage',
  'scratch',
  'cable_damage',
  'void',
] as const;
export type BuiltInDefectTypeCode = (typeof BUILT_IN_DEFECT_TYPE_CODES)[number];

/** Line defects are measured by length and width, area defects by area; merging needs the same kind. */
export const DEFECT_SHAPE_KINDS = ['line', 'area'] as const;
export type DefectShapeKind = (typeof DEFECT_SHAPE_KINDS)[number];

/** How each built-in type is drawn and measured: by polyline (length, width) or by polygon (area). */
export const BUILT_IN_DEFECT_SHAPES: Readonly<Record<BuiltInDefectTypeCode, DefectShapeKind>> = {
  crack: 'line',
  linear_crack: 'line',
  spalling: 'area',
  rust: 'area',
  deformation: 'area',
  hole: 'area',
  damage_worn: 'area',
  exposed_rebar: 'area',
  aging: 'area',
  sheath_damage: 'area',
  paint_peeling: 'area',
  bulging: 'area',
  carbonation: 'area',
  water_seepage: 'area',
  net_crack: 'area',
  honeycomb: 'area',
  scratch_damage: 'area',
  scratch: 'line',
  cable_damage: 'area',
  void: 'area',
};

export const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;
const colorField = z.string({ error: 'required' }).trim().regex(COLOR_PATTERN, { error: 'colorFormat' });
const projectId = idField;

// ---------------------------------------------------------------- defect types

export const defectTypeSchema = z.object({
  id: z.number().int(),
  /** Null for built-in types, which every project shares. */
  projectId: z.number().int().nullable(),
  code: z.string().nullable(),
  /** The built-in name in the caller's language, or the project's own name. */
  name: z.string(),
  nameKey: z.string().nullable(),
  color: z.string(),
  shapeKind: z.enum(DEFECT_SHAPE_KINDS),
  visibleOnAdd: z.boolean(),
  system: z.boolean(),
});
export type DefectType = z.infer<typeof defectTypeSchema>;
export const defectTypePageSchema = pageOf(defectTypeSchema);

export const defectTypeItemSchema = z.object({
  name: requiredText(),
  color: colorField,
  visibleOnAdd: z.boolean({ error: 'invalidValue' }).optional(),
  shapeKind: z.enum(DEFECT_SHAPE_KINDS, { error: 'invalidValue' }).optional(),
});
export const createDefectTypeBodySchema = defectTypeItemSchema.extend({ projectId });
export type CreateDefectTypeBody = z.input<typeof createDefectTypeBodySchema>;
export const updateDefectTypeBodySchema = z.object({
  id: idField,
  name: requiredText().optional(),
  color: colorField.optional(),
  visibleOnAdd: z.boolean({ error: 'invalidValue' }).optional(),
});
export const addDefectTypesBodySchema = z.object({
  projectId,
  items: z.array(defectTypeItemSchema).min(1, { error: 'required' }).max(200, { error: 'tooLong' }),
});
export const defectTypeListQuerySchema = z.object({ projectId: idParam });
export const defectTypeFilterBodySchema = z.object({
  projectId,
  shapeKind: z.enum(DEFECT_SHAPE_KINDS, { error: 'invalidValue' }).optional(),
  system: z.boolean({ error: 'invalidValue' }).optional(),
});
export const defectTypePageQuerySchema = pageQuerySchema.extend({
  projectId: idParam,
  keyword: z.string().trim().max(LIMITS.generalInputMax, { error: 'tooLong' }).optional(),
});
export const projectDefectTypesBodySchema = z.object({
  projectId,
  /** Types offered when a defect is added: true by default (SPEC: visible-on-add flag). */
  visibleOnAdd: z.boolean({ error: 'invalidValue' }).optional(),
});

// ---------------------------------------------------------------- defect fields

export const DEFECT_FIELD_WIDGETS = ['input', 'single', 'multi'] as const;
export type DefectFieldWidget = (typeof DEFECT_FIELD_WIDGETS)[number];

export const defectFieldSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  widget: z.enum(DEFECT_FIELD_WIDGETS),
  options: z.array(z.string()),
  visibleWhenMarking: z.boolean(),
  sort: z.number().int(),
});
export type DefectField = z.infer<typeof defectFieldSchema>;

const defectFieldShape = {
  name: requiredText(),
  widget: z.enum(DEFECT_FIELD_WIDGETS, { error: 'invalidValue' }),
  options: z.array(requiredText(), { error: 'invalidValue' }).max(100, { error: 'tooLong' }).default([]),
  visibleWhenMarking: z.boolean({ error: 'invalidValue' }).default(true),
};

/** Dropdowns need options and the options must not repeat (SPEC section 5); a text input keeps none. */
function checkOptions(field: { widget: DefectFieldWidget; options: string[] }, context: z.RefinementCtx): void {
  if (field.widget === 'input') return;
  if (field.options.length === 0) context.addIssue({ code: 'custom', message: 'required', path: ['options'] });
  const seen = new Set<string>();
  field.options.forEach((option, index) => {
    if (seen.has(option)) context.addIssue({ code: 'custom', message: 'duplicateOption', path: ['options', index] });
    seen.add(option);
  });
}

export const defectFieldItemSchema = z.object(defectFieldShape).superRefine(checkOptions);
export type DefectFieldItem = z.output<typeof defectFieldItemSchema>;
export const createDefectFieldBodySchema = z.object({ projectId, ...defectFieldShape }).superRefine(checkOptions);
export const updateDefectFieldBodySchema = z.object({ id: idField, ...defectFieldShape }).superRefine(checkOptions);
export const defectFieldImportResultSchema = z.object({ imported: z.number().int() });

// ---------------------------------------------------------------- damage filter range and report filter

export const FILTER_DIMENSIONS = ['length', 'width', 'area'] as const;
export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

const rangeValue = z.number({ error: 'invalidValue' }).max(1e9, { error: 'numberRange' });

/**
 * SPEC section 5: a minimum not below 0, not greater than the maximum and not equal to it;
 * length (m), width (mm) and area (m²) each have their own message.
 */
function checkRange(
  context: z.RefinementCtx,
  dimension: FilterDimension,
  range: { min: number | null | undefined; max: number | null | undefined },
  paths: { min: PropertyKey[]; max: PropertyKey[] },
): void {
  const negative = `${dimension}RangeNegative`;
  if (typeof range.min === 'number' && range.min < 0)
    context.addIssue({ code: 'custom', message: negative, path: paths.min });
  if (typeof range.max === 'number' && range.max < 0)
    context.addIssue({ code: 'custom', message: negative, path: paths.max });
  if (typeof range.min !== 'number' || typeof range.max !== 'number') return;
  if (range.min > range.max) {
    context.addIssue({ code: 'custom', message: `${dimension}RangeMinGreater`, path: paths.min });
  } else if (range.min === range.max) {
    context.addIssue({ code: 'custom', message: `${dimension}RangeEqual`, path: paths.min });
  }
}

export const defectFilterRangeSchema = z.object({
  projectId: z.number().int(),
  crackLengthMin: z.number().nullable(),
  crackLengthMax: z.number().nullable(),
  crackWidthMin: z.number().nullable(),
  crackWidthMax: z.number().nullable(),
  areaMin: z.number().nullable(),
  areaMax: z.number().nullable(),
});
export type DefectFilterRange = z.infer<typeof defectFilterRangeSchema>;

export const saveDefectFilterRangeBodySchema = z
  .object({
    projectId,
    crackLengthMin: rangeValue.nullable().default(null),
    crackLengthMax: rangeValue.nullable().default(null),
    crackWidthMin: rangeValue.nullable().default(null),
    crackWidthMax: rangeValue.nullable().default(null),
    areaMin: rangeValue.nullable().default(null),
    areaMax: rangeValue.nullable().default(null),
  })
  .superRefine((body, context) => {
    checkRange(
      context,
      'length',
      { min: body.crackLengthMin, max: body.crackLengthMax },
      { min: ['crackLengthMin'], max: ['crackLengthMax'] },
    );
    checkRange(
      context,
      'width',
      { min: body.crackWidthMin, max: body.crackWidthMax },
      { min: ['crackWidthMin'], max: ['crackWidthMax'] },
    );
    checkRange(context, 'area', { min: body.areaMin, max: body.areaMax }, { min: ['areaMin'], max: ['areaMax'] });
  });
export type SaveDefectFilterRangeBody = z.input<typeof saveDefectFilterRangeBodySchema>;

export const reportFilterRangeItemSchema = z
  .object({
    dimension: z.enum(FILTER_DIMENSIONS, { error: 'invalidValue' }),
    min: rangeValue,
    max: rangeValue,
  })
  .superRefine((range, context) => checkRange(context, range.dimension, range, { min: ['min'], max: ['max'] }));

export const saveReportFilterRangesBodySchema = z.object({
  projectId,
  /** At least one interval must be given (SPEC section 5). */
  ranges: z.array(reportFilterRangeItemSchema).min(1, { error: 'rangeRequired' }).max(50, { error: 'tooLong' }),
});
export const saveReportFilterTypesBodySchema = z.object({
  projectId,
  diseaseTypeIds: z.array(idField).min(1, { error: 'required' }).max(500, { error: 'tooLong' }),
});

export const reportFilterConfigurationSchema = z.object({
  projectId: z.number().int(),
  ranges: z.array(
    z.object({ id: z.number().int(), dimension: z.enum(FILTER_DIMENSIONS), min: z.number(), max: z.number() }),
  ),
  diseaseTypeIds: z.array(z.number().int()),
});
export type ReportFilterConfiguration = z.infer<typeof reportFilterConfigurationSchema>;
