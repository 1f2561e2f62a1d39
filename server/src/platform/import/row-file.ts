import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import { AppError, CATALOGUES, type FieldIssue } from '@sightline/shared';
import { fieldError } from '../http/field-error.js';

/** How a domain's import file reads: the JSON list's wrapper key, the CSV row mapping, the rule per row. */
export interface RowFileFormat<S extends z.ZodType> {
  /** A JSON file is an array of rows, or an object holding that array under this key. */
  jsonListKey: string;
  /** Turns one CSV record (header names to cells) into what the schema reads. */
  fromCsv: (record: Record<string, string>) => unknown;
  schema: S;
  maxRows: number;
  /** A refusal of a valid row in the light of those before it (a duplicate), as a field issue, or null. */
  refuseRow?: (row: z.output<S>, earlier: readonly z.output<S>[]) => { field: string; key: string } | null;
}

function readCsv(text: string): Array<Record<string, string>> {
  try {
    return parse(text, { columns: true, bom: true, skip_empty_lines: true, trim: true });
  } catch {
    throw fieldError('file', 'invalidValue');
  }
}

function readJson(text: string, listKey: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw fieldError('file', 'invalidValue');
  }
  const list = Array.isArray(value) ? value : (value as Record<string, unknown> | null)?.[listKey];
  if (!Array.isArray(list)) throw fieldError('file', 'invalidValue');
  return list;
}

/**
 * Reads an import file (JSON or CSV, told apart by the content) and checks every row; the issues of all rows come
 * back at once, under `rows.<index>.<field>`, so a person can mend the file in one go.
 */
export function readRowFile<S extends z.ZodType>(data: Buffer, format: RowFileFormat<S>): z.output<S>[] {
  const text = new TextDecoder('utf-8').decode(data).trim();
  if (text === '') throw fieldError('file', 'required');
  const rows =
    text.startsWith('[') || text.startsWith('{')
      ? readJson(text, format.jsonListKey)
      : readCsv(text).map(format.fromCsv);
  if (rows.length === 0) throw fieldError('file', 'required');
  if (rows.length > format.maxRows) throw fieldError('file', 'tooLong', { max: format.maxRows });
  const issues: FieldIssue[] = [];
  const accepted: z.output<S>[] = [];
  rows.forEach((row, index) => {
    const result = format.schema.safeParse(row);
    if (!result.success) {
      for (const issue of result.error.issues) {
        const key = Object.hasOwn(CATALOGUES['zh-CN'].validation, issue.message) ? issue.message : 'invalidValue';
        issues.push({ path: ['rows', index, ...issue.path].join('.'), key });
      }
      return;
    }
    const refusal = format.refuseRow?.(result.data, accepted) ?? null;
    if (refusal) issues.push({ path: `rows.${index}.${refusal.field}`, key: refusal.key });
    else accepted.push(result.data);
  });
  if (issues.length > 0) throw new AppError('VALIDATION_ERROR', { data: { issues } });
  return accepted;
}
