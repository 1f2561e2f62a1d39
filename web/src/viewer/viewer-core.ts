/**
 * The imperative 3D view (ARCHITECTURE.md section 7): CesiumJS behind a small API, with no Cesium ion and no
 * request leaving our origin. React wraps it in ModelViewer.tsx; nothing else touches Cesium.
 */
import type * as CesiumNs from 'cesium';
import { prefersReducedMotion } from '../lib/reduced-motion';
import { loadCesium } from './cesium-loader';
import { THEME_COLOURS } from './viewer-format';
import { defaultMsaaSamples } from './webgl-renderer';
import { MeasureController } from './viewer-measure';
import { DefectLayer } from './viewer-defects';
import { KeyDefectLayer } from './viewer-key-defects';
import { MarkerLayer } from './viewer-markers';
import { PhotoLayer } from './viewer-photos';
import { ProjectionLayer } from './viewer-projection';
import type {
  CameraView,
  ClipPlane,
  LoadTilesetOptions,
  LocationGeoJson,
  MeasureKind,
  Measurement,
  ViewerApi,
  ViewerOptions,
  ViewerTheme,
} from './viewer-types';

type Cesium = typeof CesiumNs;

function applyTheme(C: Cesium, viewer: CesiumNs.Viewer, theme: ViewerTheme): void {
  const colours = THEME_COLOURS[theme];
  viewer.scene.backgroundColor = C.Color.fromCssColorString(colours.background);
  viewer.scene.globe.baseColor = C.Color.fromCssColorString(colours.globe);
  viewer.container.setAttribute('data-theme', theme);
  viewer.scene.requestRender();
}

/** A camera flight of `seconds`, or a jump for users who ask for reduced motion. */
function flightDuration(seconds: number): number {
  return prefersReducedMotion() ? 0 : seconds;
}

function buildViewer(C: Cesium, container: HTMLElement, options: ViewerOptions): CesiumNs.Viewer {
  // Cesium credits itself with the Cesium ion logo, which the ion terms ask of ion users; this viewer uses no
  // ion service, and the logo would read as if it did. CesiumJS is acknowledged in the documentation instead.
  (C.CreditDisplay as unknown as { cesiumCredit: CesiumNs.Credit | undefined }).cesiumCredit = undefined;
  const viewer = new C.Viewer(container, {
    // Natural Earth II ships inside the cesium package: imagery with no network and no token.
    baseLayer: C.ImageryLayer.fromProviderAsync(
      C.TileMapServiceImageryProvider.fromUrl(C.buildModuleUrl('Assets/Textures/NaturalEarthII')),
    ),
    terrainProvider: new C.EllipsoidTerrainProvider(),
    baseLayerPicker: false,
    geocoder: false,
    timeline: false,
    animation: false,
    homeButton: false,
    sceneModePicker: false,
    navigationHelpButton: false,
    fullscreenButton: false,
    infoBox: false,
    selectionIndicator: false,
    // Render only when something changed: an idle inspection page costs no GPU.
    requestRenderMode: true,
    maximumRenderTimeChange: Number.POSITIVE_INFINITY,
    // A plain background in the theme's colour instead of stars (whose textures we then never fetch).
    skyBox: false,
    skyAtmosphere: false,
    msaaSamples: options.msaaSamples ?? defaultMsaaSamples(),
  });
  const { scene } = viewer;
  // No sun or moon either: an inspection view, not a planetarium.
  if (scene.sun) scene.sun.show = false;
  if (scene.moon) scene.moon.show = false;
  // Double-click is ours (it ends a measurement), not Cesium's "track this entity".
  viewer.cesiumWidget.screenSpaceEventHandler.removeInputAction(C.ScreenSpaceEventType.LEFT_DOUBLE_CLICK);
  return viewer;
}

/**
 * The location lies on the ground, not on the model: drawn on the globe only, so it never paints over the
 * structure. Cesium draws no outline on a ground-clamped polygon, so each polygon's outer ring becomes a line.
 */
function styleLocation(C: Cesium, source: CesiumNs.GeoJsonDataSource, colour: CesiumNs.Color): void {
  const onTerrain = new C.ConstantProperty(C.ClassificationType.TERRAIN);
  for (const entity of source.entities.values) {
    if (entity.polyline) entity.polyline.classificationType = onTerrain;
    const hierarchy = entity.polygon?.hierarchy?.getValue(C.JulianDate.now()) as CesiumNs.PolygonHierarchy | undefined;
    const first = hierarchy?.positions[0];
    if (!entity.polygon || !hierarchy || !first) continue;
    entity.polygon.outline = new C.ConstantProperty(false);
    entity.polygon.classificationType = onTerrain;
    entity.polyline = new C.PolylineGraphics({
      positions: [...hierarchy.positions, first],
      clampToGround: true,
      classificationType: C.ClassificationType.TERRAIN,
      width: 3,
      material: colour,
    });
  }
}

