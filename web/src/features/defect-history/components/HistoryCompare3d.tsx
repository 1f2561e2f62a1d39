import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Flex, Modal, Space, Spin, Switch, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { HISTORY_CHANGE_KINDS } from '@sightline/shared';
import { useInspectionInfo } from '../../../api/inspections';
import { useProjectModel } from '../../../api/project';
import { loadProjectTileset } from '../../../api/project-tileset';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { ModelViewer, SceneLoadState, type ViewerApi } from '../../../viewer';
import { useHistoryAll, useMatchingStatus } from '../api';
import { KIND_COLOURS, comparisonSides, type SidePoint } from '../history-display';

type Side = 'previous' | 'current';
type SceneState = 'loading' | 'rendering' | 'idle' | 'failed';

/**
 * One side's view: the model framed as a whole (the same framing on both sides, whose canvases are the same size, so
 * they start in step), its defects as points in their change kind's colour; `idle` once everything is drawn.
 */
function SideScene({
  api,
  tilesetUrl,
  points,
  side,
  onCameraMove,
}: {
  api: ViewerApi;
  tilesetUrl: string;
  points: readonly SidePoint[];
  side: Side;
  onCameraMove: (side: Side, api: ViewerApi) => void;
}) {
  const [state, setState] = useState<SceneState>('loading');
  const latestMove = useRef(onCameraMove);
  useEffect(() => {
    latestMove.current = onCameraMove;
  });

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        await loadProjectTileset(api, tilesetUrl);
      } catch {
        if (current) setState('failed');
        return;
      }
      if (!current) return;
      await api.flyToTileset({ duration: 0 });
      setState('rendering');
      // Software rendering may take longer than one wait: keep waiting while the view is shown.
      while (current) {
        if (await api.whenIdle(30_000)) break;
      }
      if (current) setState('idle');
    })();
    return () => {
      current = false;
    };
  }, [api, tilesetUrl]);

  useEffect(() => {
    api.showDefects(points);
  }, [api, points]);
  const marker = useRef<HTMLDivElement>(null);
  useEffect(
    () =>
      api.onCameraChange(() => {
        // Written on the element, not kept in state: a drag moves the camera every frame.
        if (marker.current) marker.current.dataset.camera = JSON.stringify(api.getCameraView());
        latestMove.current(side, api);
      }),
    [api, side],
  );

  return (
    <>
      <div
        ref={marker}
        hidden
        data-testid="history-compare-scene"
        data-side={side}
        data-render-state={state}
        data-count={state === 'idle' ? api.defectCount() : ''}
      />
      <SceneLoadState state={state} />
    </>
  );
}

/**
 * The 3D history comparison (SPEC section 2): the previous inspection's defects (left) and this one's (right) on the
 * project's model in two views side by side, each point in its change kind's colour; moving one view moves the other
 * while the views are synchronised.
 */
export function HistoryCompare3d({
  inspectionId,
  projectId,
  previousName,
  onClose,
}: {
  inspectionId: number;
  projectId: number;
  previousName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const appTheme = usePreferencesStore((state) => state.theme);
  const inspection = useInspectionInfo(inspectionId);
  const model = useProjectModel(projectId);
  const entries = useHistoryAll(inspectionId);
  const status = useMatchingStatus(inspectionId);
  const sides = useMemo(() => comparisonSides(entries.data ?? []), [entries.data]);
  const [synchronised, setSynchronised] = useState(true);
  const views = useRef<Partial<Record<Side, ViewerApi>>>({});
  // The view the user last touched leads; the other follows it (never both, or each would echo the other).
  const leader = useRef<Side>('current');
  const syncing = useRef(synchronised);
  useEffect(() => {
    syncing.current = synchronised;
  });

  const handleCameraMove = (side: Side, api: ViewerApi) => {
    // Each view reports its first framing, so both are known before the user moves either.
    views.current[side] = api;
    if (!syncing.current || leader.current !== side) return;
    const follower = views.current[side === 'current' ? 'previous' : 'current'];
    void follower?.setCameraView(api.getCameraView());
  };

  const tilesetUrl = model.data?.tilesetUrl ?? null;
  const panels: Array<{ side: Side; title: string; points: readonly SidePoint[] }> = [
    { side: 'previous', title: t('historyUi.compare.previous', { name: previousName }), points: sides.previous },
    {
      side: 'current',
      title: t('historyUi.compare.current', { name: inspection.data?.name ?? '' }),
      points: sides.current,
    },
  ];

  return (
    <Modal
      open
      onCancel={onClose}
      footer={null}
      width="100vw"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { height: 'calc(100vh - 110px)' } }}
      title={t('historyUi.compare.title', { previous: previousName, current: inspection.data?.name ?? '' })}
    >
      <Flex vertical gap={8} style={{ height: '100%' }} data-testid="history-compare-3d">
        <Flex align="center" gap={12} wrap>
          <Space size={6}>
            <Switch
              checked={synchronised}
              onChange={setSynchronised}
              aria-label={t('historyUi.compare.sync')}
              data-testid="history-compare-sync"
            />
            <Typography.Text>{t('historyUi.compare.sync')}</Typography.Text>
          </Space>
          <Space size={4} wrap aria-label={t('historyUi.compare.legend')}>
            {HISTORY_CHANGE_KINDS.map((kind) => (
              <Tag key={kind} color={KIND_COLOURS[kind]}>
                {t(`historyUi.kind.${kind}`)}
              </Tag>
            ))}
          </Space>
        </Flex>
        {status.data && status.data.state !== 'done' && (
          <Alert type="warning" showIcon title={t('historyUi.compare.notDone')} />
        )}
        {model.isPending || entries.isPending ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin size="large" />
          </Flex>
        ) : !tilesetUrl ? (
          <Alert type="warning" showIcon title={t('historyUi.compare.noModel')} />
        ) : (
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, flex: 1, minHeight: 0 }}>
            {panels.map((panel) => (
              <Flex
                vertical
                key={panel.side}
                style={{
                  minHeight: 0,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: 8,
                  overflow: 'hidden',
                }}
                onPointerDown={() => (leader.current = panel.side)}
                onWheel={() => (leader.current = panel.side)}
                data-testid="history-compare-panel"
                data-side={panel.side}
              >
                <Flex justify="space-between" style={{ padding: '4px 8px' }}>
                  <Typography.Text ellipsis>{panel.title}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('historyUi.compare.count', { count: panel.points.length })}
                  </Typography.Text>
                </Flex>
                <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>
                  <ModelViewer theme={appTheme}>
                    {(api) => (
                      <SideScene
                        api={api}
                        tilesetUrl={tilesetUrl}
                        points={panel.points}
                        side={panel.side}
                        onCameraMove={handleCameraMove}
                      />
                    )}
                  </ModelViewer>
                </div>
              </Flex>
            ))}
          </div>
        )}
      </Flex>
    </Modal>
  );
}
