/**
 * Total-station monitoring (SPEC sections 3, 5 and 7, "Monitoring"): a project's monitoring points, each with its
 * baseline survey, displacement threshold and ambient temperature, and the point's displacement records (surveys).
 *
 * Units: GPS in WGS84 degrees, kept to 1e-7° (about 1 cm), the precision at which two points count as one place
 * (MONITOR_POINT_GPS_EXISTING); survey coordinates X/Y (and the baseline's optional Z) in metres of the site's local
 * grid; thresholds and displacements in millimetres with at most three decimals (0.001 mm); temperatures in °C.
 * A survey's time is the site's wall-clock time to the minute, written `YYYY-MM-DD HH:mm` (no time zone: surveys of
 * one point are taken in one place), unique per point (MONITOR_DISPLACEMENT_MONITOR_TIME_EXISTING).
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { booleanQueryField, idField, idParam, requiredText } from './fields.js';

/** Most points or records one call creates, changes or deletes (an imported file's rows included). */
export const MONITOR_BATCH_MAX = 1000;
/** Degrees are kept to this many decimals: two points closer than that are one place. */
export const MONITOR_GPS_DECIMALS = 7;
/** Plane coordinates beyond this many metres are typing slips (grid coordinates with zone prefixes stay below). */
const COORDINATE_MAX_M = 100_000_000;
/** Air temperature a survey may be taken in, °C. */
const TEMPERATURE_RANGE = { min: -100, max: 100 } as const;

const numberIn = (min: number, max: number) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
    .min(min, { error: 'numberRange' })
    .max(max, { error: 'numberRange' });

/** Whether a number has at most three decimals, allowing the binary error of a typed decimal like 0.1. */
function hasMillimetreDecimals(value: number): boolean {
  const thousandths = value * 1000;
  return Math.abs(thousandths - Math.round(thousandths)) < 1e-6 * Math.max(1, Math.abs(thousandths));
}

/** The smallest threshold: one step of the three decimals. */
export const MONITOR_THRESHOLD_MIN_MM = 0.001;

/** A displacement threshold: 0.001 to 99999.999 mm (SPEC section 9), three decimals at most. */
export const thresholdField = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .min(MONITOR_THRESHOLD_MIN_MM, { error: 'thresholdRange' })
  .max(LIMITS.displacementThresholdMaxMm, { error: 'thresholdRange' })
  .refine(hasMillimetreDecimals, { error: 'thresholdDecimals' });

const roundTo = (decimals: number) => (value: number) => Number(value.toFixed(decimals));
const lonField = numberIn(-LIMITS.longitude, LIMITS.longitude).transform(roundTo(MONITOR_GPS_DECIMALS));
const latField = numberIn(-LIMITS.latitude, LIMITS.latitude).transform(roundTo(MONITOR_GPS_DECIMALS));
const coordinateField = numberIn(-COORDINATE_MAX_M, COORDINATE_MAX_M);
const temperatureField = numberIn(TEMPERATURE_RANGE.min, TEMPERATURE_RANGE.max);

const MONITOR_TIME_PATTERN = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/;

/**
 * A survey time as `YYYY-MM-DD HH:mm`, from the forms people type and spreadsheets write (`2024/5/1`,
 * `2024-05-01 08:30`, `2024-05-01T08:30:00`); null for anything else, an impossible date included.
 */
export function normalizeMonitorTime(text: string): string | null {
  const match = MONITOR_TIME_PATTERN.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(Date.UTC(year as number, (month as number) - 1, day, hour, minute));
  const valid =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === (month as number) - 1 &&
    date.getUTCDate() === day &&
    (hour as number) < 24;
  return valid ? date.toISOString().slice(0, 16).replace('T', ' ') : null;
}

export const monitorTimeField = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalidValue') })
  .trim()
  .min(1, { error: 'required' })
  .transform((text, context) => {
    const time = normalizeMonitorTime(text);
    if (time === null) {
      context.addIssue({ code: 'custom', message: 'monitorTimeFormat' });
      return z.NEVER;
    }
    return time;
  });

