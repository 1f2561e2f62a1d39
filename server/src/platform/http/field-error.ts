import { AppError, type FieldIssue } from '@sightline/shared';

/** A 4000 answer naming one field, for rules a schema cannot check (a type of another team, say). */
export function fieldError(path: string, key: string, params?: Record<string, string | number>): AppError {
  const issue: FieldIssue = params ? { path, key, params } : { path, key };
  return new AppError('VALIDATION_ERROR', { data: { issues: [issue] } });
}
