/**
 * What Ctrl+Z takes back, newest last: a defect drawn (undone by deleting it) or a defect's shape before a vertex
 * was moved (undone by saving that shape again). Bounded, so a long session keeps only its recent steps.
 */
import type { EditorShape } from './geometry';

export type UndoStep =
  { kind: 'created'; defectId: number } | { kind: 'reshaped'; defectId: number; before: EditorShape };

export const UNDO_STEPS_MAX = 50;

export function pushStep(stack: readonly UndoStep[], step: UndoStep): UndoStep[] {
  return [...stack, step].slice(-UNDO_STEPS_MAX);
}

/** The newest step and the stack without it. */
export function popStep(stack: readonly UndoStep[]): [UndoStep | undefined, UndoStep[]] {
  return [stack.at(-1), stack.slice(0, -1)];
}

/** The stack without the steps of a defect that is gone (deleted here or elsewhere). */
export function forgetDefect(stack: readonly UndoStep[], defectId: number): UndoStep[] {
  return stack.filter((step) => step.defectId !== defectId);
}
