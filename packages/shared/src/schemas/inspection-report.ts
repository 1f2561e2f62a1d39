/**
 * Inspection reports (SPEC sections 2, 3, 4, 5 and 7, /inspection-report): a Word document of an inspection written
 * by a durable job with the configured sections, converted to PDF by LibreOffice headless when the deployment has
 * it. A report is generating, failed, the latest of its inspection, or historical (a newer one was generated, or
 * the inspection's defects changed since it was written).
 */
import { z } from 'zod';
import { pageOf, pageQuerySchema } from '../envelope.js';
import { LIMITS } from '../limits.js';
import { DEFECT_EXPORT_FIELDS } from './defect-export.js';
import { idField, idParam, optionalText } from './fields.js';

export const REPORT_STATES = ['generating', 'failed', 'latest', 'historical'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** The sections a report may hold, in the order it writes them (the cover always comes first). */
export const REPORT_SECTIONS = ['summary', 'statistics', 'defects', 'keyDefects', 'comparison'] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/**
 * The templates and the sections each allows: the inspection report holds them all, the defect list report only
 * the summary and the defect table. A section its template lacks is a template error (TEMPLATE_FILE_ERROR).
 */
export const REPORT_TEMPLATES = {
  inspection: REPORT_SECTIONS,
  defectList: ['summary', 'defects'],
} as const satisfies Record<string, readonly ReportSection[]>;
export type ReportTemplate = keyof typeof REPORT_TEMPLATES;
const TEMPLATE_NAMES = Object.keys(REPORT_TEMPLATES) as [ReportTemplate, ...ReportTemplate[]];

/**
 * The monitoring report's template (SPEC section 7 "Monitoring", /inspection-report/create/monitor/report): a
 * baseline's total-station points and drone targets over a date range, made by its own calls, not by the
 * inspection report's template choice. Its parts follow its selection; it has no defect sections.
 */
export const MONITORING_TEMPLATE = 'monitoring';
/** Every kind of report: an inspection report's templates and the monitoring report. */
export const REPORT_KINDS = [...TEMPLATE_NAMES, MONITORING_TEMPLATE] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/** The defect table's columns: the Excel export's fields, at most LIMITS.reportDefectFieldsMax of them. */
export const REPORT_DEFAULT_FIELDS = [
  'code',
  'type',
  'level',
  'length',
  'width',
  'area',
  'component',
  'photo',
] as const;

/** The event-stream message of a report's progress and end (to those who see its inspection's project). */
export const INSPECTION_REPORT_EVENT = 'inspectionReport';

export const createInspectionReportBodySchema = z.object({
  inspectionId: idField,
  /** The report's title; the inspection's name and the date when left out. */
  name: optionalText(LIMITS.generalInputMax),
  template: z.enum(TEMPLATE_NAMES, { error: 'invalidValue' }).default('inspection'),
  sections: z
    .array(z.enum(REPORT_SECTIONS, { error: 'invalidValue' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(REPORT_SECTIONS.length, { error: 'numberRange' })
    .refine((sections) => new Set(sections).size === sections.length, { error: 'invalidValue' }),
  /** The defect table's columns (SPEC section 5: at most 9). */
  fields: z
    .array(z.enum(DEFECT_EXPORT_FIELDS, { error: 'invalidValue' }), { error: 'required' })
    .min(1, { error: 'required' })
    .max(LIMITS.reportDefectFieldsMax, { error: 'numberRange' })
    .refine((fields) => new Set(fields).size === fields.length, { error: 'invalidValue' })
    .default([...REPORT_DEFAULT_FIELDS]),
  /** A crop of each defect from its photo in the defect table. */
  thumbnails: z.boolean({ error: 'invalidValue' }).default(true),
  /** The key defects the key defect section shows; every key defect of the inspection when left out. */
  keyDefectIds: z.array(idField, { error: 'invalidValue' }).max(500, { error: 'numberRange' }).optional(),
});
export type CreateInspectionReportBody = z.input<typeof createInspectionReportBodySchema>;

/** A day, `YYYY-MM-DD`. */
const dayField = z.iso.date({ error: 'invalidValue' });

/** What a monitoring report holds: null ids are all of them, a null day leaves that end of the range open. */
export const monitorReportConfigSchema = z.object({
  from: z.string().nullable(),
  to: z.string().nullable(),
  pointIds: z.array(z.number().int()).nullable(),
  targetIds: z.array(z.number().int()).nullable(),
});
export type MonitorReportConfig = z.infer<typeof monitorReportConfigSchema>;

export const createMonitorReportBodySchema = z
  .object({
    /** The baseline (benchmark) inspection: the report is filed under it and shows its drone targets. */
    inspectionId: idField,
    /** The report's title; the baseline's name and the date when left out. */
    name: optionalText(LIMITS.generalInputMax),
    /** The first and last day of the records and rounds shown (inclusive); open ends when left out. */
    from: dayField.optional(),
    to: dayField.optional(),
    /** The project's total-station points shown; all of them when left out, none when empty. */
    pointIds: z.array(idField, { error: 'invalidValue' }).max(500, { error: 'numberRange' }).optional(),
    /** The baseline's drone targets shown; all of them when left out, none when empty. */
    targetIds: z.array(idField, { error: 'invalidValue' }).max(500, { error: 'numberRange' }).optional(),
  })
  .refine((body) => body.from === undefined || body.to === undefined || body.from <= body.to, {
    error: 'invalidValue',
    path: ['to'],
  });
export type CreateMonitorReportBody = z.input<typeof createMonitorReportBodySchema>;

/** A monitoring report to write again from the data as it is now. */
export const againMonitorReportBodySchema = z.object({ id: idField });

export const inspectionReportSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  template: z.enum(REPORT_KINDS),
  /** The inspection report's sections; empty for a monitoring report (its parts follow `monitor`). */
  sections: z.array(z.enum(REPORT_SECTIONS)),
  fields: z.array(z.enum(DEFECT_EXPORT_FIELDS)),
  thumbnails: z.boolean(),
  keyDefectIds: z.array(z.number().int()).nullable(),
  state: z.enum(REPORT_STATES),
  /** 0 to 1 while generating. */
  progress: z.number(),
  defectCount: z.number().int().nullable(),
  /** A monitoring report's selection; null for an inspection report. */
  monitor: monitorReportConfigSchema.nullable(),
  /** More than LIMITS.defectCountFlag defects (SPEC section 5). */
  flagged: z.boolean(),
  errorKey: z.string().nullable(),
  /** The responsible person: who asked for the report. */
  createdBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.string(),
  /** The generation time. */
  finishedAt: z.string().nullable(),
  /** The Word file's download route when written. */
  wordUrl: z.string().nullable(),
  /** The PDF's download route when written; null while generating, on failure, or without LibreOffice. */
  pdfUrl: z.string().nullable(),
  /** The PDF shown inline in the browser (the preview), when there is a PDF. */
  previewUrl: z.string().nullable(),
  /** Whether this deployment converts reports to PDF (LibreOffice installed); Word only when false. */
  pdfAvailable: z.boolean(),
});
export type InspectionReport = z.infer<typeof inspectionReportSchema>;

/** Reports of an inspection, or of every inspection of a project: exactly one of the two. */
export const inspectionReportPageQuerySchema = pageQuerySchema
  .extend({
    inspectionId: idParam.optional(),
    projectId: idParam.optional(),
    state: z.enum(REPORT_STATES, { error: 'invalidValue' }).optional(),
  })
  .refine((query) => (query.inspectionId === undefined) !== (query.projectId === undefined), {
    error: 'required',
    path: ['inspectionId'],
  });
export const inspectionReportPageSchema = pageOf(inspectionReportSchema);
export const inspectionReportIdParamsSchema = z.object({ id: idParam });

export const inspectionReportEventSchema = z.object({
  id: z.number().int(),
  inspectionId: z.number().int(),
  state: z.enum(REPORT_STATES),
  progress: z.number(),
  errorKey: z.string().nullable(),
});
export type InspectionReportEvent = z.infer<typeof inspectionReportEventSchema>;
