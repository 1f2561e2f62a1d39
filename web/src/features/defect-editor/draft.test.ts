import { describe, expect, it } from 'vitest';
import type { Pixel } from './geometry';
import {
  canFinish,
  clickDraft,
  emptyDraft,
  finishDraft,
  removeLastPoint,
  spanRectangle,
  type Draft,
  type DrawingTool,
} from './draft';

/** OpenSeadragon's double-click thresholds, which the editor reads from the viewer. */
const rule = { ms: 300, px: 20 };
/** Half the editor's reach at the zoom of the browser test, in photo pixels. */
const tolerance = 17;

/** Clicks in order, each at a screen spot (CSS pixels) meeting a photo pixel, at a time (ms); true where one asks to finish. */
function clicks(tool: DrawingTool, sequence: ReadonlyArray<{ x: number; y: number; at: Pixel; time: number }>) {
  let draft: Draft = emptyDraft(tool);
  const finishes: boolean[] = [];
  for (const click of sequence) {
    const next = clickDraft(draft, click, rule, tolerance);
    draft = next.draft;
    finishes.push(next.finish);
  }
  return { draft, finishes };
}

const start = { x: 163.6, y: 222.6, at: [800, 399.3] as Pixel };
const end = { x: 409, y: 237.4, at: [2000, 471.9] as Pixel };

describe('drawing drafts', () => {
  it('finishes a crack of two points: a click, then a double-click on the end soon after', () => {
    // The times the browser test logged: the end's first click 287 ms after the start's, its second 67 ms later.
    const { draft, finishes } = clicks('polyline', [
      { ...start, time: 5201 },
      { ...end, time: 5488 },
      { ...end, time: 5555 },
    ]);
    expect(finishes).toEqual([false, false, true]);
    expect(finishDraft(draft)).toEqual({ shape: { kind: 'polyline', points: [start.at, end.at] } });
  });

  it('pairs each click with the one just before: three points, the last double-clicked', () => {
    const middle = { x: 300, y: 260, at: [1500, 600] as Pixel };
    const { draft, finishes } = clicks('polyline', [
      { ...start, time: 0 },
      { ...middle, time: 150 },
      { ...end, time: 290 },
      { ...end, time: 350 },
    ]);
    expect(finishes).toEqual([false, false, false, true]);
    expect(draft.points).toEqual([start.at, middle.at, end.at]);
  });

  it('adds no point for a double-click jittering a few pixels, and none for a slow second click on the last one', () => {
    const jittered = clicks('polyline', [
      { ...start, time: 0 },
      { ...end, time: 1000 },
      { x: end.x + 6, y: end.y - 4, at: [2030, 452], time: 1080 },
    ]);
    expect(jittered.finishes).toEqual([false, false, true]);
    expect(jittered.draft.points).toEqual([start.at, end.at]);

    const slow = clicks('polyline', [
      { ...start, time: 0 },
      { ...start, time: 800 },
    ]);
    expect(slow.finishes).toEqual([false, false]);
    expect(slow.draft.points).toEqual([start.at]);
  });

  it('refuses a crack of one point and an area of two corners, naming the tool', () => {
    const single = clicks('polyline', [
      { ...start, time: 0 },
      { ...start, time: 100 },
    ]);
    expect(single.finishes).toEqual([false, true]);
    expect(finishDraft(single.draft)).toEqual({ refused: 'polyline' });
    expect(finishDraft(emptyDraft('polyline'))).toEqual({ refused: 'polyline' });

    const twoCorners = clicks('polygon', [
      { ...start, time: 0 },
      { ...end, time: 500 },
      { ...end, time: 560 },
    ]);
    expect(twoCorners.finishes).toEqual([false, false, true]);
    expect(finishDraft(twoCorners.draft)).toEqual({ refused: 'polygon' });
  });

  it('needs 3 points for a polygon, and takes back the last one', () => {
    const { draft } = clicks('polygon', [
      { x: 0, y: 0, at: [0, 0], time: 0 },
      { x: 100, y: 0, at: [100, 0], time: 1000 },
      { x: 100, y: 100, at: [100, 100], time: 2000 },
    ]);
    expect(canFinish(draft)).toBe(true);
    const shorter = removeLastPoint(draft);
    expect(shorter.points).toEqual([
      [0, 0],
      [100, 0],
    ]);
    expect(canFinish(shorter)).toBe(false);
    // Undone, the point is no longer there to pair a double-click with.
    expect(clickDraft(shorter, { x: 100, y: 100, at: [100, 100], time: 2100 }, rule, tolerance).finish).toBe(false);
  });

  it('spans a rectangle from a drag, and refuses one of no width or height', () => {
    expect(finishDraft(spanRectangle([30, 40], [10, 20]))).toEqual({
      shape: {
        kind: 'rectangle',
        points: [
          [10, 20],
          [30, 20],
          [30, 40],
          [10, 40],
        ],
      },
    });
    expect(canFinish(spanRectangle([10, 20], [10, 60]))).toBe(false);
    expect(canFinish(spanRectangle([10, 20], [10, 20]))).toBe(false);
  });
});
