import type { Theme } from '@sightline/shared';

/** ECEF position in metres (CesiumJS's Cartesian3). */
export interface EcefPosition {
  x: number;
  y: number;
  z: number;
}

/**
 * A saved camera: where it is (WGS84 degrees, ellipsoidal height in metres) and where it looks (degrees;
 * heading clockwise from north, pitch negative looking down). The project's default view is one of these.
 */
export interface CameraView {
  lon: number;
  lat: number;
  height: number;
  heading: number;
  pitch: number;
  roll: number;
}

/**
 * A clipping plane in the tileset's own frame (the root tile's transform, or an east-north-up frame at the
 * tileset's centre when the root has none), as the project model stores it: SPEC's "normal and center arrays".
 * The normal points to the side that stays visible.
 */
export interface ClipPlane {
  normal: [number, number, number];
  center: [number, number, number];
}

export interface DistanceMeasurement {
  kind: 'distance';
  positions: EcefPosition[];
  /** Sum of the straight segments, metres. */
  length: number;
}

export interface HeightMeasurement {
  kind: 'height';
  from: EcefPosition;
  to: EcefPosition;
  /** Ellipsoidal height of `to` minus `from`, metres. */
  vertical: number;
  /** Distance in the horizontal plane, metres. */
  horizontal: number;
  /** Straight-line distance, metres. */
  slope: number;
}

export interface AreaMeasurement {
  kind: 'area';
  positions: EcefPosition[];
  /** Area in the polygon's own plane (a facade, a deck), square metres. */
  area: number;
  /** Area projected on the horizontal plane, square metres. */
  horizontalArea: number;
}

export type Measurement = DistanceMeasurement | HeightMeasurement | AreaMeasurement;
export type MeasureKind = Measurement['kind'];

export type ViewerTheme = Theme;

export interface LoadTilesetOptions {
  /** Sent with every request of the tileset (tileset.json, tiles, subtrees): the Authorization header. */
  headers?: Record<string, string>;
  /**
   * A new query for the tileset's requests when the server refuses one with 401 (its signed link expired): each
   * refused request is tried once more with it. Tile URLs keep the tileset URL's query, so a link rides on all.
   */
  renewQuery?: () => Promise<string>;
  /** Screen-space error that triggers refinement; lower is sharper and heavier. Default 16. */
  maximumScreenSpaceError?: number;
}

export interface ViewerOptions {
  theme: ViewerTheme;
  /** Called when a tile fails to load (a missing file, a network error); the viewer goes on without it. */
  onTileError?: (url: string, error: unknown) => void;
  /** Multisample anti-aliasing rate; 1 turns it off. Unset: 4 on a GPU, 1 on software WebGL (webgl-renderer.ts). */
  msaaSamples?: number;
  /** Called when a frame fails to render; Cesium then stops rendering and shows its error panel. */
  onRenderError?: (error: unknown) => void;
}

/** A photo as the 3D view draws it: its position and its frustum's far corners, in ECEF (packages/geo computes them). */
export interface ViewerPhoto {
  id: number;
  name: string;
  apex: EcefPosition;
  /** Top-left, top-right, bottom-right and bottom-left of the image, pushed out to the frustum's depth. */
  corners: [EcefPosition, EcefPosition, EcefPosition, EcefPosition];
}

/** The photo under the mouse, and where the mouse is on the canvas (CSS pixels). */
export interface PhotoHover {
  id: number;
  name: string;
  x: number;
  y: number;
}

/** A point on the model: WGS84 degrees and metres above the ellipsoid (a spatial marker's position). */
export interface GeoPosition {
  lon: number;
  lat: number;
  height: number;
}

/** A placed spatial marker as the 3D view draws it: a point in its colour, labelled. */
export interface ViewerMarker {
  id: number;
  label: string;
  /** CSS colour, `#RRGGBB`. */
  color: string;
  position: GeoPosition;
}

/** A defect as the 3D view draws it: a point at its place on the model in its type's colour. */
export interface ViewerDefect {
  id: number;
  /** CSS colour, `#RRGGBB`. */
  color: string;
  position: GeoPosition;
}

