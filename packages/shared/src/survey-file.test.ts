import { describe, expect, it } from 'vitest';
import { normalizeMonitorTime } from './schemas/monitor-point.js';
import { readSurveyTable, surveyFileTemplate } from './survey-file.js';

describe('survey files', () => {
  it('reads each row on its own, numbering rows as the file does', () => {
    const reading = readSurveyTable([
      [],
      ['x', 'y', 'monitorTime', 'temperature'],
      ['1000.003', '2000.004', '2024-05-01 08:30', '21.5'],
      ['', '', '', ''],
      ['abc', '2000', '2024/5/2', '20'],
      [1000, 2000, new Date(Date.UTC(2024, 4, 3, 9, 15)), 19],
      [1000, 2000, '2024-05-03 09:15', 19],
      [1000, 2000, '2024-02-30', 19],
      [1000, 2000, '2024-05-04', ''],
    ]);
    expect(reading).toEqual({
      ok: true,
      rows: [
        {
          row: 3,
          record: { monitorTime: '2024-05-01 08:30', temperature: 21.5, x: 1000.003, y: 2000.004 },
          issues: [],
        },
        { row: 5, record: null, issues: [{ field: 'x', key: 'invalidValue' }] },
        { row: 6, record: { monitorTime: '2024-05-03 09:15', temperature: 19, x: 1000, y: 2000 }, issues: [] },
        { row: 7, record: null, issues: [{ field: 'monitorTime', key: 'monitorTimeRepeated' }] },
        { row: 8, record: null, issues: [{ field: 'monitorTime', key: 'monitorTimeFormat' }] },
        { row: 9, record: null, issues: [{ field: 'temperature', key: 'required' }] },
      ],
    });
  });

  it('refuses times the point already has', () => {
    const reading = readSurveyTable(
      [
        ['monitorTime', 'temperature', 'x', 'y'],
        ['2024-05-01 8:30', 20, 1, 2],
      ],
      new Set(['2024-05-01 08:30']),
    );
    expect(reading).toEqual({
      ok: true,
      rows: [{ row: 2, record: null, issues: [{ field: 'monitorTime', key: 'monitorTimeTaken' }] }],
    });
  });

  it('names the missing columns', () => {
    expect(readSurveyTable([['\ufeffmonitorTime', 'temperature', 'x', 'y']])).toEqual({ ok: true, rows: [] });
    expect(readSurveyTable([['monitorTime', 'X']])).toEqual({ ok: false, missingColumns: ['temperature', 'y'] });
    expect(readSurveyTable([])).toEqual({ ok: false, missingColumns: ['monitorTime', 'temperature', 'x', 'y'] });
  });

  it('reads its own template', () => {
    const table = surveyFileTemplate()
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    const reading = readSurveyTable(table);
    expect(reading.ok && reading.rows.map((row) => row.issues)).toEqual([[]]);
  });

  it('normalises survey times and refuses impossible ones', () => {
    expect(normalizeMonitorTime('2024-5-1')).toBe('2024-05-01 00:00');
    expect(normalizeMonitorTime('2024-05-01T23:59:30')).toBe('2024-05-01 23:59');
    expect(normalizeMonitorTime('2023-02-29')).toBeNull();
    expect(normalizeMonitorTime('2024-05-01 24:00')).toBeNull();
    expect(normalizeMonitorTime('01/05/2024')).toBeNull();
  });
});
