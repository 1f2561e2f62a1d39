import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { importIssueLines } from './import-issues';

describe('defect field import problems', () => {
  it('names the row (from 1) and the column of each problem, once', async () => {
    await i18n.changeLanguage('en');
    expect(
      importIssueLines([
        { path: 'rows.0.name', key: 'required' },
        { path: 'rows.2.options.1', key: 'duplicateOption' },
        { path: 'rows.2.options.1', key: 'duplicateOption' },
        { path: 'file', key: 'invalidValue' },
      ]),
    ).toEqual([
      'Row 1, Field name: This field is required',
      'Row 3, Options: Dropdown options must not repeat',
      'The file: The value is not valid',
    ]);
  });
});
