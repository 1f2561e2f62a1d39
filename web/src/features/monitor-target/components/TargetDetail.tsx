import { useState } from 'react';
import {
  App as AntdApp,
  Button,
  Card,
  Col,
  Flex,
  Row,
  Spin,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { AimOutlined, CloseOutlined } from '@ant-design/icons';
import type { Target, TargetImage } from '@sightline/shared';
import { useTranslation } from 'react-i18next';
import { usePhotoDetail } from '../../../api/photo-files';
import { LoadFailed } from '../../../components/LoadFailed';
import { useSetPosition, useTargetChart, useTargetImages } from '../api';
import { TargetChart } from './TargetChart';
import { TargetPhoto } from './TargetPhoto';

const mm = (value: number | null) => (value === null ? '-' : value.toFixed(2));

/** One photo of the target with its position; while correcting, a click on it sets the position by hand. */
function RoundPhoto({
  target,
  image,
  canEdit,
  projectId,
}: {
  target: Target;
  image: TargetImage;
  canEdit: boolean;
  projectId: number;
}) {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const photo = usePhotoDetail(image.imageId).data;
  const setPosition = useSetPosition(projectId);
  const [correcting, setCorrecting] = useState(false);
  const label = image.baseline ? t('targetUi.detail.baseline') : image.inspectionName;

  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Text ellipsis>{label}</Typography.Text>
          <Typography.Text type="secondary">{image.imageName}</Typography.Text>
          {image.source === 'manual' && <Tag>{t('targetUi.detail.manual')}</Tag>}
          {image.position === null && <Tag color="warning">{t('targetUi.detail.notFound')}</Tag>}
        </Flex>
      }
      extra={
        canEdit &&
        (correcting ? (
          <Button
            size="small"
            icon={<CloseOutlined />}
            onClick={() => setCorrecting(false)}
            data-testid="target-correct-cancel"
          >
            {t('ui.common.cancel')}
          </Button>
        ) : (
          <Button size="small" icon={<AimOutlined />} onClick={() => setCorrecting(true)} data-testid="target-correct">
            {t('targetUi.detail.correct')}
          </Button>
        ))
      }
      data-testid={`target-photo-${image.imageId}`}
    >
      {correcting && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('targetUi.detail.correctHint')}
        </Typography.Paragraph>
      )}
      {photo?.width && photo.height ? (
        <TargetPhoto
          photo={{
            id: photo.id,
            inspectionId: photo.inspectionId,
            width: photo.width,
            height: photo.height,
            previewUrl: photo.previewUrl,
          }}
          region={image.baseline ? target.region : null}
          position={image.position}
          testId="target-round-photo"
          {...(correcting && !setPosition.isPending
            ? {
                onPoint: (point: { x: number; y: number }) =>
                  void setPosition.mutateAsync({ imageId: image.imageId, tagId: target.id, ...point }).then(() => {
                    setCorrecting(false);
                    void message.success(t('targetUi.detail.corrected'));
                  }),
              }
            : {})}
        />
      ) : (
        <Spin />
      )}
    </Card>
  );
}

/** A target's photos per round with its positions, its displacements as a table and a line chart. */
export function TargetDetail({ projectId, target, canEdit }: { projectId: number; target: Target; canEdit: boolean }) {
  const { t } = useTranslation();
  const images = useTargetImages(projectId, target.id);
  const chart = useTargetChart(projectId, target.id);

  if (images.isError) return <LoadFailed onRetry={() => void images.refetch()} />;
  const columns: TableColumnsType<TargetImage> = [
    {
      title: t('targetUi.detail.round'),
      key: 'round',
      render: (_, image) => (image.baseline ? t('targetUi.detail.baseline') : image.inspectionName),
    },
    { title: t('targetUi.detail.date'), dataIndex: 'inspectionDate', key: 'date' },
    { title: t('targetUi.detail.right'), key: 'right', render: (_, image) => mm(image.rightMm) },
    { title: t('targetUi.detail.down'), key: 'down', render: (_, image) => mm(image.downMm) },
    {
      title: t('targetUi.detail.displacement'),
      key: 'displacement',
      render: (_, image) => (
        <span data-testid="round-displacement" data-value={image.displacementMm ?? ''}>
          {mm(image.displacementMm)}
          {image.alarm && (
            <Tag color="error" style={{ marginInlineStart: 8 }}>
              {t('targetUi.list.alarm')}
            </Tag>
          )}
        </span>
      ),
    },
  ];

  return (
    <Flex vertical gap={16} data-testid="target-detail">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('targetUi.detail.rounds', { name: target.name })}>
            <Table<TargetImage>
              size="small"
              rowKey="imageId"
              loading={images.isPending}
              columns={columns}
              dataSource={images.data ?? []}
              pagination={false}
              data-testid="target-rounds"
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('targetUi.chart.title')}>{chart.data ? <TargetChart chart={chart.data} /> : <Spin />}</Card>
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        {(images.data ?? []).map((image) => (
          <Col key={image.imageId} xs={24} md={12} xl={8}>
            <RoundPhoto target={target} image={image} canEdit={canEdit} projectId={projectId} />
          </Col>
        ))}
      </Row>
    </Flex>
  );
}
