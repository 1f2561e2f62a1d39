import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Empty, Flex, InputNumber, Popover, Select, Switch, Tooltip, Typography } from 'antd';
import { AimOutlined, CameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useInspectionOptions } from '../../../api/inspection-options';
import { PHOTO_LAYER_PARAM, projectIdParam, projectPaths } from '../../../lib/project-paths';
import { type PhotoHover, type ViewerApi, type ViewerPhoto, toViewerPhotos } from '../../../viewer';
import { useInspectionPhotoView } from '../../../api/inspection-photo-view';

type LayerState = 'off' | 'loading' | 'drawing' | 'drawn' | 'empty' | 'failed';

/** Photos whose canvas positions the layer's test hook lists (enough to click a few, small in the DOM). */
const ANCHOR_LIMIT = 20;
interface Anchor {
  id: number;
  x: number;
  y: number;
}
const DEPTH_MAX_M = 1000;

/**
 * The 3D view's photo layer (issue 11, point 6): every photo of a chosen inspection drawn at its position with its
 * frustum, hover naming it, click opening it; on from the start with the inspection the address names (`?photos=`,
 * the drone-target page's baseline). Gives the toolbar button (with its panel) and the overlay over the view (the
 * hovered photo's name, and the layer's state for tests and screen readers).
 */
export interface PhotoLayer {
  tool: ReactNode;
  overlay: ReactNode;
  /** The inspection chosen (the newest until another is), whether or not its photos are shown. */
  inspectionId: number | null;
  /** The photos drawn now (their frustums can be marked), or null while none are. */
  drawnPhotos: readonly ViewerPhoto[] | null;
}

