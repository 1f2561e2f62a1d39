/**
 * Zod issues of the shared schemas as field messages: pure, so it is tested without a browser.
 */
export interface IssueLike {
  path: readonly PropertyKey[];
  message: string;
  code?: string;
  maximum?: unknown;
  minimum?: unknown;
}

export interface Parser {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly IssueLike[] } };
}

export interface ObjectParser extends Parser {
  shape?: Record<string, Parser>;
}

export interface FieldMessage {
  key: string;
  params?: Record<string, string | number>;
}

function paramsOf(issue: IssueLike): Record<string, string | number> | undefined {
  if (issue.code === 'too_big' && (typeof issue.maximum === 'number' || typeof issue.maximum === 'bigint')) {
    return { max: Number(issue.maximum) };
  }
  if (issue.code === 'too_small' && (typeof issue.minimum === 'number' || typeof issue.minimum === 'bigint')) {
    return { min: Number(issue.minimum) };
  }
  return undefined;
}

export function fieldMessageOf(issue: IssueLike): FieldMessage {
  const params = paramsOf(issue);
  return params ? { key: issue.message, params } : { key: issue.message };
}

/**
 * The first problem of one field: its own schema first (so it shows while the rest of the form is
 * still empty), then the whole object's (cross-field refinements such as "passwords do not match",
 * which zod runs only once every field is valid).
 */
export function issueForField(
  schema: ObjectParser,
  values: Record<string, unknown>,
  field: string,
): FieldMessage | null {
  const own = schema.shape?.[field];
  if (own) {
    const result = own.safeParse(values[field]);
    const issue = result.success ? undefined : result.error?.issues[0];
    if (issue) return fieldMessageOf(issue);
  }
  const result = schema.safeParse(values);
  if (result.success) return null;
  const issue = result.error?.issues.find((candidate) => String(candidate.path[0] ?? '') === field);
  return issue ? fieldMessageOf(issue) : null;
}
