import { parse } from 'csv-parse/sync';
import { AppError, CATALOGUES, defectFieldItemSchema, type DefectFieldItem, type FieldIssue } from '@sightline/shared';
import { fieldError } from '../../platform/http/field-error.js';

export const DEFECT_FIELD_IMPORT_MAX_BYTES = 1024 * 1024;
export const DEFECT_FIELD_IMPORT_MAX_ROWS = 200;

const TRUE_WORDS = new Set(['true', '1', 'yes', 'y']);
const FALSE_WORDS = new Set(['false', '0', 'no', 'n']);

/** A CSV cell of the visible-when-marking column: blank keeps the default (visible). */
function flagOf(cell: unknown): unknown {
  if (typeof cell !== 'string' || cell.trim() === '') return undefined;
  const word = cell.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return cell;
}

/**
 * CSV with a header row `name,widget,options,visibleWhenMarking`, options separated by `|`
 * (for instance `crack grade,single,A|B|C,true`).
 */
function readCsv(text: string): unknown[] {
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true });
  } catch {
    throw fieldError('file', 'invalidValue');
  }
  return records.map((record) => ({
    name: record.name,
    widget: record.widget?.toLowerCase(),
    options: (record.options ?? '')
      .split('|')
      .map((option) => option.trim())
      .filter((option) => option !== ''),
    visibleWhenMarking: flagOf(record.visibleWhenMarking),
  }));
}

/** JSON: an array of `{name, widget, options, visibleWhenMarking}`, or `{fields: [...]}`. */
function readJson(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError('file', 'invalidValue');
  }
  const list = Array.isArray(value) ? value : (value as { fields?: unknown } | null)?.fields;
  if (!Array.isArray(list)) throw fieldError('file', 'invalidValue');
  return list;
}

/**
 * Reads a defect field file (JSON or CSV, told apart by the content) and checks every row with the same
 * rules as the form; the issues of all rows come back at once, under `rows.<index>.<field>`.
 */
export function readDefectFieldFile(data: Buffer): DefectFieldItem[] {
  const text = new TextDecoder('utf-8').decode(data).trim();
  if (text === '') throw fieldError('file', 'required');
  const rows = text.startsWith('[') || text.startsWith('{') ? readJson(text) : readCsv(text);
  if (rows.length === 0) throw fieldError('file', 'required');
  if (rows.length > DEFECT_FIELD_IMPORT_MAX_ROWS) {
    throw fieldError('file', 'tooLong', { max: DEFECT_FIELD_IMPORT_MAX_ROWS });
  }
  const issues: FieldIssue[] = [];
  const fields: DefectFieldItem[] = [];
  rows.forEach((row, index) => {
    const result = defectFieldItemSchema.safeParse(row);
    if (result.success) {
      fields.push(result.data);
      return;
    }
    for (const issue of result.error.issues) {
      const key = Object.hasOwn(CATALOGUES['zh-CN'].validation, issue.message) ? issue.message : 'invalidValue';
      issues.push({ path: ['rows', index, ...issue.path].join('.'), key });
    }
  });
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', { data: { issues } });
  return fields;
}
