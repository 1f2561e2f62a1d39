/**
 * Photos on the model: each photo's position as a point and its frustum as lines, thousands at once. Everything is
 * batched: one PointPrimitiveCollection for the positions and one Primitive (a GeometryInstance per photo, drawn in
 * one call) for the frustums; no Entity per photo, which would stall the viewer at a few thousand. The frustum
 * corners come computed (packages/geo, photo-frustums.ts): this file only draws and picks.
 */
import type * as CesiumNs from 'cesium';
import { windowPositionOf } from './viewer-pick';
import type { PhotoHover, ViewerPhoto } from './viewer-types';

type Cesium = typeof CesiumNs;

const POINT_COLOUR = '#13c2c2';
const FRUSTUM_COLOUR = '#36cfc9';
const HIGHLIGHT_COLOUR = '#fadb14';
/** The photos that see a clicked point: orange, apart from the hover's yellow. */
const MARK_COLOUR = '#fa541c';
/** Segments of a frustum: apex to each corner, then the far rectangle; indices into [apex, c0, c1, c2, c3]. */
const FRUSTUM_INDICES = [0, 1, 0, 2, 0, 3, 0, 4, 1, 2, 2, 3, 3, 4, 4, 1];

/** What the pick of a photo's point or frustum carries as its id. */
interface PhotoPickId {
  photoId: number;
}
const isPhotoPick = (value: unknown): value is PhotoPickId =>
  typeof value === 'object' && value !== null && typeof (value as PhotoPickId).photoId === 'number';

export class PhotoLayer {
  private points: CesiumNs.PointPrimitiveCollection | undefined;
  private frustums: CesiumNs.Primitive | undefined;
  private photos = new Map<number, ViewerPhoto>();
  private pointById = new Map<number, CesiumNs.PointPrimitive>();
  /** Each photo's pick id, one object shared by its point and frustum: the frustum's attributes are found by it. */
  private pickIds = new Map<number, PhotoPickId>();
  private marked = new Set<number>();
  private readonly handler: CesiumNs.ScreenSpaceEventHandler;
  private readonly pickListeners = new Set<(id: number) => void>();
  private readonly hoverListeners = new Set<(hover: PhotoHover | null) => void>();
  private hovered: number | null = null;
  private highlighted: CesiumNs.PointPrimitive | undefined;
  private moveFrame = 0;
  private pendingMove: CesiumNs.Cartesian2 | undefined;

  constructor(
    private readonly C: Cesium,
    private readonly viewer: CesiumNs.Viewer,
    /** A measurement in progress owns the clicks: picking a photo then would leave the page mid-measurement. */
    private readonly measuring: () => boolean,
  ) {
    this.handler = new C.ScreenSpaceEventHandler(viewer.scene.canvas);
    const { ScreenSpaceEventType: T } = C;
    this.handler.setInputAction((e: { position: CesiumNs.Cartesian2 }) => this.handleClick(e.position), T.LEFT_CLICK);
    this.handler.setInputAction(
      (e: { endPosition: CesiumNs.Cartesian2 }) => this.queueMove(e.endPosition),
      T.MOUSE_MOVE,
    );
  }

  count(): number {
    return this.photos.size;
  }

  /** Replaces the drawn photos; an empty list draws nothing. */
  show(photos: readonly ViewerPhoto[]): void {
    const { C, viewer } = this;
    this.clear();
    if (photos.length === 0) return;
    this.photos = new Map(photos.map((photo) => [photo.id, photo]));

    const points = new C.PointPrimitiveCollection();
    const pointColour = C.Color.fromCssColorString(POINT_COLOUR);
    const outline = C.Color.fromCssColorString('#002329');
    const pointScale = new C.NearFarScalar(150, 1, 3000, 0.35);
    for (const photo of photos) {
      const pickId: PhotoPickId = { photoId: photo.id };
      this.pickIds.set(photo.id, pickId);
      const point = points.add({
        position: new C.Cartesian3(photo.apex.x, photo.apex.y, photo.apex.z),
        pixelSize: 9,
        // Seen from afar (a whole survey in view) the points shrink, so the frustums under them still show.
        scaleByDistance: pointScale,
        color: pointColour,
        outlineColor: outline,
        outlineWidth: 1.5,
        id: pickId,
      });
      this.pointById.set(photo.id, point);
    }

    const lineColour = C.ColorGeometryInstanceAttribute.fromColor(C.Color.fromCssColorString(FRUSTUM_COLOUR));
    const instances = photos.map((photo) => {
      const values = new Float64Array(15);
      [photo.apex, ...photo.corners].forEach((p, i) => values.set([p.x, p.y, p.z], i * 3));
      const geometry = new C.Geometry({
        attributes: {
          position: new C.GeometryAttribute({
            componentDatatype: C.ComponentDatatype.DOUBLE,
            componentsPerAttribute: 3,
            values,
          }),
        } as unknown as CesiumNs.GeometryAttributes,
        indices: new Uint16Array(FRUSTUM_INDICES),
        primitiveType: C.PrimitiveType.LINES,
        boundingSphere: C.BoundingSphere.fromVertices(Array.from(values)),
      });
      return new C.GeometryInstance({
        geometry,
        id: this.pickIds.get(photo.id),
        attributes: { color: lineColour },
      });
    });
    // Geometry given as vertices cannot be sent to Cesium's web workers: combined on this thread, in one batch.
    const frustums = new C.Primitive({
      geometryInstances: instances,
      appearance: new C.PerInstanceColorAppearance({ flat: true, translucent: false }),
      asynchronous: false,
      releaseGeometryInstances: true,
    });
    this.points = viewer.scene.primitives.add(points) as CesiumNs.PointPrimitiveCollection;
    this.frustums = viewer.scene.primitives.add(frustums) as CesiumNs.Primitive;
    viewer.scene.requestRender();
  }

