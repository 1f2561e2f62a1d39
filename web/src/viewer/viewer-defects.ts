/**
 * Defects on the model: each located defect as a point in its type's colour, all in one PointPrimitiveCollection
 * (no Entity per defect, so an inspection's thousands draw at once), clickable back to the defect.
 */
import type * as CesiumNs from 'cesium';
import { windowPositionOf } from './viewer-pick';
import type { ViewerDefect } from './viewer-types';

type Cesium = typeof CesiumNs;

/** What the pick of a defect's point carries as its id. */
interface DefectPickId {
  defectId: number;
}
const isDefectPick = (value: unknown): value is DefectPickId =>
  typeof value === 'object' && value !== null && typeof (value as DefectPickId).defectId === 'number';

const POINT_PX = 11;

export class DefectLayer {
  private points: CesiumNs.PointPrimitiveCollection | undefined;
  private defects = new Map<number, ViewerDefect>();
  private readonly handler: CesiumNs.ScreenSpaceEventHandler;
  private readonly pickListeners = new Set<(id: number) => void>();

  constructor(
    private readonly C: Cesium,
    private readonly viewer: CesiumNs.Viewer,
    /** A measurement or a position pick owns the clicks. */
    private readonly busy: () => boolean,
  ) {
    this.handler = new C.ScreenSpaceEventHandler(viewer.scene.canvas);
    this.handler.setInputAction(
      (e: { position: CesiumNs.Cartesian2 }) => this.handleClick(e.position),
      C.ScreenSpaceEventType.LEFT_CLICK,
    );
  }

  count(): number {
    return this.defects.size;
  }

  /** Replaces the drawn defects; an empty list draws nothing. */
  show(defects: readonly ViewerDefect[]): void {
    const { C, viewer } = this;
    this.clear();
    if (defects.length === 0) return;
    this.defects = new Map(defects.map((defect) => [defect.id, defect]));
    const points = new C.PointPrimitiveCollection();
    const outline = C.Color.WHITE;
    for (const defect of defects) {
      const { lon, lat, height } = defect.position;
      points.add({
        position: C.Cartesian3.fromDegrees(lon, lat, height),
        pixelSize: POINT_PX,
        color: C.Color.fromCssColorString(defect.color),
        outlineColor: outline,
        outlineWidth: 2,
        // A defect lies on the model's surface, where depth testing would hide half of its point.
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
        id: { defectId: defect.id } satisfies DefectPickId,
      });
    }
    this.points = viewer.scene.primitives.add(points) as CesiumNs.PointPrimitiveCollection;
    viewer.scene.requestRender();
  }

  clear(): void {
    if (this.points) this.viewer.scene.primitives.remove(this.points);
    this.points = undefined;
    this.defects = new Map();
    this.viewer.scene.requestRender();
  }

  /** Every drawn defect in one sphere (at least `minRadius` metres), or null when none is drawn. */
  boundingSphere(minRadius = 5): CesiumNs.BoundingSphere | null {
    if (this.defects.size === 0) return null;
    const { C } = this;
    const positions = [...this.defects.values()].map(({ position: p }) =>
      C.Cartesian3.fromDegrees(p.lon, p.lat, p.height),
    );
    const sphere = C.BoundingSphere.fromPoints(positions);
    sphere.radius = Math.max(sphere.radius, minRadius);
    return sphere;
  }

  /** Where a drawn defect is on the canvas (CSS pixels from its top-left), or null when it is not on screen. */
  windowPosition(id: number): { x: number; y: number } | null {
    const defect = this.defects.get(id);
    if (!defect) return null;
    const { lon, lat, height } = defect.position;
    return windowPositionOf(this.C, this.viewer, this.C.Cartesian3.fromDegrees(lon, lat, height));
  }

  onPick(listener: (id: number) => void): () => void {
    this.pickListeners.add(listener);
    return () => this.pickListeners.delete(listener);
  }

  destroy(): void {
    this.handler.destroy();
    this.pickListeners.clear();
  }

  private handleClick(windowPosition: CesiumNs.Cartesian2): void {
    if (this.defects.size === 0 || this.busy()) return;
    const picked = this.viewer.scene.pick(windowPosition, 5, 5) as { id?: unknown } | undefined;
    if (!picked || !isDefectPick(picked.id) || !this.defects.has(picked.id.defectId)) return;
    for (const listener of this.pickListeners) listener(picked.id.defectId);
  }
}
