/**
 * Measurements on the model: lengths, height differences and areas from positions picked on the tileset, computed
 * by packages/geo (tested there against hand calculations) on the ECEF positions Cesium picks.
 */
import type * as CesiumNs from 'cesium';
import {
  centroid,
  ecef,
  heightDifference,
  heightTriangle,
  polygonHorizontalArea,
  polygonPlanarArea,
  polylineLength,
  type Ecef,
} from '@sightline/geo';
import type {
  AreaMeasurement,
  DistanceMeasurement,
  EcefPosition,
  HeightMeasurement,
  MeasureKind,
  Measurement,
} from './viewer-types';
import { formatMetres, formatSquareMetres } from './viewer-format';
import { pickOnTileset, positionAt } from './viewer-pick';

type Cesium = typeof CesiumNs;
type Cartesian3 = CesiumNs.Cartesian3;

const toPlain = (p: Cartesian3): EcefPosition => ({ x: p.x, y: p.y, z: p.z });
const toEcef = (p: Cartesian3): Ecef => ecef(p.x, p.y, p.z);

const lengthOf = (positions: readonly Cartesian3[]): number => polylineLength(positions.map(toEcef));
const heightOf = (from: Cartesian3, to: Cartesian3) => heightDifference(toEcef(from), toEcef(to));
function areaOf(positions: readonly Cartesian3[]): { area: number; horizontalArea: number } {
  const ring = positions.map(toEcef);
  return { area: polygonPlanarArea(ring), horizontalArea: polygonHorizontalArea(ring) };
}

const COLOURS: Record<MeasureKind, string> = { distance: '#1677ff', height: '#faad14', area: '#52c41a' };
/** Points closer than this to the previous one are the second click of a double-click, not a new point. */
const SAME_POINT_METRES = 1e-3;

interface Session {
  kind: MeasureKind;
  points: Cartesian3[];
  floating: Cartesian3 | undefined;
  entities: CesiumNs.Entity[];
  resolve: (measurement: Measurement | null) => void;
}

