/** The data of a VALIDATION_ERROR answer: one issue per field, with its validation key. */
export type Issues = { issues: Array<{ path: string; key: string }> };

/** A validation answer's issues as `{ path: key }`, to assert the key of every field at once. */
export function fieldKeys(body: { data: unknown }): Record<string, string> {
  return Object.fromEntries((body.data as Issues).issues.map((issue) => [issue.path, issue.key]));
}
