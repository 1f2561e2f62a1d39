import { describe, expect, it } from 'vitest';
import { Workbook } from 'exceljs';
import { readSurveyTable } from '@sightline/shared';
import { readSurveyCells, surveyFileKind } from './survey-file-reader';

describe('survey file reader', () => {
  it('tells CSV and Excel files by name', () => {
    expect([surveyFileKind('a.CSV'), surveyFileKind('b.xlsx'), surveyFileKind('c.xls')]).toEqual(['csv', 'xlsx', null]);
  });

  it('reads a CSV file keeping its row numbers', async () => {
    const csv = 'monitorTime,temperature,x,y\n2024-05-01 08:30,21.5,1000.003,2000.004\n\n2024-05-02,oops,1,2\n';
    const reading = readSurveyTable(await readSurveyCells(new Blob([csv]), 'csv'));
    expect(reading.ok && reading.rows.map((row) => [row.row, row.issues])).toEqual([
      [2, []],
      [4, [{ field: 'temperature', key: 'invalidValue' }]],
    ]);
  });

  it('reads the first sheet of a workbook, its date cells as survey times', async () => {
    const workbook = new Workbook();
    const sheet = workbook.addWorksheet('Surveys');
    sheet.addRow(['monitorTime', 'temperature', 'x', 'y']);
    sheet.addRow([new Date(Date.UTC(2024, 4, 1, 8, 30)), 21.5, 1000.003, 2000.004]);
    sheet.addRow([]);
    sheet.addRow(['2024-05-02 09:00', 20, '', 2000]);
    const data = await workbook.xlsx.writeBuffer();
    const reading = readSurveyTable(await readSurveyCells(new Blob([data]), 'xlsx'));
    expect(reading).toEqual({
      ok: true,
      rows: [
        {
          row: 2,
          record: { monitorTime: '2024-05-01 08:30', temperature: 21.5, x: 1000.003, y: 2000.004 },
          issues: [],
        },
        { row: 4, record: null, issues: [{ field: 'x', key: 'required' }] },
      ],
    });
  });
});
