/**
 * The defect list's Excel export (SPEC sections 2, 3, 8 and 9): an inspection's defects, filtered as the list is,
 * written as a workbook in the background with the chosen columns and a thumbnail of each defect. Each export is a
 * record under /inspection-excel (a "report" of the Excel kind) with its state, its defect count, the flag above
 * 5,000 defects and its file.
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { defectFilterSchema } from './defect.js';
import { idField, idParam } from './fields.js';

/** The columns a workbook may have, in the order it writes them (custom fields follow, in the project's order). */
export const DEFECT_EXPORT_FIELDS = [
  'code',
  'type',
  'level',
  'length',
  'width',
  'area',
  'description',
  'component',
  'photo',
  'position',
  'source',
  'star',
  'createdBy',
  'createdAt',
  'updatedBy',
  'updatedAt',
] as const;
export type DefectExportField = (typeof DEFECT_EXPORT_FIELDS)[number];
/** What the export dialog starts with: what identifies, sizes and places a defect, and who marked it when. */
export const DEFECT_EXPORT_DEFAULT_FIELDS: readonly DefectExportField[] = [
  'code',
  'type',
  'level',
  'length',
  'width',
  'area',
  'component',
  'photo',
  'createdBy',
  'createdAt',
];
/** Most custom fields one export adds as columns (a project has far fewer). */
export const DEFECT_EXPORT_CUSTOM_FIELDS_MAX = 100;

export const EXCEL_STATES = ['generating', 'done', 'failed'] as const;
export type ExcelState = (typeof EXCEL_STATES)[number];
/** The event-stream message of an export's progress and end (to those who see its inspection's project). */
export const DEFECT_EXPORT_EVENT = 'defectExport';

const filter = defectFilterSchema.omit({ inspectionId: true });

export const defectExportBodySchema = defectFilterSchema.extend({
  fields: z
    .array(z.enum(DEFECT_EXPORT_FIELDS, { error: 'invalidValue' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(DEFECT_EXPORT_FIELDS.length, { error: 'numberRange' })
    .refine((fields) => new Set(fields).size === fields.length, { error: 'invalidValue' }),
  /** The project's custom fields (defect-field ids) to add as columns. */
  customFieldIds: z
    .array(idField, { error: 'invalidValue' })
    .max(DEFECT_EXPORT_CUSTOM_FIELDS_MAX, { error: 'numberRange' })
    .default([]),
  /** A crop of each defect from its photo, anchored in its row. */
  thumbnails: z.boolean({ error: 'invalidValue' }).default(true),
});
export type DefectExportBody = z.input<typeof defectExportBodySchema>;

export const inspectionExcelSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  projectId: z.number().int(),
  /** The workbook's file name. */
  name: z.string(),
  state: z.enum(EXCEL_STATES),
  /** 0 to 1 while generating. */
  progress: z.number(),
  fields: z.array(z.enum(DEFECT_EXPORT_FIELDS)),
  customFieldIds: z.array(z.number().int()),
  thumbnails: z.boolean(),
  filter,
  defectCount: z.number().int(),
  /** More than LIMITS.defectCountFlag defects (SPEC section 9). */
  flagged: z.boolean(),
  sizeBytes: z.number().int().nullable(),
  errorKey: z.string().nullable(),
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The workbook's file route (open it with the Authorization header or a signed link of its folder) when done. */
  fileUrl: z.string().nullable(),
});
export type InspectionExcel = z.infer<typeof inspectionExcelSchema>;

/** Records of an inspection, or of every inspection of a project: exactly one of the two. */
export const inspectionExcelPageQuerySchema = pageQuerySchema
  .extend({ inspectionId: idParam.optional(), projectId: idParam.optional() })
  .refine((query) => (query.inspectionId === undefined) !== (query.projectId === undefined), {
    error: 'required',
    path: ['inspectionId'],
  });
export const inspectionExcelPageSchema = pageOf(inspectionExcelSchema);
export const inspectionExcelIdParamsSchema = z.object({ id: idParam });

/** What the event stream says of an export while it runs and when it ends. */
export const defectExportEventSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  state: z.enum(EXCEL_STATES),
  progress: z.number(),
  errorKey: z.string().nullable(),
});
export type DefectExportEvent = z.infer<typeof defectExportEventSchema>;

/** Whether an export of this many defects is flagged (the dialog warns before it starts). */
export const isLargeDefectExport = (count: number) => count > LIMITS.defectCountFlag;
