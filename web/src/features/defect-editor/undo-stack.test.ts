import { describe, expect, it } from 'vitest';
import { UNDO_STEPS_MAX, forgetDefect, popStep, pushStep, type UndoStep } from './undo-stack';

describe('undo stack', () => {
  it('takes back the newest step first', () => {
    let stack: UndoStep[] = [];
    stack = pushStep(stack, { kind: 'created', defectId: 1 });
    stack = pushStep(stack, {
      kind: 'reshaped',
      defectId: 1,
      before: {
        kind: 'polyline',
        points: [
          [0, 0],
          [1, 1],
        ],
      },
    });
    const [step, rest] = popStep(stack);
    expect(step?.kind).toBe('reshaped');
    expect(popStep(rest)[0]).toEqual({ kind: 'created', defectId: 1 });
    expect(popStep([])[0]).toBeUndefined();
  });

  it('keeps only the newest steps', () => {
    let stack: UndoStep[] = [];
    for (let id = 1; id <= UNDO_STEPS_MAX + 5; id += 1) stack = pushStep(stack, { kind: 'created', defectId: id });
    expect(stack).toHaveLength(UNDO_STEPS_MAX);
    expect(stack[0]?.defectId).toBe(6);
  });

  it('forgets a deleted defect', () => {
    const stack = [
      { kind: 'created', defectId: 1 },
      { kind: 'created', defectId: 2 },
    ] as UndoStep[];
    expect(forgetDefect(stack, 1)).toEqual([{ kind: 'created', defectId: 2 }]);
  });
});
