/**
 * Spatial markers on the model: each placed marker as a point in its colour with its number as a label, batched
 * (one point and one label collection) so a project's thousands of markers draw at once; and picking a position
 * on the model for a marker (place, reselect, batch position).
 */
import type * as CesiumNs from 'cesium';
import { pickOnTileset, windowPositionOf } from './viewer-pick';
import type { GeoPosition, ViewerMarker } from './viewer-types';

type Cesium = typeof CesiumNs;

/** What the pick of a marker's point or label carries as its id. */
interface MarkerPickId {
  markerId: number;
}
const isMarkerPick = (value: unknown): value is MarkerPickId =>
  typeof value === 'object' && value !== null && typeof (value as MarkerPickId).markerId === 'number';

const POINT_PX = 12;
const SELECTED_POINT_PX = 18;

interface PickSession {
  resolve: (position: GeoPosition | null) => void;
}

export class MarkerLayer {
  private points: CesiumNs.PointPrimitiveCollection | undefined;
  private labels: CesiumNs.LabelCollection | undefined;
  private markers = new Map<number, ViewerMarker>();
  private pointById = new Map<number, CesiumNs.PointPrimitive>();
  private selected: number | null = null;
  private session: PickSession | undefined;
  private readonly handler: CesiumNs.ScreenSpaceEventHandler;
  private readonly pickListeners = new Set<(id: number) => void>();
  private readonly handleKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') this.cancelPick();
  };

  constructor(
    private readonly C: Cesium,
    private readonly viewer: CesiumNs.Viewer,
    private readonly getTileset: () => CesiumNs.Cesium3DTileset | undefined,
  ) {
    this.handler = new C.ScreenSpaceEventHandler(viewer.scene.canvas);
    this.handler.setInputAction(
      (e: { position: CesiumNs.Cartesian2 }) => this.handleClick(e.position),
      C.ScreenSpaceEventType.LEFT_CLICK,
    );
    window.addEventListener('keydown', this.handleKey);
  }

  count(): number {
    return this.markers.size;
  }

  /** Replaces the drawn markers (those without a position are not drawn). */
  show(markers: readonly ViewerMarker[]): void {
    const { C, viewer } = this;
    this.clear();
    if (markers.length === 0) return;
    this.markers = new Map(markers.map((marker) => [marker.id, marker]));
    const points = new C.PointPrimitiveCollection();
    const labels = new C.LabelCollection();
    const outline = C.Color.WHITE;
    const labelBackground = C.Color.BLACK.withAlpha(0.6);
    for (const marker of markers) {
      const { lon, lat, height } = marker.position;
      const position = C.Cartesian3.fromDegrees(lon, lat, height);
      const id = { markerId: marker.id } satisfies MarkerPickId;
      // Drawn over the model: a marker sits on its surface, where depth testing would hide half of it.
      const point = points.add({
        position,
        pixelSize: marker.id === this.selected ? SELECTED_POINT_PX : POINT_PX,
        color: C.Color.fromCssColorString(marker.color),
        outlineColor: outline,
        outlineWidth: 2,
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
        id,
      });
      this.pointById.set(marker.id, point);
      labels.add({
        position,
        text: marker.label,
        font: '13px sans-serif',
        fillColor: C.Color.WHITE,
        showBackground: true,
        backgroundColor: labelBackground,
        verticalOrigin: C.VerticalOrigin.BOTTOM,
        pixelOffset: new C.Cartesian2(0, -12),
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
        id,
      });
    }
    this.points = viewer.scene.primitives.add(points) as CesiumNs.PointPrimitiveCollection;
    this.labels = viewer.scene.primitives.add(labels) as CesiumNs.LabelCollection;
    viewer.scene.requestRender();
  }

  /** Draws one marker larger (null: none). */
  select(id: number | null): void {
    const previous = this.selected === null ? undefined : this.pointById.get(this.selected);
    if (previous) previous.pixelSize = POINT_PX;
    this.selected = id;
    const point = id === null ? undefined : this.pointById.get(id);
    if (point) point.pixelSize = SELECTED_POINT_PX;
    this.viewer.scene.requestRender();
  }

  clear(): void {
    const { primitives } = this.viewer.scene;
    if (this.points) primitives.remove(this.points);
    if (this.labels) primitives.remove(this.labels);
    this.points = undefined;
    this.labels = undefined;
    this.markers = new Map();
    this.pointById = new Map();
    this.viewer.scene.requestRender();
  }

  /** The ECEF position of a drawn marker. */
  position(id: number): CesiumNs.Cartesian3 | null {
    const marker = this.markers.get(id);
    if (!marker) return null;
    const { lon, lat, height } = marker.position;
    return this.C.Cartesian3.fromDegrees(lon, lat, height);
  }

  /** Where a drawn marker is on the canvas (CSS pixels from its top-left), or null when it is not on screen. */
  windowPosition(id: number): { x: number; y: number } | null {
    const position = this.position(id);
    return position ? windowPositionOf(this.C, this.viewer, position) : null;
  }

  /**
   * Waits for a click on the model and resolves with where it hit (WGS84 degrees, ellipsoidal height); null when
   * cancelled (Esc, `cancelPick`, or a new pick). Clicks beside the model are ignored: the pick goes on.
   */
  pick(): Promise<GeoPosition | null> {
    this.cancelPick();
    return new Promise((resolve) => {
      this.session = { resolve };
      this.viewer.scene.canvas.style.cursor = 'crosshair';
    });
  }

  picking(): boolean {
    return this.session !== undefined;
  }

  cancelPick(): void {
    this.endPick(null);
  }

  onPick(listener: (id: number) => void): () => void {
    this.pickListeners.add(listener);
    return () => this.pickListeners.delete(listener);
  }

  destroy(): void {
    this.cancelPick();
    window.removeEventListener('keydown', this.handleKey);
    this.handler.destroy();
    this.pickListeners.clear();
  }

  private endPick(position: GeoPosition | null): void {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    this.viewer.scene.canvas.style.cursor = '';
    session.resolve(position);
  }

  private handleClick(windowPosition: CesiumNs.Cartesian2): void {
    const { C, viewer } = this;
    if (this.session) {
      const hit = pickOnTileset(viewer, this.getTileset(), windowPosition);
      if (!hit) return;
      const cartographic = C.Cartographic.fromCartesian(hit);
      this.endPick({
        lon: C.Math.toDegrees(cartographic.longitude),
        lat: C.Math.toDegrees(cartographic.latitude),
        height: cartographic.height,
      });
      return;
    }
    if (this.markers.size === 0) return;
    const picked = viewer.scene.pick(windowPosition, 5, 5) as { id?: unknown } | undefined;
    if (!picked || !isMarkerPick(picked.id) || !this.markers.has(picked.id.markerId)) return;
    for (const listener of this.pickListeners) listener(picked.id.markerId);
  }
}
