import { useState } from 'react';
import { Flex, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImageGroup, InspectionImage } from '@sightline/shared';
import { withFileLink } from '../../../api/file-links';
import { translate, hasTranslation } from '../../../i18n';
import { useImagesWithoutPose, useInspectionImageLink } from '../api';

/** A property at fault: the pose fields are translated, EXIF/XMP tag names stay as the file writes them. */
function propertyLabel(property: string): string {
  const key = `inspectionPhotos.withoutPose.fields.${property}`;
  return hasTranslation(key) ? translate(key) : property;
}

/**
 * "Images without pose" (SPEC section 2): every processed photo without a pose with its reason and the properties
 * at fault, and every photo whose processing failed with its error, so the user knows what to fix or set by hand.
 */
export function WithoutPoseTable({
  inspectionId,
  groups,
  imageGroupId,
  onOpen,
}: {
  inspectionId: number;
  groups: readonly ImageGroup[];
  imageGroupId: number | undefined;
  onOpen: (image: InspectionImage) => void;
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const query = useImagesWithoutPose(inspectionId, { ...page, imageGroupId });
  const link = useInspectionImageLink(inspectionId);
  const groupName = new Map(groups.map((group) => [group.id, group.name]));

  const columns: TableColumnsType<InspectionImage> = [
    {
      key: 'thumbnail',
      width: 72,
      render: (_, image) =>
        image.thumbnailUrl && link ? (
          <img
            src={withFileLink(image.thumbnailUrl, link)}
            alt={image.name}
            loading="lazy"
            style={{ width: 56, height: 56, objectFit: 'cover', borderRadius: 4, display: 'block' }}
          />
        ) : null,
    },
    {
      title: t('inspectionPhotos.withoutPose.name'),
      dataIndex: 'name',
      width: 240,
      ellipsis: true,
      render: (name: string, image) => (
        <Typography.Link onClick={() => onOpen(image)} data-testid="without-pose-name">
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('inspectionPhotos.withoutPose.group'),
      dataIndex: 'imageGroupId',
      render: (id: number, image) => (
        <Flex vertical>
          <span>{groupName.get(id) ?? '—'}</span>
          <Typography.Text type="secondary">{t(`inspectionUi.group.category.${image.category}`)}</Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('inspectionPhotos.withoutPose.reason'),
      key: 'reason',
      render: (_, image) =>
        image.state === 'failed' ? (
          <Tag color="error" data-testid="without-pose-reason" data-reason="failed">
            {t('inspectionPhotos.withoutPose.failed', {
              error: translate(`errors.${image.errorKey ?? 'serviceError'}`),
            })}
          </Tag>
        ) : image.withoutPose ? (
          <Tag color="warning" data-testid="without-pose-reason" data-reason={image.withoutPose.reason}>
            {t(`inspectionPhotos.withoutPose.reasons.${image.withoutPose.reason}`)}
          </Tag>
        ) : null,
    },
    {
      title: t('inspectionPhotos.withoutPose.properties'),
      key: 'properties',
      render: (_, image) => (
        <Flex gap={4} wrap>
          {(image.withoutPose?.properties ?? []).map((property) => (
            <Tag key={property} bordered={false}>
              {propertyLabel(property)}
            </Tag>
          ))}
        </Flex>
      ),
    },
  ];

  return (
    <Table<InspectionImage>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={query.data?.records ?? []}
      loading={query.isPending}
      locale={{ emptyText: t('inspectionPhotos.withoutPose.empty') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: query.data?.total ?? 0,
        showSizeChanger: true,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      scroll={{ x: 720 }}
      data-testid="without-pose-table"
    />
  );
}
