import { parse } from 'csv-parse/sync';
import {
  AppError,
  CAMERA_PARAM_IMPORT_MAX_ROWS,
  CATALOGUES,
  cameraParamItemSchema,
  type CameraParamItem,
  type FieldIssue,
} from '@sightline/shared';
import { fieldError } from '../../platform/http/field-error.js';

const COLUMNS = ['model', 'sensorWidthMm', 'sensorHeightMm', 'focalLengthMm', 'imageWidthPx', 'imageHeightPx'] as const;
const NUMERIC = new Set<string>(COLUMNS.slice(1));

/** A CSV cell of a numeric column: a number when it reads as one, else the text (which the schema refuses). */
function numberOf(cell: string | undefined): unknown {
  if (cell === undefined || cell.trim() === '') return undefined;
  const value = Number(cell.trim());
  return Number.isFinite(value) ? value : cell;
}

/** CSV with the header row `model,sensorWidthMm,sensorHeightMm,focalLengthMm,imageWidthPx,imageHeightPx`. */
function readCsv(text: string): unknown[] {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true });
  } catch {
    throw fieldError('file', 'invalidValue');
  }
  return records.map((record) =>
    Object.fromEntries(
      COLUMNS.map((column) => [column, NUMERIC.has(column) ? numberOf(record[column]) : record[column]]),
    ),
  );
}

/** JSON: an array of rows, or `{cameras: [...]}`. */
function readJson(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError('file', 'invalidValue');
  }
  const list = Array.isArray(value) ? value : (value as { cameras?: unknown } | null)?.cameras;
  if (!Array.isArray(list)) throw fieldError('file', 'invalidValue');
  return list;
}

/**
 * Reads a camera parameter file (JSON or CSV, told apart by the content; docs/api.md, "Camera parameter file") and
 * checks every row; the issues of all rows come back at once, under `rows.<index>.<field>`, so a person can fix the
 * file in one go. A model named twice in the file is refused on its second row.
 */
export function readCameraParamFile(data: Buffer): CameraParamItem[] {
  const text = new TextDecoder('utf-8').decode(data).trim();
  if (text === '') throw fieldError('file', 'required');
  const rows = text.startsWith('[') || text.startsWith('{') ? readJson(text) : readCsv(text);
  if (rows.length === 0) throw fieldError('file', 'required');
  if (rows.length > CAMERA_PARAM_IMPORT_MAX_ROWS) {
    throw fieldError('file', 'tooLong', { max: CAMERA_PARAM_IMPORT_MAX_ROWS });
  }
  const issues: FieldIssue[] = [];
  const cameras: CameraParamItem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const result = cameraParamItemSchema.safeParse(row);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = Object.hasOwn(CATALOGUES['zh-CN'].validation, issue.message) ? issue.message : 'invalidValue';
        issues.push({ path: ['rows', index, ...issue.path].join('.'), key });
      }
      return;
    }
    if (seen.has(result.data.model)) {
      issues.push({ path: `rows.${index}.model`, key: 'duplicateName' });
      return;
    }
    seen.add(result.data.model);
    cameras.push(result.data);
  });
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', { data: { issues } });
  return cameras;
}