  /** True once the frustums' primitive is built (points draw from their first frame). */
  ready(): boolean {
    return !this.frustums || this.frustums.ready;
  }

  clear(): void {
    const { primitives } = this.viewer.scene;
    if (this.points) primitives.remove(this.points);
    if (this.frustums) primitives.remove(this.frustums);
    this.points = undefined;
    this.frustums = undefined;
    this.highlighted = undefined;
    this.photos = new Map();
    this.pointById = new Map();
    this.pickIds = new Map();
    this.marked = new Set();
    this.setHover(null);
    this.viewer.scene.requestRender();
  }

  /**
   * Draws these photos' points and frustums in the mark colour and every other one as usual (the photos that see a
   * clicked point). Frustums take colours once built: the view marks photos it has already drawn.
   */
  mark(ids: readonly number[]): void {
    const { C } = this;
    const next = new Set(ids.filter((id) => this.photos.has(id)));
    for (const id of new Set([...this.marked, ...next])) {
      const point = this.pointById.get(id);
      if (point && id !== this.hovered) point.color = C.Color.fromCssColorString(this.pointColour(id, next));
      const pickId = this.pickIds.get(id);
      if (!this.frustums?.ready || !pickId) continue;
      const attributes = this.frustums.getGeometryInstanceAttributes(pickId) as { color: Uint8Array };
      const colour = C.Color.fromCssColorString(next.has(id) ? MARK_COLOUR : FRUSTUM_COLOUR);
      attributes.color = C.ColorGeometryInstanceAttribute.toValue(colour, attributes.color);
    }
    this.marked = next;
    this.viewer.scene.requestRender();
  }

  private pointColour(id: number, marked: ReadonlySet<number> = this.marked): string {
    return marked.has(id) ? MARK_COLOUR : POINT_COLOUR;
  }

  /** A sphere around every photo's position and frustum, for the camera to frame. */
  boundingSphere(): CesiumNs.BoundingSphere | null {
    if (this.photos.size === 0) return null;
    const { C } = this;
    const points: CesiumNs.Cartesian3[] = [];
    for (const photo of this.photos.values()) {
      for (const p of [photo.apex, ...photo.corners]) points.push(new C.Cartesian3(p.x, p.y, p.z));
    }
    return C.BoundingSphere.fromPoints(points);
  }

  /** Where a photo's position is on the canvas (CSS pixels from its top-left), or null when not on screen. */
  windowPosition(id: number): { x: number; y: number } | null {
    const photo = this.photos.get(id);
    if (!photo) return null;
    const { C, viewer } = this;
    return windowPositionOf(C, viewer, new C.Cartesian3(photo.apex.x, photo.apex.y, photo.apex.z));
  }

  onPick(listener: (id: number) => void): () => void {
    this.pickListeners.add(listener);
    return () => this.pickListeners.delete(listener);
  }

  onHover(listener: (hover: PhotoHover | null) => void): () => void {
    this.hoverListeners.add(listener);
    return () => this.hoverListeners.delete(listener);
  }

  destroy(): void {
    cancelAnimationFrame(this.moveFrame);
    this.handler.destroy();
    this.pickListeners.clear();
    this.hoverListeners.clear();
  }

  private photoAt(position: CesiumNs.Cartesian2): number | null {
    if (this.photos.size === 0) return null;
    // A few pixels around the cursor: frustum lines are one pixel wide.
    const picked = this.viewer.scene.pick(position, 7, 7) as { id?: unknown } | undefined;
    return picked && isPhotoPick(picked.id) && this.photos.has(picked.id.photoId) ? picked.id.photoId : null;
  }

  private handleClick(position: CesiumNs.Cartesian2): void {
    if (this.measuring()) return;
    const id = this.photoAt(position);
    if (id === null) return;
    for (const listener of this.pickListeners) listener(id);
  }

  /** Picking renders a frame: at most one per animation frame however fast the mouse moves. */
  private queueMove(position: CesiumNs.Cartesian2): void {
    if (this.photos.size === 0 && this.hovered === null) return;
    this.pendingMove = this.C.Cartesian2.clone(position);
    if (this.moveFrame) return;
    this.moveFrame = requestAnimationFrame(() => {
      this.moveFrame = 0;
      const at = this.pendingMove;
      if (!at || this.viewer.isDestroyed()) return;
      const id = this.measuring() ? null : this.photoAt(at);
      this.setHover(id === null ? null : { id, name: this.photos.get(id)?.name ?? '', x: at.x, y: at.y });
    });
  }

  private setHover(hover: PhotoHover | null): void {
    const id = hover?.id ?? null;
    if (id !== this.hovered) {
      if (this.highlighted && this.hovered !== null) {
        this.highlighted.color = this.C.Color.fromCssColorString(this.pointColour(this.hovered));
      }
      this.highlighted = undefined;
      const point = id === null ? undefined : this.pointById.get(id);
      if (point) {
        point.color = this.C.Color.fromCssColorString(HIGHLIGHT_COLOUR);
        this.highlighted = point;
      }
      this.hovered = id;
      this.viewer.scene.canvas.style.cursor = id === null ? '' : 'pointer';
      this.viewer.scene.requestRender();
    }
    for (const listener of this.hoverListeners) listener(hover);
  }
}
