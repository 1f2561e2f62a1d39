import { useCallback, useMemo, useState } from 'react';
import { App as AntdApp, Alert, Button, Card, Flex, Result, Spin, Tabs, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { MarkerPosition, SpatialMarkerNode } from '@sightline/shared';
import type { MenuPageProps } from '../../../session/menu-routes';
import { usePermission } from '../../../session/permissions';
import { usePreferencesStore } from '../../../stores/preferences-store';
import { useProjectDetail, useProjectModel } from '../../../api/project';
import { projectIdParam, projectPaths } from '../../../lib/project-paths';
import { ModelViewer, type ViewerApi } from '../../../viewer';
import { useMarkerTree } from '../../../api/project-parts';
import { usePlaceMarkers } from '../api';
import { buildMarkerTree, markersUnder } from '../marker-tree';
import { BindingPanel } from '../components/BindingPanel';
import { MarkerScene } from '../components/MarkerScene';
import { MarkerTreePanel } from '../components/MarkerTreePanel';

/** Header 56 px and the content's padding of 24 px above and below. */
const VIEW_HEIGHT = 'calc(100vh - 104px)';
const PANEL_WIDTH = 400;

interface Picking {
  marker: SpatialMarkerNode;
  index: number;
  count: number;
}

/**
 * Spatial marker management (SPEC section 2): the marker tree beside the project's 3D view, where markers are
 * placed by clicking the model (one, or a group's one after another) and drawn in their colour; and the binding of
 * an inspection's photos to them, by hand and automatically.
 */
export default function SpatialMarkerPage(_props: MenuPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  const projectId = projectIdParam(useParams().id);
  const theme = usePreferencesStore((state) => state.theme);
  const project = useProjectDetail(projectId);
  const model = useProjectModel(projectId);
  const tree = useMarkerTree(projectId ?? 0);
  const place = usePlaceMarkers(projectId ?? 0);
  const canEdit = usePermission('project:config');
  const canBind = usePermission('image:screen');
  const [api, setApi] = useState<ViewerApi | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [picking, setPicking] = useState<Picking | null>(null);
  const [tab, setTab] = useState('tree');

  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const markers = useMemo(() => nodes.filter((node) => node.kind === 'marker'), [nodes]);
  const tilesetUrl = model.data?.state === 'done' ? (model.data.tilesetUrl ?? null) : null;

  /** Picks a position on the model for each marker under the node in turn; Esc stops and keeps those picked. */
  const placeUnder = async (nodeId: number) => {
    if (!api) return;
    const queue = markersUnder(buildMarkerTree(nodes), nodeId);
    if (queue.length === 0) {
      void message.info(t('projectUi.markers.nothingToPlace'));
      return;
    }
    const items: Array<{ id: number; position: MarkerPosition }> = [];
    for (const [index, marker] of queue.entries()) {
      setPicking({ marker, index, count: queue.length });
      const position = await api.pickPosition();
      if (!position) break;
      items.push({ id: marker.id, position });
    }
    setPicking(null);
    if (items.length === 0) return;
    await place.mutateAsync(items);
    void message.success(
      items.length === 1
        ? t('projectUi.markers.positionSaved')
        : t('projectUi.markers.positionsSaved', { count: items.length }),
    );
  };

  const flyTo = useCallback((id: number) => void api?.flyToMarker(id), [api]);
  const select = useCallback((id: number | null) => setSelectedId(id), []);

  if (projectId === null || project.isError) {
    return (
      <Result
        status="warning"
        title={t('errors.PROJECT_NO_ERROR')}
        extra={<Button onClick={() => void navigate(projectPaths.home)}>{t('ui.common.backHome')}</Button>}
      />
    );
  }
  if (!project.data || model.isLoading || tree.isLoading) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const selectedMarker = markers.find((marker) => marker.id === selectedId) ?? null;
  const pickHint = picking
    ? picking.count === 1
      ? t('projectUi.markers.pickHint', { name: picking.marker.name })
      : t('projectUi.markers.batchPickHint', {
          name: picking.marker.name,
          index: picking.index + 1,
          count: picking.count,
        })
    : null;

  return (
    <Flex vertical gap={12} style={{ height: VIEW_HEIGHT, minHeight: 480 }} data-testid="spatial-marker-page">
      <Flex align="center" gap={12}>
        <Button
          type="text"
          icon={<ArrowLeftOutlined />}
          onClick={() => void navigate(projectPaths.view(projectId))}
          aria-label={t('ui.common.back')}
        />
        <Typography.Title level={4} style={{ margin: 0 }} ellipsis={{ tooltip: project.data.name }}>
          {t('projectUi.markers.title')} · {project.data.name}
        </Typography.Title>
      </Flex>
      <Flex gap={12} style={{ flex: 1, minHeight: 0 }}>
        <Card
          style={{ width: PANEL_WIDTH, flex: 'none', display: 'flex', flexDirection: 'column' }}
          styles={{ body: { flex: 1, minHeight: 0, padding: '0 12px 12px', display: 'flex', flexDirection: 'column' } }}
        >
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={[
              { key: 'tree', label: t('projectUi.markers.tabTree') },
              { key: 'binding', label: t('projectUi.markers.tabBinding') },
            ]}
          />
          <div style={{ flex: 1, minHeight: 0, overflow: tab === 'tree' ? 'hidden' : 'auto' }}>
            {tab === 'tree' ? (
              <MarkerTreePanel
                projectId={projectId}
                nodes={nodes}
                selectedId={selectedId}
                onSelect={select}
                canEdit={canEdit}
                canPlace={api !== null && tilesetUrl !== null && picking === null}
                onPlace={(id) => void placeUnder(id)}
                onFlyTo={flyTo}
              />
            ) : (
              <BindingPanel
                projectId={projectId}
                markers={markers}
                markerId={selectedMarker?.id ?? null}
                onMarkerChange={select}
                canBind={canBind}
              />
            )}
          </div>
        </Card>
        <div style={{ flex: 1, minWidth: 0, borderRadius: 8, overflow: 'hidden', position: 'relative' }}>
          {tilesetUrl ? (
            <ModelViewer theme={theme} onReady={setApi}>
              {(viewer) => (
                <MarkerScene
                  api={viewer}
                  tilesetUrl={tilesetUrl}
                  markers={markers}
                  selectedId={selectedId}
                  onSelect={select}
                  pickHint={pickHint}
                />
              )}
            </ModelViewer>
          ) : (
            <Alert type="info" showIcon title={t('projectUi.markers.noModel')} data-testid="marker-no-model" />
          )}
        </div>
      </Flex>
    </Flex>
  );
}
