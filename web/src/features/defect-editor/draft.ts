/**
 * A shape being drawn, before it is a defect: clicks add a crack's or an area's points, a double-click or Enter ends
 * it, a drag spans a rectangle. Pure steps, each answering the next draft, so that undo while drawing takes back the
 * last point.
 */
import { DEFECT_SHAPE_MIN_POINTS } from '@sightline/shared';
import { rectangleCorners, type EditorShape, type Pixel } from './geometry';

export type DrawingTool = 'polyline' | 'polygon' | 'rectangle';

/** A click on the photo while drawing: the photo pixel it meets, its spot on screen (CSS pixels) and its time (ms). */
export interface DraftClick {
  at: Pixel;
  x: number;
  y: number;
  time: number;
}

/** How soon (ms) and how near (CSS pixels) a click must follow the one before to be a double-click's second. */
export interface DoubleClickRule {
  ms: number;
  px: number;
}

export interface Draft {
  tool: DrawingTool;
  points: Pixel[];
  /** The click before, that the next one may pair with into a double-click. */
  lastClick?: DraftClick;
}

export const emptyDraft = (tool: DrawingTool): Draft => ({ tool, points: [] });

/** The draft with a point added; a point within `tolerance` pixels of the last one adds nothing. */
function addPoint(draft: Draft, point: Pixel, tolerance: number): Draft {
  const last = draft.points.at(-1);
  if (last && Math.hypot(point[0] - last[0], point[1] - last[1]) <= tolerance) return draft;
  return { ...draft, points: [...draft.points, point] };
}

/**
 * What a click does to a crack or an area being drawn: it adds its point, or, as the second click of a double-click
 * (soon after and near the click before), it adds nothing, the first having placed the point, and asks to finish.
 * The editor pairs clicks itself, as a browser does, each click pairing with the one just before. OpenSeadragon's
 * canvas-double-click pairs them two by two from the first instead: after a click on a crack's start, a
 * double-click on its end within 300 ms paired the start with the end's first click (too far apart to count) and
 * left the second alone, so a crack of two points never finished.
 */
export function clickDraft(
  draft: Draft,
  click: DraftClick,
  rule: DoubleClickRule,
  tolerance: number,
): { draft: Draft; finish: boolean } {
  const last = draft.lastClick;
  if (last && click.time - last.time <= rule.ms && Math.hypot(click.x - last.x, click.y - last.y) <= rule.px)
    return { draft: { tool: draft.tool, points: draft.points }, finish: true };
  return { draft: { ...addPoint(draft, click.at, tolerance), lastClick: click }, finish: false };
}

/** The draft without its last point. */
export const removeLastPoint = (draft: Draft): Draft => ({ tool: draft.tool, points: draft.points.slice(0, -1) });

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

/**
 * The finished shape, or, when the draft is too short for its shape (a crack of one point, an area of two corners),
 * the tool whose hint says what it still needs.
 */
export const finishDraft = (draft: Draft): { shape: EditorShape } | { refused: DrawingTool } =>
  canFinish(draft) ? { shape: { kind: draft.tool, points: draft.points } } : { refused: draft.tool };
