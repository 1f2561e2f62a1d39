import { useEffect, useMemo, useState } from 'react';
import { Alert, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SpatialMarkerNode } from '@sightline/shared';
import { loadProjectTileset } from '../../../api/project-tileset';
import { SceneLoadState, ViewerToolbar, type CameraView, type ViewerApi, type ViewerMarker } from '../../../viewer';

type SceneState = 'loading' | 'idle' | 'failed';

/** Markers whose canvas positions the layer's test hook lists (enough to check a batch, small in the DOM). */
const ANCHOR_LIMIT = 20;

/**
 * The model with the placed markers drawn in their colour and labelled by number; the selected one larger. A
 * click on a drawn marker selects it. While a position is picked, a hint over the view says for which marker.
 */
export function MarkerScene({
  api,
  tilesetUrl,
  markers,
  selectedId,
  onSelect,
  pickHint,
}: {
  api: ViewerApi;
  tilesetUrl: string;
  markers: readonly SpatialMarkerNode[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  pickHint: string | null;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [state, setState] = useState<SceneState>('loading');
  const [drawn, setDrawn] = useState<{
    markers: ViewerMarker[];
    anchors: Array<{ id: number; x: number; y: number }>;
    /** Where the camera was (the test hook: a test aims photos along the lines it placed markers from). */
    camera: CameraView;
  } | null>(null);
  const viewerMarkers = useMemo(
    () =>
      markers.flatMap((marker): ViewerMarker[] =>
        marker.kind === 'marker' && marker.position
          ? [{ id: marker.id, label: marker.code ?? marker.name, color: marker.color, position: marker.position }]
          : [],
      ),
    [markers],
  );

  useEffect(() => {
    let current = true;
    loadProjectTileset(api, tilesetUrl)
      .then(async () => {
        if (!current) return;
        await api.flyToTileset({ duration: 0 });
        await api.whenIdle(60_000);
        if (current) setState('idle');
      })
      .catch(() => {
        if (current) setState('failed');
      });
    return () => {
      current = false;
    };
  }, [api, tilesetUrl]);

  useEffect(() => {
    if (state !== 'idle') return;
    let current = true;
    api.showMarkers(viewerMarkers);
    void api.whenIdle(30_000).then(() => {
      if (!current) return;
      const anchors = viewerMarkers.slice(0, ANCHOR_LIMIT).flatMap((marker) => {
        const at = api.markerWindowPosition(marker.id);
        return at ? [{ id: marker.id, x: Math.round(at.x), y: Math.round(at.y) }] : [];
      });
      setDrawn({ markers: viewerMarkers, anchors, camera: api.getCameraView() });
    });
    return () => {
      current = false;
    };
  }, [api, state, viewerMarkers]);

  useEffect(() => api.selectMarker(selectedId), [api, selectedId, drawn]);
  useEffect(() => api.onMarkerPick(onSelect), [api, onSelect]);
  // Leaving the page takes the markers off the view and ends a pick.
  useEffect(
    () => () => {
      api.cancelPositionPick();
      api.showMarkers(null);
    },
    [api],
  );

  const layerState = state !== 'idle' ? state : drawn?.markers === viewerMarkers ? 'drawn' : 'drawing';
  return (
    <>
      <div
        data-testid="marker-layer"
        data-state={layerState}
        data-marker-count={drawn?.markers.length ?? 0}
        data-anchors={JSON.stringify(drawn?.anchors ?? [])}
        data-camera={drawn ? JSON.stringify(drawn.camera) : undefined}
        style={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}
      />
      {state === 'idle' && <ViewerToolbar api={api} defaultView={null} />}
      {layerState === 'drawn' && viewerMarkers.length > 0 && (
        <Typography.Text
          type="secondary"
          style={{
            position: 'absolute',
            right: 12,
            bottom: 12,
            background: token.colorBgElevated,
            padding: '2px 8px',
            borderRadius: 4,
          }}
        >
          {t('projectUi.markers.layer', { count: viewerMarkers.length })}
        </Typography.Text>
      )}
      {pickHint && (
        <Alert
          type="info"
          showIcon
          title={pickHint}
          style={{ position: 'absolute', top: 12, left: '50%', transform: 'translateX(-50%)' }}
          data-testid="marker-pick-hint"
        />
      )}
      <SceneLoadState state={state} />
    </>
  );
}
