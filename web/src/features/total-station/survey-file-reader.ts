import Papa from 'papaparse';

export type SurveyFileKind = 'csv' | 'xlsx';

/** Which reader a file needs, by its name; null for any other kind of file. */
export function surveyFileKind(name: string): SurveyFileKind | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv') || lower.endsWith('.txt')) return 'csv';
  if (lower.endsWith('.xlsx')) return 'xlsx';
  return null;
}

/**
 * A survey file's cells, row by row as the file numbers them (blank rows kept, so row numbers stay the file's):
 * CSV through papaparse, the first sheet of an Excel workbook through exceljs (loaded only for Excel files).
 */
export async function readSurveyCells(file: Blob, kind: SurveyFileKind): Promise<unknown[][]> {
  if (kind === 'csv') {
    const parsed = Papa.parse<string[]>(await file.text(), { skipEmptyLines: false });
    return parsed.data;
  }
  const { Workbook } = await import('exceljs');
  const workbook = new Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  const table: unknown[][] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, number) => {
    // exceljs numbers cells from 1; its values array keeps an empty slot 0.
    table[number - 1] = (row.values as unknown[]).slice(1);
  });
  return Array.from(table, (cells) => cells ?? []);
}
