/**
 * Draws a photo's defects on one canvas over the viewer, at every frame of a zoom or pan: only those whose box is
 * in view, each with a path or two (no DOM node per defect, no React render per frame).
 */
import { boundsOf, boxesMeet, type Box, type EditorShape, type Pixel } from './geometry';

export interface DrawnDefect {
  id: number;
  code: string;
  shape: EditorShape;
  color: string;
}

export interface LayerScene {
  defects: ReadonlyArray<DrawnDefect>;
  selectedId: number | null;
  /** The points being drawn and where the pointer is (the next point's rubber band). */
  draft: { points: ReadonlyArray<Pixel>; closed: boolean; cursor: Pixel | null } | null;
  draftColor: string;
}

/** The view as a scale and an offset: the photo is never turned, so one multiply-add per coordinate. */
export interface LayerView {
  scale: number;
  originX: number;
  originY: number;
  /** The photo's part in view, in its pixels. */
  visible: Box;
}

const boxes = new WeakMap<EditorShape, Box>();
const boxOf = (shape: EditorShape) => {
  let box = boxes.get(shape);
  if (!box) {
    box = boundsOf(shape.points);
    boxes.set(shape, box);
  }
  return box;
};

const HANDLE_PX = 8;
/** Codes are written once a defect is at least this wide on screen. */
const LABEL_MIN_PX = 36;

function tracePath(context: CanvasRenderingContext2D, view: LayerView, points: ReadonlyArray<Pixel>, closed: boolean) {
  context.beginPath();
  points.forEach(([x, y], index) => {
    const sx = view.originX + x * view.scale;
    const sy = view.originY + y * view.scale;
    if (index === 0) context.moveTo(sx, sy);
    else context.lineTo(sx, sy);
  });
  if (closed) context.closePath();
}

function drawHandles(context: CanvasRenderingContext2D, view: LayerView, points: ReadonlyArray<Pixel>, color: string) {
  context.lineWidth = 2;
  context.strokeStyle = color;
  context.fillStyle = '#ffffff';
  for (const [x, y] of points) {
    const sx = view.originX + x * view.scale - HANDLE_PX / 2;
    const sy = view.originY + y * view.scale - HANDLE_PX / 2;
    context.fillRect(sx, sy, HANDLE_PX, HANDLE_PX);
    context.strokeRect(sx, sy, HANDLE_PX, HANDLE_PX);
  }
}

/** Draws the scene; answers how many defects were in view (the bench and tests read it). */
export function drawScene(
  context: CanvasRenderingContext2D,
  size: { width: number; height: number },
  view: LayerView,
  scene: LayerScene,
): number {
  context.clearRect(0, 0, size.width, size.height);
  context.lineJoin = 'round';
  context.lineCap = 'round';
  let drawn = 0;
  let selected: DrawnDefect | null = null;
  for (const defect of scene.defects) {
    const { shape } = defect;
    // A crack's stroke reaches beyond its points by half its width.
    if (!boxesMeet(boxOf(shape), view.visible, (shape.widthPx ?? 0) / 2 + HANDLE_PX / view.scale)) continue;
    drawn += 1;
    if (defect.id === scene.selectedId) selected = defect;
    const line = shape.kind === 'polyline';
    tracePath(context, view, shape.points, !line);
    if (!line) {
      context.globalAlpha = 0.22;
      context.fillStyle = defect.color;
      context.fill();
      context.globalAlpha = 1;
    }
    context.strokeStyle = defect.color;
    context.lineWidth = line ? Math.max(2, (shape.widthPx ?? 0) * view.scale) : 2;
    context.stroke();
    const box = boxOf(shape);
    if ((box.maxX - box.minX) * view.scale >= LABEL_MIN_PX || (box.maxY - box.minY) * view.scale >= LABEL_MIN_PX) {
      context.font = '12px sans-serif';
      context.fillStyle = defect.color;
      context.fillText(defect.code, view.originX + box.minX * view.scale, view.originY + box.minY * view.scale - 4);
    }
  }
  // The selected defect on top: a white halo under its colour, and its vertices' handles.
  if (selected) {
    const line = selected.shape.kind === 'polyline';
    tracePath(context, view, selected.shape.points, !line);
    context.strokeStyle = '#ffffff';
    context.lineWidth = 5;
    context.stroke();
    context.strokeStyle = selected.color;
    context.lineWidth = 3;
    context.stroke();
    drawHandles(context, view, selected.shape.points, selected.color);
  }
  const { draft } = scene;
  if (draft && draft.points.length > 0) {
    const points = draft.cursor ? [...draft.points, draft.cursor] : draft.points;
    tracePath(context, view, points, draft.closed);
    context.setLineDash([6, 4]);
    context.strokeStyle = scene.draftColor;
    context.lineWidth = 2;
    context.stroke();
    context.setLineDash([]);
    drawHandles(context, view, draft.points, scene.draftColor);
  }
  return drawn;
}
