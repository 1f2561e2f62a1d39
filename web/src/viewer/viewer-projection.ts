/**
 * Photos projected onto the model (SPEC section 5: at most 10 at once). Each photo's image is drawn as its frustum's
 * cross-section where the optical axis meets the model: the camera's image plane scaled to that distance, so the part
 * of the photo around its centre lies on the surface it shows. A projective texture on the tileset itself would drape
 * the whole photo over the surface; this plane is exact only where the surface is flat and square to the axis
 * (docs/user-guide.md says so).
 */
import type * as CesiumNs from 'cesium';
import type { ViewerProjection } from './viewer-types';

type Cesium = typeof CesiumNs;

/** Texture coordinates of the corners (top-left, top-right, bottom-right, bottom-left): t grows upwards. */
const CORNER_ST = [0, 1, 1, 1, 1, 0, 0, 0];

export class ProjectionLayer {
  private drawn = new Map<number, CesiumNs.Primitive>();
  private generation = 0;

  constructor(
    private readonly C: Cesium,
    private readonly viewer: CesiumNs.Viewer,
  ) {}

  count(): number {
    return this.drawn.size;
  }

  /** True once every projection's primitive is built. */
  ready(): boolean {
    return [...this.drawn.values()].every((primitive) => primitive.ready);
  }

  /**
   * Replaces the projections with these, once their images are loaded (a later call wins over one still loading).
   * Projections already drawn with the same id and image stay as they are.
   */
  async show(projections: readonly ViewerProjection[]): Promise<void> {
    const generation = ++this.generation;
    const images = await Promise.all(
      projections.map((projection) => new this.C.Resource({ url: projection.imageUrl }).fetchImage()),
    );
    if (generation !== this.generation || this.viewer.isDestroyed()) return;
    this.clear();
    projections.forEach((projection, index) => {
      const image = images[index];
      if (!image) return;
      const primitive = this.viewer.scene.primitives.add(this.quad(projection, image)) as CesiumNs.Primitive;
      this.drawn.set(projection.id, primitive);
    });
    this.viewer.scene.requestRender();
  }

  clear(): void {
    for (const primitive of this.drawn.values()) this.viewer.scene.primitives.remove(primitive);
    this.drawn = new Map();
    this.viewer.scene.requestRender();
  }

  destroy(): void {
    this.generation++;
    this.clear();
  }

  private quad(projection: ViewerProjection, image: ImageBitmap | HTMLImageElement): CesiumNs.Primitive {
    const { C } = this;
    const corners = projection.corners.map((p) => new C.Cartesian3(p.x, p.y, p.z));
    const [topLeft, topRight, , bottomLeft] = corners as [
      CesiumNs.Cartesian3,
      CesiumNs.Cartesian3,
      CesiumNs.Cartesian3,
      CesiumNs.Cartesian3,
    ];
    const across = C.Cartesian3.subtract(topRight, topLeft, new C.Cartesian3());
    const down = C.Cartesian3.subtract(bottomLeft, topLeft, new C.Cartesian3());
    const normal = C.Cartesian3.normalize(C.Cartesian3.cross(down, across, new C.Cartesian3()), new C.Cartesian3());
    const positions = new Float64Array(12);
    corners.forEach((corner, i) => positions.set([corner.x, corner.y, corner.z], i * 3));
    const normals = new Float32Array(12);
    for (let i = 0; i < 4; i++) normals.set([normal.x, normal.y, normal.z], i * 3);
    const geometry = new C.Geometry({
      attributes: {
        position: new C.GeometryAttribute({
          componentDatatype: C.ComponentDatatype.DOUBLE,
          componentsPerAttribute: 3,
          values: positions,
        }),
        normal: new C.GeometryAttribute({
          componentDatatype: C.ComponentDatatype.FLOAT,
          componentsPerAttribute: 3,
          values: normals,
        }),
        st: new C.GeometryAttribute({
          componentDatatype: C.ComponentDatatype.FLOAT,
          componentsPerAttribute: 2,
          values: new Float32Array(CORNER_ST),
        }),
      } as unknown as CesiumNs.GeometryAttributes,
      indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
      primitiveType: C.PrimitiveType.TRIANGLES,
      boundingSphere: C.BoundingSphere.fromPoints(corners),
    });
    // Geometry given as vertices cannot go to Cesium's web workers: built on this thread, like the frustums.
    return new C.Primitive({
      geometryInstances: new C.GeometryInstance({ geometry, id: { projectionId: projection.id } }),
      appearance: new C.MaterialAppearance({
        material: C.Material.fromType('Image', { image }),
        flat: true,
        faceForward: true,
        translucent: false,
        closed: false,
      }),
      asynchronous: false,
    });
  }
}
