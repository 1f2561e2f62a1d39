import { Button, Flex, Popover, Slider, Tooltip, Typography } from 'antd';
import {
  BorderOutlined,
  ClearOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  HomeOutlined,
  SaveOutlined,
  ScissorOutlined,
} from '@ant-design/icons';
import { type ReactNode, useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatMetres, formatSquareMetres } from './viewer-format';
import type { CameraView, ClipPlane, MeasureKind, Measurement, ViewerApi } from './viewer-types';

export interface ViewerToolbarProps {
  api: ViewerApi;
  /** The project's default view; "back to default view" frames the whole tileset when there is none. */
  defaultView?: CameraView | null;
  /** Shown only when given: saves the current camera as the project's default view. */
  onSaveView?: (view: CameraView) => void | Promise<void>;
  /** Told about every change of the clipping plane (null: none), to save it with the model. */
  onClipChange?: (plane: ClipPlane | null) => void;
  onMeasured?: (measurement: Measurement) => void;
  /** More tools at the end of the row (the photo layer's button). */
  extraTools?: ReactNode;
}

const HINT_KEY = {
  distance: 'viewer.hintDistance',
  height: 'viewer.hintHeight',
  area: 'viewer.hintArea',
} as const;

/** Measure, clip and camera tools over the 3D view; every text through `t('viewer.…')`. */
export function ViewerToolbar({
  api,
  defaultView,
  onSaveView,
  onClipChange,
  onMeasured,
  extraTools,
}: ViewerToolbarProps) {
  const { t } = useTranslation();
  const [active, setActive] = useState<MeasureKind | null>(null);
  const [result, setResult] = useState<Measurement | null>(null);
  // The slider's height, and whether any clipping is on (one saved with the model may not be horizontal).
  const [clipOffset, setClipOffset] = useState(() => api.horizontalClipOffset());
  const [clipped, setClipped] = useState(() => api.getClipping() !== null);
  useEffect(
    () =>
      api.onClippingChange(() => {
        setClipOffset(api.horizontalClipOffset());
        setClipped(api.getClipping() !== null);
      }),
    [api],
  );
  const [saving, setSaving] = useState(false);

  // Leaving the page (or a new viewer) ends a measurement in progress.
  useEffect(() => () => api.cancelMeasurement(), [api]);

  const handleMeasure = (kind: MeasureKind) => {
    if (active === kind) {
      api.cancelMeasurement();
      return;
    }
    setActive(kind);
    void api.measure(kind).then((measurement) => {
      // A newer measurement may have replaced this one; it owns the state then.
      if (api.activeMeasurement() === null) setActive(null);
      if (!measurement) return;
      setResult(measurement);
      onMeasured?.(measurement);
    });
  };

  const handleClear = () => {
    api.clearMeasurements();
    setResult(null);
  };

  const handleClip = (offset: number | null) => {
    setClipOffset(offset);
    onClipChange?.(api.clipHorizontally(offset));
  };

  const handleSaveView = async () => {
    if (!onSaveView) return;
    setSaving(true);
    try {
      await onSaveView(api.getCameraView());
    } finally {
      setSaving(false);
    }
  };

  const handleDefaultView = () => {
    void (defaultView ? api.setCameraView(defaultView, { duration: 1 }) : api.flyToTileset());
  };

  const radius = api.getTilesetRadius() ?? 0;
  const tool = (key: string, label: string, icon: ReactNode, onClick: () => void, pressed = false) => (
    <Tooltip title={label} key={key}>
      <Button
        type={pressed ? 'primary' : 'text'}
        icon={icon}
        aria-label={label}
        aria-pressed={pressed}
        onClick={onClick}
        data-testid={`viewer-${key}`}
      />
    </Tooltip>
  );

  const clipPanel = (
    <Flex vertical gap={8} style={{ width: 220 }}>
      <Typography.Text>{t('viewer.clipHeight')}</Typography.Text>
      <Slider
        min={-Math.ceil(radius)}
        max={Math.ceil(radius)}
        step={Math.max(radius / 200, 0.01)}
        value={clipOffset ?? 0}
        onChange={(value) => handleClip(value)}
        disabled={radius === 0}
        tooltip={{ formatter: (value) => (value === undefined ? null : formatMetres(value)) }}
        data-testid="viewer-clip-height"
      />
      <Button size="small" onClick={() => handleClip(null)} disabled={!clipped} data-testid="viewer-clip-off">
        {t('viewer.clipOff')}
      </Button>
    </Flex>
  );

  return (
    <Flex
      vertical
      gap={4}
      style={{ position: 'absolute', top: 12, left: 12, maxWidth: 'calc(100% - 24px)' }}
      data-testid="viewer-toolbar"
    >
      <Flex
        gap={2}
        role="toolbar"
        aria-label={t('viewer.toolbar')}
        style={{ background: 'var(--ant-color-bg-elevated, rgba(20, 20, 20, 0.85))', borderRadius: 8, padding: 4 }}
      >
        {tool(
          'measure-distance',
          t('viewer.measureDistance'),
          <ColumnWidthOutlined />,
          () => handleMeasure('distance'),
          active === 'distance',
        )}
        {tool(
          'measure-height',
          t('viewer.measureHeight'),
          <ColumnHeightOutlined />,
          () => handleMeasure('height'),
          active === 'height',
        )}
        {tool(
          'measure-area',
          t('viewer.measureArea'),
          <BorderOutlined />,
          () => handleMeasure('area'),
          active === 'area',
        )}
        {tool('clear', t('viewer.clearMeasurements'), <ClearOutlined />, handleClear)}
        <Popover content={clipPanel} trigger="click" placement="bottomLeft">
          <Tooltip title={t('viewer.clip')}>
            <Button
              type={clipped ? 'primary' : 'text'}
              icon={<ScissorOutlined />}
              aria-label={t('viewer.clip')}
              data-testid="viewer-clip"
            />
          </Tooltip>
        </Popover>
        {onSaveView && (
          <Tooltip title={t('viewer.saveView')}>
            <Button
              type="text"
              icon={<SaveOutlined />}
              loading={saving}
              aria-label={t('viewer.saveView')}
              onClick={handleSaveView}
              data-testid="viewer-save-view"
            />
          </Tooltip>
        )}
        {tool('default-view', t('viewer.defaultView'), <HomeOutlined />, handleDefaultView)}
        {extraTools}
      </Flex>
      {(active || result) && (
        <Typography.Text
          style={{ background: 'rgba(0, 0, 0, 0.6)', color: '#fff', borderRadius: 6, padding: '2px 8px' }}
          data-testid="viewer-status"
        >
          {active ? t(HINT_KEY[active]) : result ? describe(result, t) : null}
        </Typography.Text>
      )}
    </Flex>
  );
}

function describe(result: Measurement, t: TFunction): string {
  switch (result.kind) {
    case 'distance':
      return t('viewer.resultDistance', { length: formatMetres(result.length) });
    case 'height':
      return t('viewer.resultHeight', {
        height: formatMetres(result.vertical),
        horizontal: formatMetres(result.horizontal),
      });
    case 'area':
      return t('viewer.resultArea', {
        area: formatSquareMetres(result.area),
        horizontal: formatSquareMetres(result.horizontalArea),
      });
  }
}
