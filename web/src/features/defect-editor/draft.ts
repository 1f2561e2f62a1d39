/**
 * A shape being drawn, before it is a defect: clicks add a crack's or an area's points, a drag spans a rectangle.
 * Pure steps, each answering the next draft, so that undo while drawing takes back the last point.
 */
import { DEFECT_SHAPE_MIN_POINTS } from '@sightline/shared';
import { rectangleCorners, type EditorShape, type Pixel } from './geometry';

export type DrawingTool = 'polyline' | 'polygon' | 'rectangle';

export interface Draft {
  tool: DrawingTool;
  points: Pixel[];
}

export const emptyDraft = (tool: DrawingTool): Draft => ({ tool, points: [] });

/**
 * The draft with a point added; a point within `tolerance` pixels of the last one adds nothing (the two clicks of
 * the double-click that finishes a crack land on one spot).
 */
export function addPoint(draft: Draft, point: Pixel, tolerance: number): Draft {
  const last = draft.points.at(-1);
  if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) <= tolerance) return draft;
  return { ...draft, points: [...draft.points, point] };
}

/** The draft without its last point. */
export const removeLastPoint = (draft: Draft): Draft => ({ ...draft, points: draft.points.slice(0, -1) });

/** A dragged rectangle: the press's corner and the pointer's. */
export const spanRectangle = (from: Pixel, to: Pixel): Draft => ({
  tool: 'rectangle',
  points: rectangleCorners(from, to),
});

/** Whether the draft has the points its shape needs (SPEC section 5: a polyline 2, a polygon 3). */
export const canFinish = (draft: Draft): boolean =>
  draft.points.length >= DEFECT_SHAPE_MIN_POINTS[draft.tool] &&
  // A rectangle of no width or height is a click, not a drawing.
  (draft.tool !== 'rectangle' ||
    (draft.points[0]![0] !== draft.points[2]![0] && draft.points[0]![1] !== draft.points[2]![1]));

/** The finished shape, or null when the draft has too few points. */
export const finishDraft = (draft: Draft): EditorShape | null =>
  canFinish(draft) ? { kind: draft.tool, points: draft.points } : null;