export function usePhotoLayer(api: ViewerApi, projectId: number): PhotoLayer {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // An inspection named in the address (the drone-target page's baseline) is shown at once.
  const asked = projectIdParam(useSearchParams()[0].get(PHOTO_LAYER_PARAM) ?? undefined);
  const [enabled, setEnabled] = useState(asked !== null);
  const [inspectionId, setInspectionId] = useState<number | null>(asked);
  const [depth, setDepth] = useState<number | null>(null);
  const [hover, setHover] = useState<PhotoHover | null>(null);
  // What the viewer last finished drawing: the photo list it was given, where they are on screen, and how long
  // after switching on (the state below is derived from it, so a newer list reads "drawing" until it is drawn).
  const [drawn, setDrawn] = useState<{ photos: ViewerPhoto[]; anchors: Anchor[]; ms: number } | null>(null);
  const flownTo = useRef<number | null>(null);
  const enabledAt = useRef(0);

  const inspections = useInspectionOptions(projectId);
  const { options } = inspections;
  // The newest inspection is the one most often wanted.
  const chosen = inspectionId ?? options[0]?.value ?? null;
  const view = useInspectionPhotoView(enabled ? chosen : null);
  const photos = useMemo(() => (view.data ? toViewerPhotos(view.data, depth) : null), [view.data, depth]);

  const shown = enabled && chosen !== null && !view.isError ? photos : null;
  const state: LayerState =
    !enabled || chosen === null
      ? 'off'
      : view.isError
        ? 'failed'
        : !photos
          ? 'loading'
          : drawn?.photos !== photos
            ? 'drawing'
            : photos.length === 0
              ? 'empty'
              : 'drawn';

  useEffect(() => {
    if (!shown) {
      void api.showPhotos(null);
      return;
    }
    let current = true;
    void (async () => {
      await api.showPhotos(shown);
      if (!current) return;
      const ms = Math.round(performance.now() - enabledAt.current);
      // The camera goes to the photos once per inspection, not at every refresh while the user looks around.
      if (shown.length > 0 && flownTo.current !== chosen) {
        flownTo.current = chosen;
        await api.flyToPhotos({ duration: 1 });
        await api.whenIdle(30_000);
      }
      if (!current) return;
      const anchors = shown.slice(0, ANCHOR_LIMIT).flatMap((photo) => {
        const at = api.photoWindowPosition(photo.id);
        return at ? [{ id: photo.id, x: Math.round(at.x), y: Math.round(at.y) }] : [];
      });
      setDrawn({ photos: shown, anchors, ms });
    })();
    return () => {
      current = false;
    };
  }, [api, shown, chosen]);

  useEffect(() => api.onPhotoHover(setHover), [api]);
  useEffect(
    () =>
      api.onPhotoPick((imageId) => {
        if (chosen !== null) void navigate(projectPaths.inspectionPhoto(chosen, imageId));
      }),
    [api, chosen, navigate],
  );
  // Leaving the page takes the photos off the view.
  useEffect(() => () => void api.showPhotos(null), [api]);

  const toggle = (on: boolean) => {
    enabledAt.current = performance.now();
    setEnabled(on);
  };

  const drawnCount = photos?.length ?? 0;
  const skipped = view.data ? view.data.photos.length - drawnCount : 0;
  const status =
    state === 'loading' || state === 'drawing'
      ? t('photoLayer.loading')
      : state === 'failed'
        ? t('photoLayer.loadFailed')
        : state === 'empty'
          ? t('photoLayer.none')
          : state === 'drawn'
            ? t('photoLayer.drawn', { count: drawnCount })
            : null;

  const panel =
    options.length === 0 && !inspections.isLoading ? (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('photoLayer.noInspections')}
        data-testid="photo-layer-no-inspections"
      />
    ) : (
      <Flex vertical gap={8} style={{ width: 260 }} data-testid="photo-layer-panel">
        <Flex align="center" justify="space-between">
          <Typography.Text strong>{t('photoLayer.toggle')}</Typography.Text>
          <Switch
            checked={enabled}
            onChange={toggle}
            aria-label={t('photoLayer.toggle')}
            data-testid="photo-layer-switch"
          />
        </Flex>
        <Typography.Text type="secondary">{t('photoLayer.inspection')}</Typography.Text>
        <Select
          value={chosen}
          options={options}
          loading={inspections.isLoading}
          placeholder={t('photoLayer.chooseInspection')}
          onChange={(value: number) => {
            setInspectionId(value);
            if (!enabled) toggle(true);
          }}
          data-testid="photo-layer-inspection"
        />
        <Typography.Text type="secondary">{t('photoLayer.depth')}</Typography.Text>
        <InputNumber
          min={1}
          max={DEPTH_MAX_M}
          precision={0}
          value={depth}
          placeholder={t('photoLayer.depthAuto')}
          onChange={(value) => setDepth(typeof value === 'number' ? value : null)}
          style={{ width: '100%' }}
          data-testid="photo-layer-depth"
        />
        {status && (
          <Typography.Text type={state === 'failed' ? 'danger' : undefined} data-testid="photo-layer-status">
            {status}
          </Typography.Text>
        )}
        {enabled && view.data && view.data.withoutPose > 0 && (
          <Typography.Text type="secondary">
            {t('photoLayer.withoutPose', { count: view.data.withoutPose })}
          </Typography.Text>
        )}
        {enabled && skipped > 0 && (
          <Typography.Text type="secondary">{t('photoLayer.skipped', { count: skipped })}</Typography.Text>
        )}
        {state === 'drawn' && (
          <Button
            size="small"
            icon={<AimOutlined />}
            onClick={() => void api.flyToPhotos()}
            data-testid="photo-layer-fly"
          >
            {t('photoLayer.flyTo')}
          </Button>
        )}
      </Flex>
    );

  const tool = (
    <Popover content={panel} trigger="click" placement="bottomLeft" key="photo-layer">
      <Tooltip title={t('photoLayer.toggle')}>
        <Button
          type={enabled ? 'primary' : 'text'}
          icon={<CameraOutlined />}
          aria-label={t('photoLayer.toggle')}
          aria-pressed={enabled}
          data-testid="viewer-photo-layer"
        />
      </Tooltip>
    </Popover>
  );

  const overlay = (
    <>
      <div
        hidden
        data-testid="photo-layer"
        data-state={state}
        data-inspection-id={chosen ?? ''}
        data-photo-count={state === 'drawn' || state === 'empty' ? drawnCount : ''}
        data-drawn-ms={state === 'drawn' || state === 'empty' ? (drawn?.ms ?? '') : ''}
        data-anchors={JSON.stringify(state === 'drawn' ? (drawn?.anchors ?? []) : [])}
      />
      {hover && (
        <div
          role="tooltip"
          data-testid="photo-layer-hover"
          style={{
            position: 'absolute',
            left: hover.x + 14,
            top: hover.y + 14,
            pointerEvents: 'none',
            background: 'rgba(0, 0, 0, 0.75)',
            color: '#fff',
            borderRadius: 6,
            padding: '2px 8px',
            whiteSpace: 'nowrap',
            zIndex: 2,
          }}
        >
          <div>{hover.name}</div>
          <div style={{ opacity: 0.7, fontSize: 12 }}>{t('photoLayer.openHint')}</div>
        </div>
      )}
    </>
  );
  return {
    tool,
    overlay,
    inspectionId: chosen,
    drawnPhotos: state === 'drawn' ? (drawn?.photos ?? null) : null,
  };
}
