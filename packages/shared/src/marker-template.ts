/**
 * Batch creation of spatial markers from templates (SPEC section 5): a number template and a name template that use
 * the variables $1, $2 and $3, each counting over a range of whole numbers. One marker is made for every combination
 * of the variables' values ($1 outermost), so "P$1-$2" with $1 = 1..3 and $2 = 1..2 gives P1-1, P1-2, P2-1 ... P3-2.
 *
 * The web previews with the same function the server creates with, so both refuse the same templates with the same
 * validation keys.
 */
import { LIMITS } from './limits.js';

export const MARKER_TEMPLATE_VARIABLES_MAX = 3;
/** Range bounds of a template variable, and the most digits it may be padded to with leading zeros. */
export const MARKER_TEMPLATE_VALUE_MAX = 99_999;
export const MARKER_TEMPLATE_PAD_MAX = 6;

export interface MarkerTemplateVariable {
  readonly from: number;
  readonly to: number;
  /** Leading zeros up to this many digits (0 = none): $1 = 7 with pad 3 writes 007. */
  readonly pad?: number;
}

export interface MarkerTemplateInput {
  readonly codeTemplate: string;
  readonly nameTemplate: string;
  /** Variable $i is `variables[i - 1]`. */
  readonly variables: readonly MarkerTemplateVariable[];
}

/** Validation keys (i18n `validation.`) of template mistakes, each with its own message. */
export type MarkerTemplateProblem =
  | { field: 'codeTemplate' | 'nameTemplate'; key: 'markerTemplateFormat' }
  | { field: 'codeTemplate' | 'nameTemplate'; key: 'markerTemplateUnusedVariable'; variable: number }
  | { field: 'variables'; key: 'markerTemplateRange'; variable: number }
  | { field: 'variables'; key: 'markerBatchTooMany'; count: number };

const TOKEN = /\$(\d?)/g;

/** The variables a template refers to, or null when a `$` is not followed by 1 to the number of variables given. */
function referencedVariables(template: string, variableCount: number): Set<number> | null {
  const used = new Set<number>();
  for (const match of template.matchAll(TOKEN)) {
    const index = Number(match[1] || 0);
    if (index < 1 || index > variableCount) return null;
    used.add(index);
  }
  return used;
}

/** How many markers the variables make (the product of their range sizes), or 0 when a range is invalid. */
export function markerTemplateCount(variables: readonly MarkerTemplateVariable[]): number {
  return variables.reduce((count, { from, to }) => (isValidRange(from, to) ? count * (to - from + 1) : 0), 1);
}

function isValidRange(from: number, to: number): boolean {
  return Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to <= MARKER_TEMPLATE_VALUE_MAX && from <= to;
}

/**
 * Every mistake of a template batch, in field order; empty when it can be expanded. A variable missing from either
 * template would give several markers the same number or name, so each variable must appear in both.
 */
export function checkMarkerTemplate(input: MarkerTemplateInput): MarkerTemplateProblem[] {
  const problems: MarkerTemplateProblem[] = [];
  const variableCount = input.variables.length;
  for (const field of ['codeTemplate', 'nameTemplate'] as const) {
    const used = referencedVariables(input[field], variableCount);
    if (used === null) {
      problems.push({ field, key: 'markerTemplateFormat' });
      continue;
    }
    for (let variable = 1; variable <= variableCount; variable += 1) {
      if (!used.has(variable)) problems.push({ field, key: 'markerTemplateUnusedVariable', variable });
    }
  }
  input.variables.forEach(({ from, to, pad = 0 }, index) => {
    const padOk = Number.isInteger(pad) && pad >= 0 && pad <= MARKER_TEMPLATE_PAD_MAX;
    if (!isValidRange(from, to) || !padOk)
      problems.push({ field: 'variables', key: 'markerTemplateRange', variable: index + 1 });
  });
  const count = markerTemplateCount(input.variables);
  if (count > LIMITS.markerBatchMax) problems.push({ field: 'variables', key: 'markerBatchTooMany', count });
  return problems;
}

export interface ExpandedMarker {
  readonly code: string;
  readonly name: string;
}

/** The markers a valid template batch makes, in order; throws when `checkMarkerTemplate` reports a problem. */
export function expandMarkerTemplate(input: MarkerTemplateInput): ExpandedMarker[] {
  const problems = checkMarkerTemplate(input);
  if (problems.length > 0) throw new Error(`invalid marker template: ${problems.map((p) => p.key).join(', ')}`);
  const markers: ExpandedMarker[] = [];
  const values = new Array<string>(input.variables.length);
  const fill = (template: string) => template.replace(TOKEN, (_token, digit: string) => values[Number(digit) - 1]!);
  const visit = (depth: number): void => {
    if (depth === input.variables.length) {
      markers.push({ code: fill(input.codeTemplate), name: fill(input.nameTemplate) });
      return;
    }
    const { from, to, pad = 0 } = input.variables[depth]!;
    for (let value = from; value <= to; value += 1) {
      values[depth] = String(value).padStart(pad, '0');
      visit(depth + 1);
    }
  };
  visit(0);
  return markers;
}
