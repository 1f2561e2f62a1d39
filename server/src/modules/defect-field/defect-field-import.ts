import { defectFieldItemSchema, type DefectFieldItem } from '@sightline/shared';
import { readRowFile } from '../../platform/import/row-file.js';

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
 * Reads a defect field file with the same rules as the form: JSON (an array of `{name, widget, options,
 * visibleWhenMarking}`, or `{fields: [...]}`) or CSV with a header row `name,widget,options,visibleWhenMarking`,
 * options separated by `|` (for instance `crack grade,single,A|B|C,true`).
 */
export function readDefectFieldFile(data: Buffer): DefectFieldItem[] {
  return readRowFile(data, {
    jsonListKey: 'fields',
    schema: defectFieldItemSchema,
    maxRows: DEFECT_FIELD_IMPORT_MAX_ROWS,
    fromCsv: (record) => ({
      name: record.name,
      widget: record.widget?.toLowerCase(),
      options: (record.options ?? '')
        .split('|')
        .map((option) => option.trim())
        .filter((option) => option !== ''),
      visibleWhenMarking: flagOf(record.visibleWhenMarking),
    }),
  });
}
