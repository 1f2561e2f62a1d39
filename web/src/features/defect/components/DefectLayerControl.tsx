import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Popover, Space, Switch, Tooltip, Typography } from 'antd';
import { AimOutlined, BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { DEFECT_LIST_MAX } from '@sightline/shared';
import type { CameraView, ViewerApi } from '../../../viewer';
import { defectTypeLabel } from '../../../lib/defect-type-label';
import { usePermission } from '../../../session/permissions';
import { useDefectList, useProjectDefectTypes } from '../api';
import { defectPoints } from '../defect-display';
import { DefectDetailsDrawer } from './DefectDetailsDrawer';
import { DefectEditDialog } from './DefectEditDialog';
import { TypeDot } from './TypeDot';
import type { Defect } from '@sightline/shared';

type LayerState = 'off' | 'loading' | 'drawn' | 'empty' | 'failed';
/** Defects whose canvas positions the layer's test hook lists (enough to click a few, small in the DOM). */
const ANCHOR_LIMIT = 50;

/**
 * The 3D view's defect layer (issue 13, point 3): every located defect of the inspection the photo layer chose, a
 * point in its type's colour; a click shows the defect with its photo. Its button sits in the view's toolbar.
 */
export default function DefectLayerControl({
  api,
  projectId,
  inspectionId,
}: {
  api: ViewerApi;
  projectId: number;
  inspectionId: number | null;
}) {
  const { t } = useTranslation();
  const canEdit = usePermission('defect:edit');
  const [enabled, setEnabled] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<Defect | null>(null);
  // What the viewer last finished drawing, where those defects were on screen and the camera they were seen from.
  const [drawn, setDrawn] = useState<{
    of: unknown;
    anchors: { id: number; x: number; y: number }[];
    camera: CameraView;
  } | null>(null);
  const flownTo = useRef<number | null>(null);
  const list = useDefectList(enabled ? inspectionId : null);
  const types = useProjectDefectTypes(enabled ? projectId : null);
  const typeById = useMemo(() => new Map((types.data ?? []).map((type) => [type.id, type])), [types.data]);
  const layer = useMemo(
    () => (list.data && types.data ? defectPoints(list.data.records, types.data) : null),
    [list.data, types.data],
  );
  const shown = enabled && inspectionId !== null && !list.isError ? layer : null;
  const state: LayerState =
    !enabled || inspectionId === null
      ? 'off'
      : list.isError
        ? 'failed'
        : !layer || drawn?.of !== layer
          ? 'loading'
          : layer.points.length === 0
            ? 'empty'
            : 'drawn';

  useEffect(() => {
    if (!shown) {
      api.showDefects(null);
      return;
    }
    let current = true;
    api.showDefects(shown.points);
    void (async () => {
      // The camera goes to the defects once per inspection, not at every refresh while the user looks around.
      if (shown.points.length > 0 && flownTo.current !== inspectionId) {
        flownTo.current = inspectionId;
        await api.flyToDefects({ duration: 1 });
      }
      await api.whenIdle(30_000);
      if (!current) return;
      const anchors = shown.points.slice(0, ANCHOR_LIMIT).flatMap((point) => {
        const at = api.defectWindowPosition(point.id);
        return at ? [{ id: point.id, x: at.x, y: at.y }] : [];
      });
      setDrawn({ of: shown, anchors, camera: api.getCameraView() });
    })();
    return () => {
      current = false;
    };
  }, [api, shown, inspectionId]);
  useEffect(() => api.onDefectPick(setChosen), [api]);
  // Leaving the page takes the defects off the view.
  useEffect(() => () => api.showDefects(null), [api]);

  const total = list.data?.total ?? 0;
  const status =
    state === 'loading'
      ? t('defectList.layer.loading')
      : state === 'failed'
        ? t('defectList.layer.loadFailed')
        : state === 'empty'
          ? t('defectList.layer.none')
          : state === 'drawn'
            ? t('defectList.layer.drawn', { count: layer?.points.length ?? 0 })
            : null;

  const panel = (
    <Flex vertical gap={8} style={{ width: 260 }} data-testid="defect-layer-panel">
      <Flex align="center" justify="space-between">
        <Typography.Text strong>{t('defectList.layer.toggle')}</Typography.Text>
        <Switch
          checked={enabled}
          onChange={setEnabled}
          disabled={inspectionId === null}
          aria-label={t('defectList.layer.toggle')}
          data-testid="defect-layer-switch"
        />
      </Flex>
      {inspectionId === null && (
        <Typography.Text type="secondary">{t('defectList.layer.chooseInspection')}</Typography.Text>
      )}
      {status && (
        <Typography.Text type={state === 'failed' ? 'danger' : undefined} data-testid="defect-layer-status">
          {status}
        </Typography.Text>
      )}
      {enabled && layer && layer.unplaced > 0 && (
        <Typography.Text type="secondary">{t('defectList.layer.unplaced', { count: layer.unplaced })}</Typography.Text>
      )}
      {enabled && total > DEFECT_LIST_MAX && (
        <Typography.Text type="secondary">
          {t('defectList.layer.more', { total, shown: DEFECT_LIST_MAX })}
        </Typography.Text>
      )}
      {state === 'drawn' &&
        layer?.groups.map((group) => {
          const type = typeById.get(group.typeId);
          return (
            <Space key={group.typeId} size={6} data-testid="defect-layer-legend">
              <TypeDot color={group.color} />
              <span>{type ? defectTypeLabel(type) : '—'}</span>
              <Typography.Text type="secondary">{group.count}</Typography.Text>
            </Space>
          );
        })}
      {state === 'drawn' && (
        <Button
          size="small"
          icon={<AimOutlined />}
          onClick={() => void api.flyToDefects()}
          data-testid="defect-layer-fly"
        >
          {t('defectList.layer.flyTo')}
        </Button>
      )}
    </Flex>
  );

  return (
    <>
      <Popover content={panel} trigger="click" placement="bottomLeft">
        <Tooltip title={t('defectList.layer.toggle')}>
          <Button
            type={enabled ? 'primary' : 'text'}
            icon={<BugOutlined />}
            aria-label={t('defectList.layer.toggle')}
            aria-pressed={enabled}
            data-testid="viewer-defect-layer"
          />
        </Tooltip>
      </Popover>
      <div
        hidden
        data-testid="defect-layer"
        data-state={state}
        data-count={state === 'drawn' || state === 'empty' ? (layer?.points.length ?? 0) : ''}
        data-anchors={JSON.stringify(state === 'drawn' ? (drawn?.anchors ?? []) : [])}
        data-camera={state === 'drawn' && drawn ? JSON.stringify(drawn.camera) : ''}
      />
      {chosen !== null && (
        <DefectDetailsDrawer
          id={chosen}
          onClose={() => setChosen(null)}
          onEdit={canEdit ? (defect) => setEditing(defect) : undefined}
        />
      )}
      {editing && <DefectEditDialog defect={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
