import type { FieldIssue } from '@sightline/shared';
import { translate } from '../../i18n';

/**
 * The problems of an imported camera parameter file, one line each (docs/api.md, "Camera parameter file"):
 * `rows.<n>.<column>` issues name the row, counted from 1 as a person reads the file (the CSV header not
 * counted), and the column as the file writes it; `file` issues are about the file itself.
 */
export function cameraImportIssueLines(issues: readonly FieldIssue[]): string[] {
  const lines = issues.map((issue) => {
    const message = translate(`validation.${issue.key}`, issue.params);
    const match = /^rows\.(\d+)\.?([A-Za-z]*)/.exec(issue.path);
    if (!match) return translate('inspectionUi.camera.fileIssue', { message });
    return translate('inspectionUi.camera.rowIssue', { row: Number(match[1]) + 1, field: match[2] ?? '', message });
  });
  return [...new Set(lines)];
}
