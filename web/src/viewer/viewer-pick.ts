/**
 * Between the canvas and the model: a position on the tileset under the pointer: what measuring and placing markers both click on. The globe and our
 * own drawings (points, labels) do not count; a drawing on top of the model is looked beneath.
 */
import type * as CesiumNs from 'cesium';

type Cesium = typeof CesiumNs;

/** The depth-buffer position under the pointer, or undefined where nothing is drawn. */
export function positionAt(
  viewer: CesiumNs.Viewer,
  windowPosition: CesiumNs.Cartesian2,
): CesiumNs.Cartesian3 | undefined {
  const position = viewer.scene.pickPosition(windowPosition);
  return position && Number.isFinite(position.x) ? position : undefined;
}

export function pickOnTileset(
  viewer: CesiumNs.Viewer,
  tileset: CesiumNs.Cesium3DTileset | undefined,
  windowPosition: CesiumNs.Cartesian2,
): CesiumNs.Cartesian3 | undefined {
  const { scene } = viewer;
  if (!tileset || !scene.pickPositionSupported) return undefined;
  // One pick pass is enough unless one of our own points or labels is on top; only then look beneath it.
  const top = scene.pick(windowPosition) as { primitive?: unknown; id?: unknown } | undefined;
  const ours = top !== undefined && top.primitive !== tileset && top.id !== undefined;
  const onTileset =
    top?.primitive === tileset ||
    (ours &&
      (scene.drillPick(windowPosition, 4) as Array<{ primitive?: unknown }>).some((hit) => hit.primitive === tileset));
  if (!onTileset) return undefined;
  return positionAt(viewer, windowPosition);
}

/** Where a point of the scene is on the canvas (CSS pixels from its top-left), or null when it is not on screen. */
export function windowPositionOf(
  C: Cesium,
  viewer: CesiumNs.Viewer,
  position: CesiumNs.Cartesian3,
): { x: number; y: number } | null {
  const onScreen = C.SceneTransforms.worldToWindowCoordinates(viewer.scene, position);
  if (!onScreen) return null;
  const canvas = viewer.scene.canvas;
  if (onScreen.x < 0 || onScreen.y < 0 || onScreen.x > canvas.clientWidth || onScreen.y > canvas.clientHeight) {
    return null;
  }
  return { x: onScreen.x, y: onScreen.y };
}
