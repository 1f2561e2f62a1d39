import { type ReactNode, useMemo, useState } from 'react';
import { App as AntdApp, Button, Dropdown, Empty, Flex, Tag, Tooltip, Tree, Typography, type MenuProps } from 'antd';
import {
  AimOutlined,
  AppstoreAddOutlined,
  EnvironmentOutlined,
  FolderAddOutlined,
  MoreOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SpatialMarkerNode } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { translate } from '../../../i18n';
import { useMoveToBottom, useRemoveNodes, useSortNodes } from '../api';
import { buildMarkerTree, reorder, siblingIds, type MarkerTreeNode } from '../marker-tree';
import { BatchCreateDialog } from './BatchCreateDialog';
import { NodeDialog, type NodeDialogTarget } from './NodeDialog';

interface TreeItem {
  key: number;
  title: ReactNode;
  children: TreeItem[];
  isLeaf: boolean;
}

/**
 * The marker tree (SPEC section 2, "Spatial marker management"): groups and markers with their colour, number,
 * whether they are placed and how many photos are bound; creating, editing, deleting (confirmed), sorting by drag
 * or by the node's menu, and starting a placement on the model.
 */
export function MarkerTreePanel({
  projectId,
  nodes,
  selectedId,
  onSelect,
  canEdit,
  canPlace,
  onPlace,
  onFlyTo,
}: {
  projectId: number;
  nodes: readonly SpatialMarkerNode[];
  selectedId: number | null;
  onSelect: (id: number | null) => void;
  canEdit: boolean;
  /** Whether there is a model to place markers on. */
  canPlace: boolean;
  /** Places the markers under a node on the model, one click each. */
  onPlace: (nodeId: number) => void;
  onFlyTo: (markerId: number) => void;
}) {
  const { t } = useTranslation();
  const { message, modal } = AntdApp.useApp();
  const [dialog, setDialog] = useState<NodeDialogTarget | null>(null);
  const [batchGroup, setBatchGroup] = useState<number | null>(null);
  // Groups are open unless closed, so a group's new markers show at once.
  const [closed, setClosed] = useState<ReadonlySet<number>>(new Set());
  const remove = useRemoveNodes(projectId);
  const sort = useSortNodes(projectId);
  const toBottom = useMoveToBottom(projectId);
  const tree = useMemo(() => buildMarkerTree(nodes), [nodes]);
  const selected = nodes.find((node) => node.id === selectedId) ?? null;
  // New markers and batches go into the selected group, or the selected marker's group.
  const targetGroup = selected?.kind === 'group' ? selected.id : (selected?.parentId ?? null);

  const move = (node: SpatialMarkerNode, to: Parameters<typeof reorder>[2]) => {
    const ids = reorder(siblingIds(nodes, node.id), node.id, to);
    if (ids) sort.mutate({ parentId: node.parentId, ids });
  };

  const confirmDelete = (node: SpatialMarkerNode) =>
    modal.confirm({
      title: t('projectUi.markers.deleteTitle', { name: node.name }),
      content: t(
        node.kind === 'group' ? 'projectUi.markers.deleteGroupContent' : 'projectUi.markers.deleteMarkerContent',
      ),
      okText: t('projectUi.markers.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        try {
          await remove.mutateAsync([node.id]);
        } catch (error) {
          // A group whose markers hold photos stays; say why.
          if (isApiError(error) && error.key === 'GROUP_DOWN_IMAGE_ERROR') {
            void message.error(translate('errors.GROUP_DOWN_IMAGE_ERROR'));
            return;
          }
          throw error;
        }
        if (node.id === selectedId) onSelect(null);
        void message.success(t('projectUi.markers.deleted'));
      },
    });

  const menuOf = (node: SpatialMarkerNode): MenuProps['items'] => {
    const isMarker = node.kind === 'marker';
    const editItems: MenuProps['items'] = canEdit
      ? [
          ...(isMarker
            ? []
            : [
                { key: 'subgroup', label: t('projectUi.markers.newSubgroup') },
                { key: 'marker', label: t('projectUi.markers.newMarker') },
                { key: 'batch', label: t('projectUi.markers.batchCreate') },
              ]),
          { key: 'edit', label: t('projectUi.markers.edit') },
          ...(canPlace
            ? [
                {
                  key: 'place',
                  label: t(
                    isMarker
                      ? node.position
                        ? 'projectUi.markers.reselect'
                        : 'projectUi.markers.place'
                      : 'projectUi.markers.batchPlace',
                  ),
                },
              ]
            : []),
          { type: 'divider' as const },
          { key: 'up', label: t('projectUi.markers.moveUp') },
          { key: 'down', label: t('projectUi.markers.moveDown') },
          { key: 'bottom', label: t('projectUi.markers.moveToBottom') },
          { type: 'divider' as const },
          { key: 'delete', label: t('projectUi.markers.delete'), danger: true },
        ]
      : [];
    return [...(isMarker && node.position ? [{ key: 'fly', label: t('projectUi.markers.flyTo') }] : []), ...editItems];
  };

  const act = (node: SpatialMarkerNode, key: string) => {
    if (key === 'subgroup') setDialog({ kind: 'group', parentId: node.id });
    else if (key === 'marker') setDialog({ kind: 'marker', parentId: node.id });
    else if (key === 'batch') setBatchGroup(node.id);
    else if (key === 'edit') setDialog({ kind: node.kind, parentId: node.parentId, node });
    else if (key === 'place') onPlace(node.id);
    else if (key === 'fly') onFlyTo(node.id);
    else if (key === 'up') move(node, { by: -1 });
    else if (key === 'down') move(node, { by: 1 });
    else if (key === 'bottom') toBottom.mutate(node.id);
    else if (key === 'delete') confirmDelete(node);
  };

  const titleOf = (node: SpatialMarkerNode) => {
    const items = menuOf(node) ?? [];
    return (
      <Flex align="center" gap={6} data-testid="marker-node" data-node-id={node.id} data-kind={node.kind}>
        <span
          style={{
            width: 10,
            height: 10,
            borderRadius: node.kind === 'group' ? 2 : 5,
            background: node.color,
            flex: 'none',
          }}
          aria-hidden
        />
        {node.code && <Typography.Text strong>{node.code}</Typography.Text>}
        <Typography.Text ellipsis style={{ maxWidth: 150 }}>
          {node.name}
        </Typography.Text>
        {node.kind === 'group' && node.groupType && (
          <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
            {t(`projectUi.markers.groupTypes.${node.groupType}`)}
          </Tag>
        )}
        {node.kind === 'marker' && (
          <Tooltip title={t(node.position ? 'projectUi.markers.placed' : 'projectUi.markers.notPlaced')}>
            <EnvironmentOutlined
              style={{ opacity: node.position ? 1 : 0.3 }}
              aria-label={t(node.position ? 'projectUi.markers.placed' : 'projectUi.markers.notPlaced')}
              data-placed={node.position !== null}
            />
          </Tooltip>
        )}
        {node.imageCount > 0 && (
          <Tag color="blue" bordered={false} style={{ marginInlineEnd: 0 }} data-testid="marker-image-count">
            {t('projectUi.markers.imageCount', { count: node.imageCount })}
          </Tag>
        )}
        {items.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{ items, onClick: ({ key, domEvent }) => (domEvent.stopPropagation(), act(node, key)) }}
          >
            <Button
              type="text"
              size="small"
              icon={<MoreOutlined />}
              onClick={(event) => event.stopPropagation()}
              aria-label={t('projectUi.markers.actions')}
              data-testid="marker-node-menu"
              style={{ marginInlineStart: 'auto' }}
            />
          </Dropdown>
        )}
      </Flex>
    );
  };

  const toItems = (items: readonly MarkerTreeNode[]): TreeItem[] =>
    items.map(({ node, children }) => ({
      key: node.id,
      title: titleOf(node),
      children: toItems(children),
      isLeaf: node.kind === 'marker',
    }));
  const treeData = toItems(tree);
  const parentOf = new Map(nodes.map((node) => [node.id, node.parentId]));

  return (
    <Flex vertical gap={8} style={{ height: '100%', minHeight: 0 }}>
      {canEdit && (
        <Flex gap={6} wrap>
          <Button
            size="small"
            icon={<FolderAddOutlined />}
            onClick={() => setDialog({ kind: 'group', parentId: null })}
            data-testid="marker-new-group"
          >
            {t('projectUi.markers.newGroup')}
          </Button>
          <Button
            size="small"
            icon={<PlusOutlined />}
            disabled={targetGroup === null}
            onClick={() => setDialog({ kind: 'marker', parentId: targetGroup })}
            data-testid="marker-new-marker"
          >
            {t('projectUi.markers.newMarker')}
          </Button>
          <Button
            size="small"
            icon={<AppstoreAddOutlined />}
            disabled={targetGroup === null}
            onClick={() => setBatchGroup(targetGroup)}
            data-testid="marker-batch-create"
          >
            {t('projectUi.markers.batchCreate')}
          </Button>
          {canPlace && (
            <Button
              size="small"
              icon={<AimOutlined />}
              disabled={selected === null}
              onClick={() => selected && onPlace(selected.id)}
              data-testid="marker-place"
            >
              {t(selected?.kind === 'group' ? 'projectUi.markers.batchPlace' : 'projectUi.markers.place')}
            </Button>
          )}
        </Flex>
      )}
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }} data-testid="marker-tree">
        {treeData.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('projectUi.markers.empty')} />
        ) : (
          <Tree<TreeItem>
            blockNode
            expandedKeys={nodes.filter((node) => node.kind === 'group' && !closed.has(node.id)).map((node) => node.id)}
            onExpand={(keys) =>
              setClosed(
                new Set(
                  nodes.filter((node) => node.kind === 'group' && !keys.includes(node.id)).map((node) => node.id),
                ),
              )
            }
            treeData={treeData}
            selectedKeys={selectedId === null ? [] : [selectedId]}
            // A second click keeps the node selected: the toolbar acts on it.
            onSelect={(keys, { node }) => onSelect(keys.length > 0 ? Number(keys[0]) : node.key)}
            draggable={canEdit ? { icon: false } : false}
            // Drag sorts among siblings: a node never changes group by a drop.
            allowDrop={({ dragNode, dropNode, dropPosition }) =>
              dropPosition !== 0 && parentOf.get(dragNode.key) === parentOf.get(dropNode.key)
            }
            onDrop={({ dragNode, node: dropNode, dropPosition }) => {
              const dragged = nodes.find((node) => node.id === dragNode.key);
              if (!dragged) return;
              // antd's dropPosition counts from the drop node's index among its siblings: below it is before it.
              const before = dropPosition < Number(dropNode.pos.split('-').at(-1));
              const rest = siblingIds(nodes, dragged.id).filter((id) => id !== dragged.id);
              const beforeId = before ? dropNode.key : (rest[rest.indexOf(dropNode.key) + 1] ?? null);
              move(dragged, { beforeId });
            }}
          />
        )}
      </div>
      {dialog && <NodeDialog projectId={projectId} target={dialog} onClose={() => setDialog(null)} />}
      {batchGroup !== null && (
        <BatchCreateDialog projectId={projectId} groupId={batchGroup} onClose={() => setBatchGroup(null)} />
      )}
    </Flex>
  );
}