const toDegrees = (radians: number) => (radians * 180) / Math.PI;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Creates the 3D view in `container` (loading CesiumJS on first use). Rejects when WebGL is not available. */
export async function createViewer(container: HTMLElement, options: ViewerOptions): Promise<ViewerApi> {
  const C = await loadCesium();
  const viewer = buildViewer(C, container, options);
  const { scene, camera } = viewer;
  applyTheme(C, viewer, options.theme);
  scene.renderError.addEventListener((_scene: unknown, error: unknown) => options.onRenderError?.(error));

  let tileset: CesiumNs.Cesium3DTileset | undefined;
  let tilesetVisible = true;
  let clip: ClipPlane | null = null;
  let location: CesiumNs.GeoJsonDataSource | undefined;
  let loadGeneration = 0;
  let locationGeneration = 0;
  const measureController = new MeasureController(C, viewer, () => tileset);
  const photoLayer = new PhotoLayer(C, viewer, () => measureController.active() !== null);
  let photoGeneration = 0;
  const projectionLayer = new ProjectionLayer(C, viewer);
  const markerLayer = new MarkerLayer(C, viewer, () => tileset);
  const defectLayer = new DefectLayer(C, viewer, () => measureController.active() !== null || markerLayer.picking());
  const keyDefectLayer = new KeyDefectLayer(C, viewer);

  /**
   * Renders frame after frame until `settled()` holds after two drawn frames in a row (true), or `timeoutMs`
   * passes (false). Checked once a frame is drawn, so the flags describe what is on screen. Two frames because
   * an entity's ground primitive becomes ready at the end of one frame and is only shown from the next.
   */
  function renderUntilSettled(settled: () => boolean, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      let settledFrames = 0;
      const stopListening = scene.postRender.addEventListener(() => {
        settledFrames = settled() ? settledFrames + 1 : 0;
        if (settledFrames < 2) return scene.requestRender();
        clearTimeout(timer);
        stopListening();
        resolve(true);
      });
      const timer = setTimeout(() => {
        stopListening();
        resolve(false);
      }, timeoutMs);
      scene.requestRender();
    });
  }

  // What `viewer.flyTo` waits on before it can frame an entity, left out of Cesium's typings: pending until the
  // entity's primitives are built.
  const display = viewer.dataSourceDisplay as unknown as {
    getBoundingSphere(entity: CesiumNs.Entity, allowPartial: boolean, result: CesiumNs.BoundingSphere): number;
  };
  const { PENDING } = (C as unknown as { BoundingSphereState: { PENDING: number } }).BoundingSphereState;
  const sphereScratch = new C.BoundingSphere();
  /**
   * Whether every shape of the location is built. Cesium's `dataSourceDisplay.ready` cannot tell: it stays true
   * once the viewer has first settled, while ground-clamped shapes are built later by web workers.
   */
  const locationBuilt = () =>
    !location ||
    location.entities.values.every((entity) => display.getBoundingSphere(entity, false, sphereScratch) !== PENDING);

  const upAt = (point: CesiumNs.Cartesian3) => C.Ellipsoid.WGS84.geodeticSurfaceNormal(point, new C.Cartesian3());

  /** The frame the tileset's clipping planes are expressed in (root transform, or ENU at its centre). */
  const clipFrame = (current: CesiumNs.Cesium3DTileset): CesiumNs.Matrix4 =>
    (current as unknown as { clippingPlanesOriginMatrix: CesiumNs.Matrix4 }).clippingPlanesOriginMatrix;

  const clippingChanged = new C.Event();
  function applyClip(): void {
    if (!tileset) return;
    // One collection per tileset, emptied and disabled rather than replaced: a tileset whose collection is swapped
    // or removed keeps drawing tiles whose shaders still sample the destroyed planes texture.
    let collection = tileset.clippingPlanes as CesiumNs.ClippingPlaneCollection | undefined;
    if (!collection) {
      collection = new C.ClippingPlaneCollection({ edgeWidth: 1.5, edgeColor: C.Color.WHITE });
      tileset.clippingPlanes = collection;
    }
    collection.removeAll();
    if (clip) {
      const normal = C.Cartesian3.normalize(C.Cartesian3.fromArray(clip.normal), new C.Cartesian3());
      const center = C.Cartesian3.fromArray(clip.center);
      // Hessian normal form: n·p + d = 0 through `center`; Cesium keeps the side the normal points to.
      collection.add(new C.ClippingPlane(normal, -C.Cartesian3.dot(normal, center)));
    }
    collection.enabled = clip !== null;
    scene.requestRender();
    clippingChanged.raiseEvent();
  }

  function removeTileset(): void {
    if (!tileset) return;
    scene.primitives.remove(tileset); // destroys it
    tileset = undefined;
  }

  const api: ViewerApi = {
    async loadTileset(url: string, loadOptions: LoadTilesetOptions = {}) {
      const generation = ++loadGeneration;
      const { renewQuery } = loadOptions;
      const resource = new C.Resource({
        url,
        headers: loadOptions.headers ?? {},
        ...(renewQuery && {
          retryAttempts: 1,
          retryCallback: async (failed?: CesiumNs.Resource, error?: unknown) => {
            if (!failed || (error as { statusCode?: number } | undefined)?.statusCode !== 401) return false;
            failed.setQueryParameters(Object.fromEntries(new URLSearchParams(await renewQuery())));
            return true;
          },
        }),
      });
      const loaded = await C.Cesium3DTileset.fromUrl(resource, {
        maximumScreenSpaceError: loadOptions.maximumScreenSpaceError ?? 16,
      });
      if (generation !== loadGeneration || viewer.isDestroyed()) {
        loaded.destroy(); // a newer load or destroy() won the race
        return;
      }
      measureController.cancel();
      removeTileset();
      tileset = scene.primitives.add(loaded) as CesiumNs.Cesium3DTileset;
      tileset.show = tilesetVisible;
      tileset.tileFailed.addEventListener((failure: { url: string; message: unknown }) => {
        options.onTileError?.(failure.url, failure.message);
      });
      tileset.tileLoad.addEventListener(() => scene.requestRender());
      tileset.allTilesLoaded.addEventListener(() => scene.requestRender());
      applyClip();
      scene.requestRender();
    },

    setTilesetVisible(visible) {
      tilesetVisible = visible;
      if (tileset) tileset.show = visible;
      scene.requestRender();
    },

    whenIdle(timeoutMs = 30_000) {
      return renderUntilSettled(
        () =>
          scene.globe.tilesLoaded &&
          (!tileset || !tileset.show || tileset.tilesLoaded) &&
          viewer.dataSourceDisplay.ready &&
          locationBuilt() &&
          photoLayer.ready() &&
          projectionLayer.ready(),
        timeoutMs,
      );
    },

    async flyToTileset(flyOptions = {}) {
      if (!tileset) return;
      const offset = new C.HeadingPitchRange(0, toRadians(-30), tileset.boundingSphere.radius * 2.5);
      const duration = flightDuration(flyOptions.duration ?? 1.5);
      if (duration <= 0) {
        camera.viewBoundingSphere(tileset.boundingSphere, offset);
        camera.lookAtTransform(C.Matrix4.IDENTITY);
        scene.requestRender();
        return;
      }
      await viewer.flyTo(tileset, { duration, offset });
    },

    getCameraView() {
      const position = camera.positionCartographic;
      return {
        lon: toDegrees(position.longitude),
        lat: toDegrees(position.latitude),
        height: position.height,
        heading: toDegrees(camera.heading),
        pitch: toDegrees(camera.pitch),
        roll: toDegrees(camera.roll),
      };
    },

    setCameraView(view: CameraView, viewOptions = {}) {
      const destination = C.Cartesian3.fromDegrees(view.lon, view.lat, view.height);
      const orientation = {
        heading: toRadians(view.heading),
        pitch: toRadians(view.pitch),
        roll: toRadians(view.roll),
      };
      const duration = flightDuration(viewOptions.duration ?? 0);
      if (duration <= 0) {
        camera.setView({ destination, orientation });
        scene.requestRender();
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        camera.flyTo({ destination, orientation, duration, complete: resolve, cancel: resolve });
      });
    },

    onCameraChange(listener) {
      // Cesium's camera.changed fires only past a share of the view (half by default): another view following this
      // one would jump. Comparing the view matrix after each frame catches every move, and an idle view draws none.
      let last = C.Matrix4.clone(camera.viewMatrix);
      return scene.postRender.addEventListener(() => {
        if (C.Matrix4.equalsEpsilon(camera.viewMatrix, last, 1e-9)) return;
        last = C.Matrix4.clone(camera.viewMatrix, last);
        listener();
      });
    },

    async showLocation(geojson: LocationGeoJson | null) {
      const generation = ++locationGeneration;
      const accent = C.Color.fromCssColorString('#ff7a45');
      const source = geojson
        ? await C.GeoJsonDataSource.load(geojson, {
            clampToGround: true,
            stroke: accent,
            strokeWidth: 3,
            fill: accent.withAlpha(0.25),
            markerColor: accent,
          })
        : undefined;
      // A later call (the project changed while this file loaded) wins.
      if (generation !== locationGeneration || viewer.isDestroyed()) return;
      if (location) viewer.dataSources.remove(location, true);
      location = source;
      if (source) {
        styleLocation(C, source, accent);
        await viewer.dataSources.add(source);
        await api.whenIdle(10_000);
      }
      scene.requestRender();
    },

    setClipping(plane) {
      if (plane && C.Cartesian3.magnitude(C.Cartesian3.fromArray(plane.normal)) === 0) {
        throw new Error('clipping plane normal must not be zero');
      }
      clip = plane ? { normal: [...plane.normal], center: [...plane.center] } : null;
      applyClip();
    },

    getClipping() {
      return clip ? { normal: [...clip.normal], center: [...clip.center] } : null;
    },

    clipHorizontally(offset) {
      if (offset === null || !tileset) {
        api.setClipping(null);
        return null;
      }
      const sphere = tileset.boundingSphere;
      const up = upAt(sphere.center);
      const cutEcef = C.Cartesian3.add(
        sphere.center,
        C.Cartesian3.multiplyByScalar(up, offset, new C.Cartesian3()),
        new C.Cartesian3(),
      );
      // Into the tileset's frame: points by the inverse transform, normals by the transpose of the forward one.
      const frame = clipFrame(tileset);
      const inverse = C.Matrix4.inverse(frame, new C.Matrix4());
      const center = C.Matrix4.multiplyByPoint(inverse, cutEcef, new C.Cartesian3());
      const rotation = C.Matrix4.getMatrix3(frame, new C.Matrix3());
      const down = C.Cartesian3.negate(up, new C.Cartesian3());
      const normal = C.Cartesian3.normalize(
        C.Matrix3.multiplyByVector(C.Matrix3.transpose(rotation, new C.Matrix3()), down, new C.Cartesian3()),
        new C.Cartesian3(),
      );
      const plane: ClipPlane = { normal: [normal.x, normal.y, normal.z], center: [center.x, center.y, center.z] };
      api.setClipping(plane);
      return plane;
    },

    onClippingChange(listener) {
      return clippingChanged.addEventListener(listener);
    },

    horizontalClipOffset() {
      if (!clip || !tileset) return null;
      const frame = clipFrame(tileset);
      const sphere = tileset.boundingSphere;
      const up = upAt(sphere.center);
      const normal = C.Matrix4.multiplyByPointAsVector(frame, C.Cartesian3.fromArray(clip.normal), new C.Cartesian3());
      // Only a plane facing straight down is a cut the height slider can show.
      if (C.Cartesian3.dot(C.Cartesian3.normalize(normal, normal), up) > -1 + 1e-6) return null;
      const cut = C.Matrix4.multiplyByPoint(frame, C.Cartesian3.fromArray(clip.center), new C.Cartesian3());
      return C.Cartesian3.dot(C.Cartesian3.subtract(cut, sphere.center, cut), up);
    },

    getTilesetRadius() {
      return tileset ? tileset.boundingSphere.radius : null;
    },

    measure: ((kind: MeasureKind) => measureController.start(kind)) as ViewerApi['measure'],
    measureDistance: () => measureController.start('distance') as ReturnType<ViewerApi['measureDistance']>,
    measureHeight: () => measureController.start('height') as ReturnType<ViewerApi['measureHeight']>,
    measureArea: () => measureController.start('area') as ReturnType<ViewerApi['measureArea']>,
    cancelMeasurement: () => measureController.cancel(),
    clearMeasurements: () => measureController.clear(),
    activeMeasurement: () => measureController.active(),

    async showPhotos(photos, showOptions = {}) {
      const generation = ++photoGeneration;
      photoLayer.show(photos ?? []);
      if (photoLayer.count() === 0) return;
      // Drawn once the frustums' primitive is built and a frame has shown it (a newer call ends the wait).
      await renderUntilSettled(
        () => generation !== photoGeneration || photoLayer.ready(),
        showOptions.timeoutMs ?? 30_000,
      );
    },

    photoCount: () => photoLayer.count(),

    async flyToPhotos(flyOptions = {}) {
      const sphere = photoLayer.boundingSphere();
      if (!sphere) return;
      // A lone photo's sphere is its frustum: look at it from a little further than its depth.
      const offset = new C.HeadingPitchRange(0, toRadians(-45), Math.max(sphere.radius * 2.5, 30));
      const duration = flightDuration(flyOptions.duration ?? 1.5);
      if (duration <= 0) {
        camera.viewBoundingSphere(sphere, offset);
        camera.lookAtTransform(C.Matrix4.IDENTITY);
        scene.requestRender();
        return;
      }
      await new Promise<void>((resolve) => {
        camera.flyToBoundingSphere(sphere, { duration, offset, complete: resolve, cancel: resolve });
      });
    },

    photoWindowPosition: (id) => photoLayer.windowPosition(id),
    onPhotoPick: (listener) => photoLayer.onPick(listener),
    onPhotoHover: (listener) => photoLayer.onHover(listener),

    showMarkers: (markers) => markerLayer.show(markers ?? []),
    markerCount: () => markerLayer.count(),
    selectMarker: (id) => markerLayer.select(id),
    markerWindowPosition: (id) => markerLayer.windowPosition(id),
    onMarkerPick: (listener) =>
      markerLayer.onPick((id) => {
        if (measureController.active() === null) listener(id);
      }),

    async flyToMarker(id, flyOptions = {}) {
      const position = markerLayer.position(id);
      if (!position) return;
      const sphere = new C.BoundingSphere(position, 1);
      const offset = new C.HeadingPitchRange(camera.heading, toRadians(-35), flyOptions.range ?? 40);
      await new Promise<void>((resolve) => {
        camera.flyToBoundingSphere(sphere, {
          duration: flightDuration(flyOptions.duration ?? 1),
          offset,
          complete: resolve,
          cancel: resolve,
        });
      });
      camera.lookAtTransform(C.Matrix4.IDENTITY);
    },

    pickPosition() {
      measureController.cancel();
      return markerLayer.pick();
    },
    cancelPositionPick: () => markerLayer.cancelPick(),

    markPhotos: (ids) => photoLayer.mark(ids),

    async showProjections(projections, showOptions = {}) {
      await projectionLayer.show(projections);
      if (projectionLayer.count() === 0) return;
      await renderUntilSettled(() => projectionLayer.ready(), showOptions.timeoutMs ?? 30_000);
    },

    projectionCount: () => projectionLayer.count(),

    showDefects: (defects) => defectLayer.show(defects ?? []),
    defectCount: () => defectLayer.count(),
    defectWindowPosition: (id) => defectLayer.windowPosition(id),
    onDefectPick: (listener) => defectLayer.onPick(listener),

    showKeyDefects: (graphs) => keyDefectLayer.show(graphs ?? []),
    keyDefectCount: () => keyDefectLayer.count(),
    screenExtent: (positions) => keyDefectLayer.screenExtent(positions),
    screenshot: () => keyDefectLayer.screenshot(),

    async flyToDefects(flyOptions = {}) {
      const sphere = defectLayer.boundingSphere();
      if (!sphere) return;
      const offset = new C.HeadingPitchRange(camera.heading, toRadians(-35), Math.max(sphere.radius * 3, 40));
      const duration = flightDuration(flyOptions.duration ?? 1.5);
      if (duration <= 0) {
        camera.viewBoundingSphere(sphere, offset);
        camera.lookAtTransform(C.Matrix4.IDENTITY);
        scene.requestRender();
        return;
      }
      await new Promise<void>((resolve) => {
        camera.flyToBoundingSphere(sphere, { duration, offset, complete: resolve, cancel: resolve });
      });
      camera.lookAtTransform(C.Matrix4.IDENTITY);
    },

    setTheme(theme) {
      applyTheme(C, viewer, theme);
    },

    requestRender() {
      scene.requestRender();
    },

    destroy() {
      if (viewer.isDestroyed()) return;
      loadGeneration++;
      measureController.destroy();
      photoLayer.destroy();
      projectionLayer.destroy();
      markerLayer.destroy();
      defectLayer.destroy();
      keyDefectLayer.destroy();
      viewer.destroy();
    },
  };
  return api;
}

export type { Measurement };
