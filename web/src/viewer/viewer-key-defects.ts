/**
 * Key defects on the model: each drawn graph (a polyline or a polygon of positions) in its type's colour, and what
 * saving one needs of the view: the graph's extent on screen (SPEC section 5: a too-small range asks to confirm) and
 * a screenshot of the canvas as a PNG.
 */
import type * as CesiumNs from 'cesium';
import type { GeoPosition, ViewerKeyDefect } from './viewer-types';

type Cesium = typeof CesiumNs;

export class KeyDefectLayer {
  private readonly source: CesiumNs.CustomDataSource;
  private drawn = 0;

  constructor(
    private readonly C: Cesium,
    private readonly viewer: CesiumNs.Viewer,
  ) {
    this.source = new C.CustomDataSource('key-defects');
    void viewer.dataSources.add(this.source);
  }

  count(): number {
    return this.drawn;
  }

  /** Replaces the drawn key defects; an empty list draws nothing. */
  show(graphs: readonly ViewerKeyDefect[]): void {
    const { C } = this;
    this.source.entities.removeAll();
    for (const graph of graphs) {
      const positions = graph.positions.map((p) => C.Cartesian3.fromDegrees(p.lon, p.lat, p.height));
      const colour = C.Color.fromCssColorString(graph.color);
      const outline = graph.kind === 'polygon' ? [...positions, positions[0]!] : positions;
      this.source.entities.add({
        id: `key-defect-${graph.id}`,
        name: graph.name,
        // Drawn over the model it lies on: depth testing would hide the half behind the surface.
        polyline: {
          positions: outline,
          width: 3,
          material: colour,
          depthFailMaterial: colour,
        },
        ...(graph.kind === 'polygon'
          ? {
              polygon: {
                hierarchy: new C.PolygonHierarchy(positions),
                perPositionHeight: true,
                material: colour.withAlpha(0.3),
              },
            }
          : {}),
      });
    }
    this.drawn = graphs.length;
    this.viewer.scene.requestRender();
  }

  /** The bounding box of the positions on the canvas, in CSS pixels (positions off screen are clamped to it). */
  screenExtent(positions: readonly GeoPosition[]): { width: number; height: number } | null {
    const { C, viewer } = this;
    const canvas = viewer.scene.canvas;
    const points = positions.flatMap((p) => {
      const at = C.SceneTransforms.worldToWindowCoordinates(
        viewer.scene,
        C.Cartesian3.fromDegrees(p.lon, p.lat, p.height),
      );
      return at
        ? [{ x: Math.min(Math.max(at.x, 0), canvas.clientWidth), y: Math.min(Math.max(at.y, 0), canvas.clientHeight) }]
        : [];
    });
    if (points.length === 0) return null;
    const xs = points.map((p) => p.x);
    const ys = points.map((p) => p.y);
    return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
  }

  /**
   * The view as a PNG. WebGL clears its drawing buffer after presenting a frame, so the frame is rendered now and
   * read in the same task, before the browser presents it; in request-render mode a frame is drawn only when one was
   * requested, so it is requested first.
   */
  screenshot(): Promise<Blob> {
    const { scene } = this.viewer;
    scene.requestRender();
    scene.render();
    return new Promise((resolve, reject) =>
      scene.canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no image'))),
        'image/png',
      ),
    );
  }

  destroy(): void {
    void this.viewer.dataSources.remove(this.source, true);
  }
}