// Monitoring points.

export const monitorPointFieldsSchema = z.object({
  name: requiredText(),
  lon: lonField,
  lat: latField,
  /** The baseline survey's plane coordinates, metres. */
  baseX: coordinateField,
  baseY: coordinateField,
  /** The baseline's height, metres, when surveyed; displacements are horizontal and do not use it. */
  baseZ: coordinateField.nullable().optional(),
  thresholdMm: thresholdField,
  temperature: temperatureField,
});
export type MonitorPointFields = z.input<typeof monitorPointFieldsSchema>;

export const createMonitorPointBodySchema = monitorPointFieldsSchema.extend({ projectId: idField });
export const createMonitorPointsBodySchema = z.object({
  projectId: idField,
  points: z
    .array(monitorPointFieldsSchema, { error: 'required' })
    .min(1, { error: 'required' })
    .max(MONITOR_BATCH_MAX, { error: 'numberRange' }),
});
export const updateMonitorPointBodySchema = monitorPointFieldsSchema.extend({ id: idField });
export type UpdateMonitorPointBody = z.input<typeof updateMonitorPointBodySchema>;

const idList = z
  .array(idField, { error: 'required' })
  .min(1, { error: 'required' })
  .max(MONITOR_BATCH_MAX, { error: 'numberRange' });
export const monitorIdsBodySchema = z.object({ ids: idList });
export const monitorThresholdBatchBodySchema = z.object({ ids: idList, thresholdMm: thresholdField });

export const monitorPointListQuerySchema = z.object({
  projectId: idParam,
  /** Newest first; oldest first when absent. */
  orderDesc: booleanQueryField.optional(),
});

export const monitorPointSchema = z.object({
  id: z.number().int(),
  projectId: z.number().int(),
  name: z.string(),
  lon: z.number(),
  lat: z.number(),
  baseX: z.number(),
  baseY: z.number(),
  baseZ: z.number().nullable(),
  thresholdMm: z.number(),
  temperature: z.number(),
  recordCount: z.number().int(),
  /** The latest survey's cumulative displacement, mm; null before the first survey. */
  latestCumulativeMm: z.number().nullable(),
  /** Whether the latest survey is above the threshold. */
  alarm: z.boolean(),
  createdAt: z.string(),
});
export type MonitorPoint = z.infer<typeof monitorPointSchema>;
export const monitorCountSchema = z.object({ count: z.number().int() });

// Displacement records (surveys).

export const displacementRecordFieldsSchema = z.object({
  monitorTime: monitorTimeField,
  temperature: temperatureField,
  x: coordinateField,
  y: coordinateField,
});
export type DisplacementRecordFields = z.input<typeof displacementRecordFieldsSchema>;

export const createDisplacementBodySchema = displacementRecordFieldsSchema.extend({ monitorPointId: idField });
export const updateDisplacementBodySchema = displacementRecordFieldsSchema.extend({ id: idField });
export type UpdateDisplacementBody = z.input<typeof updateDisplacementBodySchema>;
export const createDisplacementsBodySchema = z.object({
  monitorPointId: idField,
  records: z
    .array(displacementRecordFieldsSchema, { error: 'required' })
    .min(1, { error: 'required' })
    .max(MONITOR_BATCH_MAX, { error: 'numberRange' }),
});
export type CreateDisplacementsBody = z.input<typeof createDisplacementsBodySchema>;
export const displacementListQuerySchema = z.object({ monitorPointId: idParam });

export const displacementRecordSchema = z.object({
  id: z.number().int(),
  monitorPointId: z.number().int(),
  monitorTime: z.string(),
  temperature: z.number(),
  x: z.number(),
  y: z.number(),
  /** From the survey before (or the baseline, for the first), mm. */
  currentMm: z.number(),
  /** From the baseline, mm. */
  cumulativeMm: z.number(),
  /** Cumulative displacement above the point's threshold. */
  alarm: z.boolean(),
});
export type DisplacementRecord = z.infer<typeof displacementRecordSchema>;
