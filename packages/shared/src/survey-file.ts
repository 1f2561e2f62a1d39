/**
 * A total-station survey file (CSV or Excel) read as a table of cells: the first non-blank row names the columns,
 * every later non-blank row is one survey of a monitoring point. The web reads the file (papaparse, exceljs) into
 * cells and previews each row with this function; the server checks the rows again on import with the same schema.
 */
import { displacementRecordFieldsSchema } from './schemas/monitor-point.js';
import type { z } from 'zod';

/** The columns a survey file has, in the template's order. */
export const SURVEY_FILE_COLUMNS = ['monitorTime', 'temperature', 'x', 'y'] as const;
export type SurveyFileColumn = (typeof SURVEY_FILE_COLUMNS)[number];

export type SurveyRecord = z.output<typeof displacementRecordFieldsSchema>;

export interface SurveyRowIssue {
  field: SurveyFileColumn;
  /** A validation key (i18n `validation.<key>`). */
  key: string;
}

export interface SurveyFileRow {
  /** The row's number in the file (1 for its first line), as a spreadsheet shows it. */
  row: number;
  record: SurveyRecord | null;
  issues: SurveyRowIssue[];
}

export type SurveyFileReading = { ok: true; rows: SurveyFileRow[] } | { ok: false; missingColumns: SurveyFileColumn[] };

/** The template's example survey, so the file shows each column's form. */
export const SURVEY_FILE_EXAMPLE = ['2024-05-01 08:30', '21.5', '1000.0031', '2000.0042'] as const;

/** A cell as the schema reads it: blank is absent, a spreadsheet date is a survey time, numbers stay numbers. */
function cellValue(cell: unknown, column: SurveyFileColumn): unknown {
  if (cell === null || cell === undefined) return undefined;
  if (cell instanceof Date) {
    // A spreadsheet's date cell holds wall-clock time in UTC fields (exceljs reads Excel serials so).
    return column === 'monitorTime' ? cell.toISOString().slice(0, 16).replace('T', ' ') : Number.NaN;
  }
  if (typeof cell === 'object' && 'result' in cell) return cellValue((cell as { result: unknown }).result, column);
  if (typeof cell === 'object' && 'richText' in cell) {
    const parts = (cell as { richText: Array<{ text: string }> }).richText;
    return cellValue(parts.map((part) => part.text).join(''), column);
  }
  if (typeof cell === 'number') return column === 'monitorTime' ? String(cell) : cell;
  const text = String(cell).trim();
  if (text === '') return undefined;
  if (column === 'monitorTime') return text;
  const number = Number(text);
  // A cell that is not a number reaches the schema as text, which it refuses as an invalid value.
  return Number.isFinite(number) ? number : text;
}

function isBlank(cells: readonly unknown[]): boolean {
  return cells.every((cell) => cell === null || cell === undefined || String(cell).trim() === '');
}

/**
 * Reads a survey table. Rows whose time repeats an earlier row's or a recorded survey's (`takenTimes`, in the
 * `YYYY-MM-DD HH:mm` form) are refused on the time; every other row stands on its own, so one bad row loses nothing else.
 */
export function readSurveyTable(
  table: ReadonlyArray<readonly unknown[]>,
  takenTimes: ReadonlySet<string> = new Set(),
): SurveyFileReading {
  const headerIndex = table.findIndex((cells) => !isBlank(cells));
  // A CSV written with a byte order mark (as spreadsheet programs want for UTF-8) carries it in the first name.
  const header = (table[headerIndex] ?? []).map((cell) =>
    String(cellValue(cell, 'monitorTime') ?? '')
      .replace(/^\ufeff/, '')
      .toLowerCase(),
  );
  const columnOf = new Map(SURVEY_FILE_COLUMNS.map((column) => [column, header.indexOf(column.toLowerCase())]));
  const missingColumns = SURVEY_FILE_COLUMNS.filter((column) => columnOf.get(column) === -1);
  if (headerIndex === -1 || missingColumns.length > 0) return { ok: false, missingColumns: [...missingColumns] };

  const seen = new Set<string>();
  const rows: SurveyFileRow[] = [];
  table.forEach((cells, index) => {
    if (index <= headerIndex || isBlank(cells)) return;
    const input = Object.fromEntries(
      SURVEY_FILE_COLUMNS.map((column) => [column, cellValue(cells[columnOf.get(column) as number], column)]),
    );
    const result = displacementRecordFieldsSchema.safeParse(input);
    if (!result.success) {
      const issues = result.error.issues.map((issue) => ({
        field: issue.path[0] as SurveyFileColumn,
        key: issue.message,
      }));
      rows.push({ row: index + 1, record: null, issues });
      return;
    }
    const time = result.data.monitorTime;
    const repeated = seen.has(time) ? 'monitorTimeRepeated' : takenTimes.has(time) ? 'monitorTimeTaken' : null;
    seen.add(time);
    rows.push(
      repeated
        ? { row: index + 1, record: null, issues: [{ field: 'monitorTime', key: repeated }] }
        : { row: index + 1, record: result.data, issues: [] },
    );
  });
  return { ok: true, rows };
}

/** The import template: the header row and one example row, as CSV. */
export function surveyFileTemplate(): string {
  return `${SURVEY_FILE_COLUMNS.join(',')}\r\n${SURVEY_FILE_EXAMPLE.join(',')}\r\n`;
}
