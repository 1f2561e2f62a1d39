import { Alert, Spin } from 'antd';
import { type CSSProperties, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createViewer } from './viewer-core';
import type { CameraView, ClipPlane, LocationGeoJson, ViewerApi, ViewerTheme } from './viewer-types';

export interface ModelViewerProps {
  /** URL of the model's tileset.json; nothing is loaded while it is empty. */
  tilesetUrl?: string | null;
  /** Sent with every tileset request, e.g. `{ Authorization: 'Bearer …' }`. */
  headers?: Record<string, string>;
  theme: ViewerTheme;
  /** Where the camera goes once the tileset is loaded; without one it frames the whole tileset. */
  defaultView?: CameraView | null;
  clip?: ClipPlane | null;
  /** The project's location file as GeoJSON, drawn clamped to the ground. */
  location?: LocationGeoJson | null;
  onReady?: (api: ViewerApi) => void;
  onError?: (error: unknown) => void;
  /** Overlays that need the viewer, such as the toolbar: `{(api) => <ViewerToolbar api={api} />}`. */
  children?: (api: ViewerApi) => ReactNode;
  className?: string;
  style?: CSSProperties;
}

function hasWebGl(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

const overlay: CSSProperties = {
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  pointerEvents: 'none',
};

/** The 3D view of a project's model: a thin React shell around the imperative core of viewer-core.ts. */
export function ModelViewer({
  tilesetUrl,
  headers,
  theme,
  defaultView,
  clip,
  location,
  onReady,
  onError,
  children,
  className,
  style,
}: ModelViewerProps) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const [api, setApi] = useState<ViewerApi | null>(null);
  const [failure, setFailure] = useState<'webgl' | 'load' | null>(null);
  const [settledUrl, setSettledUrl] = useState<string | null>(null);

  // Latest values for callbacks that run later, without re-creating the viewer when they change.
  const latest = useRef({ onReady, onError, defaultView, theme });
  useEffect(() => {
    latest.current = { onReady, onError, defaultView, theme };
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let disposed = false;
    let created: ViewerApi | undefined;
    createViewer(container, {
      theme: latest.current.theme,
      onTileError: (url, error) => latest.current.onError?.({ url, error }),
    }).then(
      (viewer) => {
        if (disposed) {
          viewer.destroy();
          return;
        }
        created = viewer;
        setApi(viewer);
        latest.current.onReady?.(viewer);
      },
      (error: unknown) => {
        if (disposed) return;
        setFailure(hasWebGl() ? 'load' : 'webgl');
        latest.current.onError?.(error);
      },
    );
    return () => {
      disposed = true;
      // React runs a removed tree's effect cleanups parent first: the layers' own cleanups (taking their defects,
      // markers or photos off the view) run after this one, so the viewer goes once they all have.
      const leaving = created;
      queueMicrotask(() => leaving?.destroy());
    };
  }, []);

  // Headers as a value, so a new but equal object does not reload the tileset.
  const headersKey = JSON.stringify(headers ?? {});
  useEffect(() => {
    if (!api || !tilesetUrl) return;
    let current = true;
    api
      .loadTileset(tilesetUrl, { headers: JSON.parse(headersKey) as Record<string, string> })
      .then(async () => {
        if (!current) return;
        const view = latest.current.defaultView;
        await (view ? api.setCameraView(view) : api.flyToTileset({ duration: 0 }));
        if (current) setSettledUrl(tilesetUrl);
      })
      .catch((error: unknown) => {
        if (!current) return;
        setFailure('load');
        setSettledUrl(tilesetUrl);
        latest.current.onError?.(error);
      });
    return () => {
      current = false;
    };
  }, [api, tilesetUrl, headersKey]);

  useEffect(() => {
    api?.setTheme(theme);
  }, [api, theme]);

  useEffect(() => {
    api?.setClipping(clip ?? null);
  }, [api, clip]);

  useEffect(() => {
    if (!api) return;
    api.showLocation(location ?? null).catch((error: unknown) => latest.current.onError?.(error));
  }, [api, location]);

  const busy = failure === null && (api === null || (Boolean(tilesetUrl) && settledUrl !== tilesetUrl));
  return (
    <div
      className={className}
      style={{ position: 'relative', width: '100%', height: '100%', minHeight: 240, overflow: 'hidden', ...style }}
      data-testid="model-viewer"
    >
      <div ref={containerRef} style={{ position: 'absolute', inset: 0 }} />
      {busy && (
        <div style={overlay} role="status" aria-label={t('viewer.loading')}>
          <Spin size="large" description={t('viewer.loading')}>
            <div style={{ width: 1, height: 48 }} />
          </Spin>
        </div>
      )}
      {failure && (
        <Alert
          type="warning"
          showIcon
          title={failure === 'webgl' ? t('viewer.webglUnavailable') : t('viewer.loadFailed')}
          style={{ position: 'absolute', top: 12, left: 12, right: 12 }}
        />
      )}
      {api && children?.(api)}
    </div>
  );
}
