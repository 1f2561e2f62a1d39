import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  Result,
  Spin,
  Tag,
  Tooltip,
  Tree,
  Typography,
  type TreeDataNode,
} from 'antd';
import { AimOutlined, ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ImageGroup } from '@sightline/shared';
import { isApiError } from '../../../api/client';
import { usePermission } from '../../../session/permissions';
import { FeatureSlot } from '../../../session/feature-slots';
import { useInspectionInfo } from '../../../api/inspections';
import { useDeleteImageGroup, useImageGroupTree } from '../api';
import { ImageGroupDialog } from './ImageGroupDialog';
import { InspectionDialog } from './InspectionDialog';
import { cameraLabel } from './ImageGroupFields';
import { PhotosPanel } from './PhotosPanel';
import { HighPrecisionDialog } from './HighPrecisionDialog';
import { PoseAdjustDialog } from './PoseAdjustDialog';

const formatTime = (time: string) => dayjs(time).format('YYYY-MM-DD HH:mm');

/**
 * One inspection (SPEC section 2): its fields, its image groups as a tree (each group with its photo categories),
 * and its photos: upload, grid and images without pose.
 */
export function InspectionDetail({ id, onBack }: { id: number; onBack: (projectId: number | null) => void }) {
  const { t } = useTranslation();
  const { modal, message } = AntdApp.useApp();
  const info = useInspectionInfo(id);
  const tree = useImageGroupTree(info.isSuccess ? id : null);
  const removeGroup = useDeleteImageGroup();
  const canEdit = usePermission('inspection:edit');
  const [editingInspection, setEditingInspection] = useState(false);
  const [editingGroup, setEditingGroup] = useState<ImageGroup | 'new' | null>(null);
  const [highPrecisionOpen, setHighPrecisionOpen] = useState(false);
  const [adjustingPose, setAdjustingPose] = useState<number[] | null>(null);
  const canAdjustPose = usePermission('image:upload');

  if (info.isError) {
    const missing = isApiError(info.error) && info.error.key === 'INSPECTION_NOT_EXISTING';
    return (
      <Result
        status="warning"
        title={missing ? t('inspectionUi.detail.notFound') : t('errors.serviceError')}
        extra={<Button onClick={() => onBack(null)}>{t('inspectionUi.detail.back')}</Button>}
        data-testid="inspection-missing"
      />
    );
  }
  const inspection = info.data;
  if (!inspection) {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin size="large" />
      </Flex>
    );
  }

  const confirmDeleteGroup = (group: ImageGroup) =>
    modal.confirm({
      title: t('inspectionUi.group.deleteTitle', { name: group.name }),
      content: t('inspectionUi.group.deleteContent'),
      okText: t('inspectionUi.group.delete'),
      okButtonProps: { danger: true },
      cancelText: t('ui.common.cancel'),
      onOk: async () => {
        // A refusal (a group with photos) is the server's translated toast; the dialog then closes.
        await removeGroup.mutateAsync(group.id).then(
          () => void message.success(t('inspectionUi.group.deleted', { name: group.name })),
          () => undefined,
        );
      },
    });

  const groups = tree.data ?? [];
  const treeData: TreeDataNode[] = groups.map((group) => ({
    key: `group-${group.id}`,
    selectable: false,
    title: (
      <Flex align="center" justify="space-between" gap={8} data-testid="image-group-node">
        <Flex align="center" gap={8} wrap style={{ minWidth: 0 }}>
          <Typography.Text strong>{group.name}</Typography.Text>
          <Tag style={{ marginInlineEnd: 0 }}>{cameraLabel(group.camera)}</Tag>
          <Typography.Text type="secondary">
            {t('inspectionUi.group.distanceValue', { distance: group.photoDistance })}
          </Typography.Text>
        </Flex>
        {canEdit && (
          <Flex gap={4} style={{ flexShrink: 0 }}>
            <Tooltip title={t('inspectionUi.group.edit')}>
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={t('inspectionUi.group.edit')}
                onClick={() => setEditingGroup(group)}
                data-testid="image-group-edit"
              />
            </Tooltip>
            <Tooltip title={t('inspectionUi.group.delete')}>
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('inspectionUi.group.delete')}
                onClick={() => confirmDeleteGroup(group)}
                data-testid="image-group-delete"
              />
            </Tooltip>
          </Flex>
        )}
      </Flex>
    ),
    children: group.children.map((child) => ({
      key: `group-${group.id}-${child.category}`,
      selectable: false,
      isLeaf: true,
      title: (
        <Typography.Text>
          {t(`inspectionUi.group.category.${child.category}`)}{' '}
          <Typography.Text type="secondary">
            {t('inspectionUi.group.imageCount', { count: child.imageCount })}
          </Typography.Text>
        </Typography.Text>
      ),
    })),
  }));

  return (
    <Flex vertical gap={16} data-testid="inspection-detail">
      <Flex align="center" justify="space-between" wrap gap={12}>
        <Flex align="center" gap={8}>
          <Button
            type="text"
            icon={<ArrowLeftOutlined />}
            aria-label={t('inspectionUi.detail.back')}
            onClick={() => onBack(inspection.projectId)}
            data-testid="inspection-back"
          />
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="inspection-title">
            {inspection.name}
          </Typography.Title>
        </Flex>
        <Flex gap={8} wrap>
          <Button
            icon={<AimOutlined />}
            onClick={() => setHighPrecisionOpen(true)}
            data-testid="inspection-high-precision"
          >
            {t('highPrecisionUi.open')}
          </Button>
          {canEdit && (
            <Button
              icon={<EditOutlined />}
              onClick={() => setEditingInspection(true)}
              data-testid="inspection-detail-edit"
            >
              {t('inspectionUi.detail.edit')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Card>
        <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small">
          <Descriptions.Item label={t('inspectionUi.detail.project')}>{inspection.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('inspectionUi.detail.date')}>{inspection.inspectionDate}</Descriptions.Item>
          <Descriptions.Item label={t('inspectionUi.detail.previous')}>
            {inspection.previousInspection?.name ?? t('inspectionUi.detail.none')}
          </Descriptions.Item>
          <Descriptions.Item label={t('inspectionUi.detail.createdBy')}>
            {inspection.createdBy?.name ?? '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('inspectionUi.detail.createdAt')}>
            {formatTime(inspection.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('inspectionUi.detail.updatedAt')}>
            {formatTime(inspection.updatedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('inspectionUi.detail.description')} span={3}>
            {inspection.description || t('inspectionUi.detail.none')}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Flex gap={16} align="stretch" wrap>
        <Card
          title={t('inspectionUi.detail.groups')}
          style={{ flex: '1 1 360px', minWidth: 0 }}
          extra={
            canEdit && (
              <Button
                size="small"
                icon={<PlusOutlined />}
                onClick={() => setEditingGroup('new')}
                data-testid="image-group-add"
              >
                {t('inspectionUi.group.add')}
              </Button>
            )
          }
          data-testid="image-group-tree"
        >
          {tree.isPending ? (
            <Spin />
          ) : groups.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inspectionUi.detail.noGroups')} />
          ) : (
            <Tree treeData={treeData} defaultExpandAll blockNode showLine />
          )}
        </Card>
        <PhotosPanel
          inspectionId={inspection.id}
          groups={groups}
          adjustPoseAction={(selection) =>
            canAdjustPose && (
              <Button
                size="small"
                icon={<AimOutlined />}
                onClick={() => setAdjustingPose([...selection.ids])}
                data-testid="photos-adjust-pose"
              >
                {t('pose.openAction')}
              </Button>
            )
          }
        />
        {adjustingPose && (
          <PoseAdjustDialog
            inspectionId={inspection.id}
            imageIds={adjustingPose}
            onClose={() => setAdjustingPose(null)}
          />
        )}
      </Flex>
      <FeatureSlot
        name="inspectionScreening"
        props={{ inspectionId: inspection.id, projectId: inspection.projectId }}
        fallback={<Spin />}
      />
      {inspection.previousInspection && (
        <FeatureSlot
          name="inspectionHistory"
          props={{
            inspectionId: inspection.id,
            projectId: inspection.projectId,
            previousInspection: inspection.previousInspection,
          }}
          fallback={<Spin />}
        />
      )}
      <FeatureSlot
        name="inspectionSection"
        props={{ inspectionId: inspection.id, projectId: inspection.projectId }}
        fallback={<Spin />}
      />
      <FeatureSlot
        name="inspectionReports"
        props={{ inspectionId: inspection.id, projectId: inspection.projectId }}
        fallback={<Spin />}
      />
      {editingInspection && (
        <InspectionDialog
          projectId={inspection.projectId}
          inspection={inspection}
          onClose={() => setEditingInspection(false)}
        />
      )}
      {highPrecisionOpen && (
        <HighPrecisionDialog
          inspectionId={inspection.id}
          projectId={inspection.projectId}
          groups={groups}
          onClose={() => setHighPrecisionOpen(false)}
        />
      )}
      {editingGroup !== null && (
        <ImageGroupDialog
          inspectionId={inspection.id}
          group={editingGroup === 'new' ? null : editingGroup}
          onClose={() => setEditingGroup(null)}
        />
      )}
    </Flex>
  );
}
