import { describe, expect, it } from 'vitest';
import { addPoint, canFinish, emptyDraft, finishDraft, removeLastPoint, spanRectangle } from './draft';

describe('drawing drafts', () => {
  it('adds points, ignoring a repeat on the last one (the double-click that finishes)', () => {
    let draft = addPoint(emptyDraft('polyline'), [10, 10], 2);
    draft = addPoint(draft, [11, 11], 2);
    expect(draft.points).toEqual([[10, 10]]);
    expect(finishDraft(draft)).toBeNull();
    draft = addPoint(draft, [40, 10], 2);
    expect(finishDraft(draft)).toEqual({
      kind: 'polyline',
      points: [
        [10, 10],
        [40, 10],
      ],
    });
  });

  it('needs 3 points for a polygon, and takes back the last one', () => {
    let draft = emptyDraft('polygon');
    for (const point of [
      [0, 0],
      [10, 0],
      [10, 10],
    ] as const)
      draft = addPoint(draft, point, 1);
    expect(canFinish(draft)).toBe(true);
    draft = removeLastPoint(draft);
    expect(draft.points).toEqual([
      [0, 0],
      [10, 0],
    ]);
    expect(canFinish(draft)).toBe(false);
  });

  it('spans a rectangle from a drag, and refuses one of no width or height', () => {
    expect(finishDraft(spanRectangle([30, 40], [10, 20]))?.points).toEqual([
      [10, 20],
      [30, 20],
      [30, 40],
      [10, 40],
    ]);
    expect(canFinish(spanRectangle([10, 20], [10, 60]))).toBe(false);
    expect(canFinish(spanRectangle([10, 20], [10, 20]))).toBe(false);
  });
});
