import { forwardRef, useCallback, useEffect, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import OpenSeadragon from 'openseadragon';
import { withFileLink } from '../../api/file-links';
import { photoFilesFolder, useFolderLink, usePhotoPyramid, usePyramidEvents } from '../../api/photo-files';
import { useReducedMotion } from '../../lib/reduced-motion';
import type { InspectionImagePyramid } from '@sightline/shared';

/** A point in the full-resolution photo's pixels (upright, origin at its top left). */
export interface ImagePoint {
  x: number;
  y: number;
}

/** A point in CSS pixels from the viewer's top-left corner. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/**
 * What an overlay (defect marks, AI boxes) needs to draw over the photo, given again after every change of the
 * view: conversions between the full-resolution photo's pixels and the viewer's CSS pixels, and the scale.
 */
export interface PhotoViewerView {
  imageWidth: number;
  imageHeight: number;
  /** CSS pixels per photo pixel at the current zoom. */
  scale: number;
  imageToScreen(point: ImagePoint): ScreenPoint;
  screenToImage(point: ScreenPoint): ImagePoint;
}

/** The part of the photo in view, in units of the photo's width from its top-left corner (OpenSeadragon's world). */
export interface PhotoViewport {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PhotoViewerHandle {
  zoomIn(): void;
  zoomOut(): void;
  /** The whole photo in the window. */
  fit(): void;
  /** Centres the view on a photo pixel, at `zoom` times the fitted size when given. */
  panTo(point: ImagePoint, zoom?: number): void;
  /** The current view, or null before the photo is shown. */
  view(): PhotoViewerView | null;
  /** Shows that part of the photo (another viewer's, to keep two in step), animated as a zoom by hand is. */
  showViewport(viewport: PhotoViewport): void;
}

export interface PhotoViewerProps {
  inspectionId: number;
  imageId: number;
  /** The upright photo's full size in pixels, known from its metadata; the pyramid's size replaces it once ready. */
  imageWidth: number;
  imageHeight: number;
  /** The preview shown (zoomable) until the tiles are ready; null when the photo has none. */
  previewUrl: string | null;
  /** Drawn over the photo, given the view again whenever it changes; pointer events pass through unless set. */
  overlay?: (view: PhotoViewerView) => ReactNode;
  onPyramid?: (pyramid: InspectionImagePyramid | undefined, retry: () => void) => void;
  /** Told where the view is going whenever it changes, and its zoom relative to the whole photo fitted (1). */
  onViewportChange?: (viewport: PhotoViewport, zoom: number) => void;
  /**
   * Given the OpenSeadragon viewer once it exists, for an editor that draws on its own canvas at every frame and
   * takes the viewer's pointer events (a click that is not a drag, a drag it keeps from panning); answers the undoing.
   */
  onViewer?: (viewer: OpenSeadragon.Viewer) => () => void;
  style?: React.CSSProperties;
}

const ZOOM_STEP = 1.6;
/** Seconds a zoom or pan takes, unless the user asks for reduced motion: then it jumps (none). */
const ANIMATION_SECONDS = 0.5;

/** The springs OpenSeadragon's viewport moves along, each with its own animation time (left out of its typings). */
interface ViewportSprings {
  centerSpringX: OpenSeadragon.Spring;
  centerSpringY: OpenSeadragon.Spring;
  zoomSpring: OpenSeadragon.Spring;
  degreesSpring: OpenSeadragon.Spring;
}

/**
 * Sets how long the viewport's zooms and pans take, by the user's hand or by the page, from the next one on: the
 * `animationTime` option is read only when the viewer is made, and the setting may change while it is open.
 */
function setViewportAnimation(viewport: OpenSeadragon.Viewport, seconds: number): void {
  const springs = viewport as unknown as ViewportSprings;
  for (const spring of [springs.centerSpringX, springs.centerSpringY, springs.zoomSpring, springs.degreesSpring]) {
    spring.animationTime = seconds;
  }
}

/** The upright photo's size: EXIF orientations 5 to 8 turn it a quarter, as the server's preview and tiles are. */
export function uprightSize(width: number, height: number, metadata: Record<string, unknown> | null) {
  const orientation = typeof metadata?.orientation === 'number' ? metadata.orientation : 1;
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/**
 * The full-resolution photo viewer (OpenSeadragon): the photo's screen-size preview (1280 to 2048 px) at once, then
 * its Deep Zoom tiles when the server has made them (the first opening starts that), with smooth zoom and pan (a jump
 * when the user's system asks for reduced motion, following a change of the setting while open). The
 * view is drawn on a 2D canvas, which overlays and tests can read; OpenSeadragon's own buttons and keys are off (the
 * page provides them), so that arrow keys can change the photo.
 */
export const PhotoViewer = forwardRef<PhotoViewerHandle, PhotoViewerProps>(function PhotoViewer(props, ref) {
  const { inspectionId, imageId, previewUrl, overlay, onPyramid, onViewportChange, onViewer, style } = props;
  const element = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<OpenSeadragon.Viewer | null>(null);
  const dziRef = useRef<OpenSeadragon.DziTileSource | null>(null);
  const [shown, setShown] = useState<'none' | 'preview' | 'tiles'>('none');
  const [viewVersion, setViewVersion] = useState(0);
  const reducedMotion = useReducedMotion();

  const pyramid = usePhotoPyramid(imageId, true);
  usePyramidEvents(inspectionId, imageId, pyramid.data);
  const ready = pyramid.data?.state === 'ready' ? pyramid.data : null;
  const filesLink = useFolderLink(previewUrl ? photoFilesFolder(inspectionId, imageId) : null);
  const tilesLink = useFolderLink(ready?.tilesUrl ?? null);

  const imageWidth = ready?.width ?? props.imageWidth;
  const imageHeight = ready?.height ?? props.imageHeight;
  const hasOverlay = useRef(false);
  useEffect(() => {
    hasOverlay.current = overlay !== undefined;
  }, [overlay]);
  const size = useRef({ width: imageWidth, height: imageHeight });
  useEffect(() => {
    size.current = { width: imageWidth, height: imageHeight };
  }, [imageWidth, imageHeight]);

  // `mutate` keeps its identity across renders (the mutation object does not), so the callback is told of changes only.
  const retryMutate = pyramid.retry.mutate;
  const retryPyramid = useCallback(() => retryMutate(), [retryMutate]);
  useEffect(() => onPyramid?.(pyramid.data, retryPyramid), [onPyramid, pyramid.data, retryPyramid]);
  const viewportListener = useRef(onViewportChange);
  useEffect(() => {
    viewportListener.current = onViewportChange;
  }, [onViewportChange]);
  // Read once, when the viewer is made: the editor's handlers read its state through refs of their own.
  const viewerListener = useRef(onViewer);

  useEffect(() => {
    const viewer = OpenSeadragon({
      element: element.current!,
      // A 2D canvas: overlays and pixel reads work on it, and no WebGL context is needed per viewer.
      drawer: 'canvas',
      showNavigationControl: false,
      showNavigator: false,
      animationTime: ANIMATION_SECONDS,
      springStiffness: 9,
      blendTime: 0.2,
      maxZoomPixelRatio: 4,
      visibilityRatio: 0.5,
      minZoomImageRatio: 0.8,
      preserveImageSizeOnResize: true,
      gestureSettingsMouse: { clickToZoom: false, dblClickToZoom: true },
      crossOriginPolicy: false,
    });
    // The page owns the keys (arrows change the photo, + and - zoom).
    viewer.addHandler('canvas-key', (event) => {
      event.preventDefaultAction = true;
    });
    // Only an overlay needs the page to render again at each frame of a zoom or pan.
    const changed = () => {
      if (hasOverlay.current) setViewVersion((version) => version + 1);
    };
    viewer.addHandler('update-viewport', changed);
    viewer.addHandler('resize', changed);
    // The target of a zoom or pan, told as it starts: a viewer kept in step animates along instead of lagging.
    viewer.addHandler('viewport-change', () => {
      const { viewport } = viewer;
      const bounds = viewport.getBounds();
      viewportListener.current?.(
        { x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height },
        viewport.getZoom() / viewport.getHomeZoom(),
      );
    });
    viewerRef.current = viewer;
    const detach = viewerListener.current?.(viewer);
    return () => {
      detach?.();
      viewer.destroy();
      viewerRef.current = null;
      dziRef.current = null;
    };
  }, []);

  useEffect(() => {
    const viewer = viewerRef.current;
    if (viewer) setViewportAnimation(viewer.viewport, reducedMotion ? 0 : ANIMATION_SECONDS);
  }, [reducedMotion]);

  // The preview first, while nothing better is shown; its world is the photo's (width 1), as the tiles' will be.
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || shown !== 'none' || !previewUrl || !filesLink || ready) return;
    viewer.open({ type: 'image', url: withFileLink(previewUrl, filesLink), buildPyramid: true } as never);
    setShown('preview');
  }, [previewUrl, filesLink, ready, shown]);

  // The tiles replace the preview where the user is looking, without a jump: the same world, the same view.
  useEffect(() => {
    const viewer = viewerRef.current;
    if (!viewer || !ready || !tilesLink || shown === 'tiles') return;
    const source = new OpenSeadragon.DziTileSource({
      width: ready.width!,
      height: ready.height!,
      tileSize: ready.tileSize!,
      tileOverlap: ready.overlap!,
      tilesUrl: ready.tilesUrl!,
      fileFormat: ready.format!,
      queryParams: `?${tilesLink.query}`,
    } as never);
    dziRef.current = source;
    const previous = viewer.world.getItemCount() > 0 ? viewer.world.getItemAt(0) : null;
    viewer.addTiledImage({
      tileSource: source,
      x: 0,
      y: 0,
      width: 1,
      success: () => {
        if (previous) viewer.world.removeItem(previous);
        setShown('tiles');
      },
    });
  }, [ready, tilesLink, shown]);

  // A renewed link reaches the tiles still to fetch.
  useEffect(() => {
    if (dziRef.current && tilesLink) dziRef.current.queryParams = `?${tilesLink.query}`;
  }, [tilesLink]);

  const currentView = useCallback((): PhotoViewerView | null => {
    const viewer = viewerRef.current;
    if (!viewer || viewer.world.getItemCount() === 0) return null;
    const { width, height } = size.current;
    const { viewport } = viewer;
    const imageToScreen = (point: ImagePoint) =>
      viewport.viewportToViewerElementCoordinates(new OpenSeadragon.Point(point.x / width, point.y / width));
    const origin = imageToScreen({ x: 0, y: 0 });
    return {
      imageWidth: width,
      imageHeight: height,
      scale: imageToScreen({ x: width, y: 0 }).x / width - origin.x / width,
      imageToScreen: (point) => {
        const screen = imageToScreen(point);
        return { x: screen.x, y: screen.y };
      },
      screenToImage: (point) => {
        const world = viewport.viewerElementToViewportCoordinates(new OpenSeadragon.Point(point.x, point.y));
        return { x: world.x * width, y: world.y * width };
      },
    };
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      zoomIn: () => viewerRef.current?.viewport.zoomBy(ZOOM_STEP).applyConstraints(),
      zoomOut: () => viewerRef.current?.viewport.zoomBy(1 / ZOOM_STEP).applyConstraints(),
      fit: () => viewerRef.current?.viewport.goHome(),
      panTo: (point, zoom) => {
        const viewer = viewerRef.current;
        if (!viewer) return;
        const { width } = size.current;
        viewer.viewport.panTo(new OpenSeadragon.Point(point.x / width, point.y / width));
        if (zoom !== undefined) viewer.viewport.zoomTo(viewer.viewport.getHomeZoom() * zoom);
      },
      view: currentView,
      showViewport: ({ x, y, width, height }) =>
        viewerRef.current?.viewport.fitBounds(new OpenSeadragon.Rect(x, y, width, height)),
    }),
    [currentView],
  );

  // Re-rendered on every view change (viewVersion), so the overlay follows zoom and pan.
  const view = overlay && shown !== 'none' && viewVersion >= 0 ? currentView() : null;
  return (
    <div
      style={{ position: 'relative', width: '100%', height: '100%', ...style }}
      data-testid="photo-viewer"
      data-shown={shown}
      data-pyramid={pyramid.data?.state ?? 'none'}
    >
      <div ref={element} style={{ position: 'absolute', inset: 0 }} />
      {view && overlay && (
        <div style={{ position: 'absolute', inset: 0, pointerEvents: 'none', overflow: 'hidden' }}>{overlay(view)}</div>
      )}
    </div>
  );
});