/** The interactive part: clicks, rubber band, labels. One measurement at a time; finished ones stay drawn. */
export class MeasureController {
  private readonly handler: CesiumNs.ScreenSpaceEventHandler;
  private readonly layer: CesiumNs.CustomDataSource;
  private session: Session | undefined;
  private readonly handleKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && this.session) this.cancel();
  };

  constructor(
    private readonly C: Cesium,
    private readonly viewer: CesiumNs.Viewer,
    private readonly getTileset: () => CesiumNs.Cesium3DTileset | undefined,
  ) {
    this.layer = new C.CustomDataSource('sightline-measurements');
    void viewer.dataSources.add(this.layer);
    this.handler = new C.ScreenSpaceEventHandler(viewer.scene.canvas);
    const { ScreenSpaceEventType: T } = C;
    this.handler.setInputAction((e: { position: CesiumNs.Cartesian2 }) => this.handleClick(e.position), T.LEFT_CLICK);
    this.handler.setInputAction(() => this.finish(), T.LEFT_DOUBLE_CLICK);
    this.handler.setInputAction(() => this.finish(), T.RIGHT_CLICK);
    this.handler.setInputAction(
      (e: { endPosition: CesiumNs.Cartesian2 }) => this.handleMove(e.endPosition),
      T.MOUSE_MOVE,
    );
    window.addEventListener('keydown', this.handleKey);
  }

  active(): MeasureKind | null {
    return this.session?.kind ?? null;
  }

  start(kind: MeasureKind): Promise<Measurement | null> {
    this.cancel();
    return new Promise((resolve) => {
      const session: Session = { kind, points: [], floating: undefined, entities: [], resolve };
      this.session = session;
      this.drawSession(session);
      this.viewer.scene.canvas.style.cursor = 'crosshair';
    });
  }

  cancel(): void {
    const session = this.session;
    if (!session) return;
    this.session = undefined;
    for (const entity of session.entities) this.layer.entities.remove(entity);
    this.viewer.scene.canvas.style.cursor = '';
    this.render();
    session.resolve(null);
  }

  clear(): void {
    this.cancel();
    this.layer.entities.removeAll();
    this.render();
  }

  destroy(): void {
    this.cancel();
    window.removeEventListener('keydown', this.handleKey);
    this.handler.destroy();
  }

  private render(): void {
    this.viewer.scene.requestRender();
  }

  private handleClick(windowPosition: CesiumNs.Cartesian2): void {
    const session = this.session;
    if (!session) return;
    const position = pickOnTileset(this.viewer, this.getTileset(), windowPosition);
    if (!position) return;
    const last = session.points.at(-1);
    if (last && this.C.Cartesian3.distance(last, position) < SAME_POINT_METRES) return;
    session.points.push(position);
    session.entities.push(
      this.layer.entities.add({
        position,
        point: {
          pixelSize: 8,
          color: this.C.Color.fromCssColorString(COLOURS[session.kind]),
          outlineColor: this.C.Color.WHITE,
          outlineWidth: 1,
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        },
      }),
    );
    if (session.kind === 'height' && session.points.length === 2) this.finish();
    this.render();
  }

  private pendingMove: CesiumNs.Cartesian2 | undefined;

  /** The rubber band follows the pointer with a depth read (no pick pass), at most once per frame. */
  private handleMove(windowPosition: CesiumNs.Cartesian2): void {
    const session = this.session;
    if (!session || session.points.length === 0) return;
    const scheduled = this.pendingMove !== undefined;
    this.pendingMove = this.C.Cartesian2.clone(windowPosition);
    if (scheduled) return;
    window.requestAnimationFrame(() => {
      const at = this.pendingMove;
      this.pendingMove = undefined;
      if (!at || this.session !== session || this.viewer.isDestroyed()) return;
      session.floating = positionAt(this.viewer, at) ?? session.floating;
      this.render();
    });
  }

  /** Points of the session, with the rubber-band point while it is in progress. */
  private livePoints(session: Session): Cartesian3[] {
    return session.floating && this.session === session ? [...session.points, session.floating] : session.points;
  }

  private drawSession(session: Session): void {
    const C = this.C;
    const colour = C.Color.fromCssColorString(COLOURS[session.kind]);
    const line = (positions: () => Cartesian3[]) =>
      this.layer.entities.add({
        polyline: {
          positions: new C.CallbackProperty(positions, false),
          width: 2,
          arcType: C.ArcType.NONE,
          material: colour,
          depthFailMaterial: colour.withAlpha(0.5),
        },
      });
    const label = (position: () => Cartesian3 | undefined, text: () => string) =>
      this.layer.entities.add({
        position: new C.CallbackPositionProperty(position, false),
        label: {
          text: new C.CallbackProperty(text, false),
          font: '14px sans-serif',
          fillColor: C.Color.WHITE,
          showBackground: true,
          backgroundColor: C.Color.BLACK.withAlpha(0.65),
          verticalOrigin: C.VerticalOrigin.BOTTOM,
          pixelOffset: new C.Cartesian2(0, -12),
          disableDepthTestDistance: Number.POSITIVE_INFINITY,
        },
      });

    if (session.kind === 'distance') {
      session.entities.push(
        line(() => this.livePoints(session)),
        label(
          () => this.livePoints(session).at(-1),
          () => formatMetres(lengthOf(this.livePoints(session))),
        ),
      );
    } else if (session.kind === 'height') {
      // A right triangle: the slope, the horizontal leg at the lower point's height and the vertical leg.
      const corner = (): Cartesian3[] => {
        const [a, b] = this.livePoints(session);
        if (!a || !b) return a ? [a] : [];
        const { low, corner: under, high } = heightTriangle(toEcef(a), toEcef(b));
        return [low, under, high].map((p) => new C.Cartesian3(p.x, p.y, p.z));
      };
      session.entities.push(
        line(() => this.livePoints(session)),
        line(corner),
        label(
          () => {
            const [, under, high] = corner();
            return under && high ? C.Cartesian3.midpoint(under, high, new C.Cartesian3()) : undefined;
          },
          () => {
            const [a, b] = this.livePoints(session);
            return a && b ? `Δh ${formatMetres(Math.abs(heightOf(a, b).vertical))}` : '';
          },
        ),
      );
    } else {
      session.entities.push(
        this.layer.entities.add({
          polygon: {
            hierarchy: new C.CallbackProperty(() => new C.PolygonHierarchy(this.livePoints(session)), false),
            perPositionHeight: true,
            material: colour.withAlpha(0.35),
          },
        }),
        line(() => {
          const points = this.livePoints(session);
          return points.length > 2 ? [...points, points[0] as Cartesian3] : points;
        }),
        label(
          () => {
            const points = this.livePoints(session);
            if (points.length === 0) return undefined;
            const centre = centroid(points.map(toEcef));
            return new C.Cartesian3(centre.x, centre.y, centre.z);
          },
          () => {
            const points = this.livePoints(session);
            return points.length > 2 ? formatSquareMetres(areaOf(points).area) : '';
          },
        ),
      );
    }
  }

  private finish(): void {
    const session = this.session;
    if (!session) return;
    const { kind, points } = session;
    const needed = kind === 'area' ? 3 : 2;
    if (points.length < needed) return;
    this.session = undefined;
    session.floating = undefined;
    this.viewer.scene.canvas.style.cursor = '';
    this.render();
    session.resolve(this.result(kind, points));
  }

  private result(kind: MeasureKind, points: Cartesian3[]): Measurement {
    if (kind === 'distance') {
      return { kind, positions: points.map(toPlain), length: lengthOf(points) } satisfies DistanceMeasurement;
    }
    if (kind === 'height') {
      const [from, to] = points as [Cartesian3, Cartesian3];
      return {
        kind,
        from: toPlain(from),
        to: toPlain(to),
        ...heightOf(from, to),
      } satisfies HeightMeasurement;
    }
    return { kind, positions: points.map(toPlain), ...areaOf(points) } satisfies AreaMeasurement;
  }
}
