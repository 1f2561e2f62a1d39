import type { FieldIssue } from '@sightline/shared';
import { translate } from '../../i18n';

const FIELD_KEYS: Record<string, string> = {
  name: 'projectUi.fields.name',
  widget: 'projectUi.fields.widget',
  options: 'projectUi.fields.options',
  visibleWhenMarking: 'projectUi.fields.visible',
};

/**
 * The problems of an imported defect field file, one line each: `rows.<n>.<field>` issues name the row
 * (counted from 1, as a person reads the file) and the column; `file` issues are about the file itself.
 */
export function importIssueLines(issues: readonly FieldIssue[]): string[] {
  const lines = issues.map((issue) => {
    const message = translate(`validation.${issue.key}`, issue.params);
    const match = /^rows\.(\d+)\.?([A-Za-z]*)/.exec(issue.path);
    if (!match) return translate('projectUi.fields.importFileIssue', { message });
    const column = match[2] ? FIELD_KEYS[match[2]] : undefined;
    return translate('projectUi.fields.importRowIssue', {
      row: Number(match[1]) + 1,
      field: column ? translate(column) : (match[2] ?? ''),
      message,
    });
  });
  return [...new Set(lines)];
}