/** A key defect as the 3D view draws it: its graph (a polyline or a polygon of positions) in its type's colour. */
export interface ViewerKeyDefect {
  id: number;
  name: string;
  kind: 'polyline' | 'polygon';
  /** CSS colour, `#RRGGBB`. */
  color: string;
  positions: GeoPosition[];
}

/**
 * A photo projected onto the model: its image on its frustum's cross-section at `corners` (top-left, top-right,
 * bottom-right, bottom-left, ECEF), where its optical axis meets the model.
 */
export interface ViewerProjection {
  id: number;
  /** The image's URL, with a signed link's query: CesiumJS fetches it without headers. */
  imageUrl: string;
  corners: [EcefPosition, EcefPosition, EcefPosition, EcefPosition];
}

/** GeoJSON as the project's location is stored (a FeatureCollection, Feature or geometry). */
export type LocationGeoJson = { type: string } & Record<string, unknown>;

/** The imperative 3D view: one per container, destroyed with `destroy()`. */
export interface ViewerApi {
  /** Loads a 3D Tiles tileset (replacing any other) and resolves once its tileset.json is read. */
  loadTileset(url: string, options?: LoadTilesetOptions): Promise<void>;
  /** Shows or hides the tileset without unloading it. */
  setTilesetVisible(visible: boolean): void;
  /**
   * Resolves true once everything the current view needs is loaded and drawn (globe tiles, the tileset's tiles,
   * location and measurement shapes), or false after `timeoutMs` (default 30 s). For screenshots and tests.
   */
  whenIdle(timeoutMs?: number): Promise<boolean>;
  /** Moves the camera so the whole tileset is in view; `duration` in seconds, 0 jumps. */
  flyToTileset(options?: { duration?: number }): Promise<void>;
  getCameraView(): CameraView;
  setCameraView(view: CameraView, options?: { duration?: number }): Promise<void>;
  /** Calls `listener` after each drawn frame in which the camera moved (by the user or in code); returns the unsubscribe. */
  onCameraChange(listener: () => void): () => void;
  /** Draws the project's location (points, lines, polygons clamped to the ground); null removes it. */
  showLocation(geojson: LocationGeoJson | null): Promise<void>;
  /** Clips the tileset with one plane in its own frame; null removes the clipping. */
  setClipping(plane: ClipPlane | null): void;
  getClipping(): ClipPlane | null;
  /**
   * Clips away everything higher than `offset` metres above the tileset's centre (a horizontal cut, whatever the
   * tileset's frame) and returns that plane in the tileset's frame, ready to be saved; null removes the clipping.
   */
  clipHorizontally(offset: number | null): ClipPlane | null;
  /** The offset `clipHorizontally` would take for the current clipping; null when there is none or it is not horizontal. */
  horizontalClipOffset(): number | null;
  /** Calls `listener` whenever the clipping on the tileset changes (set, removed, or a tileset loaded); returns the unsubscribe. */
  onClippingChange(listener: () => void): () => void;
  /** The tileset's bounding sphere radius in metres, or null before a tileset is loaded. */
  getTilesetRadius(): number | null;
  /**
   * Starts an interactive measurement: clicks on the model add points; double-click or right-click finishes
   * (height finishes on its second point); Esc or a new measurement cancels (resolves null).
   */
  measure(kind: 'distance'): Promise<DistanceMeasurement | null>;
  measure(kind: 'height'): Promise<HeightMeasurement | null>;
  measure(kind: 'area'): Promise<AreaMeasurement | null>;
  measure(kind: MeasureKind): Promise<Measurement | null>;
  measureDistance(): Promise<DistanceMeasurement | null>;
  measureHeight(): Promise<HeightMeasurement | null>;
  measureArea(): Promise<AreaMeasurement | null>;
  cancelMeasurement(): void;
  clearMeasurements(): void;
  /** The measurement in progress, if any. */
  activeMeasurement(): MeasureKind | null;
  /**
   * Draws photos' positions and frustums (batched: thousands at once), replacing those drawn before; null or an empty
   * list removes them. Resolves once the first frame with them is drawn, or after `timeoutMs` (default 30 s).
   */
  showPhotos(photos: readonly ViewerPhoto[] | null, options?: { timeoutMs?: number }): Promise<void>;
  /** How many photos are drawn. */
  photoCount(): number;
  /** Frames every drawn photo and its frustum; `duration` in seconds, 0 jumps. */
  flyToPhotos(options?: { duration?: number }): Promise<void>;
  /** Where a drawn photo's position is on the canvas (CSS pixels from its top-left), or null when not in view. */
  photoWindowPosition(id: number): { x: number; y: number } | null;
  /** Calls `listener` with the photo's id when a photo's point or frustum is clicked (not while measuring). */
  onPhotoPick(listener: (id: number) => void): () => void;
  /** Calls `listener` as the mouse moves over photos (null when it leaves them). */
  onPhotoHover(listener: (hover: PhotoHover | null) => void): () => void;
  /** Draws spatial markers (points in their colour, labelled), replacing those drawn before; null removes them. */
  showMarkers(markers: readonly ViewerMarker[] | null): void;
  /** How many markers are drawn. */
  markerCount(): number;
  /** Draws one marker larger than the others (null: none). */
  selectMarker(id: number | null): void;
  /** Where a drawn marker is on the canvas (CSS pixels from its top-left), or null when not in view. */
  markerWindowPosition(id: number): { x: number; y: number } | null;
  /** Moves the camera to look at a drawn marker from `range` metres (default 40); `duration` in seconds. */
  flyToMarker(id: number, options?: { duration?: number; range?: number }): Promise<void>;
  /** Calls `listener` with the marker's id when a marker is clicked (not while picking or measuring). */
  onMarkerPick(listener: (id: number) => void): () => void;
  /**
   * Waits for a click on the model (a measurement in progress is cancelled) and resolves with the position hit;
   * null when cancelled (Esc, `cancelPositionPick`, a new pick). Clicks beside the model are ignored.
   */
  pickPosition(): Promise<GeoPosition | null>;
  cancelPositionPick(): void;
  /** Draws these photos' points and frustums in the mark colour (the photos that see a point); [] unmarks all. */
  markPhotos(ids: readonly number[]): void;
  /**
   * Draws photos projected onto the model (replacing those drawn before; [] removes them) and resolves once they are
   * drawn, or after `timeoutMs` (default 30 s).
   */
  showProjections(projections: readonly ViewerProjection[], options?: { timeoutMs?: number }): Promise<void>;
  /** How many photos are projected. */
  projectionCount(): number;
  /** Draws defects (points in their type's colour, thousands at once), replacing those drawn before; null removes them. */
  showDefects(defects: readonly ViewerDefect[] | null): void;
  /** How many defects are drawn. */
  defectCount(): number;
  /** Frames every drawn defect; `duration` in seconds, 0 jumps. */
  flyToDefects(options?: { duration?: number }): Promise<void>;
  /** Where a drawn defect is on the canvas (CSS pixels from its top-left), or null when not in view. */
  defectWindowPosition(id: number): { x: number; y: number } | null;
  /** Calls `listener` with the defect's id when a defect is clicked (not while measuring or picking a position). */
  onDefectPick(listener: (id: number) => void): () => void;
  /** Draws key defects' graphs, replacing those drawn before; null removes them. */
  showKeyDefects(graphs: readonly ViewerKeyDefect[] | null): void;
  /** How many key defects are drawn. */
  keyDefectCount(): number;
  /** The positions' bounding box on the canvas in CSS pixels, or null when none is in view. */
  screenExtent(positions: readonly GeoPosition[]): { width: number; height: number } | null;
  /** The view as a PNG. */
  screenshot(): Promise<Blob>;
  setTheme(theme: ViewerTheme): void;
  /** Asks for a new frame (the view renders on demand). */
  requestRender(): void;
  destroy(): void;
}
